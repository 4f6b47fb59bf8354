import type {
  ByteStream,
  ByteStreamReader,
  EventStreamSource,
  ResponseLike,
} from '../stream/byte-source.js';
import { isResponse } from '../stream/byte-source.js';

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
