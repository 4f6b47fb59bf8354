/**
 * Milliseconds since the epoch for a timestamp from any framework, or `null` when it cannot be
 * read. Accepts ISO 8601 with or without a zone (a naive time is read as local time, as
 * AgentScope's own web UI does), Python's microsecond fractions, and numbers in seconds or
 * milliseconds.
 */
export function parseTimestamp(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? epochMilliseconds(value) : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const text = value.trim();
  if (/^-?\d+(\.\d+)?$/.test(text)) return epochMilliseconds(Number(text));
  // Date.parse copes with at most millisecond precision on some engines: trim the fraction.
  const trimmed = text.replace(/(\.\d{3})\d+/, '$1').replace(' ', 'T');
  const ms = Date.parse(trimmed);
  return Number.isNaN(ms) ? null : ms;
}

// Seconds (Python's time.time()) and milliseconds (Date.now()) are told apart by magnitude:
// 1e11 seconds is the year 5138, 1e11 milliseconds is 1973.
function epochMilliseconds(value: number): number {
  return Math.abs(value) < 1e11 ? value * 1000 : value;
}
