export { fromAgentFlowMessage, fromAgentFlowMessages } from './messages.js';
export type { AgentFlowMessageResult, AgentFlowMessagesResult } from './messages.js';
export { createAgentFlowStreamState, foldAgentFlowStream, reduceAgentFlowChunk } from './stream.js';
export type {
  AgentFlowInterrupt,
  AgentFlowStreamState,
  AgentFlowStreamStatus,
} from './stream-work.js';
export { isAgentFlowMediaUrl } from './media.js';
export type {
  AgentFlowAgentState,
  AgentFlowAnnotationBlock,
  AgentFlowAnnotationRef,
  AgentFlowAudioBlock,
  AgentFlowContentBlock,
  AgentFlowDataBlock,
  AgentFlowDocumentBlock,
  AgentFlowDocumentedAnnotationBlock,
  AgentFlowDocumentedBlock,
  AgentFlowDocumentedErrorBlock,
  AgentFlowDocumentedReasoningBlock,
  AgentFlowDocumentedToolResultBlock,
  AgentFlowErrorBlock,
  AgentFlowExecutionMeta,
  AgentFlowImageBlock,
  AgentFlowInterruptPayload,
  AgentFlowMediaKind,
  AgentFlowMediaRef,
  AgentFlowMessage,
  AgentFlowReasoningBlock,
  AgentFlowRemoteToolCallBlock,
  AgentFlowRole,
  AgentFlowStreamChunk,
  AgentFlowStreamEvent,
  AgentFlowTextBlock,
  AgentFlowTokenUsages,
  AgentFlowToolCallBlock,
  AgentFlowToolResultBlock,
  AgentFlowToolResultStatus,
  AgentFlowVideoBlock,
} from './wire-types.js';
