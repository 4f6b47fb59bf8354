import type { AgentEvent } from '../model/event.js';
import { parseAgentEvent } from '../model/parse/event-reader.js';
import {
  ChunkDecoder,
  openItemReader,
  type EventStreamSource,
  type ItemReader,
} from './byte-source.js';
import { FormatSniffer, formatFromContentType, type StreamFormat } from './detect.js';
import { createDiagnostic, type Diagnostic } from '../model/diagnostic.js';
import type { StreamDiagnosticCode } from './diagnostic.js';
import { NdjsonParser } from './ndjson.js';
import { SseParser } from './sse.js';
import type { ValueSink } from './value-sink.js';
import { jsonText } from '../model/json-walk.js';

/** The part of an `AbortSignal` that `readEventStream` uses. */
export interface AbortSignalLike {
  readonly aborted: boolean;
  addEventListener?(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener?(type: 'abort', listener: () => void): void;
}

/** Options of `readEventStream`. */
export interface ReadEventStreamOptions {
  /** The wire format; `'auto'` goes by the `Content-Type`, else by the first characters. @default 'auto' */
  format?: 'auto' | 'sse' | 'ndjson';
  /**
   * Called, in stream order, for each frame that is skipped because it is not a valid event;
   * `raw` is the frame's text, cut to 2,000 characters.
   */
  onDiagnostic?(diagnostic: Diagnostic<StreamDiagnosticCode>): void;
  /** Stops reading when aborted: the iteration ends quietly and the source is cancelled. */
  signal?: AbortSignalLike;
}

/** The events of a stream, read once; the SSE reconnection state is readable as it goes. */
export interface EventStream extends AsyncIterable<AgentEvent> {
  /** The last SSE `id:` seen, for reconnects (Last-Event-ID); null when none. */
  readonly lastEventId: string | null;
  /** The last SSE `retry:` value in ms, or null. */
  readonly retry: number | null;
}

/**
 * Reads agent events from SSE or NDJSON, whatever the chunk boundaries. Bad frames go to
 * `onDiagnostic` and are skipped; only a failure of the source itself (a network error) rejects,
 * so the caller can reconnect with `lastEventId`.
 * @example for await (const event of readEventStream(await fetch(url), { signal })) dispatch(event);
 */
export function readEventStream(
  source: EventStreamSource,
  options: ReadEventStreamOptions = {},
): EventStream {
  return new AgentEventStream(openItemReader(source), options, parseAgentEvent);
}

/** A frame not yet read as an event of any protocol: its value, and its text as it came. */
export interface RawFrame {
  readonly value: unknown;
  /** The frame's text (SSE `data`, an NDJSON line), or undefined for an object from an iterable. */
  readonly raw: string | undefined;
}

/** What `readFrameStream` returns: frames, with the SSE reconnection state. */
export interface FrameStream<T> extends AsyncIterable<T> {
  readonly lastEventId: string | null;
  readonly retry: number | null;
}

/**
 * Reads frames as `readEventStream` reads events (same formats, reconnection state and
 * diagnostics), leaving their reading to the caller; the AI SDK's `data: [DONE]`, which is not
 * JSON, is a frame too. Internal: the stream client reads other protocols with it.
 */
export function readFrameStream(
  source: EventStreamSource,
  options: ReadEventStreamOptions = {},
): FrameStream<RawFrame> {
  return new AgentEventStream<RawFrame>(openItemReader(source), options, (value, raw) => ({
    ok: true,
    value: { value, raw },
  }));
}

/** Reads one value into what the stream yields, or says why it cannot. */
type FrameDecoder<T> = (
  value: unknown,
  raw: string | undefined,
) => { ok: true; value: T } | { ok: false; error: string };

/** The end marker of an AI SDK UI message stream. */
const DONE_MARKER = '[DONE]';

/* -------------------------------------------------------------------------------------------------
 * AgentEventStream
 * -----------------------------------------------------------------------------------------------*/

interface TextParser {
  push(text: string): void;
  end(): void;
}

const ABORTED = Symbol('aborted');

class AgentEventStream<T = AgentEvent> implements FrameStream<T> {
  private sse: SseParser | null = null;
  private iterated = false;

  constructor(
    private readonly reader: ItemReader,
    private readonly options: ReadEventStreamOptions,
    private readonly decode: FrameDecoder<T>,
  ) {}

  get lastEventId(): string | null {
    return this.sse?.lastEventId ?? null;
  }

  get retry(): number | null {
    return this.sse?.retry ?? null;
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    return this.iterate();
  }

