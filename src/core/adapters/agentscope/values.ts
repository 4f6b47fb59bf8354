import { parseTimestamp } from '../../model/time.js';

/** A short, printable rendering of any value for a diagnostic line. */
export function preview(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** An id from a string or a number, else `null`. */
export function readId(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** Strings are opaque and kept as given (naive or UTC); epoch numbers become ISO 8601. */
export function readTimestamp(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value !== 'number') return null;
  const ms = parseTimestamp(value);
  return ms !== null && Math.abs(ms) <= 8.64e15 ? new Date(ms).toISOString() : null;
}
