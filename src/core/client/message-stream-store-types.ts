import type { Decision } from '../fold/confirm-result.js';
import type { Conversation } from '../fold/conversation.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { AgentEvent } from '../model/event.js';
import type { Msg } from '../model/message.js';
import type { MessageStreamOptions } from './message-stream-options.js';
import type { MessageStreamProtocolName } from '../protocols/protocol-types.js';
import type { RunStatus } from '../fold/run-status.js';

/** What a stream store shows: replaced as a whole, at most once per frame, when something changed. */
export interface MessageStreamSnapshot<S = unknown> {
  /** The folded conversation, in every protocol: messages, diagnostics, pending confirmations. */
  readonly conversation: Conversation;
  /** Where things stand: `idle`, `connecting`, `streaming`, `awaiting-confirmation`, `done` or `error`. */
  readonly status: RunStatus;
  /** The last connection failure while it matters (during retries and in status `error`), else null. */
  readonly error: Error | null;
  /** The wire protocol: as set, or as detected from the first frames; null until known. */
  readonly protocol: MessageStreamProtocolName | null;
  /**
   * The fold state of the protocol folding, for what only it has: AgentScope's conversation
   * (`conversation` itself, as an `AgentScopeConversation` with `customEvents` and `lastEventId`),
   * `AiSdkStreamState`, `AgUiState` with the agent's `state` and `interrupts`, …
   */
  readonly protocolState: S | null;
  /** What the client noticed about the stream itself: `protocol-detected` once frames told it. */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * A streamed conversation outside any UI framework: it connects to `source`, folds the events of
 * each frame in one `foldEvents` call, publishes one snapshot then, reconnects with back-off and
 * sends tool-call decisions through `onConfirm`. Every function is bound: pass it around freely.
 */
export interface MessageStreamStore<S = unknown> {
  /** Calls `listener` after each new snapshot; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** The current snapshot; the same object until something changes. */
  getSnapshot(): MessageStreamSnapshot<S>;
  /** Replaces the options; `source` and `sourceKey` take effect at the next `start()`. */
  setOptions(options: MessageStreamOptions<S>): void;
  /**
   * Connects to the current `source` (none: stays idle). A new source (another URL, object or
   * `sourceKey`) starts with no last event id; the same one reconnects only if it is not open.
   */
  start(): void;
  /**
   * Lets go of the connection quietly, for teardown: no snapshot is published and the last
   * failure is kept, so that `start()` can pick up where it was (React's StrictMode remounts).
   */
  close(): void;
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
  /**
   * Builds the protocol's answer to a decision (AgentScope: the `USER_CONFIRM_RESULT`; AI SDK:
   * `{ id, approved, reason }`; AG-UI: the `resume` list) and hands it to `onConfirm`; the
   * conversation changes only when the server publishes it back (unless `optimistic`, which only
   * AgentScope has).
   */
  confirm(decision: Decision): Promise<void>;
}
