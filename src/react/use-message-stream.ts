'use client';

import * as React from 'react';
import type { ConfirmDecision } from '../core/events/confirm-result.js';
import type { Conversation, PendingConfirmation } from '../core/events/conversation.js';
import type { AgentEvent, CustomEvent, UserConfirmResultEvent } from '../core/model/event.js';
import type { Msg, MsgList } from '../core/model/message.js';
import type { StreamDiagnostic } from '../core/stream/diagnostic.js';
import type { ReconnectOptions } from './backoff.js';
import { MessageStreamStore } from './message-stream-store.js';
import type { MessageStreamSource } from './open-source.js';
import { connectionKey } from './open-source.js';
import type { MessageStreamStatus } from './stream-status.js';

/* -------------------------------------------------------------------------------------------------
 * Types
 * -----------------------------------------------------------------------------------------------*/

/**
 * Options of `useMessageStream`; only `source` (a URL by value, a function never, anything else by
 * identity) and `sourceKey` reconnect.
 */
export interface UseMessageStreamOptions {
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
  /**
   * Messages loaded first (history), read once on mount. Replayed events for them are skipped:
   * every event of a finished reply, and for a reply parked on a confirmation or an external
   * tool, the replay of its run up to that point (its resume and later events apply).
   */
  initialMessages?: readonly Msg[] | undefined;
  /** A conversation to start from instead of `initialMessages`; read once, on mount. */
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
  onDiagnostic?: ((diagnostic: StreamDiagnostic) => void) | undefined;
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
  fetch?: typeof fetch | undefined;
  /** Request headers for a URL source (`Last-Event-ID` is added on reconnect). */
  headers?: HeadersInit | undefined;
  /** The request method for a URL source. @default 'GET' */
  method?: string | undefined;
  /** The request body for a URL source, sent again on every reconnect. */
  body?: BodyInit | null | undefined;
  /** The request credentials mode for a URL source. */
  credentials?: RequestCredentials | undefined;
}

/** What `useMessageStream` returns; the functions are stable across renders. */
export interface UseMessageStreamResult {
  /** The conversation's messages in order (`conversation.messages`); pass them to `MessageList`. */
  messages: MsgList;
  /** The folded conversation: messages, custom events, diagnostics, pending confirmations. */
  conversation: Conversation;
  /** Where things stand: `idle`, `connecting`, `streaming`, `awaiting-confirmation`, `done` or `error`. */
  status: MessageStreamStatus;
  /** The last connection failure while it matters (during retries and in status `error`), else null. */
  error: Error | null;
  /** Tool calls waiting for the user (`conversation.pendingConfirmations`). */
  pendingConfirmations: readonly PendingConfirmation[];
  /**
   * Builds the `USER_CONFIRM_RESULT` for a decision and hands it to `onConfirm`; local state
   * changes only when the server publishes it back (unless `optimistic`). Fits `onDecision`.
   */
  confirm(decision: ConfirmDecision): Promise<void>;
  /** Closes the connection (the agent keeps running on the server); status becomes `idle`. */
  stop(): void;
  /** Closes the connection and opens a new one now, passing the last event id. */
  reconnect(): void;
  /** Folds events obtained elsewhere (a WebSocket, a test) at the next frame, as if streamed. */
  append(events: AgentEvent | readonly AgentEvent[]): void;
  /** Adds messages, or replaces those with the same id: the user's own turn, shown at once. */
  addMessages(messages: Msg | readonly Msg[]): void;
  /** Starts over from these messages (none by default); the connection is left as it is. */
  reset(messages?: readonly Msg[]): void;
}

/* -------------------------------------------------------------------------------------------------
 * useMessageStream
 * -----------------------------------------------------------------------------------------------*/

/**
 * Streams an agent conversation into React: connects to `source`, folds the events of each
 * animation frame in one `foldEvents` call and renders once then, reconnects with back-off
 * (replays are de-duplicated by event id, and replays of history skipped) and sends tool-call
 * decisions through `onConfirm`; `status` is `streaming` only while a reply is in progress, so a
 * long-lived stream (AgentScope's) that is connected between turns reports `done`.
 * @example
 * const { messages, confirm } = useMessageStream({ source: `/sessions/${id}/stream`, onConfirm: post });
 */
export function useMessageStream(options: UseMessageStreamOptions = {}): UseMessageStreamResult {
  const [store] = React.useState(() => new MessageStreamStore(options));
  // Insertion effects run before all others: the connecting effect below sees these options.
  React.useInsertionEffect(() => {
    store.setOptions(options);
  });
  const key = connectionKey(options.source);
  const { sourceKey } = options;
  React.useEffect(() => {
    store.attach();
    return () => store.detach();
  }, [store, key, sourceKey]);
  const snapshot = React.useSyncExternalStore(
    store.subscribe,
    store.getSnapshot,
    store.getSnapshot,
  );
  return React.useMemo(
    () => ({
      messages: snapshot.conversation.messages,
      conversation: snapshot.conversation,
      status: snapshot.status,
      error: snapshot.error,
      pendingConfirmations: snapshot.conversation.pendingConfirmations,
      confirm: store.confirm,
      stop: store.stop,
      reconnect: store.reconnect,
      append: store.append,
      addMessages: store.addMessages,
      reset: store.reset,
    }),
    [store, snapshot],
  );
}
