import type { ByteStream, EventStreamSource } from '../stream/byte-source.js';
import { isResponse } from '../stream/byte-source.js';
import { MessageStreamError } from './message-stream-error.js';
import type { MessageStreamSource } from './message-stream-source.js';
import { isUrl } from './message-stream-source.js';
import type {
  PlatformAbortSignal,
  PlatformFetch,
  PlatformRequestInit,
  PlatformUrl,
} from './platform-types.js';

/** How a URL source is fetched. */
export interface FetchSettings {
  fetch?: PlatformFetch | undefined;
  headers?: PlatformRequestInit['headers'] | undefined;
  method?: string | undefined;
  body?: PlatformRequestInit['body'] | undefined;
  credentials?: PlatformRequestInit['credentials'] | undefined;
}

/** The `RequestInit` a URL source is fetched with. */
interface FetchInit {
  method: string;
  headers: HeadersLike;
  signal: PlatformAbortSignal;
  cache: string;
  body?: unknown;
  credentials?: unknown;
}

/** The part of a `Headers` the client uses. */
interface HeadersLike {
  has(name: string): boolean;
  set(name: string, value: string): void;
}

/** Opens a source for `readEventStream`: calls the function, fetches the URL, checks the status. */
export async function openSource(
  source: MessageStreamSource,
  settings: FetchSettings,
  signal: PlatformAbortSignal,
  lastEventId: string | null,
): Promise<EventStreamSource> {
  let input = typeof source === 'function' ? await source(signal, lastEventId) : source;
  if (typeof input === 'string' || isUrl(input)) {
    input = await fetchEvents(input, settings, signal, lastEventId);
  }
  if (isResponse(input) && (input as { ok?: unknown }).ok === false) {
    const { status, statusText } = input as unknown as { status: number; statusText?: string };
    discard(input);
    throw new MessageStreamError(`HTTP ${status}${statusText ? ` ${statusText}` : ''}`, status);
  }
  return input;
}

function fetchEvents(
  url: string | PlatformUrl,
  settings: FetchSettings,
  signal: PlatformAbortSignal,
  lastEventId: string | null,
): PromiseLike<EventStreamSource> {
  const HeadersClass = (globalThis as { Headers?: new (init?: unknown) => HeadersLike }).Headers;
  const fetchImpl = (settings.fetch ?? (globalThis as { fetch?: unknown }).fetch) as
    ((input: unknown, init: FetchInit) => PromiseLike<EventStreamSource>) | undefined;
  if (HeadersClass === undefined || typeof fetchImpl !== 'function') {
    throw new TypeError('a URL source needs fetch and Headers');
  }
  const headers = new HeadersClass(settings.headers);
  if (!headers.has('accept')) headers.set('accept', 'text/event-stream');
  if (lastEventId !== null) headers.set('last-event-id', lastEventId);
  const init: FetchInit = { method: settings.method ?? 'GET', headers, signal, cache: 'no-store' };
  if (settings.body !== undefined) init.body = settings.body;
  if (settings.credentials !== undefined) init.credentials = settings.credentials;
  // Called unbound: `window.fetch` throws "Illegal invocation" when called as a method of another object.
  return fetchImpl(url, init);
}

/** Lets go of a source that will not be read (a connection opened after it was stopped). */
export function discard(source: EventStreamSource): void {
  const body = isResponse(source) ? source.body : source;
  if (body !== null && typeof (body as Partial<ByteStream>).getReader === 'function') {
    (body as ByteStream).cancel?.().catch(() => {});
  }
}
