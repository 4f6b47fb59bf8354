import type { Decision } from '../fold/confirm-result.js';
import { createConfirmResult } from '../fold/confirm-result.js';
import type { Conversation } from '../fold/conversation.js';
import {
  appendMessages,
  createConversation,
  foldEvents,
  reduceConversation,
} from '../fold/conversation.js';
import type { AgentEvent, UserConfirmResultEvent } from '../model/event.js';
import type { Msg } from '../model/message.js';
import { ApprovalAutopilot } from './approval-autopilot.js';
import { findReplyOf, reopenConfirmation } from './confirmation.js';
import type { DevtoolsTap } from './devtools-hook.js';
import { devtoolsNow, openDevtoolsTap } from './devtools-hook.js';
import type { FrameBatcher } from './frame-batcher.js';
import { createFrameBatcher, FRAME_FALLBACK_MS } from './frame-batcher.js';
import type { MessageStreamOptions } from './message-stream-options.js';
import type { MessageStreamSnapshot, MessageStreamStore } from './message-stream-store-types.js';
import { guard, toError } from './platform.js';
import type { MessageStreamProtocolRun } from '../protocols/protocol-types.js';
import { ProtocolSlot } from './protocol-slot.js';
import { ReplayFilter } from './replay-filter.js';
import { StreamConnection } from './stream-connection.js';
import { deriveStatus, isReplyOpen } from './stream-status.js';
import { deferToWorker } from './worker/defer-store.js';

/**
 * Creates the store behind `useMessageStream`, for any framework or none: subscribe to it, read
 * `getSnapshot()`, and call `start()` to connect.
 * @example
 * const store = createMessageStreamStore({ source: `/sessions/${id}/stream` });
 * store.subscribe(() => render(store.getSnapshot().conversation.messages));
 * store.start();
 */
export function createMessageStreamStore<S = unknown>(
  options: MessageStreamOptions<S> = {},
): MessageStreamStore<S> {
  const local = (own: MessageStreamOptions<S>): MessageStreamStore<S> => new StreamStore<S>(own);
  if (!options.worker) return local(options);
  // The worker posts its protocol state as a structured-clone copy of the driver's (docs/worker.md).
  const make = local as (own: MessageStreamOptions) => MessageStreamStore;
  return deferToWorker(options as MessageStreamOptions, make) as MessageStreamStore<S>;
}

/* -------------------------------------------------------------------------------------------------
 * The store
 * -----------------------------------------------------------------------------------------------*/

class StreamStore<S> implements MessageStreamStore<S> {
  private options: MessageStreamOptions<S>;
  /** The newest fold: every later fold starts from it. */
  private conversation: Conversation;
  /** What the snapshot shows: the newest fold that changed something. */
  private shown: Conversation;
  /** Events received and not folded yet. */
  private queue: AgentEvent[] = [];
  private snapshot: MessageStreamSnapshot<S>;
  private dirty = false;
  private readonly listeners = new Set<() => void>();
  private readonly batcher: FrameBatcher;
  private readonly connection: StreamConnection;
  private replays: ReplayFilter;
  /** The wire protocol, and the fold of one other than AgentScope. */
  private readonly protocol: ProtocolSlot;
  /** Answers what `approvalPolicy` decides, folded at once; records the user's decisions. */
  private readonly autopilot = new ApprovalAutopilot({
    policy: () => this.options.approvalPolicy,
    send: (decision) => this.send(decision, true),
  });
  /** The devtools' tap, when the hook is installed: raw frames, commits, decisions. */
  private readonly tap: DevtoolsTap | undefined;

  constructor(options: MessageStreamOptions<S>) {
    this.options = options;
    this.tap = openDevtoolsTap({
      label: 'message stream',
      frames: 'stream',
      protocol: () => this.protocol.name,
    });
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
    this.protocol = new ProtocolSlot(
      {
        options: () => this.options,
        messages: () => {
          this.fold();
          return this.conversation.messages;
        },
        receive: (event) => this.receive(event),
        changed: () => this.markDirty(),
        report: (cause) => this.report(cause),
      },
      options.protocol,
    );
    this.connection = new StreamConnection(
      {
        options: () => this.options,
        report: (cause) => this.report(cause),
        changed: () => this.markDirty(),
        receiveFrame: (frame) => {
          this.tap?.frame(frame.value);
          return this.protocol.receiveFrame(frame);
        },
        resumable: () => this.protocol.resumable,
        isReplyOpen: () => isReplyOpen(this.view()),
        perRun: () => this.protocol.foreign,
      },
      this.conversation.lastEventId,
    );
    this.snapshot = this.createSnapshot();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): MessageStreamSnapshot<S> => this.snapshot;

  setOptions = (options: MessageStreamOptions<S>): void => {
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
    for (const event of isEventList(events) ? events : [events]) {
      this.tap?.frame(event);
      if (this.protocol.foreign) this.protocol.receiveFrame({ value: event, raw: undefined });
      else this.receive(event);
    }
  };

