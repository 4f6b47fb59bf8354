import type { JsonObject } from '../json.js';
import { stringifyDeep } from '../json-walk.js';

/**
 * The outcome of reading untrusted JSON: the value with defaults filled in (and `warnings` for
 * what was repaired), or an error that says why it could not be read. Never an exception.
 */
export type ParseResult<T> =
  { ok: true; value: T; warnings?: string[] } | { ok: false; error: string };

/** A JSON object read from untrusted input: any keys, values not yet checked. */
export type UnknownRecord = Record<string, unknown>;

/** Thrown by the readers only; `run` and the public parse functions catch it. */
export class ParseFailure extends Error {}

/** True for a plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is UnknownRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Stops the current read with a message that says what was wrong and where. */
export function fail(message: string): never {
  throw new ParseFailure(message);
}

/** Reads fields of one object, collecting the repairs it made into a copy made on first write. */
export class FieldReader {
  private patch: UnknownRecord | null = null;

  constructor(
    private readonly source: UnknownRecord,
    private readonly path: string,
    private readonly warnings: string[],
  ) {}

  /** A required string; numbers are accepted as ids (some frameworks use numeric ids). */
  id(key: string): string {
    const value = this.source[key];
    if (typeof value === 'string') return value;
    if (typeof value === 'number' && Number.isFinite(value)) return this.set(key, String(value));
    return fail(`${this.path}.${key} must be a string`);
  }

  string(key: string, fallback?: string): string {
    const value = this.source[key];
    if (typeof value === 'string') return value;
    if (fallback !== undefined && value == null) return this.set(key, fallback, false);
    if (fallback !== undefined && (typeof value === 'number' || typeof value === 'boolean')) {
      return this.set(key, String(value));
    }
    return fail(`${this.path}.${key} must be a string`);
  }

  nullableString(key: string): string | null {
    const value = this.source[key];
    if (typeof value === 'string' || value === null) return value;
    if (value === undefined) return this.set(key, null, false);
    return this.set(key, stringifyDeep(value) ?? null);
  }

  number(key: string, fallback: number): number {
    const value = this.source[key];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    if (value == null) return this.set(key, fallback, false);
    const parsed = typeof value === 'string' ? Number(value) : Number.NaN;
    return this.set(key, Number.isFinite(parsed) ? parsed : fallback);
  }

  boolean(key: string, fallback?: boolean): boolean {
    const value = this.source[key];
    if (typeof value === 'boolean') return value;
    if (fallback !== undefined && value == null) return this.set(key, fallback, false);
    return fail(`${this.path}.${key} must be true or false`);
  }

  oneOf<T extends string>(key: string, allowed: readonly T[], fallback?: T): T {
    const value = this.source[key];
    if (typeof value === 'string' && (allowed as readonly string[]).includes(value))
      return value as T;
    if (fallback !== undefined) return this.set(key, fallback, value != null);
    return fail(`${this.path}.${key} must be one of ${allowed.join(', ')}`);
  }

  object(key: string): JsonObject {
    const value = this.source[key];
    if (isRecord(value)) return value as JsonObject;
    return this.set(key, {}, value != null);
  }

  raw(key: string): unknown {
    return this.source[key];
  }

  /** Writes a repaired value; `warn` is false for plain defaults that older servers omit. */
  set<T>(key: string, value: T, warn = true): T {
    // Re-setting a field to the value it already holds is not a repair: no copy, no warning.
    if (key in this.source && Object.is(this.source[key], value)) return value;
    if (warn) this.warnings.push(`${this.path}.${key} was repaired`);
    this.patch ??= { ...this.source };
    this.patch[key] = value;
    return value;
  }

  /** The object with its repairs, or the same object when nothing needed repair. */
  result<T>(): T {
    return (this.patch ?? this.source) as T;
  }
}

/** Runs a reader, turning its failure (or any unexpected error) into `{ ok: false }`. */
export function run<T>(read: (warnings: string[]) => T): ParseResult<T> {
  const warnings: string[] = [];
  try {
    const value = read(warnings);
    return warnings.length > 0 ? { ok: true, value, warnings } : { ok: true, value };
  } catch (error) {
    if (error instanceof ParseFailure) return { ok: false, error: error.message };
    // A RangeError from absurdly deep input, or anything else unexpected: still not a throw.
    return { ok: false, error: `unreadable input (${String(error)})` };
  }
}

/** Reads a list item by item; the same array when no item needed repair. */
export function readList<T>(
  value: unknown,
  path: string,
  read: (item: unknown, path: string) => T,
): T[] {
  if (!Array.isArray(value)) return fail(`${path} must be a list`);
  let changed = false;
  const items = value.map((item, index) => {
    const next = read(item, `${path}[${index}]`);
    if (next !== item) changed = true;
    return next;
  });
  return changed ? items : (value as T[]);
}
