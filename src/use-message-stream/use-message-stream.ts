'use client';

import * as React from 'react';
import { connectionKey } from '../core/client/message-stream-source.js';
import { createMessageStreamStore } from '../core/client/message-stream-store.js';
import type { MessageStreamProtocolName } from '../core/protocols/protocol-types.js';
import type { RunStatus } from '../core/fold/run-status.js';
import type { Decision } from '../core/fold/confirm-result.js';
import type { Conversation, PendingConfirmation } from '../core/fold/conversation.js';
import type { Diagnostic } from '../core/model/diagnostic.js';
import type { AgentEvent } from '../core/model/event.js';
import type { Msg, MsgList } from '../core/model/message.js';
import type { UseMessageStreamOptions } from './use-message-stream-options.js';

/** What `useMessageStream` returns; the functions are stable across renders. */
export interface UseMessageStreamResult<S = unknown> {
  /** The conversation's messages in order (`conversation.messages`); pass them to `MessageList`. */
  messages: MsgList;
  /**
   * The folded conversation, in every protocol: messages, diagnostics, pending confirmations (in
   * the latest turn, for a protocol other than AgentScope). What only the protocol has (AgentScope's
   * custom events, AG-UI's agent state) is in `protocolState`.
   */
  conversation: Conversation;
  /** The wire protocol: as set in the options, or as detected from the first frames; null until known. */
  protocol: MessageStreamProtocolName | null;
  /**
   * The fold state of the protocol folding, for what only it has (AgentScope's `customEvents` and
   * `lastEventId`, AG-UI's agent `state` and `interrupts`, the AI SDK's transient data). Typed by
   * the driver passed as `protocol` (`S`, e.g. `AgentScopeConversation` for `agentScopeProtocol`).
   */
  protocolState: S | null;
  /** What the client noticed about the stream itself: `protocol-detected` once frames told it. */
  diagnostics: readonly Diagnostic[];
  /** Where things stand: `idle`, `connecting`, `streaming`, `awaiting-confirmation`, `done` or `error`. */
  status: RunStatus;
  /** The last connection failure while it matters (during retries and in status `error`), else null. */
  error: Error | null;
  /** Tool calls waiting for the user (`conversation.pendingConfirmations`). */
  pendingConfirmations: readonly PendingConfirmation[];
  /**
   * Builds the protocol's answer to a decision and hands it to `onConfirm` (AgentScope: the
   * `USER_CONFIRM_RESULT`; AI SDK: `{ id, approved, reason }`; AG-UI: the `resume` list); local
   * state changes only when the server publishes it back (unless `optimistic`, AgentScope only).
   * Fits `onDecision`.
   */
  confirm(decision: Decision): Promise<void>;
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

/**
 * Streams an agent conversation into React, in any protocol (`protocol`: detected from the first
 * frames by default): connects to `source`, folds the events of each
 * animation frame in one `foldEvents` call and renders once then, reconnects with back-off
 * (replays are de-duplicated by event id, and replays of history skipped) and sends tool-call
 * decisions through `onConfirm`; `status` is `streaming` only while a reply is in progress, so a
 * long-lived stream (AgentScope's) that is connected between turns reports `done`. A binding of
 * `createMessageStreamStore` from `react-agent-messages/core`.
 * @example
 * const { messages, confirm } = useMessageStream({ source: `/sessions/${id}/stream`, onConfirm: post });
 */
export function useMessageStream<S = unknown>(
  options: UseMessageStreamOptions<S> = {},
): UseMessageStreamResult<S> {
  const [store] = React.useState(() => createMessageStreamStore(options));
  // Insertion effects run before all others: the connecting effect below sees these options.
  React.useInsertionEffect(() => {
    store.setOptions(options);
  });
  // Only another source (a URL by value, a function never, anything else by identity) or
  // `sourceKey` reconnects; StrictMode's rehearsal (start, close, start) opens one connection.
  const key = connectionKey(options.source);
  const { sourceKey } = options;
  React.useEffect(() => {
    store.start();
    return store.close;
  }, [store, key, sourceKey]);
  // The server renders the first snapshot (`initialMessages`) and opens nothing.
  const snapshot = React.useSyncExternalStore(
    store.subscribe,
    store.getSnapshot,
    store.getSnapshot,
  );
  return React.useMemo(
    () => ({
      messages: snapshot.conversation.messages,
      conversation: snapshot.conversation,
      protocol: snapshot.protocol,
      protocolState: snapshot.protocolState,
      diagnostics: snapshot.diagnostics,
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
