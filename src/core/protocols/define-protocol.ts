import type { Decision } from '../fold/confirm-result.js';
import type { Conversation } from '../fold/conversation.js';
import type { DiagnosticCode } from '../fold/diagnostic-code.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { Msg } from '../model/message.js';
import type { PinnedMessage } from './conversation-view.js';
import { conversationView, mergePinned, showAnswered } from './conversation-view.js';
import type {
  MessageStreamAnswer,
  MessageStreamProtocol,
  MessageStreamProtocolName,
  MessageStreamProtocolRun,
} from './protocol-types.js';

/** How one protocol's adapter folds a stream: what `defineProtocol` turns into a driver. */
export interface ProtocolFold<S> {
  readonly name: MessageStreamProtocolName;
  /** The fold's first state: empty, or holding history in the protocol's own format. */
  createState(history: readonly unknown[] | undefined): S;
  /** Folds the frames of one animation frame in one call. */
  fold(state: S, frames: readonly unknown[]): S;
  messages(state: S): readonly Msg[];
  /** What the fold (and the history conversion) repaired or skipped. */
  diagnostics(state: S): readonly Diagnostic<DiagnosticCode>[];
  /** The protocol's answer to a decision, or null when the call cannot be answered. */
  answer(decision: Decision, state: S): MessageStreamAnswer | null;
  /** Whether a dropped run is reopened with `Last-Event-ID` (see `MessageStreamProtocol`). */
  readonly resumable?: boolean;
}

/** A driver for the stream store from an adapter's fold; not resumable unless the fold says so. */
export function defineProtocol<S>(fold: ProtocolFold<S>): MessageStreamProtocol<S> {
  return {
    name: fold.name,
    resumable: fold.resumable === true,
    open: (init) => new ProtocolRun(fold, init.messages, init.history),
  };
}

/* -------------------------------------------------------------------------------------------------
 * ProtocolRun
 * -----------------------------------------------------------------------------------------------*/

class ProtocolRun<S> implements MessageStreamProtocolRun<S> {
  private current: S;
  private queue: unknown[] = [];
  private frames = 0;
  /** Canonical messages added here (history, the user's turns), with where they go. */
  private pinned: readonly PinnedMessage[] = [];
  /** Calls answered here that the fold still shows asking: tool call id → allowed. */
  private answered: ReadonlyMap<string, boolean> = new Map();
  private view: Conversation | null = null;
  /** What `view` was built from: a fold state, a pinned list and the answered calls. */
  private viewOf: readonly [S, readonly PinnedMessage[], ReadonlyMap<string, boolean>] | null =
    null;

  constructor(
    private readonly fold: ProtocolFold<S>,
    messages: readonly Msg[],
    history: readonly unknown[] | undefined,
  ) {
    this.current = fold.createState(history);
    this.addMessages(messages);
  }

  push(frame: unknown): void {
    this.queue.push(frame);
  }

  state(): S {
    this.flush();
    return this.current;
  }

  conversation(): Conversation {
    const state = this.state();
    const { pinned, answered, viewOf } = this;
    if (
      this.view !== null &&
      viewOf !== null &&
      viewOf[0] === state &&
      viewOf[1] === pinned &&
      viewOf[2] === answered
    ) {
      return this.view;
    }
    const { fold } = this;
    const messages = showAnswered(mergePinned(fold.messages(state), pinned), answered);
    this.view = conversationView(messages, fold.diagnostics(state), this.frames);
    this.viewOf = [state, pinned, answered];
    return this.view;
  }

  addMessages(messages: readonly Msg[]): void {
    if (messages.length === 0) return;
    const last = this.pinned.at(-1)?.after ?? 0;
    // Never before a message pinned earlier: a snapshot may have shrunk the fold meanwhile.
    const after = Math.max(last, this.fold.messages(this.state()).length);
    const ids = new Set(messages.map((msg) => msg.id));
    this.pinned = [
      ...this.pinned.filter((entry) => !ids.has(entry.msg.id)),
      ...messages.map((msg) => ({ after, msg })),
    ];
  }

  reset(messages: readonly Msg[]): void {
    this.queue = [];
    this.current = this.fold.createState(undefined);
    this.pinned = messages.map((msg) => ({ after: 0, msg }));
  }

  answer(decision: Decision): MessageStreamAnswer {
    const answer = this.fold.answer(decision, this.state());
    if (answer !== null) return answer;
    const { id } = decision.toolCall;
    throw new Error(
      `useMessageStream: tool call "${id}" has nothing to answer in ${this.fold.name}`,
    );
  }

  settle(toolCallId: string, confirmed: boolean | null): void {
    const answered = new Map(this.answered);
    if (confirmed === null) answered.delete(toolCallId);
    else answered.set(toolCallId, confirmed);
    this.answered = answered;
  }

  /** Folds the queued frames in one call. */
  private flush(): void {
    const frames = this.queue;
    if (frames.length === 0) return;
    this.queue = [];
    this.frames += frames.length;
    this.current = this.fold.fold(this.current, frames);
  }
}
