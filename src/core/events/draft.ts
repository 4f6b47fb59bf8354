import type { DiagnosticKind } from './diagnostic.js';

/**
 * The scope of one fold: a single event, or a whole batch in `foldEvents`.
 *
 * Objects copied during the scope are not visible to anyone yet, so later events of the same
 * scope change them in place. That keeps a batch at O(1) per event while every object that
 * existed before the batch is left untouched (structural sharing between batches).
 */
export class Draft {
  private readonly owned = new Set<object>();

  constructor(readonly report: (kind: DiagnosticKind, message: string) => void = () => {}) {}

  /** The value itself when this scope made it, otherwise a shallow copy that this scope owns. */
  edit<T extends object>(value: T): T {
    if (this.owned.has(value)) return value;
    const copy = (Array.isArray(value) ? (value as unknown[]).slice() : { ...value }) as T;
    this.owned.add(copy);
    return copy;
  }

  /** Marks a value this scope created itself, so later edits need no copy. */
  own<T extends object>(value: T): T {
    this.owned.add(value);
    return value;
  }

  isOwned(value: object): boolean {
    return this.owned.has(value);
  }
}
