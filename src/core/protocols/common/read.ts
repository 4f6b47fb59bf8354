/*
 * Readers every adapter shares: untrusted JSON in, a typed value or `null` out. None of them
 * throws, whatever the input (cycles, BigInts, getters that throw are the caller's JSON.parse's
 * business, but `stringifyJson` and `preview` survive them too).
 */
import type { JsonObject, JsonValue } from '../../model/json.js';
import { jsonText, stringifyDeep } from '../../model/json-walk.js';
import { isRecord, type UnknownRecord } from '../../model/parse/field-reader.js';
import { parseTimestamp } from '../../model/time.js';

export { isRecord };
export type { UnknownRecord };

/** The value when it is a string. */
export function readString(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** The value when it is a non-empty string. */
export function readText(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The value when it is a finite number. */
export function readNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The value when it is a JSON object. */
export function readObject(value: unknown): JsonObject | null {
  return isRecord(value) ? (value as JsonObject) : null;
}

/** An id as a string: strings as they are, finite numbers in decimal (some producers use numbers). */
export function readId(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

// Date#toISOString throws a RangeError past ±8.64e15 ms, so the range is checked first.
const MAX_DATE_MS = 8.64e15;

/**
 * A wire timestamp as an opaque model timestamp: epoch numbers (seconds or milliseconds, told
 * apart by `parseTimestamp`) and numeric strings become ISO 8601 in UTC; other strings are kept
 * as given (naive or zoned, never reinterpreted); `null` when absent or unreadable.
 */
export function readTimestamp(value: unknown): string | null {
  if (value == null) return null;
  const numeric =
    typeof value === 'number' || (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value));
  if (!numeric) return typeof value === 'string' ? value : null;
  const ms = parseTimestamp(value);
  return ms !== null && Math.abs(ms) <= MAX_DATE_MS ? new Date(ms).toISOString() : null;
}

/**
 * JSON text for a value at any depth, or `null` when it cannot be serialized (a cycle, a
 * BigInt).
 */
export function stringifyJson(value: unknown): string | null {
  try {
    return stringifyDeep(value) ?? null;
  } catch {
    return null;
  }
}

/**
 * JSON text for a value that the model shows as text (tool arguments, a tool's output): exact at
 * any depth; for what JSON cannot hold (a cycle, a BigInt) a best-effort text, with `report`
 * called, so the value is never shown emptier than it is.
 */
export function valueText(value: unknown, report: () => void): string {
  const { text, exact } = jsonText(value);
  if (!exact) report();
  return text;
}

/** The value typed as JSON; `undefined` (a missing field) becomes `null`. */
export function asJson(value: unknown): JsonValue {
  return (value ?? null) as JsonValue;
}

/** A JSON object built key by key; `__proto__` stays an ordinary key. */
export function jsonObject(entries: Iterable<readonly [string, JsonValue]>): JsonObject {
  return Object.fromEntries(entries) as JsonObject;
}

/** A short, printable rendering of any value for a diagnostic message. */
export function preview(value: unknown): string {
  // Not `String(value)`: joining a deeply nested array recurses too.
  const text = value === undefined ? 'undefined' : jsonText(value).text;
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/**
 * The entry of a lookup table for a key from the wire, own entries only: `"constructor"` or
 * `"valueOf"` must not reach `Object.prototype`.
 */
export function lookup<T>(table: Readonly<Record<string, T>>, key: unknown): T | undefined {
  return typeof key === 'string' && Object.hasOwn(table, key) ? table[key] : undefined;
}

/**
 * Sets each optional field of `target` from the field of `source` with the same key, read by its
 * reader; a field its reader turns down (`null`) stays unset.
 */
export function setReadFields<T extends object>(
  target: T,
  source: UnknownRecord,
  readers: { readonly [K in keyof T]?: (value: unknown) => T[K] | null },
): void {
  for (const key in readers) {
    const value = readers[key]?.(source[key]);
    if (value != null) target[key] = value;
  }
}
