import { parseTimestamp } from '../../core/model/time.js';

/** A timestamp read for display, with what a server and a browser both render the same way. */
export interface Timestamp {
  /** Milliseconds since the epoch, as this environment reads it. */
  ms: number;
  /**
   * Whether the value names its zone (`Z`, an offset, epoch seconds): then it is the same
   * instant everywhere. A naive `2026-09-01T12:00:00` is read in the local zone, so the
   * instant depends on where it is read, but its wall-clock reading does not.
   */
  zoned: boolean;
  /** For `<time dateTime>`: an ISO instant, or the naive local date and time as written. */
  dateTime: string;
}

// ISO date and time without a zone: JavaScript reads it in the local zone.
const NAIVE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
// Anything else that names no zone and is not a number or a bare ISO date (read as UTC).
const ZONE = /(z|[+-]\d{2}:?\d{2}|gmt|utc)$/i;
const EPOCH = /^-?\d+(\.\d+)?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** Reads a message's or block's timestamp; `null` when it cannot be read or is out of range. */
export function readTimestamp(value: unknown): Timestamp | null {
  const ms = parseTimestamp(value);
  if (ms === null) return null;
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) return null;
  const text = typeof value === 'string' ? value.trim() : '';
  const zoned =
    typeof value === 'number' ||
    (!NAIVE.test(text) && (EPOCH.test(text) || ISO_DATE.test(text) || ZONE.test(text)));
  const dateTime = zoned
    ? date.toISOString()
    : `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
      `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` +
      `.${pad(date.getMilliseconds(), 3)}`;
  return { ms, zoned, dateTime };
}
