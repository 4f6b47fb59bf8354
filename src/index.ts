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
export * from './components/labels.js';
export type * from './components/provider/activity-types.js';
export type { A2uiLoader } from './components/provider/a2ui-module.js';

export * from './components/message/message.js';
export type { MessageCallbacks } from './components/message/message-context.js';
export type { MessageTurn } from './components/message/message-turn.js';
export type { MessageActionsOptions } from './components/message-actions/action-bar.js';
export type { MessageFeedback } from './components/message-actions/feedback-buttons.js';
export type * from './components/provider/block-props.js';
export { defaultBlockComponents } from './components/message/block-list.js';
export type { BlockContextValue } from './components/provider/block-context.js';
export { useBlockContext } from './components/provider/block-context.js';

export * from './components/blocks/text/text-block-view.js';
export type { MathPlugins } from './markdown/parse/math.js';
export type { HighlightOptions } from './components/provider/highlight-options.js';
export { defaultHighlightLanguages } from './components/provider/highlight-defaults.js';
export * from './components/blocks/thinking/thinking-block-view.js';
export * from './components/media/data-block-view.js';
export * from './components/blocks/hint/hint-block-view.js';
export * from './components/blocks/tool-call-card/tool-call-card.js';
export * from './components/blocks/tool-call-card/tool-result-view.js';
export * from './components/blocks/error/error-block-view.js';
export * from './components/blocks/unknown/unknown-block-view.js';
export * from './components/confirmation-prompt/confirmation-prompt.js';
export * from './components/approval-rules/approval-rules.js';
export * from './components/confirmation-prompt/interrupt-prompt.js';
export * from './components/composer/composer.js';
export * from './components/branch-picker/branch-picker.js';

export type { UseMessageStreamOptions } from './use-message-stream/use-message-stream-options.js';
export * from './use-message-stream/use-message-stream.js';

export * from './components/message-list/message-list.js';
export type * from './components/message-list/search-types.js';
export { useMessageSearch } from './components/message-list/use-message-search.js';
export type { StatusSlot } from './components/message-list/list-status.js';
export type { RenderMessage } from './components/message-list/message-list-row.js';
export type { FormatAnnouncement } from './components/message-list/live-announcer.js';
