import type { ToolCallBlock, ToolCallState, ToolResultState } from '../../model/block.js';
import type { Decision } from '../../fold/confirm-result.js';
import { isRecord, lookup } from '../common/read.js';
import type { AiSdkApprovalResponse, AiSdkToolInfo, AiSdkToolState } from './wire-types.js';

/** A tool call block made from an AI SDK tool part: the canonical block plus the AI SDK's fields. */
export interface AiSdkToolCallBlock extends ToolCallBlock {
  ai_sdk: AiSdkToolInfo;
}

/** What a tool part shows as: the call's state, and its result's when it has one. */
export interface ToolStateMapping {
  call: ToolCallState;
  /** `null`: the part has no result yet. */
  result: ToolResultState | null;
}

/**
 * The one mapping table from AI SDK tool states to canonical states (docs/ai-sdk.md explains
 * each row). `input-available` is `allowed`: the input is complete and the tool is about to run;
 * at the end of a reply a call still without output is waiting for the app (`submitted`).
 */
const TOOL_STATES: Readonly<Record<AiSdkToolState, ToolStateMapping>> = {
  'input-streaming': { call: 'pending', result: null },
  'input-available': { call: 'allowed', result: null },
  'approval-requested': { call: 'asking', result: null },
  'approval-responded': { call: 'allowed', result: null },
  'output-available': { call: 'finished', result: 'success' },
  'output-error': { call: 'finished', result: 'error' },
  'output-denied': { call: 'finished', result: 'denied' },
};

/** What a tool part in `state` shows as; a denied approval and a preliminary output differ. */
export function mapToolState(
  state: AiSdkToolState,
  approved: boolean | undefined,
  preliminary: boolean | undefined,
): ToolStateMapping {
  if (state === 'approval-responded' && approved === false)
    return { call: 'finished', result: 'denied' };
  if (state === 'output-available' && preliminary === true)
    return { call: 'finished', result: 'running' };
  return lookup(TOOL_STATES, state) ?? { call: 'pending', result: null };
}

/** The AI SDK fields of a tool call block, when it was made by this adapter. */
export function aiSdkToolInfo(block: ToolCallBlock): AiSdkToolInfo | null {
  const info = (block as Partial<AiSdkToolCallBlock>).ai_sdk;
  return isRecord(info) ? info : null;
}

/**
 * The answer to a tool call waiting for approval, in the shape `useChat`'s
 * `addToolApprovalResponse` takes: `{ id: approvalId, approved, reason }`. `null` when the call
 * carries no approval request (it was not made from an AI SDK `approval-requested` part).
 *
 * @example chat.addToolApprovalResponse(createAiSdkApprovalResponse({ toolCall, confirmed: true })!)
 */
export function createAiSdkApprovalResponse(decision: Decision): AiSdkApprovalResponse | null {
  const id = aiSdkToolInfo(decision.toolCall)?.approval?.id;
  if (typeof id !== 'string' || id === '') return null;
  const { confirmed, reason } = decision;
  const response: AiSdkApprovalResponse = { id, approved: confirmed === true };
  if (typeof reason === 'string' && reason !== '') response.reason = reason;
  return response;
}
