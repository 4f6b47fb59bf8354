/*
 * react-agent-messages: React components and hooks for agent conversations.
 * Everything from `react-agent-messages/core` is re-exported, so one import serves an app.
 */

// Everything from react-agent-messages/core, named one by one so this entry's surface is explicit.
export type {
  AbortSignalLike,
  AddRuleOptions,
  AgentEvent,
  AgentEventOf,
  AgentEventType,
  AgentFlowInterrupt,
  AgentFlowMessageResult,
  AgentFlowMessagesResult,
  AgentFlowStreamState,
  AgentScopeMsgResult,
  AgUiActivity,
  AgUiCustomEvent,
  AgUiFormError,
  AgUiFormField,
  AgUiFormOption,
  AgUiFormResult,
  AgUiInterrupt,
  AgUiMessagesResult,
  AgUiRawEvent,
  AgUiResumeEntry,
  AgUiRun,
  AgUiRunStatus,
  AgUiSseResult,
  AgUiState,
  AgUiStep,
  AgUiSubagent,
  AiSdkApprovalResponse,
  AiSdkChunkLike,
  AiSdkFoldOptions,
  AiSdkMessageConverter,
  AiSdkMessagesOptions,
  AiSdkMessagesResult,
  AiSdkSseDecoder,
  AiSdkStreamState,
  AiSdkStreamStatus,
  AiSdkToolApproval,
  AiSdkToolCallBlock,
  AiSdkToolInfo,
  AiSdkToolState,
  AiSdkTransientData,
  AiSdkUIMessageLike,
  ApprovalDiagnostic,
  ApprovalDiagnosticCode,
  ApprovalDiagnosticReporter,
  ApprovalLogEntry,
  ApprovalPolicy,
  ApprovalPolicyOptions,
  ApprovalPolicySnapshot,
  ApprovalRecord,
  ApprovalResult,
  ApprovalRule,
  ApprovalScope,
  ApprovalStorage,
  ArgumentsMatcher,
  Base64Source,
  BlockBase,
  BlockEventBase,
  BlockInit,
  ByteStream,
  ByteStreamReader,
  Citation,
  ConfirmResult,
  ConfirmTransport,
  ContentBlock,
  ContentBlockType,
  Conversation,
  CustomEvent,
  DataBlock,
  DataBlockDeltaEvent,
  DataBlockEndEvent,
  DataBlockStartEvent,
  DataPart,
  DataSource,
  Decision,
  Diagnostic,
  DiagnosticCode,
  ErrorBlock,
  ErrorInfo,
  ErrorType,
  EventBase,
  EventStream,
  EventStreamSource,
  ExceedMaxItersEvent,
  ExternalExecutionResultEvent,
  FetchLike,
  FileIdSource,
  FoldDiagnosticCode,
  FrameScheduler,
  HintBlock,
  HintBlockEvent,
  JsonFields,
  JsonFieldState,
  JsonObject,
  JsonPatchResult,
  JsonPath,
  JsonPathKey,
  JsonValue,
  KeyValueStorage,
  MediaKind,
  MessageStreamAnswer,
  MessageStreamConnect,
  MessageStreamInput,
  MessageStreamOptions,
  MessageStreamProtocol,
  MessageStreamProtocolInit,
  MessageStreamProtocolName,
  MessageStreamProtocolRun,
  MessageStreamSnapshot,
  MessageStreamSource,
  RunStatus,
  MessageStreamStore,
  ModelCallEndEvent,
  ModelCallStartEvent,
  Msg,
  MsgInit,
  MsgList,
  OperatorUseEventState,
  OperatorUseMessageResult,
  OperatorUseNotice,
  OperatorUseAlternative,
  OperatorUseBranches,
  OperatorUseBranchPosition,
  OperatorUseSessionHeaderInfo,
  OperatorUseSessionOptions,
  OperatorUseSessionResult,
  ParseResult,
  PartialJson,
  PartialJsonError,
  PartialJsonOptions,
  PendingConfirmation,
  PermissionBehavior,
  PermissionRule,
  PlatformAbortSignal,
  PlatformFetch,
  PlatformRequestInit,
  PlatformUrl,
  ProposalOptions,
  ReadEventStreamOptions,
  ReconnectOptions,
  ReplyEndEvent,
  ReplyEventBase,
  ReplyFinishedReason,
  ReplyStartEvent,
  RequestInitLike,
  RequireExternalExecutionEvent,
  RequireUserConfirmEvent,
  ResponseLike,
  Role,
  StreamDiagnosticCode,
  TextBlock,
  TextBlockDeltaEvent,
  TextBlockEndEvent,
  TextBlockStartEvent,
  ThinkingBlock,
  ThinkingBlockDeltaEvent,
  ThinkingBlockEndEvent,
  ThinkingBlockStartEvent,
  ToolCallBlock,
  ToolCallDeltaEvent,
  ToolCallEndEvent,
  ToolCallStartEvent,
  ToolCallState,
  ToolEventBase,
  ToolResultBlock,
  ToolResultDataDeltaEvent,
  ToolResultEndEvent,
  ToolResultStartEvent,
  ToolResultState,
  ToolResultTextDeltaEvent,
  UnknownBlock,
  UrlDecision,
  UrlLike,
  UrlPolicyOptions,
  UrlSource,
  UrlUse,
  Usage,
  UserConfirmResultEvent,
  UserInterruptEvent,
} from './core.js';
export {
  AGENT_EVENT_TYPES,
  AI_SDK_TOOL_STATES,
  agentFlowProtocol,
  agUiProtocol,
  aiSdkProtocol,
  aiSdkToolInfo,
  appendEvent,
  appendMessages,
  applyJsonPatch,
  assistantMsg,
  base64Source,
  checkUrl,
  createAgentFlowStreamState,
  buildAgUiFormPayload,
  createAgUiResume,
  createAgUiState,
  createAiSdkApprovalResponse,
  createAiSdkMessageConverter,
  createAiSdkSseDecoder,
  createAiSdkStreamState,
  createApprovalPolicy,
  createConfirmResult,
  createConversation,
  createLocalStorageApprovalStorage,
  createMemoryApprovalStorage,
  createMessageStreamStore,
  createOperatorUseEventState,
  currentTimestamp,
  dataBlock,
  foldAgentFlowStream,
  foldAgUiEvents,
  foldAiSdkStream,
  foldEvents,
  foldOperatorUseEvents,
  fromAgentFlowMessage,
  fromAgentFlowMessages,
  fromAgentScopeMsg,
  fromAgUiMessages,
  fromAiSdkMessage,
  fromAiSdkMessages,
  fromOperatorUseMessage,
  fromOperatorUseSession,
  operatorUseBranches,
  generateId,
  getReplyStatus,
  hasInvisibleCharacters,
  hintBlock,
  isAgentFlowMediaUrl,
  isPrivateHost,
  isSafeInlineType,
  mediaKindOf,
  MessageStreamError,
  normalizeMediaType,
  operatorUseProtocol,
  parseAgentEvent,
  parseAgUiSse,
  parseContentBlock,
  parseMsg,
  parseTimestamp,
  readAgUiResponseForm,
  readDataPart,
  readPartialJson,
  proposalsFor,
  readEventStream,
  recordDecision,
  reduceAgentFlowChunk,
  reduceAgUiEvent,
  reduceAiSdkChunk,
  reduceConversation,
  reduceOperatorUseEvent,
  REPLY_FINISHED_REASONS,
  revealInvisible,
  standaloneAgUiInterrupts,
  systemMsg,
  textBlock,
  thinkingBlock,
  toDataUrl,
  TOOL_CALL_STATES,
  TOOL_RESULT_STATES,
  toolCallBlock,
  toolResultBlock,
  userMsg,
  validateMsg,
} from './core.js';

