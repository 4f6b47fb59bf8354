import type { ConfirmDecision } from '../core/events/confirm-result.js';
import { createConfirmResult } from '../core/events/confirm-result.js';
import type { Conversation } from '../core/events/conversation.js';
import {
  appendMessages,
  createConversation,
  foldEvents,
  reduceConversation,
} from '../core/events/conversation.js';
import type { AgentEvent, UserConfirmResultEvent } from '../core/model/event.js';
import { currentTimestamp, generateId } from '../core/model/ids.js';
import type { Msg } from '../core/model/message.js';
import { createFrameBatcher } from './frame-batcher.js';
import { ReplayFilter } from './replay-filter.js';
import { StreamConnection, toError } from './stream-connection.js';
import type { MessageStreamStatus } from './stream-status.js';
import { deriveStatus, isReplyOpen } from './stream-status.js';
import type { UseMessageStreamOptions } from './use-message-stream.js';

/** What React renders from: replaced as a whole at most once per frame. */
export interface MessageStreamSnapshot {
  readonly conversation: Conversation;
  readonly status: MessageStreamStatus;
  readonly error: Error | null;
}

/**
 * The state behind `useMessageStream`, outside React: it queues the events that arrive, folds
 * them in one `foldEvents` call per animation frame and publishes a snapshot then.
 */
export class MessageStreamStore {
  private options: UseMessageStreamOptions;
  /** The newest fold: every later fold starts from it. */
  private conversation: Conversation;
  /** What the snapshot shows: the newest fold that changed something. */
  private shown: Conversation;
  /** Events received and not folded yet. */
  private queue: AgentEvent[] = [];
  private snapshot: MessageStreamSnapshot;
  private dirty = false;
  private readonly listeners = new Set<() => void>();
  private readonly batcher = createFrameBatcher(() => this.commit());
  private readonly connection: StreamConnection;
  private replays: ReplayFilter;

  constructor(options: UseMessageStreamOptions) {
    this.options = options;
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

  /* -----------------------------------------------------------------------------------------------
   * React
   * ---------------------------------------------------------------------------------------------*/

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): MessageStreamSnapshot => this.snapshot;

  setOptions(options: UseMessageStreamOptions): void {
    this.options = options;
  }

  /** Connects to the current `source`. */
  attach(): void {
    this.connection.open(this.options.source ?? null, this.options.sourceKey);
    if (this.dirty) this.batcher.schedule();
  }

  /** Closes the connection for good (unmount) or until the next `attach`. */
  detach(): void {
    this.connection.halt();
    this.batcher.cancel();
  }

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

/** The message holding the call: a pending one first, else any message with that tool call. */
function findReplyOf(conversation: Conversation, toolCallId: string): Msg | undefined {
  const pending = conversation.pendingConfirmations.find(
    (entry) => entry.toolCall.id === toolCallId,
  );
  if (pending) return pending.message;
  const { messages } = conversation;
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index];
    if (message?.content.some((block) => block.type === 'tool_call' && block.id === toolCallId)) {
      return message;
    }
  }
  return undefined;
}

/** Undoes an optimistic decision: asks again for the call, as the server first did. */
function reopenConfirmation(event: UserConfirmResultEvent, decision: ConfirmDecision): AgentEvent {
  return {
    id: generateId(),
    created_at: currentTimestamp(),
    metadata: {},
    type: 'REQUIRE_USER_CONFIRM',
    reply_id: event.reply_id,
    tool_calls: [{ ...decision.toolCall, state: 'asking' }],
  };
}

function isEventList(value: AgentEvent | readonly AgentEvent[]): value is readonly AgentEvent[] {
  return Array.isArray(value);
}

function isMessageList(value: Msg | readonly Msg[]): value is readonly Msg[] {
  return Array.isArray(value);
}

/** Runs an app callback; if it throws, the error is reported without ending the stream. */
function guard(callback: () => void): void {
  try {
    callback();
  } catch (error) {
    if (typeof reportError === 'function') reportError(error);
    else
      setTimeout(() => {
        throw error;
      });
  }
}
