import type { RedactionNote, RedactRule } from './recording-types.js';

/** Applies the rules to every text in a JSON value, counting the values each rule changed. */
export class Redactor {
  private readonly counts = new Map<string, number>();

  constructor(private readonly rules: readonly RedactRule[]) {}

  /**
   * A redacted copy of a JSON value (no cycles: `exportRecording` hands it parsed JSON), walked
   * without recursion so that any depth is fine. Array items keep the key of the array:
   * `"api_keys": ["…"]`.
   */
  value(value: unknown, key?: string): unknown {
    const pending: [source: object, target: object, key: string | undefined][] = [];
    const copy = (item: unknown, holder: string | undefined): unknown => {
      if (typeof item === 'string') return this.text(item, holder);
      if (typeof item !== 'object' || item === null) return item;
      const target = Array.isArray(item) ? [] : {};
      pending.push([item, target, holder]);
      return target;
    };
    const root = copy(value, key);
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      const [source, target, holder] = next;
      if (Array.isArray(source)) {
        for (const item of source as unknown[]) (target as unknown[]).push(copy(item, holder));
        continue;
      }
      // Defined, not assigned: a `__proto__` key from the wire stays a key.
      for (const [name, item] of Object.entries(source))
        Object.defineProperty(target, name, {
          value: copy(item, name),
          enumerable: true,
          writable: true,
          configurable: true,
        });
    }
    return root;
  }

  /** What was removed, by rule, in the order the rules are given. */
  notes(): readonly RedactionNote[] {
    const order = this.rules.map((rule) => rule.name);
    return [...this.counts]
      .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
      .map(([rule, count]) => ({ rule, count }));
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
