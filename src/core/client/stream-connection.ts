import type { EventStreamSource } from '../stream/byte-source.js';
import type { RawFrame } from '../stream/read-event-stream.js';
import { readFrameStream } from '../stream/read-event-stream.js';
import type { ResolvedReconnectOptions } from './backoff.js';
import { backoffDelay, isRetryable, resolveReconnectOptions } from './backoff.js';
import type { MessageStreamOptions } from './message-stream-options.js';
import { MessageStreamError } from './message-stream-error.js';
import type { MessageStreamSource } from './message-stream-source.js';
import { connectionKey, isReopenable } from './message-stream-source.js';
import { discard, openSource } from './open-source.js';
import type { PlatformAbortSignal } from './platform-types.js';
import { clearTimer, queueTask, setTimer, toError, type TimerHandle } from './platform.js';
import type { ConnectionState } from './stream-status.js';
import { watchActivity } from './watch-activity.js';

/** The part of an `AbortController` the connection uses. */
interface AbortControllerLike {
  readonly signal: PlatformAbortSignal;
  abort(): void;
}

/** What a connection needs from the store it feeds. */
export interface ConnectionHost {
  /** The latest options. */
  options(): MessageStreamOptions;
  /** Reads one frame of the stream; returns its event id when it was an AgentScope event with one. */
  receiveFrame(frame: RawFrame): string | null;
  /** Whether the protocol resumes a dropped stream with `Last-Event-ID` (AgentScope's does). */
  resumable(): boolean;
  /** Hands an error to `onError`, as an `Error`. */
  report(cause: unknown): Error;
  /** The connection's state or error changed. */
  changed(): void;
  /** Whether the conversation's last reply is unfinished (streaming or parked). */
  isReplyOpen(): boolean;
  /** Whether a stream answers one run (not AgentScope's): its clean end is the run's end. */
  perRun(): boolean;
}

/** How one connection attempt ended: cleanly (`error` null) or not. */
interface Outcome {
  error: Error | null;
  /** Whether it delivered any event, which resets the back-off. */
  delivered: boolean;
  /** The server's SSE `retry:` in ms, or null. */
  retry: number | null;
}

/**
 * One source's connection: opens it, reads its events into the host, and reopens it with
 * back-off (passing the last event id) until stopped.
 */
export class StreamConnection {
  state: ConnectionState;
  /** The last failure while it matters: during retries and in state `error`. */
  error: Error | null = null;

  private source: MessageStreamSource | null = null;
  /** What tells this source from the next one (see `connectionKey`), and the app's `sourceKey`. */
  private key: unknown = null;
  private sourceKey: unknown = undefined;
  private opened = false;
  private lastEventId: string | null;
  /** Bumped by every halt: a loop that sees another number has been superseded. */
  private generation = 0;
  private attempt: AbortControllerLike | null = null;
  private wake: (() => void) | null = null;

  constructor(
    private readonly host: ConnectionHost,
    initialLastEventId: string | null,
  ) {
    this.lastEventId = initialLastEventId;
    this.state = host.options().source == null ? 'idle' : 'connecting';
  }

  /** Whether the source is read once (a response, a stream), not reopened. */
  get oneShot(): boolean {
    return this.source !== null && !isReopenable(this.source);
  }

  /**
   * Connects to `source`; a new source (another key or `sourceKey`) starts with no last event id.
   * The same function under a new identity is the same source.
   */
  open(source: MessageStreamSource | null, sourceKey?: unknown): void {
    const key = connectionKey(source);
    if (!Object.is(key, this.key) || !Object.is(sourceKey, this.sourceKey)) {
      if (this.source !== null) this.lastEventId = null;
      this.key = key;
      this.sourceKey = sourceKey;
      this.opened = false;
    }
    this.source = source;
    this.start();
  }

  /** Closes the connection now; `open` or `start` opens it again. */
  halt(): void {
    this.generation += 1;
    this.attempt?.abort();
    this.attempt = null;
    this.wake?.();
    this.wake = null;
    if (this.state === 'open' || this.state === 'connecting') this.set('idle');
  }

  /** Closes and forgets the last failure: the user asked for it. */
  stop(): void {
    this.halt();
    this.set('idle', null);
  }

  /**
   * Opens a new connection at once, deferred by a microtask so that StrictMode's rehearsal of
   * the effect (mount, unmount, mount) never opens the first one.
   */
  start(): void {
    const source = this.source;
    // A response or a stream can be read only once; stop() then reconnect() cannot revive it.
    if (source !== null && this.opened && !isReopenable(source)) return;
    this.halt();
    if (source === null) return;
    this.set('connecting');
    const generation = this.generation;
    queueTask(() => {
      if (generation === this.generation) void this.run(generation, source);
    });
  }