  // A second iteration yields nothing: the source can only be read once.
  private async *iterate(): AsyncGenerator<T, void, undefined> {
    if (this.iterated) return;
    this.iterated = true;
    const { reader, options } = this;
    const { signal } = options;
    const queue = new EventQueue<T>(this.decode);
    const abort = watchAbort(signal);
    const decoder = new ChunkDecoder();
    const sniffer = new FormatSniffer();
    let parser = this.chooseParser(queue);
    const readText = (text: string): void => {
      if (parser !== null) {
        parser.push(text);
        return;
      }
      const format = sniffer.push(text);
      if (format === null) return;
      parser = this.createParser(format, queue);
      parser.push(sniffer.take());
    };
    let finished = false;
    try {
      for (;;) {
        if (isAborted(signal)) return;
        const pending = reader.next();
        // A synchronous source is read without a microtask per item.
        const result = isPromiseLike(pending) ? await abort.race(pending) : pending;
        if (result === ABORTED) return;
        if (result.done === true) break;
        const chunk = decoder.decode(result.value);
        if (chunk === null) continue;
        if (chunk.kind === 'value') queue.value(chunk.value, undefined);
        else readText(chunk.text);
        for (const event of queue.drain(options)) {
          if (isAborted(signal)) return;
          yield event;
        }
      }
      finished = true;
      readText(decoder.end());
      parser ??= this.createParser(sniffer.end(), queue);
      parser.push(sniffer.take());
      parser.end();
      for (const event of queue.drain(options)) {
        if (isAborted(signal)) return;
        yield event;
      }
    } catch (error) {
      // Aborting a fetch errors its body; that is the stop that was asked for, not a failure.
      if (isAborted(signal)) return;
      throw error;
    } finally {
      abort.dispose();
      if (!finished) reader.cancel();
    }
  }

  private chooseParser(queue: EventQueue<T>): TextParser | null {
    const format = this.options.format ?? 'auto';
    if (format !== 'auto') return this.createParser(format, queue);
    const declared = formatFromContentType(this.reader.contentType);
    return declared === null ? null : this.createParser(declared, queue);
  }

  private createParser(format: StreamFormat, queue: EventQueue<T>): TextParser {
    if (format === 'ndjson') return new NdjsonParser(queue);
    this.sse = new SseParser(queue);
    return this.sse;
  }
}

/* -------------------------------------------------------------------------------------------------
 * EventQueue
 * -----------------------------------------------------------------------------------------------*/

class QueuedDiagnostic {
  constructor(readonly diagnostic: Diagnostic<StreamDiagnosticCode>) {}
}

/** Collects what the parsers deliver during one chunk, keeping diagnostics in stream order. */
class EventQueue<T> implements ValueSink {
  private items: (T | QueuedDiagnostic)[] = [];

  constructor(private readonly decode: FrameDecoder<T>) {}

  value(value: unknown, raw: string | undefined): void {
    const result = this.decode(value, raw);
    if (result.ok) this.items.push(result.value);
    else this.diagnostic('invalid-event', result.error, raw ?? frameText(value));
  }

  diagnostic(code: StreamDiagnosticCode, message: string, raw: string): void {
    // Frames of any protocol: the AI SDK's end marker is one (its fold closes open parts on it).
    if (this.decode !== parseAgentEvent && raw.trim() === DONE_MARKER) {
      this.value(DONE_MARKER, raw);
      return;
    }
    this.items.push(new QueuedDiagnostic(createDiagnostic(code, message, { raw })));
  }

  *drain(options: ReadEventStreamOptions): Generator<T, void, undefined> {
    const items = this.items;
    this.items = [];
    for (const item of items) {
      if (!(item instanceof QueuedDiagnostic)) {
        yield item;
        continue;
      }
      try {
        options.onDiagnostic?.(item.diagnostic);
      } catch {
        // A failing diagnostics callback must not end the stream it is observing.
      }
    }
  }
}

/** A frame's value as text, for a diagnostic's `raw`. */
export function frameText(value: unknown): string {
  return value === undefined ? 'undefined' : jsonText(value).text;
}

/* -------------------------------------------------------------------------------------------------
 * Abort
 * -----------------------------------------------------------------------------------------------*/

// A function, so that TypeScript does not narrow `aborted` across the awaits and yields between reads.
function isAborted(signal: AbortSignalLike | undefined): boolean {
  return signal?.aborted === true;
}

// Not `instanceof Promise`: an iterator from another realm or a polyfill returns other thenables.
function isPromiseLike<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as Partial<PromiseLike<T>> | null)?.then === 'function';
}

interface AbortWatch {
  /** Settles with the read, or with ABORTED as soon as the signal fires. */
  race<T>(read: PromiseLike<T>): PromiseLike<T | typeof ABORTED>;
  dispose(): void;
}

function watchAbort(signal: AbortSignalLike | undefined): AbortWatch {
  if (signal === undefined) return { race: (read) => read, dispose: () => {} };
  let onAbort = (): void => {};
  const aborted = new Promise<typeof ABORTED>((resolve) => {
    onAbort = () => resolve(ABORTED);
  });
  if (signal.aborted) onAbort();
  else signal.addEventListener?.('abort', onAbort, { once: true });
  return {
    race(read) {
      const promise = Promise.resolve(read);
      // The losing read may still reject once the source is cancelled; nobody waits for it.
      promise.catch(() => {});
      return signal.aborted ? aborted : Promise.race([promise, aborted]);
    },
    dispose() {
      signal.removeEventListener?.('abort', onAbort);
    },
  };
}