export type {
  AgentMessagesConfig,
  AgentMessagesProviderProps,
  ResolveMedia,
  SafetyOptions,
} from './components/toolkit/agent-messages-provider.js';
export {
  AgentMessagesProvider,
  useAgentMessagesConfig,
  useLabels,
  useUrlPolicy,
} from './components/toolkit/agent-messages-provider.js';
export type { Labels } from './components/labels.js';
export type { ApprovalLabels } from './components/approval-labels.js';
export type { ChatLabels } from './components/chat-labels.js';
export type { ProtocolLabels } from './components/protocol-labels.js';
export * from './components/activity/public-types.js';
export * from './core/history/index.js';
export type * from './components/mcp-app/public-types.js';
export { createLabels, defaultLabels } from './components/labels.js';

export type { MessageBranch, MessageProps } from './components/message/message.js';
export type { MessageTurn } from './components/message/message-turn.js';
export { Message } from './components/message/message.js';
export type { MessageActionsOptions } from './components/message-actions/message-actions.js';
export type { MessageFeedback } from './components/message-actions/feedback-buttons.js';
export type { CopyFormat } from './components/message-actions/message-text.js';
export type {
  BlockComponents,
  BlockProps,
  BlockViewProps,
  DataRenderer,
  DataRendererProps,
  ToolDisplay,
  ToolEntry,
  ToolRenderer,
  ToolRendererProps,
} from './components/toolkit/block-props.js';
export { defaultBlockComponents } from './components/message/message-blocks.js';
export type { BlockContextValue } from './components/toolkit/block-context.js';
export { useBlockContext } from './components/toolkit/block-context.js';

