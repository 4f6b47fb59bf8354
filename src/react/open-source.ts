import type {
  ByteStream,
  ByteStreamReader,
  EventStreamSource,
  ResponseLike,
} from '../core/stream/byte-source.js';

/** A stream of events, or a URL to read one from (SSE or NDJSON over `fetch`). */
export type MessageStreamInput = string | URL | EventStreamSource;

/**
 * Opens a connection: called on connect and again on every reconnect, with an abort signal for
 * this attempt and the id of the last event received (null at first).
 */
export type MessageStreamConnect = (
  signal: AbortSignal,
  lastEventId: string | null,
) => MessageStreamInput | PromiseLike<MessageStreamInput>;

/**
 * Where `useMessageStream` reads events from: a URL, a `Response`, a `ReadableStream`, an
 * (async) iterable of events, or a function that opens one of these (and can be called again).
 */
export type MessageStreamSource = MessageStreamInput | MessageStreamConnect;

/** How a URL source is fetched. */
export interface FetchSettings {
  fetch?: typeof fetch | undefined;
  headers?: HeadersInit | undefined;
  method?: string | undefined;
  body?: BodyInit | null | undefined;
  credentials?: RequestCredentials | undefined;
}

/** A connection that failed: an HTTP error status, a stream gone quiet, or the network. */
export class MessageStreamError extends Error {
  /** The HTTP status of a response that was not OK, or null. */
  readonly status: number | null;

  constructor(message: string, status: number | null = null, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MessageStreamError';
    this.status = status;
  }
}

/* -------------------------------------------------------------------------------------------------
 * Opening
 * -----------------------------------------------------------------------------------------------*/

const FUNCTION_SOURCE = Symbol('function source');

/**
 * What tells one source from another: a URL by its text, a function not at all (an inline lambda
 * is new on every render; the latest one is called at the next connect), anything else (a
 * response, a stream) by identity.
 */
export function connectionKey(source: MessageStreamSource | null | undefined): unknown {
  if (source === null || source === undefined) return null;
  if (typeof source === 'function') return FUNCTION_SOURCE;
  return source instanceof URL ? source.href : source;
}

/** Whether the source can be opened again (a URL or a function), rather than read once. */
export function isReopenable(source: MessageStreamSource | null): boolean {
  return typeof source === 'string' || source instanceof URL || typeof source === 'function';
}

/** Opens a source for `readEventStream`: calls the function, fetches the URL, checks the status. */
export async function openSource(
  source: MessageStreamSource,
  settings: FetchSettings,
  signal: AbortSignal,
  lastEventId: string | null,
): Promise<EventStreamSource> {
  let input = typeof source === 'function' ? await source(signal, lastEventId) : source;
  if (typeof input === 'string' || input instanceof URL) {
    input = await fetchEvents(input, settings, signal, lastEventId);
  }
  if (isResponse(input) && (input as { ok?: unknown }).ok === false) {
    const { status, statusText } = input as unknown as Response;
    discard(input);
    throw new MessageStreamError(`HTTP ${status}${statusText ? ` ${statusText}` : ''}`, status);
  }
  return input;
}

function fetchEvents(
  url: string | URL,
  settings: FetchSettings,
  signal: AbortSignal,
  lastEventId: string | null,
): Promise<Response> {
  const headers = new Headers(settings.headers);
  if (!headers.has('accept')) headers.set('accept', 'text/event-stream');
  if (lastEventId !== null) headers.set('last-event-id', lastEventId);
  const init: RequestInit = {
    method: settings.method ?? 'GET',
    headers,
    signal,
    cache: 'no-store',
  };
  if (settings.body !== undefined) init.body = settings.body;
  if (settings.credentials !== undefined) init.credentials = settings.credentials;
  // Called unbound: `window.fetch` throws "Illegal invocation" when called as a method of another object.
  const fetchImpl = settings.fetch ?? globalThis.fetch;
  return fetchImpl(url, init);
}

/** Lets go of a source that will not be read (a connection opened after it was stopped). */
export function discard(source: EventStreamSource): void {
  const body = isResponse(source) ? source.body : source;
  if (body !== null && typeof (body as Partial<ByteStream>).getReader === 'function') {
    (body as ByteStream).cancel?.().catch(() => {});
  }
}

function isResponse(source: unknown): source is ResponseLike {
  return (
    typeof source === 'object' &&
    source !== null &&
    'body' in source &&
    typeof (source as Partial<ByteStream>).getReader !== 'function'
  );
}

/* -------------------------------------------------------------------------------------------------
 * Activity
 * -----------------------------------------------------------------------------------------------*/

/**
 * The same source, calling `onActivity` whenever a chunk arrives: a heartbeat comment counts,
 * though it carries no event, so an idle timeout can tell a quiet stream from a dead one.
 */
export function watchActivity(
  source: EventStreamSource,
  onActivity: () => void,
): EventStreamSource {
  if (isResponse(source)) {
    const body = source.body === null ? null : watchActivity(source.body, onActivity);
    const { headers } = source;
    return { body: body as ResponseLike['body'], ...(headers ? { headers } : {}) };
  }
  if (typeof (source as Partial<ByteStream>).getReader === 'function') {
    return watchByteStream(source as ByteStream, onActivity);
  }
  if (Symbol.asyncIterator in source) {
    return watchAsyncIterable(source as AsyncIterable<string | Uint8Array | object>, onActivity);
  }
  return source;
}

function watchByteStream(stream: ByteStream, onActivity: () => void): ByteStream {
  return {
    getReader(): ByteStreamReader {
      const reader = stream.getReader();
      return {
        read: () =>
          reader.read().then((result) => {
            onActivity();
            return result;
          }),
        releaseLock: () => reader.releaseLock(),
        cancel: (reason?: unknown) => reader.cancel(reason),
      };
    },
    cancel: (reason?: unknown) => stream.cancel?.(reason) ?? Promise.resolve(),
  };
}

function watchAsyncIterable<T>(
  iterable: AsyncIterable<T>,
  onActivity: () => void,
): AsyncIterable<T> {
  return {
    [Symbol.asyncIterator](): AsyncIterator<T> {
      const iterator = iterable[Symbol.asyncIterator]();
      // Not an async generator: its return() would wait for the pending next() to settle.
      return {
        next: () =>
          iterator.next().then((result) => {
            onActivity();
            return result;
          }),
        return: (value?: unknown) =>
          iterator.return?.(value) ?? Promise.resolve({ done: true, value: undefined }),
      };
    },
  };
}
