import type { JsonObject, JsonValue } from '../../model/json.js';
import { isRecord } from '../../model/parse/field-reader.js';
import { parseTimestamp } from '../../model/time.js';

/** Something the AgentFlow adapter repaired, guessed or kept aside; `path` is JSONPath-like (`$.content[2].media`). */
export interface AgentFlowDiagnostic {
  path: string;
  message: string;
}

/** Adds one diagnostic. */
export function report(diagnostics: AgentFlowDiagnostic[], path: string, message: string): void {
  diagnostics.push({ path, message });
}

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

/** An id as a string: strings as they are, finite numbers in decimal. */
export function readId(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** JSON text for a value, or `null` when it cannot be serialized (a cycle, a BigInt). */
export function stringifyJson(value: unknown): string | null {
  try {
    return JSON.stringify(value) ?? null;
  } catch {
    return null;
  }
}

/** The value typed as JSON; `undefined` becomes `null`. */
export function asJson(value: unknown): JsonValue {
  return (value ?? null) as JsonValue;
}

// Date throws a RangeError on `toISOString` past ±8.64e15 ms.
const MAX_DATE_MS = 8.64e15;

/**
 * An AgentFlow timestamp as an opaque model timestamp: numbers (seconds from Python, milliseconds
 * from the TS client, told apart by `parseTimestamp`'s 1e11 rule) become ISO 8601 in UTC; ISO
 * strings from older servers are kept as they are; `null` when absent or unreadable.
 */
export function readTimestamp(value: unknown): string | null {
  if (value == null) return null;
  const numeric =
    typeof value === 'number' || (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value));
  const ms = parseTimestamp(value);
  if (ms === null || Math.abs(ms) > MAX_DATE_MS) return null;
  return numeric ? new Date(ms).toISOString() : (value as string);
}
