import type { MessageStreamProtocolName } from './protocol-types.js';

/*
 * Telling a stream's protocol from a frame that is not an AgentScope event (the store checks
 * that first, and loads this module only when the answer is no): each protocol's own frame
 * types. A type two protocols share (`CUSTOM`) tells nothing; the next frame decides.
 */

// Chunk types of the AI SDK UI message stream (v5 to v7); `data-*` is matched apart.
const AI_SDK = new Set(
  (
    'start finish abort error message-metadata start-step finish-step reset-step text-start ' +
    'text-delta text-end reasoning-start reasoning-delta reasoning-end reasoning-file ' +
    'source-url source-document file tool-input-start tool-input-delta tool-input-available ' +
    'tool-input-error tool-approval-request tool-approval-response tool-output-available ' +
    'tool-output-error tool-output-denied'
  ).split(' '),
);

// AG-UI 1.0 event types, and the pre-1.0 `THINKING_*` ones.
const AG_UI = new Set(
  (
    'RUN_STARTED RUN_FINISHED RUN_ERROR STEP_STARTED STEP_FINISHED TEXT_MESSAGE_START ' +
    'TEXT_MESSAGE_CONTENT TEXT_MESSAGE_END TEXT_MESSAGE_CHUNK TOOL_CALL_START TOOL_CALL_ARGS ' +
    'TOOL_CALL_END TOOL_CALL_CHUNK TOOL_CALL_RESULT REASONING_START REASONING_MESSAGE_START ' +
    'REASONING_MESSAGE_CONTENT REASONING_MESSAGE_END REASONING_MESSAGE_CHUNK REASONING_END ' +
    'REASONING_ENCRYPTED_VALUE STATE_SNAPSHOT STATE_DELTA MESSAGES_SNAPSHOT ACTIVITY_SNAPSHOT ' +
    'ACTIVITY_DELTA SUBAGENT_STARTED SUBAGENT_FINISHED SUBAGENT_ERROR THINKING_START ' +
    'THINKING_END THINKING_TEXT_MESSAGE_START THINKING_TEXT_MESSAGE_CONTENT ' +
    'THINKING_TEXT_MESSAGE_END'
  ).split(' '),
);

// Operator-Use RPC event types.
const OPERATOR_USE = new Set(
  (
    'agent_start agent_end agent_error turn_start turn_end message_start message_update ' +
    'message_end tool_execution_start tool_execution_update tool_execution_end ' +
    'tool_execution_failure'
  ).split(' '),
);

// AgentFlow `StreamChunk` events (chunks have an `event`, no `type`).
const AGENTFLOW = new Set(['message', 'state', 'updates', 'error']);

/**
 * The protocol a frame that is not an AgentScope event belongs to, or null when it tells
 * nothing (junk, an unknown or shared type). Never throws.
 */
export function detectProtocol(
  frame: unknown,
): Exclude<MessageStreamProtocolName, 'agentscope'> | null {
  if (typeof frame !== 'object' || frame === null) return null;
  const { type, event } = frame as { type?: unknown; event?: unknown };
  if (typeof type === 'string') {
    if (AI_SDK.has(type) || type.startsWith('data-')) return 'ai-sdk';
    if (AG_UI.has(type)) return 'ag-ui';
    if (OPERATOR_USE.has(type)) return 'operator-use';
    return null;
  }
  return typeof event === 'string' && AGENTFLOW.has(event) ? 'agentflow' : null;
}
