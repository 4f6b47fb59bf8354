export { createAiSdkMessageConverter } from './converter.js';
export type { AiSdkMessageConverter } from './converter.js';
export { fromAiSdkMessage, fromAiSdkMessages } from './messages.js';
export type { AiSdkMessagesOptions, AiSdkMessagesResult } from './messages.js';
export { createAiSdkSseDecoder } from './sse.js';
export type { AiSdkSseDecoder } from './sse.js';
export { createAiSdkStreamState, foldAiSdkStream, reduceAiSdkChunk } from './stream.js';
export type { AiSdkFoldOptions } from './stream.js';
export type { AiSdkStreamState, AiSdkStreamStatus } from './stream-state.js';
export { aiSdkToolInfo, createAiSdkApprovalResponse } from './tool-state.js';
export type { AiSdkApprovalDecision, AiSdkToolCallBlock } from './tool-state.js';
export { AI_SDK_TOOL_STATES } from './wire-types.js';
export type {
  AiSdkApprovalResponse,
  AiSdkChunkLike,
  AiSdkToolApproval,
  AiSdkToolInfo,
  AiSdkToolState,
  AiSdkTransientData,
  AiSdkUIMessageLike,
} from './wire-types.js';
