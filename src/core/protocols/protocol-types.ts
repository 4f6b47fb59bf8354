import type { AgUiResumeEntry } from './ag-ui/types.js';
import type { AiSdkApprovalResponse } from './ai-sdk/wire-types.js';
import type { Decision } from '../fold/confirm-result.js';
import type { Conversation } from '../fold/conversation.js';
import type { UserConfirmResultEvent } from '../model/event.js';
import type { Msg } from '../model/message.js';

/** The wire protocols the stream client reads, by name. */
export type MessageStreamProtocolName =
  'agentscope' | 'ai-sdk' | 'ag-ui' | 'agentflow' | 'operator-use';

/**
 * What `confirm()` hands to `onConfirm`, by protocol: AgentScope's `USER_CONFIRM_RESULT` event,
 * the AI SDK's approval response (`{ id, approved, reason }`, for `addToolApprovalResponse`), or
 * AG-UI's `resume` list for the next `RunAgentInput`.
 */
export type MessageStreamAnswer =
  UserConfirmResultEvent | AiSdkApprovalResponse | readonly AgUiResumeEntry[];

/** Where a protocol's fold starts when a stream store opens it. */
export interface MessageStreamProtocolInit {
  /** Canonical messages already shown (`initialMessages`, turns added before the first frame). */
  readonly messages: readonly Msg[];
  /** History in the protocol's own format (`initialHistory`), converted by its adapter. */
  readonly history?: readonly unknown[] | undefined;
}

/**
 * A wire protocol other than AgentScope's, as the stream store drives it: `aiSdkProtocol`,
 * `agUiProtocol`, `agentFlowProtocol`, `operatorUseProtocol`. Pass one as `protocol` to
 * `useMessageStream` (the store then loads nothing), or name it and let the store import it.
 */
export interface MessageStreamProtocol<S = unknown> {
  readonly name: MessageStreamProtocolName;
  /**
   * Whether a dropped stream is reopened with `Last-Event-ID`. Only AG-UI's is: the same request
   * body with the header names the same run, which a server that keeps its runs answers from
   * after that id. The others' new request would start a new run, so a run is read once. A run
   * that ended cleanly is not reopened (a request's end is its run's end).
   */
  readonly resumable: boolean;
  /** Starts a fold of this protocol for one store. */
  open(init: MessageStreamProtocolInit): MessageStreamProtocolRun<S>;
}

/**
 * One store's fold of a protocol: frames are queued as they arrive and folded in one call when
 * the store draws a frame (`conversation()`), as AgentScope's events are.
 */
export interface MessageStreamProtocolRun<S = unknown> {
  /** Queues one frame (an object, or a text the fold reads or reports). */
  push(frame: unknown): void;
  /**
   * The fold seen as a conversation: its messages with the canonical messages added locally
   * (a protocol message with the same id wins), its diagnostics, and the calls asking the user
   * in the latest turn. The same object until something changes.
   */
  conversation(): Conversation;
  /** The protocol's own fold state (`AiSdkStreamState`, `AgUiState`, …). */
  state(): S;
  /** Adds canonical messages after what the fold holds now: the user's own turn. */
  addMessages(messages: readonly Msg[]): void;
  /** Starts over from these canonical messages. */
  reset(messages: readonly Msg[]): void;
  /** The protocol's answer to a decision; throws when the call has nothing to answer. */
  answer(decision: Decision): MessageStreamAnswer;
  /**
   * Shows a call answered here (`true` allowed, `false` denied) until the protocol's next frames
   * say what became of it, or, with `null`, asking again (the answer could not be sent).
   */
  settle(toolCallId: string, confirmed: boolean | null): void;
}
