/*
 * react-agent-messages/core: the model, the event fold, stream decoding and adapters.
 * Nothing here imports React or touches the DOM: it runs in Node, a worker or a server.
 */

export type {
  Base64Source,
  BlockBase,
  Citation,
  ContentBlock,
  ContentBlockType,
  DataBlock,
  DataSource,
  ErrorBlock,
  FileIdSource,
  HintBlock,
  TextBlock,
  ThinkingBlock,
  ToolCallBlock,
  ToolCallState,
  ToolResultBlock,
  ToolResultState,
  UnknownBlock,
  UrlSource,
} from './core/model/block.js';
export { TOOL_CALL_STATES, TOOL_RESULT_STATES } from './core/model/block.js';
export type {
  AgentEvent,
  AgentEventOf,
  AgentEventType,
  BlockEventBase,
  ConfirmResult,
  CustomEvent,
  DataBlockDeltaEvent,
  DataBlockEndEvent,
  DataBlockStartEvent,
  EventBase,
  ExceedMaxItersEvent,
  ExternalExecutionResultEvent,
  HintBlockEvent,
  ModelCallEndEvent,
  ModelCallStartEvent,
  ReplyEndEvent,
  ReplyStartEvent,
  RequireExternalExecutionEvent,
  ReplyEventBase,
  RequireUserConfirmEvent,
  TextBlockDeltaEvent,
  TextBlockEndEvent,
  TextBlockStartEvent,
  ThinkingBlockDeltaEvent,
  ThinkingBlockEndEvent,
  ThinkingBlockStartEvent,
  ToolCallDeltaEvent,
  ToolCallEndEvent,
  ToolCallStartEvent,
  ToolEventBase,
  ToolResultDataDeltaEvent,
  ToolResultEndEvent,
  ToolResultStartEvent,
  ToolResultTextDeltaEvent,
  UserConfirmResultEvent,
  UserInterruptEvent,
} from './core/model/event.js';
export { AGENT_EVENT_TYPES } from './core/model/event.js';
export type { JsonObject, JsonValue } from './core/model/json.js';
export type {
  ErrorInfo,
  ErrorType,
  Msg,
  MsgList,
  ReplyFinishedReason,
  Role,
  Usage,
} from './core/model/message.js';
export { REPLY_FINISHED_REASONS } from './core/model/message.js';
export type { PermissionBehavior, PermissionRule } from './core/model/permission.js';
export type { BlockInit, MsgInit } from './core/model/factories.js';
export {
  assistantMsg,
  base64Source,
  dataBlock,
  hintBlock,
  systemMsg,
  textBlock,
  thinkingBlock,
  toolCallBlock,
  toolResultBlock,
  userMsg,
} from './core/model/factories.js';
export { currentTimestamp, generateId } from './core/model/ids.js';
export { parseTimestamp } from './core/model/time.js';
export type { ParseResult } from './core/model/parse/field-reader.js';
export { parseAgentEvent } from './core/model/parse/event-reader.js';
export { parseContentBlock } from './core/model/parse/block-reader.js';
export { parseMsg, validateMsg } from './core/model/parse/message-reader.js';

export { appendEvent } from './core/events/append-event.js';
export type { Conversation, PendingConfirmation } from './core/events/conversation.js';
export {
  appendMessages,
  createConversation,
  foldEvents,
  reduceConversation,
} from './core/events/conversation.js';
export type { Diagnostic, DiagnosticKind } from './core/events/diagnostic.js';
export type { ReplyStatus } from './core/events/reply-status.js';
export { getReplyStatus } from './core/events/reply-status.js';
export type { ConfirmDecision, Decision } from './core/events/confirm-result.js';
export { createConfirmResult } from './core/events/confirm-result.js';

export type {
  AbortSignalLike,
  EventStream,
  ReadEventStreamOptions,
} from './core/stream/read-event-stream.js';
export { readEventStream } from './core/stream/read-event-stream.js';
export type {
  ByteStream,
  ByteStreamReader,
  EventStreamSource,
  ResponseLike,
} from './core/stream/byte-source.js';
export type { StreamDiagnostic } from './core/stream/diagnostic.js';

export type { UrlDecision, UrlPolicyOptions, UrlUse } from './core/safety/url-policy.js';
export { checkUrl, isPrivateHost, toDataUrl } from './core/safety/url-policy.js';
export type { MediaKind } from './core/safety/media-type.js';
export { isSafeInlineType, mediaKindOf, normalizeMediaType } from './core/safety/media-type.js';
export { hasInvisibleCharacters, revealInvisible } from './core/safety/invisible.js';

export type {
  AgentFlowDiagnostic,
  AgentFlowInterrupt,
  AgentFlowMessageResult,
  AgentFlowMessagesResult,
  AgentFlowStreamState,
  AgentFlowStreamStatus,
} from './core/adapters/agentflow/index.js';
export {
  createAgentFlowStreamState,
  foldAgentFlowStream,
  fromAgentFlowMessage,
  fromAgentFlowMessages,
  isAgentFlowMediaUrl,
  reduceAgentFlowChunk,
} from './core/adapters/agentflow/index.js';
export type {
  OperatorUseEventState,
  OperatorUseMessageResult,
  OperatorUseNotice,
  OperatorUseRunStatus,
  OperatorUseSessionHeaderInfo,
  OperatorUseSessionResult,
} from './core/adapters/operator-use/index.js';
export {
  createOperatorUseEventState,
  foldOperatorUseEvents,
  fromOperatorUseMessage,
  fromOperatorUseSession,
  reduceOperatorUseEvent,
} from './core/adapters/operator-use/index.js';
export type { AgentScopeMsgResult } from './core/adapters/agentscope/index.js';
export { fromAgentScopeMsg } from './core/adapters/agentscope/index.js';
