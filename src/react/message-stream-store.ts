import type { ConfirmDecision } from '../core/events/confirm-result.js';
import { createConfirmResult } from '../core/events/confirm-result.js';
import type { Conversation } from '../core/events/conversation.js';
import {
  appendMessages,
  createConversation,
  reduceConversation,
} from '../core/events/conversation.js';
import type { AgentEvent, UserConfirmResultEvent } from '../core/model/event.js';
import { currentTimestamp, generateId } from '../core/model/ids.js';
import type { Msg } from '../core/model/message.js';
import { createFrameBatcher } from './frame-batcher.js';
import { StreamConnection, toError } from './stream-connection.js';
import type { MessageStreamStatus } from './stream-status.js';
import { deriveStatus, isReplyStreaming } from './stream-status.js';
import type { UseMessageStreamOptions } from './use-message-stream.js';

/** What React renders from: replaced as a whole at most once per frame. */
export interface MessageStreamSnapshot {
  readonly conversation: Conversation;
  readonly status: MessageStreamStatus;
  readonly error: Error | null;
}

/**
 * The state behind `useMessageStream`, outside React: it folds every event into the current
 * conversation as it arrives and publishes a snapshot at most once per animation frame.
 */
export class MessageStreamStore {
  private options: UseMessageStreamOptions;
  private conversation: Conversation;
  private snapshot: MessageStreamSnapshot;
  private dirty = false;
  private readonly listeners = new Set<() => void>();
  private readonly batcher = createFrameBatcher(() => this.commit());
  private readonly connection: StreamConnection;
  /** Replies this store has folded events into (see `isSettledElsewhere`). */
  private streamedReplies = new Set<string>();

  constructor(options: UseMessageStreamOptions) {
    this.options = options;
    this.conversation =
      options.initialConversation ??
      createConversation(options.initialMessages ? { messages: options.initialMessages } : {});
    this.connection = new StreamConnection(
      {
        options: () => this.options,
        receive: (event) => this.receive(event),
        report: (cause) => this.report(cause),
        changed: () => this.markDirty(),
        isReplyStreaming: () => isReplyStreaming(this.conversation),
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
    this.connection.open(this.options.source ?? null);
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
    this.conversation = appendMessages(this.conversation, list);
    this.markDirty();
  };

  reset = (messages: readonly Msg[] = []): void => {
    this.conversation = createConversation({ messages });
    this.streamedReplies = new Set();
    this.markDirty();
  };

  confirm = async (decision: ConfirmDecision): Promise<void> => {
    const { onConfirm, optimistic = false } = this.options;
    let event: UserConfirmResultEvent;
    try {
      if (!onConfirm) throw new Error('useMessageStream: confirm() needs an `onConfirm` transport');
      const reply = findReplyOf(this.conversation, decision.toolCall.id);
      if (!reply)
        throw new Error(`useMessageStream: no message holds tool call "${decision.toolCall.id}"`);
      event = createConfirmResult(reply, [decision]);
    } catch (error) {
      throw this.report(error);
    }
    if (optimistic) this.receive(event);
    try {
      await onConfirm(event);
    } catch (error) {
      // The server never got it: put the call back in front of the user.
      if (optimistic) this.receive(reopenConfirmation(event, decision));
      throw this.report(error);
    }
  };

  /* -----------------------------------------------------------------------------------------------
   * Folding and publishing
   * ---------------------------------------------------------------------------------------------*/

  private receive(event: AgentEvent): void {
    if (this.isSettledElsewhere(event)) return;
    const before = this.conversation;
    const after = reduceConversation(before, event);
    // Always keep the newest state: folding into an older one would copy the seen-id ledger.
    this.conversation = after;
    const applied = after.eventCount !== before.eventCount;
    if (!applied && after.diagnostics === before.diagnostics) return;
    this.markDirty();
    if (!applied) return;
    const { onEvent, onCustomEvent } = this.options;
    if (onEvent) guard(() => onEvent(event));
    if (onCustomEvent && event.type === 'CUSTOM') guard(() => onCustomEvent(event));
  }

  /**
   * Whether the event is for a finished reply that came as a message (history), not as events.
   * AgentScope replays the current run on connect, and a run can still be in that log after its
   * messages were saved: those events carry ids this fold never saw, and folding them again would
   * repeat every block of the reply. A finished reply gets no further events, so they are skipped.
   */
  private isSettledElsewhere(event: AgentEvent): boolean {
    if (!('reply_id' in event) || this.streamedReplies.has(event.reply_id)) return false;
    const message = this.conversation.getMessage(event.reply_id);
    if (message !== undefined && message.finished_at !== null) return true;
    this.streamedReplies.add(event.reply_id);
    return false;
  }

  private markDirty(): void {
    this.dirty = true;
    this.batcher.schedule();
  }

  private commit(): void {
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
    const { conversation, connection } = this;
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
