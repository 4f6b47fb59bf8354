/*
 * react-agent-messages: React components and hooks for agent conversations, the message model they
 * render and the common fold names. Each protocol's adapter, driver and binding is in its own entry
 * (`react-agent-messages/ai-sdk`, `/ag-ui`, `/agentscope`, `/agentflow`, `/operator-use`); the rest
 * of the framework-free layer (events, stores, safety, approvals, history) is in `/core`.
 */

// The model and the common fold names from react-agent-messages/core, named one by one.
export type {
  Decision,
  ContentBlock,
  Conversation,
  DataBlock,
  Diagnostic,
  DiagnosticCode,
  ErrorBlock,
  HintBlock,
  JsonValue,
  MessageStreamProtocol,
  Msg,
  RunStatus,
  TextBlock,
  ThinkingBlock,
  ToolCallBlock,
  ToolResultBlock,
  UnknownBlock,
} from './core.js';
export { assistantMsg, MessageStreamError, userMsg } from './core.js';

export type {
  AgentMessagesConfig,
  AgentMessagesProviderProps,
  CopyFormat,
  ResolveMedia,
  SafetyOptions,
} from './components/provider/agent-messages-provider.js';
export {
  AgentMessagesProvider,
  useAgentMessagesConfig,
  useLabels,
  useUrlPolicy,
} from './components/provider/agent-messages-provider.js';
export type { Labels } from './components/labels.js';
export type {
  ActivityAction,
  ActivityRenderer,
  ActivityRendererProps,
} from './components/provider/activity-types.js';
export type { A2uiLoader } from './components/provider/a2ui-module.js';
export { createLabels, defaultLabels } from './components/labels.js';

export type { MessageBranch, MessageProps } from './components/message/message.js';
export type { MessageCallbacks } from './components/message/message-context.js';
export type { MessageTurn } from './components/message/message-turn.js';
export {
  Message,
  MessageActions,
  MessageBlocks,
  MessageFooter,
  MessageHeader,
} from './components/message/message.js';
export type { MessageActionsOptions } from './components/message-actions/action-bar.js';
export type { MessageFeedback } from './components/message-actions/feedback-buttons.js';
export type * from './components/provider/block-props.js';
export { defaultBlockComponents } from './components/message/block-list.js';
export type { BlockContextValue } from './components/provider/block-context.js';
export { useBlockContext } from './components/provider/block-context.js';

export type { TextBlockViewProps } from './components/blocks/text/text-block-view.js';
export { TextBlockView } from './components/blocks/text/text-block-view.js';
export type { MathPlugins } from './markdown/parse/math.js';
export type { HighlightOptions } from './components/provider/highlight-options.js';
export { defaultHighlightLanguages } from './components/provider/highlight-defaults.js';
export type { ThinkingBlockViewProps } from './components/blocks/thinking/thinking-block-view.js';
export { ThinkingBlockView } from './components/blocks/thinking/thinking-block-view.js';
export type { DataBlockViewProps } from './components/media/data-block-view.js';
export { DataBlockView } from './components/media/data-block-view.js';
export type { HintBlockViewProps } from './components/blocks/hint/hint-block-view.js';
export { HintBlockView } from './components/blocks/hint/hint-block-view.js';
export type {
  ToolCallCardArgsProps,
  ToolCallCardContentProps,
  ToolCallCardHeaderProps,
  ToolCallCardProps,
  ToolCallCardResultProps,
  ToolCallCardSummaryProps,
} from './components/blocks/tool-call-card/tool-call-card.js';
export {
  ToolCallCard,
  ToolCallCardArgs,
  ToolCallCardContent,
  ToolCallCardElapsed,
  ToolCallCardHeader,
  ToolCallCardResult,
  ToolCallCardStatus,
  ToolCallCardSummary,
} from './components/blocks/tool-call-card/tool-call-card.js';
export type { ToolResultViewProps } from './components/blocks/tool-call-card/tool-result-view.js';
export { ToolResultView } from './components/blocks/tool-call-card/tool-result-view.js';
export type { ErrorBlockViewProps } from './components/blocks/error/error-block-view.js';
export { ErrorBlockView } from './components/blocks/error/error-block-view.js';
export type { UnknownBlockViewProps } from './components/blocks/unknown/unknown-block-view.js';
export { UnknownBlockView } from './components/blocks/unknown/unknown-block-view.js';
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

export type { UseMessageStreamOptions } from './use-message-stream/use-message-stream-options.js';
export type { UseMessageStreamResult } from './use-message-stream/use-message-stream.js';
export { useMessageStream } from './use-message-stream/use-message-stream.js';

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
