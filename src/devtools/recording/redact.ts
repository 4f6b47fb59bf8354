import type { RedactionNote, RedactRule } from './recording-types.js';

/** Applies the rules to every text in a JSON value, counting the values each rule changed. */
export class Redactor {
  private readonly counts = new Map<string, number>();

  constructor(private readonly rules: readonly RedactRule[]) {}

  value(value: unknown, key?: string): unknown {
    if (typeof value === 'string') return this.text(value, key);
    // Array items keep the key of the array: `"api_keys": ["…"]`.
    if (Array.isArray(value)) return value.map((item: unknown) => this.value(item, key));
    if (typeof value !== 'object' || value === null) return value;
    const copy: Record<string, unknown> = {};
    // Defined, not assigned: a `__proto__` key from the wire stays a key.
    for (const [name, item] of Object.entries(value))
      Object.defineProperty(copy, name, {
        value: this.value(item, name),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return copy;
  }

  /** What was removed, by rule, in the order the rules are given. */
  notes(): readonly RedactionNote[] {
    return [...this.counts].map(([rule, count]) => ({ rule, count }));
  }

  private text(value: string, key: string | undefined): string {
    let text = value;
    for (const rule of this.rules) {
      const next = rule.redact(text, key);
      if (next === text) continue;
      text = typeof next === 'string' ? next : String(next);
      this.counts.set(rule.name, (this.counts.get(rule.name) ?? 0) + 1);
    }
    return text;
  }
}
