import type { Decision } from '../fold/confirm-result.js';
import type { Conversation } from '../fold/conversation.js';
import type { AgentEvent } from '../model/event.js';
import type { Msg } from '../model/message.js';
import { ApprovalAutopilot } from './approval-autopilot.js';
import type { DevtoolsTap } from './devtools-hook.js';
import { devtoolsNow, openDevtoolsTap } from './devtools-hook.js';
import type { FrameBatcher } from './frame-batcher.js';
import { createFrameBatcher, FRAME_FALLBACK_MS } from './frame-batcher.js';
import type { MessageStreamOptions } from './message-stream-options.js';
import type { MessageStreamSnapshot, MessageStreamStore } from './message-stream-store-types.js';
import { guard, toError } from './platform.js';
import type { MessageStreamAnswer, MessageStreamProtocolRun } from '../protocols/protocol-types.js';
import { ProtocolSlot } from './protocol-slot.js';
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
  private snapshot: MessageStreamSnapshot<S>;
  private dirty = false;
  private readonly listeners = new Set<() => void>();
  private readonly batcher: FrameBatcher;
  private readonly connection: StreamConnection;
  /** The wire protocol, and the driver folding it. */
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
    this.protocol = new ProtocolSlot(
      {
        options: () => this.options,
        changed: () => this.markDirty(),
        report: (cause) => this.report(cause),
        listening: () => Boolean(this.options.onEvent ?? this.options.onCustomEvent),
        applied: (event) => {
          const { onEvent, onCustomEvent } = this.options;
          if (onEvent) guard(() => onEvent(event));
          if (onCustomEvent && event.type === 'CUSTOM') guard(() => onCustomEvent(event));
        },
        skipped: (diagnostic) => {
          const { onDiagnostic } = this.options;
          if (onDiagnostic) guard(() => onDiagnostic(diagnostic));
        },
        made: (event) => {
          this.tap?.app?.('event', event);
          this.markDirty();
        },
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
        perRun: () => !this.protocol.reopensWhenEnded,
      },
      options.initialConversation?.lastEventId ?? null,
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
      this.protocol.append(event);
    }
    this.markDirty();
  };

  addMessages = (messages: Msg | readonly Msg[]): void => {
    const list: readonly Msg[] = isMessageList(messages) ? messages : [messages];
    this.tap?.app?.('add', list);
    this.protocol.run.addMessages(list);
    this.markDirty();
  };

  reset = (messages: readonly Msg[] = []): void => {
    this.tap?.app?.('reset', messages);
    this.protocol.run.reset(messages);
    this.markDirty();
  };

  confirm = (decision: Decision): Promise<void> =>
    this.send(this.autopilot.userDecision(decision), this.options.optimistic ?? false);

  /** Builds the protocol's answer to a decision and hands it to `onConfirm` (shown first if `optimistic`). */
  private send = async (decision: Decision, optimistic: boolean): Promise<void> => {
    const { onConfirm } = this.options;
    const { id } = decision.toolCall;
    const { run } = this.protocol;
    let answer: MessageStreamAnswer;
    try {
      if (!onConfirm) throw new Error('useMessageStream: confirm() needs an `onConfirm` transport');
      // While a driver loads nothing asks: a call to answer comes from elsewhere.
      if (!this.protocol.ready) throw new TypeError('useMessageStream: nothing to answer yet');
      answer = run.answer(decision);
    } catch (error) {
      throw this.report(error);
    }
    this.tap?.decision(id, decision.confirmed, answer);
    if (optimistic) this.settle(run, id, decision.confirmed);
    try {
      await onConfirm(answer);
    } catch (error) {
      // The answer never left: the call asks the user again.
      if (optimistic) this.settle(run, id, null);
      throw this.report(error);
    }
  };

  /* -----------------------------------------------------------------------------------------------
   * Folding and publishing
   * ---------------------------------------------------------------------------------------------*/

  /** Settles a call here, ahead of (or undoing) the server's word, as the devtools record it. */
  private settle(run: MessageStreamProtocolRun, toolCallId: string, allowed: boolean | null): void {
    this.tap?.app?.('settle', { toolCallId, allowed });
    run.settle(toolCallId, allowed);
    this.markDirty();
  }

  private markDirty(): void {
    this.dirty = true;
    this.batcher.schedule();
  }

  private commit(): void {
    const began = this.tap && devtoolsNow();
    // The policy's answers fold before anyone sees the prompt they make unnecessary.
    this.autopilot.review(() => this.view());
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

  /** What the snapshot shows: the driver's fold. */
  private view(): Conversation {
    return this.protocol.run.conversation();
  }

  private createSnapshot(): MessageStreamSnapshot<S> {
    const { connection, protocol } = this;
    const conversation = this.view();
    const status = deriveStatus(connection.state, conversation, connection.oneShot);
    const { name, run, diagnostics } = protocol;
    // The run is the driver `options.protocol` gave (typed `S`), or one loaded by name (`unknown`).
    const protocolState = run.state() as S | null;
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

function isEventList(value: AgentEvent | readonly AgentEvent[]): value is readonly AgentEvent[] {
  return Array.isArray(value);
}

function isMessageList(value: Msg | readonly Msg[]): value is readonly Msg[] {
  return Array.isArray(value);
}
