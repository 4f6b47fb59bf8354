/*
 * react-agent-messages: React components and hooks for agent conversations.
 * Everything from `react-agent-messages/core` is re-exported, so one import serves an app.
 */

export * from './core.js';

export type {
  AgentMessagesConfig,
  AgentMessagesProviderProps,
  ResolveMedia,
  SafetyOptions,
} from './react/agent-messages-provider.js';
export {
  AgentMessagesProvider,
  useAgentMessagesConfig,
  useLabels,
  useUrlPolicy,
} from './react/agent-messages-provider.js';
export type { Labels } from './components/labels.js';
export { createLabels, defaultLabels } from './components/labels.js';

export type { MessageProps } from './components/message/message.js';
export { Message } from './components/message/message.js';
export type {
  BlockComponents,
  BlockProps,
  ToolDisplay,
  ToolEntry,
  ToolRenderer,
  ToolRendererProps,
} from './components/message/block-props.js';
export { defaultBlockComponents } from './components/message/message-blocks.js';

export type { TextBlockViewProps } from './components/text-block/text-block-view.js';
export { TextBlockView } from './components/text-block/text-block-view.js';
export type { MathPlugins } from './components/text-block/math.js';
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
export type { DataBlockViewProps } from './components/data-block/data-block-view.js';
export { DataBlockView } from './components/data-block/data-block-view.js';
export type { HintBlockViewProps } from './components/hint-block/hint-block-view.js';
export { HintBlockView } from './components/hint-block/hint-block-view.js';
export type { ToolCallCardProps } from './components/tool-call-card/tool-call-card.js';
export { ToolCallCard } from './components/tool-call-card/tool-call-card.js';
export type { ToolResultViewProps } from './components/tool-result/tool-result-view.js';
export { ToolResultView } from './components/tool-result/tool-result-view.js';
export type { ErrorBlockViewProps } from './components/error-block/error-block-view.js';
export { ErrorBlockView } from './components/error-block/error-block-view.js';
export type { UnknownBlockViewProps } from './components/unknown-block/unknown-block-view.js';
export { UnknownBlockView } from './components/unknown-block/unknown-block-view.js';
export type { ConfirmationPromptProps } from './components/confirmation-prompt/confirmation-prompt.js';
export { ConfirmationPrompt } from './components/confirmation-prompt/confirmation-prompt.js';

export type {
  UseMessageStreamOptions,
  UseMessageStreamResult,
} from './react/use-message-stream.js';
export { useMessageStream } from './react/use-message-stream.js';
export type {
  MessageStreamConnect,
  MessageStreamInput,
  MessageStreamSource,
} from './react/open-source.js';
export { MessageStreamError } from './react/open-source.js';
export type { ReconnectOptions } from './react/backoff.js';
export type { MessageStreamStatus } from './react/stream-status.js';

export type {
  ListScrollBehavior,
  MessageListHandle,
  MessageListProps,
} from './components/message-list/message-list.js';
export type { StatusSlot } from './components/message-list/list-status.js';
export { MessageList } from './components/message-list/message-list.js';
export type { RenderMessage } from './components/message-list/message-list-row.js';
export type { FormatAnnouncement } from './components/message-list/live-announcer.js';
export type { ListAnnouncement, OpenReplyStatus } from './components/message-list/announcements.js';
