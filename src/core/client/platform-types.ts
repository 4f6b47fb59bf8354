import type { ResponseLike } from '../stream/byte-source.js';
import type { AbortSignalLike } from '../stream/read-event-stream.js';

/*
 * The web types the stream client's options name, without the DOM library. Each one is the
 * platform's own type wherever the platform has it (a browser, Node, Deno, a worker), so that
 * `(signal) => fetch(url, { signal })` type-checks there, and a small structural shape where it
 * has none. They are resolved in the app's compilation, against the app's own globals.
 */

/** The part of a `URL` the client reads. */
export interface UrlLike {
  readonly href: string;
}

/** The part of a fetch `RequestInit` the client sets. */
export interface RequestInitLike {
  method?: string;
  headers?: Record<string, string> | Iterable<readonly [string, string]>;
  body?: string | Uint8Array | null;
  credentials?: 'omit' | 'same-origin' | 'include';
  signal?: AbortSignalLike;
  cache?: string;
}

/** A `fetch`, as far as the client calls it. */
export type FetchLike = (
  input: string | UrlLike,
  init: RequestInitLike,
) => PromiseLike<ResponseLike>;

/** The platform's `AbortSignal`, or the part of one the client needs. */
export type PlatformAbortSignal = typeof globalThis extends {
  AbortSignal: { prototype: infer Signal };
}
  ? Signal
  : AbortSignalLike;

/** The platform's `URL`, or the part of one the client reads. */
export type PlatformUrl = typeof globalThis extends { URL: { prototype: infer Url } }
  ? Url
  : UrlLike;

/** The platform's `typeof fetch`, or the part of it the client calls. */
export type PlatformFetch = typeof globalThis extends { fetch: infer Fetch } ? Fetch : FetchLike;

/** The platform's `RequestInit` (whose `headers`, `body` and `credentials` the options take). */
export type PlatformRequestInit = typeof globalThis extends {
  Request: new (input: never, init?: infer Init) => unknown;
}
  ? NonNullable<Init>
  : RequestInitLike;