  addMessages = (messages: Msg | readonly Msg[]): void => {
    const list: readonly Msg[] = isMessageList(messages) ? messages : [messages];
    this.tap?.app?.('add', list);
    // Events that came first are folded first.
    this.fold();
    if (this.protocol.run) {
      this.protocol.run.addMessages(list);
      return this.markDirty();
    }
    this.replays.addHistory(list);
    this.conversation = this.shown = appendMessages(this.conversation, list);
    this.markDirty();
  };

  reset = (messages: readonly Msg[] = []): void => {
    this.tap?.app?.('reset', messages);
    // Events that came before are folded (and reported) before they are thrown away.
    this.fold();
    if (this.protocol.run) {
      this.protocol.run.reset(messages);
      return this.markDirty();
    }
    this.conversation = this.shown = createConversation({ messages });
    this.replays = new ReplayFilter(messages);
    this.markDirty();
  };

  confirm = (decision: Decision): Promise<void> =>
    this.send(this.autopilot.userDecision(decision), this.options.optimistic ?? false);

  /** Builds the event for a decision and hands it to `onConfirm` (folded first if `optimistic`). */
  private send = async (decision: Decision, optimistic: boolean): Promise<void> => {
    if (this.protocol.foreign) return this.sendAnswer(decision, optimistic);
    const { onConfirm } = this.options;
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
    this.tap?.decision(decision.toolCall.id, decision.confirmed, event);
    if (optimistic) this.enqueue(event);
    try {
      await onConfirm(event);
    } catch (error) {
      // The server never got it: put the call back in front of the user.
      if (optimistic) this.enqueue(reopenConfirmation(event, decision));
      throw this.report(error);
    }
  };

  /** `send` for a protocol other than AgentScope: its answer goes to `onConfirm`, nothing folds. */
  private async sendAnswer(decision: Decision, optimistic: boolean): Promise<void> {
    const { onConfirm } = this.options;
    const { id } = decision.toolCall;
    // While the driver loads nothing asks: a call to answer comes from elsewhere.
    const { run } = this.protocol;
    try {
      if (!onConfirm) throw new Error('useMessageStream: confirm() needs an `onConfirm` transport');
      if (!run) throw new TypeError('useMessageStream: nothing to answer yet');
      const answer = run.answer(decision);
      if (optimistic) {
        this.settle(run, id, decision.confirmed);
      }
      this.tap?.decision(id, decision.confirmed, answer);
      await onConfirm(answer);
    } catch (error) {
      // The answer never left: the call asks the user again.
      if (optimistic && run) {
        this.settle(run, id, null);
      }
      throw this.report(error);
    }
  }

  /* -----------------------------------------------------------------------------------------------
   * Folding and publishing
   * ---------------------------------------------------------------------------------------------*/

  /** Queues an event for the next fold, unless it replays a reply that came from history. */
  private receive(event: AgentEvent): void {
    const length = this.queue.length;
    this.replays.admit(event, this.queue);
    if (this.queue.length !== length) this.markDirty();
  }

  /** Settles a call here, ahead of (or undoing) the server's word, as the devtools record it. */
  private settle(run: MessageStreamProtocolRun, toolCallId: string, allowed: boolean | null): void {
    this.tap?.app?.('settle', { toolCallId, allowed });
    run.settle(toolCallId, allowed);
    this.markDirty();
  }

  /** Queues an event made here (an optimistic decision, or its undoing): never a replay. */
  private enqueue(event: AgentEvent): void {
    this.tap?.app?.('event', event);
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
    const began = this.tap && devtoolsNow();
    this.fold();
    // The policy's answers fold before anyone sees the prompt they make unnecessary.
    if (this.autopilot.review(() => this.view())) this.fold();
    if (!this.dirty) return;
    this.dirty = false;
    const next = this.createSnapshot();
    const previous = this.snapshot;
    if (
      next.conversation === previous.conversation &&
      next.status === previous.status &&
      next.error === previous.error &&
      // The protocol's state changes with its view; its name with the diagnostics that tell it.
      next.diagnostics === previous.diagnostics
    ) {
      return;
    }
    this.snapshot = next;
    for (const listener of this.listeners) listener();
    if (began !== undefined) this.tap?.commit(devtoolsNow() - began);
  }

  /** What the snapshot shows: the fold of another protocol, or AgentScope's. */
  private view(): Conversation {
    const { run } = this.protocol;
    if (run) return run.conversation();
    this.fold();
    return this.shown;
  }

  private createSnapshot(): MessageStreamSnapshot<S> {
    const { connection, protocol } = this;
    const conversation = this.view();
    const status = deriveStatus(connection.state, conversation, connection.oneShot);
    const { name, run, diagnostics } = protocol;
    // The run is the driver `options.protocol` gave (typed `S`), or one loaded by name (`unknown`).
    const protocolState = (run?.state() ?? null) as S | null;
    return {
      conversation,
      status,
      error: connection.error,
      protocol: name,
      protocolState,
      diagnostics,
    };
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
