import type { ConfirmDecision } from '../events/confirm-result.js';
import { createConfirmResult } from '../events/confirm-result.js';
import type { Conversation } from '../events/conversation.js';
import {
  appendMessages,
  createConversation,
  foldEvents,
  reduceConversation,
} from '../events/conversation.js';
import type { AgentEvent, UserConfirmResultEvent } from '../model/event.js';
import type { Msg } from '../model/message.js';
import { findReplyOf, reopenConfirmation } from './confirmation.js';
import type { FrameBatcher } from './frame-batcher.js';
import { createFrameBatcher, FRAME_FALLBACK_MS } from './frame-batcher.js';
import type { MessageStreamOptions } from './message-stream-options.js';
import { guard, toError } from './platform.js';
import { ReplayFilter } from './replay-filter.js';
import { StreamConnection } from './stream-connection.js';
import type { MessageStreamStatus } from './stream-status.js';
import { deriveStatus, isReplyOpen } from './stream-status.js';

/** What a stream store shows: replaced as a whole, at most once per frame, when something changed. */
export interface MessageStreamSnapshot {
  /** The folded conversation: messages, custom events, diagnostics, pending confirmations. */
  readonly conversation: Conversation;
  /** Where things stand: `idle`, `connecting`, `streaming`, `awaiting-confirmation`, `done` or `error`. */
  readonly status: MessageStreamStatus;
  /** The last connection failure while it matters (during retries and in status `error`), else null. */
  readonly error: Error | null;
}

/**
 * A streamed conversation outside any UI framework: it connects to `source`, folds the events of
 * each frame in one `foldEvents` call, publishes one snapshot then, reconnects with back-off and
 * sends tool-call decisions through `onConfirm`. Every function is bound: pass it around freely.
 */
export interface MessageStreamStore {
  /** Calls `listener` after each new snapshot; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** The current snapshot; the same object until something changes. */
  getSnapshot(): MessageStreamSnapshot;
  /** Replaces the options; `source` and `sourceKey` take effect at the next `start()`. */
  setOptions(options: MessageStreamOptions): void;
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
   * Builds the `USER_CONFIRM_RESULT` for a decision and hands it to `onConfirm`; the conversation
   * changes only when the server publishes it back (unless `optimistic`).
   */
  confirm(decision: ConfirmDecision): Promise<void>;
}

/**
 * Creates the store behind `useMessageStream`, for any framework or none: subscribe to it, read
 * `getSnapshot()`, and call `start()` to connect.
 * @example
 * const store = createMessageStreamStore({ source: `/sessions/${id}/stream` });
 * store.subscribe(() => render(store.getSnapshot().conversation.messages));
 * store.start();
 */
export function createMessageStreamStore(options: MessageStreamOptions = {}): MessageStreamStore {
  return new StreamStore(options);
}

/* -------------------------------------------------------------------------------------------------
 * The store
 * -----------------------------------------------------------------------------------------------*/

class StreamStore implements MessageStreamStore {
  private options: MessageStreamOptions;
  /** The newest fold: every later fold starts from it. */
  private conversation: Conversation;
  /** What the snapshot shows: the newest fold that changed something. */
  private shown: Conversation;
  /** Events received and not folded yet. */
  private queue: AgentEvent[] = [];
  private snapshot: MessageStreamSnapshot;
  private dirty = false;
  private readonly listeners = new Set<() => void>();
  private readonly batcher: FrameBatcher;
  private readonly connection: StreamConnection;
  private replays: ReplayFilter;

  constructor(options: MessageStreamOptions) {
    this.options = options;
    this.batcher = createFrameBatcher(
      () => this.commit(),
      FRAME_FALLBACK_MS,
      options.frameScheduler,
    );
    this.conversation =
      options.initialConversation ??
      createConversation(options.initialMessages ? { messages: options.initialMessages } : {});
    this.shown = this.conversation;
    this.replays = new ReplayFilter(this.conversation.messages);
    this.connection = new StreamConnection(
      {
        options: () => this.options,
        receive: (event) => this.receive(event),
        report: (cause) => this.report(cause),
        changed: () => this.markDirty(),
        isReplyOpen: () => {
          this.fold();
          return isReplyOpen(this.conversation);
        },
      },
      this.conversation.lastEventId,
    );
    this.snapshot = this.createSnapshot();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): MessageStreamSnapshot => this.snapshot;

  setOptions = (options: MessageStreamOptions): void => {
    this.options = options;
  };

  start = (): void => {
    this.connection.open(this.options.source ?? null, this.options.sourceKey);
    if (this.dirty) this.batcher.schedule();
  };

  close = (): void => {
    this.connection.halt();
    this.batcher.cancel();
  };

  /* -----------------------------------------------------------------------------------------------
   * Actions
   * ---------------------------------------------------------------------------------------------*/

  stop = (): void => {
    this.connection.stop();
  };

  reconnect = (): void => {
    this.connection.start();
  };

