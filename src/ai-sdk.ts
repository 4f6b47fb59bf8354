/*
 * react-agent-messages/ai-sdk: the Vercel AI SDK (v5–v7) — its adapter (UI messages and the UI message
 * stream into the canonical model), its stream driver and the React binding over `useChat`. Nothing of
 * `ai` or `@ai-sdk/react` is bundled: their shapes are read structurally.
 */

export type { Diagnostic } from './core/model/diagnostic.js';
export type { MessageStreamProtocol } from './core/protocols/protocol-types.js';
export { aiSdkProtocol } from './core/protocols/ai-sdk/driver.js';
export type { AiSdkToolCallBlock } from './core/protocols/ai-sdk/tool-state.js';
export * from './core/protocols/ai-sdk/wire-types.js';
export type { AiSdkFoldOptions } from './core/protocols/ai-sdk/stream.js';
export * from './core/protocols/ai-sdk/converter.js';
export type {
  AiSdkMessagesOptions,
  AiSdkMessagesResult,
} from './core/protocols/ai-sdk/messages.js';
export type { AiSdkStreamState } from './core/protocols/ai-sdk/stream-state.js';
export { aiSdkToolInfo, createAiSdkApprovalResponse } from './core/protocols/ai-sdk/tool-state.js';
export {
  createAiSdkStreamState,
  foldAiSdkStream,
  reduceAiSdkChunk,
} from './core/protocols/ai-sdk/stream.js';
export { fromAiSdkMessage, fromAiSdkMessages } from './core/protocols/ai-sdk/messages.js';
export { useAiSdkChat } from './bindings/ai-sdk/use-ai-sdk-chat.js';
export type * from './bindings/ai-sdk/chat-like.js';
export type * from './bindings/agent-chat.js';
