import type { AgUiResumeEntry } from './ag-ui/types.js';
import type { AiSdkApprovalResponse } from './ai-sdk/wire-types.js';
import type { Decision } from '../fold/confirm-result.js';
import type { AgentScopeConversation, Conversation } from '../fold/conversation.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { AgentEvent, UserConfirmResultEvent } from '../model/event.js';
import type { StreamDiagnosticCode } from '../stream/diagnostic.js';
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
  /** A folded conversation to go on from (`initialConversation`), for a fold of AgentScope events. */
  readonly conversation?: AgentScopeConversation | undefined;
  /** Where the fold tells the store what it did beside its view. */
  readonly host?: MessageStreamProtocolHost | undefined;
}

/**
 * What a protocol's fold can tell the store it runs in, beside the conversation it shows. Only
 * AgentScope's fold uses it today: its events are the ones `onEvent` hears.
 */
export interface MessageStreamProtocolHost {
  /** Whether the app listens to applied events: telling which were applied costs a fold each. */
  listening(): boolean;
  /** An event the fold applied (not a replay or a duplicate), in order. */
  applied(event: AgentEvent): void;
  /** A frame that is no event of the protocol, skipped. */
  skipped(diagnostic: Diagnostic<StreamDiagnosticCode>): void;
  /** An event the fold made itself (an answer shown before the server's), for the devtools. */
  made(event: AgentEvent): void;
}

/**
 * A wire protocol as the stream store drives it: `agentScopeProtocol` (the store's default),
 * `aiSdkProtocol`, `agUiProtocol`, `agentFlowProtocol`, `operatorUseProtocol`. Pass one as
 * `protocol` to `useMessageStream` (the store then loads nothing), or name it and let the store
 * import it.
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
  /**
   * Whether a stream that ended cleanly is reopened while a reply is still open: AgentScope's
   * (a session's stream outlives its requests). Otherwise a request's end is its run's end.
   */
  readonly reopensWhenEnded?: boolean | undefined;
  /** Starts a fold of this protocol for one store. */
  open(init: MessageStreamProtocolInit): MessageStreamProtocolRun<S>;
}

/**
 * One store's fold of a protocol: frames are queued as they arrive and folded in one call when
 * the store draws a frame (`conversation()`), as AgentScope's events are.
 */
export interface MessageStreamProtocolRun<S = unknown> {
  /**
   * Queues one frame (an object, or a text the fold reads or reports), with its text as it
   * arrived; a frame the app made (`append`) has no `raw` and is folded as it is.
   */
  push(frame: unknown, raw?: unknown): void;
  /** The id the frames pushed last carried, for `Last-Event-ID`, where they carry their own. */
  lastEventId?(): string | null;
  /**
   * The fold seen as a conversation: its messages with the canonical messages added locally
   * (a protocol message with the same id wins), its diagnostics, and the calls asking the user
   * in the latest turn. The same object until something changes.
   */
  conversation(): Conversation;
  /** The protocol's own fold state (AgentScope's conversation, `AiSdkStreamState`, `AgUiState`, …). */
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
