import type { MessageStreamOptions } from '../core/client/message-stream-options.js';
import type { MessageStreamSource } from '../core/client/message-stream-source.js';

/**
 * Options of `useMessageStream`: those of `createMessageStreamStore` (which the hook creates on
 * mount, so the initial messages or conversation are read once, then), but its frame scheduler.
 * Only `source` (a URL by value, a function never, anything else by identity) and `sourceKey`
 * reconnect.
 */
export interface UseMessageStreamOptions<S = unknown> extends Omit<
  MessageStreamOptions<S>,
  'source' | 'sourceKey' | 'frameScheduler'
> {
  /**
   * Where events come from: a URL (fetched, SSE or NDJSON), a `Response`, a `ReadableStream`, an
   * (async) iterable of events, or `(signal, lastEventId) => source`, which may be written inline:
   * a new function does not reconnect, the latest one opens the next connection (change
   * `sourceKey` to reconnect at once). `null` or `undefined` keeps the hook idle.
   */
  source?: MessageStreamSource | null | undefined;
  /**
   * Reconnects, as a new source with no last event id, when it changes (compared with
   * `Object.is`): the session id, for a function source that opens that session's stream.
   * @example useMessageStream({ source: (signal) => openSession(id, signal), sourceKey: id })
   */
  sourceKey?: unknown;
}