export type { TextBlockViewProps } from './components/text-block/text-block-view.js';
export { TextBlockView } from './components/text-block/text-block-view.js';
export type { MathPlugins } from './markdown/math.js';
export type { DefaultHighlightLanguage } from './components/text-block/highlight-defaults.js';
export type {
  HighlightConfig,
  HighlightLanguageLoader,
  HighlightOptions,
  HighlightThemeLoader,
} from './components/text-block/highlight-options.js';
export {
  defaultHighlightLanguages,
  defaultHighlightThemes,
} from './components/text-block/highlight-defaults.js';
export type { ThinkingBlockViewProps } from './components/thinking-block/thinking-block-view.js';
export { ThinkingBlockView } from './components/thinking-block/thinking-block-view.js';
export type { DataBlockViewProps } from './components/toolkit/media/data-block-view.js';
export { DataBlockView } from './components/toolkit/media/data-block-view.js';
export type { HintBlockViewProps } from './components/hint-block/hint-block-view.js';
export { HintBlockView } from './components/hint-block/hint-block-view.js';
export type {
  ToolCallCardArgsProps,
  ToolCallCardContentProps,
  ToolCallCardHeaderProps,
  ToolCallCardProps,
  ToolCallCardResultProps,
  ToolCallCardSummaryProps,
} from './components/tool-call-card/tool-call-card.js';
export {
  ToolCallCard,
  ToolCallCardArgs,
  ToolCallCardContent,
  ToolCallCardElapsed,
  ToolCallCardHeader,
  ToolCallCardResult,
  ToolCallCardStatus,
  ToolCallCardSummary,
} from './components/tool-call-card/tool-call-card.js';
export type { ToolResultViewProps } from './components/tool-call-card/tool-result-view.js';
export { ToolResultView } from './components/tool-call-card/tool-result-view.js';
export type { ErrorBlockViewProps } from './components/error-block/error-block-view.js';
export { ErrorBlockView } from './components/error-block/error-block-view.js';
export type { UnknownBlockViewProps } from './components/unknown-block/unknown-block-view.js';
export { UnknownBlockView } from './components/unknown-block/unknown-block-view.js';
export type { ConfirmationPromptProps } from './components/confirmation-prompt/confirmation-prompt.js';
export { ConfirmationPrompt } from './components/confirmation-prompt/confirmation-prompt.js';
export type { ApprovalRulesProps } from './components/approval-rules/approval-rules.js';
export { ApprovalRules } from './components/approval-rules/approval-rules.js';
export type {
  InterruptAnswer,
  InterruptPromptProps,
} from './components/confirmation-prompt/interrupt-prompt.js';
export { InterruptPrompt } from './components/confirmation-prompt/interrupt-prompt.js';
export type { ComposerHandle, ComposerProps } from './components/composer/composer.js';
export { Composer } from './components/composer/composer.js';
export type { BranchPickerProps } from './components/branch-picker/branch-picker.js';
export { BranchPicker } from './components/branch-picker/branch-picker.js';

export type { UseMessageStreamOptions } from './react/use-message-stream-options.js';
export type { UseMessageStreamResult } from './react/use-message-stream.js';
export { useMessageStream } from './react/use-message-stream.js';

export type {
  JumpOptions,
  ListScrollBehavior,
  MessageListHandle,
  MessageListProps,
} from './components/message-list/message-list.js';
export type * from './components/message-list/search-types.js';
export { useMessageSearch } from './components/message-list/use-message-search.js';
export type { StatusSlot } from './components/message-list/list-status.js';
export { MessageList } from './components/message-list/message-list.js';
export type { RenderMessage } from './components/message-list/message-list-row.js';
export type { FormatAnnouncement } from './components/message-list/live-announcer.js';
export type { ListAnnouncement, OpenReplyStatus } from './components/message-list/announcements.js';