  append = (events: AgentEvent | readonly AgentEvent[]): void => {
    for (const event of isEventList(events) ? events : [events]) this.receive(event);
  };

  addMessages = (messages: Msg | readonly Msg[]): void => {
    const list: readonly Msg[] = isMessageList(messages) ? messages : [messages];
    // Events that came first are folded first.
    this.fold();
    this.replays.addHistory(list);
    this.conversation = this.shown = appendMessages(this.conversation, list);
    this.markDirty();
  };

  reset = (messages: readonly Msg[] = []): void => {
    // Events that came before are folded (and reported) before they are thrown away.
    this.fold();
    this.conversation = this.shown = createConversation({ messages });
    this.replays = new ReplayFilter(messages);
    this.markDirty();
  };

  confirm = async (decision: ConfirmDecision): Promise<void> => {
    const { onConfirm, optimistic = false } = this.options;
    let event: UserConfirmResultEvent;
    try {
      if (!onConfirm) throw new Error('useMessageStream: confirm() needs an `onConfirm` transport');
      this.fold();
      const reply = findReplyOf(this.conversation, decision.toolCall.id);
      if (!reply)
        throw new Error(`useMessageStream: no message holds tool call "${decision.toolCall.id}"`);
      event = createConfirmResult(reply, [decision]);
    } catch (error) {
      throw this.report(error);
    }
    if (optimistic) this.enqueue(event);
    try {
      await onConfirm(event);
    } catch (error) {
      // The server never got it: put the call back in front of the user.
      if (optimistic) this.enqueue(reopenConfirmation(event, decision));
      throw this.report(error);
    }
  };

  /* -----------------------------------------------------------------------------------------------
   * Folding and publishing
   * ---------------------------------------------------------------------------------------------*/

  /** Queues an event for the next fold, unless it replays a reply that came from history. */
  private receive(event: AgentEvent): void {
    const length = this.queue.length;
    this.replays.admit(event, this.queue);
    if (this.queue.length !== length) this.markDirty();
  }

  /** Queues an event made here (an optimistic decision, or its undoing): never a replay. */
  private enqueue(event: AgentEvent): void {
    this.queue.push(event);
    this.markDirty();
  }

  /**
   * Folds the queued events in one call, then tells the app about each event the conversation
   * applied: when some were not applied (replayed duplicates, invalid input), only folding them
   * one at a time tells which, and only an app that listens needs to know.
   */
  private fold(): void {
    const events = this.queue;
    if (events.length === 0) return;
    this.queue = [];
    const before = this.conversation;
    const { onEvent, onCustomEvent } = this.options;
    let after = foldEvents(events, before);
    let applied: readonly AgentEvent[] = events;
    if (after.eventCount - before.eventCount !== events.length) {
      applied = [];
      if (onEvent || onCustomEvent) ({ after, applied } = foldOneByOne(before, events));
    }
    // Always keep the newest state: folding into an older one would copy the seen-id ledger.
    this.conversation = after;
    if (after.eventCount !== before.eventCount || after.diagnostics !== before.diagnostics) {
      this.shown = after;
    }
    for (const event of applied) {
      if (onEvent) guard(() => onEvent(event));
      if (onCustomEvent && event.type === 'CUSTOM') guard(() => onCustomEvent(event));
    }
  }

  private markDirty(): void {
    this.dirty = true;
    this.batcher.schedule();
  }

  private commit(): void {
    this.fold();
    if (!this.dirty) return;
    this.dirty = false;
    const next = this.createSnapshot();
    const previous = this.snapshot;
    if (
      next.conversation === previous.conversation &&
      next.status === previous.status &&
      next.error === previous.error
    ) {
      return;
    }
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }

  private createSnapshot(): MessageStreamSnapshot {
    const { shown: conversation, connection } = this;
    const status = deriveStatus(connection.state, conversation, connection.oneShot);
    return { conversation, status, error: connection.error };
  }

  private report(cause: unknown): Error {
    const error = toError(cause);
    const { onError } = this.options;
    if (onError) guard(() => onError(error));
    return error;
  }
}

/* -------------------------------------------------------------------------------------------------
 * Helpers
 * -----------------------------------------------------------------------------------------------*/

/** Folds events one at a time: slower than a batch, but it tells which ones were applied. */
function foldOneByOne(
  state: Conversation,
  events: readonly AgentEvent[],
): { after: Conversation; applied: AgentEvent[] } {
  const applied: AgentEvent[] = [];
  let after = state;
  for (const event of events) {
    const before = after;
    after = reduceConversation(before, event);
    if (after.eventCount !== before.eventCount) applied.push(event);
  }
  return { after, applied };
}

function isEventList(value: AgentEvent | readonly AgentEvent[]): value is readonly AgentEvent[] {
  return Array.isArray(value);
}

function isMessageList(value: Msg | readonly Msg[]): value is readonly Msg[] {
  return Array.isArray(value);
}
