import type { BlockIndexStore } from './block-index.js';
import { versionIndexStore } from './block-index.js';
import type { DiagnosticCode, DiagnosticWhere } from './diagnostic-code.js';

/**
 * The scope of one fold: a single event, or a whole batch in `foldEvents`.
 *
 * Objects copied during the scope are not visible to anyone yet, so later events of the same
 * scope change them in place. That keeps a batch at O(1) per event while every object that
 * existed before the batch is left untouched (structural sharing between batches).
 */
export class Draft {
  // A single event owns a handful of objects: a short array beats creating a Set per event.
  // Batches outgrow it and switch to a Set.
  private owned: object[] | Set<object> = [];

  constructor(
    readonly report: (
      code: DiagnosticCode,
      message: string,
      where?: DiagnosticWhere,
    ) => void = () => {},
    /** Where block positions are indexed (see block-index.ts). */
    readonly blocks: BlockIndexStore = versionIndexStore,
  ) {}

  /** The value itself when this scope made it, otherwise a shallow copy that this scope owns. */
  edit<T extends object>(value: T): T {
    if (this.owns(value)) return value;
    const copy = (Array.isArray(value) ? (value as unknown[]).slice() : { ...value }) as T;
    return this.own(copy);
  }

  /** Marks a value this scope created itself, so later edits need no copy. */
  own<T extends object>(value: T): T {
    if (Array.isArray(this.owned)) {
      this.owned.push(value);
      if (this.owned.length > 16) this.owned = new Set(this.owned);
    } else {
      this.owned.add(value);
    }
    return value;
  }

  private owns(value: object): boolean {
    return Array.isArray(this.owned) ? this.owned.includes(value) : this.owned.has(value);
  }
}
