import type { EventStreamSource } from '../stream/byte-source.js';
import type { PlatformAbortSignal, PlatformUrl } from './platform-types.js';

/** A stream of events, or a URL to read one from (SSE or NDJSON over `fetch`). */
export type MessageStreamInput = string | PlatformUrl | EventStreamSource;

/**
 * Opens a connection: called on connect and again on every reconnect, with an abort signal for
 * this attempt and the id of the last event received (null at first).
 */
export type MessageStreamConnect = (
  signal: PlatformAbortSignal,
  lastEventId: string | null,
) => MessageStreamInput | PromiseLike<MessageStreamInput>;

/**
 * Where the stream client reads events from: a URL, a `Response`, a `ReadableStream`, an (async)
 * iterable of events, or a function that opens one of these (and can be called again).
 */
export type MessageStreamSource = MessageStreamInput | MessageStreamConnect;

const FUNCTION_SOURCE = Symbol('function source');

/**
 * What tells one source from another: a URL by its text, a function not at all (an inline lambda
 * is new on every render; the latest one is called at the next connect), anything else (a
 * response, a stream) by identity.
 */
export function connectionKey(source: MessageStreamSource | null | undefined): unknown {
  if (source === null || source === undefined) return null;
  if (typeof source === 'function') return FUNCTION_SOURCE;
  return isUrl(source) ? source.href : source;
}

/** Whether the source can be opened again (a URL or a function), rather than read once. */
export function isReopenable(source: MessageStreamSource | null): boolean {
  return typeof source === 'string' || isUrl(source) || typeof source === 'function';
}

/** Whether a value is a `URL` of this platform. */
export function isUrl(value: unknown): value is PlatformUrl {
  const UrlClass = (globalThis as { URL?: abstract new (...args: never[]) => unknown }).URL;
  return UrlClass !== undefined && value instanceof UrlClass;
}
