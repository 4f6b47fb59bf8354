import type { Conversation } from '../events/conversation.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { AgentEvent, CustomEvent, UserConfirmResultEvent } from '../model/event.js';
import type { Msg } from '../model/message.js';
import type { StreamDiagnosticCode } from '../stream/diagnostic.js';
import type { ReconnectOptions } from './backoff.js';
import type { FrameScheduler } from './frame-batcher.js';
import type { MessageStreamSource } from './message-stream-source.js';
import type { PlatformFetch, PlatformRequestInit } from './platform-types.js';

/**
 * Options of `createMessageStreamStore` (and, with DOM types, of `useMessageStream`). Read when
 * they are needed: `source` and `sourceKey` at `start()`, the callbacks as events arrive, the
 * initial conversation once, when the store is created.
 */
export interface MessageStreamOptions {
  /**
   * Where events come from: a URL (fetched, SSE or NDJSON), a `Response`, a `ReadableStream`, an
   * (async) iterable of events, or `(signal, lastEventId) => source`; the latest function opens
   * each connection. `null` or `undefined` keeps the client idle.
   */
  source?: MessageStreamSource | null | undefined;
  /**
   * Reconnects, as a new source with no last event id, when it changes (compared with
   * `Object.is`): the session id, for a function source that opens that session's stream.
   */
  sourceKey?: unknown;
  /**
   * Messages loaded first (history), read once. Replayed events for them are skipped: every event
   * of a finished reply, and for a reply parked on a confirmation or an external tool, the replay
   * of its run up to that point (its resume and later events apply).
   */
  initialMessages?: readonly Msg[] | undefined;
  /** A conversation to start from instead of `initialMessages`; read once. */
  initialConversation?: Conversation | undefined;
  /**
   * Sends a `USER_CONFIRM_RESULT` to the server (AgentScope: `POST /chat/` with it as `input`);
   * a promise it returns is awaited, and its rejection rejects `confirm()`.
   */
  onConfirm?: ((event: UserConfirmResultEvent) => unknown) | undefined;
  /**
   * Folds a decision locally at once instead of waiting for the server to publish it back (the
   * server's copy has the same id and is ignored); a failed transport puts the call back.
   * @default false
   */
  optimistic?: boolean | undefined;
  /**
   * Called for each event the conversation applied, wherever it came from (not for replays or
   * duplicates), in order, when the events of a frame are folded.
   */
  onEvent?: ((event: AgentEvent) => void) | undefined;
  /** Called for each `CUSTOM` event applied (`state_updated`, `team_updated`, …), as `onEvent`. */
  onCustomEvent?: ((event: CustomEvent) => void) | undefined;
  /** Called for every connection failure (also those that will be retried) and failed `confirm`. */
  onError?: ((error: Error) => void) | undefined;
  /** Called for each stream frame that was skipped because it is not a valid event. */
  onDiagnostic?: ((diagnostic: Diagnostic<StreamDiagnosticCode>) => void) | undefined;
  /** Reconnection with exponential back-off; `false` never reconnects. @default true */
  reconnect?: boolean | ReconnectOptions | undefined;
  /**
   * Reconnects when no byte (event or `:` heartbeat) arrives for this long; AgentScope sends a
   * heartbeat every 30 s, so 75000 suits it. Off by default.
   */
  idleTimeoutMs?: number | undefined;
  /** The wire format. @default 'auto' */
  format?: 'auto' | 'sse' | 'ndjson' | undefined;
  /** The `fetch` to open a URL source with. @default globalThis.fetch */
  fetch?: PlatformFetch | undefined;
  /** Request headers for a URL source (`Last-Event-ID` is added on reconnect). */
  headers?: PlatformRequestInit['headers'] | undefined;
  /** The request method for a URL source. @default 'GET' */
  method?: string | undefined;
  /** The request body for a URL source, sent again on every reconnect. */
  body?: PlatformRequestInit['body'] | undefined;
  /** The request credentials mode for a URL source. */
  credentials?: PlatformRequestInit['credentials'] | undefined;
  /**
   * Where frames come from: the events that arrive between two frames are folded in one call and
   * published as one snapshot. A timer stands in when no frame comes for 200 ms (a hidden tab).
   * Read once, when the store is created.
   * @default requestAnimationFrame where there is one, else a 16 ms timer
   */
  frameScheduler?: FrameScheduler | undefined;
}
