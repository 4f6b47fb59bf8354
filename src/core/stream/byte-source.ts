import { createUtf8Decoder, type Utf8Decoder } from './utf8-decoder.js';

/** The part of a WHATWG `ReadableStreamDefaultReader` that `readEventStream` uses. */
export interface ByteStreamReader {
  read(): Promise<{ done: true; value?: unknown } | { done: false; value: Uint8Array | string }>;
  releaseLock(): void;
  cancel(reason?: unknown): Promise<void>;
}

/** The part of a WHATWG `ReadableStream<Uint8Array>` that `readEventStream` uses. */
export interface ByteStream {
  getReader(): ByteStreamReader;
  cancel?(reason?: unknown): Promise<void>;
}

/** The part of a fetch `Response` that `readEventStream` uses. */
export interface ResponseLike {
  readonly body: ByteStream | AsyncIterable<Uint8Array> | null;
  readonly headers?: { get(name: string): string | null };
}

/**
 * What `readEventStream` reads: a response, a byte stream, or an (async) iterable of text, bytes
 * or already-parsed event objects.
 */
export type EventStreamSource =
  | ResponseLike
  | ByteStream
  | AsyncIterable<string | Uint8Array | object>
  | Iterable<string | Uint8Array | object>;

/** One piece of a source: text still to be parsed, or a value that arrived already parsed. */
export type SourceChunk = { kind: 'text'; text: string } | { kind: 'value'; value: unknown };

/** Pulls the raw items of a source (bytes, text or values), one at a time. */
export interface ItemReader {
  /** The response's `Content-Type`, when the source is a response that has one. */
  readonly contentType: string | null;
  /** The next item; a promise for asynchronous sources, which rejects when the source fails. */
  next(): Promise<IteratorResult<unknown>> | IteratorResult<unknown>;
  /** Stops the source early (cancels the stream reader, or calls `return()` on the iterator). */
  cancel(): void;
}

/** Opens a source for reading; throws a TypeError only when it is none of the accepted kinds. */
export function openItemReader(source: EventStreamSource): ItemReader {
  if (isResponse(source)) {
    const contentType = source.headers?.get('content-type') ?? null;
    const items = source.body === null ? pullIterable([]) : openItems(source.body);
    return { contentType, next: items.next, cancel: items.cancel };
  }
  const items = openItems(source);
  return { contentType: null, next: items.next, cancel: items.cancel };
}

/* -------------------------------------------------------------------------------------------------
 * Items
 * -----------------------------------------------------------------------------------------------*/

// Closures, not classes: `next` and `cancel` are handed out unbound.
interface ItemPuller {
  next(): Promise<IteratorResult<unknown>> | IteratorResult<unknown>;
  cancel(): void;
}

function openItems(source: unknown): ItemPuller {
  if (typeof source === 'string' || isBytes(source)) return pullIterable([source]);
  if (typeof source === 'object' && source !== null) {
    if (typeof (source as Partial<ByteStream>).getReader === 'function') {
      return pullByteStream(source as ByteStream);
    }
    if (Symbol.asyncIterator in source) return pullAsyncIterable(source as AsyncIterable<unknown>);
    if (Symbol.iterator in source) return pullIterable(source as Iterable<unknown>);
  }
  throw new TypeError(
    'readEventStream: expected a Response, a ReadableStream, or an (async) iterable',
  );
}

function pullByteStream(stream: ByteStream): ItemPuller {
  let reader: ByteStreamReader | null = null;
  let finished = false;
  const release = (current: ByteStreamReader) => {
    try {
      current.releaseLock();
    } catch {
      // Already released; nothing to undo.
    }
  };
  return {
    async next() {
      reader ??= stream.getReader();
      const result = await reader.read();
      if (result.done) {
        finished = true;
        release(reader);
        return { done: true, value: undefined };
      }
      return { done: false, value: result.value };
    },
    cancel() {
      if (finished) return;
      finished = true;
      if (reader === null) {
        // Never read (aborted before the first read): still let go of the connection.
        stream.cancel?.().catch(ignore);
        return;
      }
      // Cancelling settles a pending read(), which is what unblocks an aborted reader.
      reader.cancel().catch(ignore);
      release(reader);
    },
  };
}

function pullAsyncIterable(iterable: AsyncIterable<unknown>): ItemPuller {
  return pullIterator(() => iterable[Symbol.asyncIterator]());
}

function pullIterable(iterable: Iterable<unknown>): ItemPuller {
  return pullIterator(() => iterable[Symbol.iterator]());
}

/** Pulls the iterator `open` makes at the first read; `cancel` calls `return()` unless it ended. */
function pullIterator(open: () => Iterator<unknown> | AsyncIterator<unknown>): ItemPuller {
  let iterator: Iterator<unknown> | AsyncIterator<unknown> | null = null;
  let finished = false;
  return {
    next() {
      iterator ??= open();
      try {
        // An async step is returned as is: wrapping each step in another promise costs more than
        // the step itself. A sync iterator that is done, or throws, has ended.
        const result = iterator.next();
        if (!(result instanceof Promise) && result.done === true) finished = true;
        return result;
      } catch (error) {
        finished = true;
        throw error;
      }
    },
    cancel() {
      if (finished || iterator === null) return;
      finished = true;
      callReturn(iterator);
    },
  };
}

function callReturn(iterator: Iterator<unknown> | AsyncIterator<unknown>): void {
  try {
    // Not awaited: an async generator busy in an await only runs `return()` once it yields.
    const result: unknown = iterator.return?.();
    if (result instanceof Promise) result.catch(ignore);
  } catch {
    // A failing return() must not turn a clean stop into an error.
  }
}

/* -------------------------------------------------------------------------------------------------
 * Decoding
 * -----------------------------------------------------------------------------------------------*/

/** Turns raw items into text and values, decoding bytes as UTF-8 across item boundaries. */
export class ChunkDecoder {
  private decoder: Utf8Decoder | null = null;

  /** The chunk an item stands for, or null when it adds nothing yet (part of a character). */
  decode(item: unknown): SourceChunk | null {
    if (typeof item === 'string') {
      return item.length > 0 ? { kind: 'text', text: this.end() + item } : null;
    }
    if (isBytes(item)) {
      this.decoder ??= createUtf8Decoder();
      const text = this.decoder.decode(toUint8Array(item));
      return text.length > 0 ? { kind: 'text', text } : null;
    }
    return { kind: 'value', value: item };
  }

  /** Flushes a character left unfinished by the last bytes (as U+FFFD). */
  end(): string {
    if (this.decoder === null) return '';
    const rest = this.decoder.end();
    this.decoder = null;
    return rest;
  }
}

/**
 * Whether a source is a fetch `Response` (or anything shaped like one: a `body` and no
 * `getReader`), as opposed to a bare byte stream or an iterable.
 */
export function isResponse(source: unknown): source is ResponseLike {
  return (
    typeof source === 'object' &&
    source !== null &&
    'body' in source &&
    typeof (source as Partial<ByteStream>).getReader !== 'function'
  );
}

function isBytes(value: unknown): value is ArrayBufferView | ArrayBuffer {
  return ArrayBuffer.isView(value) || value instanceof ArrayBuffer;
}

function toUint8Array(value: ArrayBufferView | ArrayBuffer): Uint8Array {
  if (value instanceof Uint8Array) return value;
  if (ArrayBuffer.isView(value))
    return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  return new Uint8Array(value);
}

function ignore(): void {}