  private set(state: ConnectionState, error: Error | null = this.error): void {
    if (state === this.state && error === this.error) return;
    this.state = state;
    this.error = error;
    this.host.changed();
  }

  private async run(generation: number, source: MessageStreamSource): Promise<void> {
    let quietAttempts = 0;
    for (;;) {
      const outcome = await this.connectOnce(generation, source);
      if (generation !== this.generation) return;
      quietAttempts = outcome.delivered ? 0 : quietAttempts + 1;
      const error = outcome.error === null ? this.error : this.host.report(outcome.error);
      // A run of another protocol is read once: a new request would start a new run.
      const reconnect = this.host.resumable()
        ? resolveReconnectOptions(this.host.options().reconnect)
        : null;
      if (
        reconnect === null ||
        !isReopenable(source) ||
        !this.shouldReconnect(outcome, reconnect, quietAttempts)
      ) {
        this.set(outcome.error === null ? 'closed' : 'error', error);
        return;
      }
      this.set('connecting', error);
      await this.sleep(backoffDelay(Math.max(0, quietAttempts - 1), reconnect, outcome.retry));
      if (generation !== this.generation) return;
    }
  }

  private shouldReconnect(
    outcome: Outcome,
    reconnect: ResolvedReconnectOptions,
    quietAttempts: number,
  ): boolean {
    if (outcome.error === null) {
      // A run's request ends with the run, even one parked on an approval: only a drop reopens it.
      if (this.host.perRun()) return false;
      return reconnect.whenEnded === 'always' || this.host.isReplyOpen();
    }
    const shouldRetry = reconnect.shouldRetry ?? isRetryable;
    return quietAttempts <= reconnect.maxAttempts && shouldRetry(outcome.error, quietAttempts);
  }

  /** Waits `delay` ms, or less if the connection is halted meanwhile. */
  private sleep(delay: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimer(() => {
        this.wake = null;
        resolve();
      }, delay);
      this.wake = () => {
        clearTimer(timer);
        resolve();
      };
    });
  }

  private async connectOnce(generation: number, source: MessageStreamSource): Promise<Outcome> {
    const controller = createAbortController();
    this.attempt = controller;
    const { signal } = controller;
    const options = this.host.options();
    const { idleTimeoutMs, format, onDiagnostic } = options;
    this.opened = true;
    // A function source is called in its latest version: an inline lambda is new on every render.
    const latest = options.source;
    const current = typeof source === 'function' && typeof latest === 'function' ? latest : source;
    let input: EventStreamSource;
    try {
      const lastEventId = this.host.resumable() ? this.lastEventId : null;
      input = await openSource(current, options, signal, lastEventId);
    } catch (error) {
      return { error: toError(error), delivered: false, retry: null };
    }
    if (generation !== this.generation) {
      discard(input);
      return { error: null, delivered: false, retry: null };
    }
    this.set('open', null);

    let idle: MessageStreamError | null = null;
    let timer: TimerHandle;
    const touch = (): void => {
      clearTimer(timer);
      timer = setTimer(() => {
        idle = new MessageStreamError(`no data for ${idleTimeoutMs} ms`);
        controller.abort();
      }, idleTimeoutMs);
    };
    if (idleTimeoutMs !== undefined && idleTimeoutMs > 0) {
      input = watchActivity(input, touch);
      touch();
    }
    // Frames are read by the store: AgentScope events, or another protocol's.
    const stream = readFrameStream(input, {
      signal,
      ...(format ? { format } : {}),
      ...(onDiagnostic ? { onDiagnostic } : {}),
    });
    let delivered = false;
    try {
      for await (const frame of stream) {
        if (generation !== this.generation) break;
        delivered = true;
        const id = this.host.receiveFrame(frame);
        this.lastEventId = stream.lastEventId ?? id ?? this.lastEventId;
      }
    } catch (error) {
      return { error: toError(error), delivered, retry: stream.retry };
    } finally {
      clearTimer(timer);
    }
    return { error: idle, delivered, retry: stream.retry };
  }
}

/** A new `AbortController` of this platform (every runtime the client supports has one). */
function createAbortController(): AbortControllerLike {
  const AbortControllerClass = (
    globalThis as unknown as { AbortController: new () => AbortControllerLike }
  ).AbortController;
  return new AbortControllerClass();
}
