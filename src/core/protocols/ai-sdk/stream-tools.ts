import type { ToolCallBlock, ToolResultBlock } from '../../model/block.js';
import {
  asJson,
  readId,
  readObject,
  readString,
  readText,
  setReadFields,
  stringifyJson,
  valueText,
} from '../common/read.js';
import type { BlockRef, ChunkFolds, Cursor, Work } from './stream-state.js';
import { ensureMessage } from './stream-message.js';
import type { AiSdkToolCallBlock } from './tool-state.js';
import { aiSdkToolInfo, mapToolState } from './tool-state.js';
import type { AiSdkToolApproval, AiSdkToolInfo, AiSdkToolState } from './wire-types.js';

/*
 * Tool chunks. A tool part is a `tool_call` block whose id is the `toolCallId`, plus a
 * `tool_result` block right after it once there is an output, an error or a denial. The AI SDK
 * state is kept in `ai_sdk.state`; the canonical states follow from `mapToolState`.
 */

type Chunk = Record<string, unknown>;

interface ToolIdentity {
  toolCallId: string;
  toolName: string | null;
}

function readIdentity(work: Work, chunk: Chunk, needsName: boolean): ToolIdentity | null {
  const toolCallId = readId(chunk['toolCallId']);
  const toolName = readText(chunk['toolName']);
  if (toolCallId === null || (needsName && toolName === null)) {
    work.warn(
      'invalid-chunk',
      `"${String(chunk['type'])}" without ${toolCallId === null ? 'a toolCallId' : 'a toolName'}; skipped`,
      chunk,
    );
    return null;
  }
  return { toolCallId, toolName };
}

// The tool fields a chunk may carry, each with its reader (a value it turns down stays unset).
const INFO_FIELDS = {
  title: readString,
  providerExecuted: (value: unknown) => (typeof value === 'boolean' ? value : null),
  toolMetadata: readObject,
  inputEncoding: (value: unknown) => (value === 'json' || value === 'text' ? value : null),
};

/** The tool fields a chunk carries, merged into what the call already had. */
function toolInfo(
  previous: AiSdkToolInfo | null,
  state: AiSdkToolState,
  chunk: Chunk,
): AiSdkToolInfo {
  const info: AiSdkToolInfo = { ...previous, state };
  if (chunk['dynamic'] === true && chunk['type'] !== 'tool-output-available') info.dynamic = true;
  setReadFields(info, chunk, INFO_FIELDS);
  // Only an output keeps being preliminary, and only while its chunks say so.
  if (state === 'output-available' && chunk['preliminary'] === true) info.preliminary = true;
  else delete info.preliminary;
  return info;
}

/**
 * A call's input as the canonical JSON text, at any depth: a string stays as it is (raw or
 * invalid input); what JSON cannot hold is shown as near as it can be, and reported.
 */
function inputText(work: Work, input: unknown): string {
  if (input === undefined) return '';
  if (typeof input === 'string') return input;
  return valueText(input, () =>
    work.warn('invalid-chunk', 'tool input is not JSON (a cycle or a BigInt); shown as text'),
  );
}

/** The call at `position` moved to `state`: its AI SDK fields and its canonical state. */
function changeCall(
  work: Work,
  position: number,
  state: AiSdkToolState,
  chunk: Chunk,
  approval?: AiSdkToolApproval,
): AiSdkToolCallBlock {
  const block = work.editCurrentBlock<AiSdkToolCallBlock>(position);
  const info = toolInfo(aiSdkToolInfo(block), state, chunk);
  if (approval !== undefined) info.approval = approval;
  block.ai_sdk = info;
  block.state = mapToolState(state, info.approval?.approved, info.preliminary).call;
  if (block.finished_at === null) block.finished_at = work.at;
  return block;
}

/**
 * The call `toolCallId` in the current step, made or updated. A call with that id in an earlier
 * step is updated rather than repeated (the AI SDK would add a second part), and reported.
 */
function upsertCall(
  work: Work,
  identity: ToolIdentity,
  state: AiSdkToolState,
  chunk: Chunk,
  input: string,
): number {
  const { toolCallId, toolName } = identity;
  let position = work.findLast('tool_call', toolCallId, (work.cursor as Cursor).stepBlock);
  if (position < 0) {
    position = work.findLast('tool_call', toolCallId);
    if (position >= 0)
      work.warn('repeated-tool-call', `tool call "${toolCallId}" of an earlier step updated`);
  }
  if (position < 0) {
    work.editCursor().parts += 1;
    const block: ToolCallBlock = {
      type: 'tool_call',
      id: toolCallId,
      name: '',
      input: '',
      state: 'pending',
      suggested_rules: [],
      created_at: work.at,
      finished_at: null,
    };
    position = work.appendBlock(block);
  }
  const block = changeCall(work, position, state, chunk);
  if (toolName !== null) block.name = toolName;
  block.input = input;
  block.finished_at = state === 'input-streaming' ? null : work.at;
  if (block.ai_sdk.dynamic === true) block.kind = 'dynamic';
  return position;
}

/**
 * What a tool output shows as, the same for every adapter: `output` is the text the card shows (a
 * structured value's JSON text included), `value` the structured value itself (rendered as a tree).
 * A string output is text and has no `value`; any other JSON keeps its type in `value`.
 */
function resultOutput(output: unknown): Pick<ToolResultBlock, 'output' | 'value'> {
  if (output === undefined) return { output: '' };
  if (typeof output === 'string') return { output };
  return { output: stringifyJson(output) ?? '', value: asJson(output) };
}

/**
 * The result of the call at `callPosition`, made right after it or updated in place; its state
 * is the one the call's AI SDK state maps to.
 */
function upsertResult(work: Work, callPosition: number, output: unknown): void {
  const content = work.current().content;
  const call = content[callPosition] as AiSdkToolCallBlock;
  const { state: toolState, approval, preliminary } = call.ai_sdk;
  // Every state that reaches here has a result.
  const state = mapToolState(toolState, approval?.approved, preliminary).result ?? 'success';
  const next = content[callPosition + 1];
  let position =
    next?.type === 'tool_result' && next.id === call.id
      ? callPosition + 1
      : work.findLast('tool_result', call.id);
  const finishedAt = state === 'running' ? null : work.at;
  const shown = resultOutput(output);
  if (position < 0) {
    const block: ToolResultBlock = {
      type: 'tool_result',
      id: call.id,
      name: call.name,
      output: '',
      state,
      metadata: {},
      created_at: work.at,
      finished_at: finishedAt,
    };
    work.insertCurrentBlock((position = callPosition + 1), block);
  }
  const block = work.editCurrentBlock<ToolResultBlock>(position);
  block.state = state;
  block.output = shown.output;
  if (shown.value !== undefined) block.value = shown.value;
  else delete block.value;
  if (block.finished_at === null || finishedAt === null) block.finished_at = finishedAt;
}

function errorOutput(chunk: Chunk): string {
  return readString(chunk['errorText']) ?? 'The tool failed';
}

/* -------------------------------------------------------------------------------------------------
 * Input
 * -----------------------------------------------------------------------------------------------*/

// The AI SDK state each input or output chunk puts its call in.
const CHUNK_STATES: Readonly<Record<string, AiSdkToolState>> = {
  'tool-input-start': 'input-streaming',
  'tool-input-available': 'input-available',
  'tool-input-error': 'output-error',
  'tool-output-available': 'output-available',
  'tool-output-error': 'output-error',
  'tool-output-denied': 'output-denied',
};

/**
 * `tool-input-start` (a `pending` call whose input streams), `tool-input-available` (the input
 * is complete; the call is `allowed`, about to run) and `tool-input-error` (the model produced
 * input the tool rejects; an error result in place).
 */
function foldToolInput(work: Work, chunk: Chunk): void {
  const identity = readIdentity(work, chunk, true);
  if (identity === null) return;
  const type = chunk['type'] as string;
  ensureMessage(work, type);
  const streaming = type === 'tool-input-start';
  const input = streaming ? '' : inputText(work, chunk['input']);
  const position = upsertCall(work, identity, CHUNK_STATES[type] as AiSdkToolState, chunk, input);
  const ref: BlockRef = { id: identity.toolCallId, type: 'tool_call', at: position };
  if (streaming) work.editMap('tools').set(identity.toolCallId, ref);
  else if ((work.cursor as Cursor).tools.has(identity.toolCallId))
    work.editMap('tools').delete(identity.toolCallId);
  if (type === 'tool-input-error') upsertResult(work, position, errorOutput(chunk));
}

/** `tool-input-delta`: the raw input text grows (partial JSON while it streams). */
function foldToolInputDelta(work: Work, chunk: Chunk): void {
  const identity = readIdentity(work, chunk, false);
  const delta = chunk['inputTextDelta'];
  if (identity === null) return;
  if (typeof delta !== 'string') {
    work.warn('invalid-chunk', '"tool-input-delta" without a string inputTextDelta', chunk);
    return;
  }
  ensureMessage(work, 'tool-input-delta');
  const ref = (work.cursor as Cursor).tools.get(identity.toolCallId);
  const position = work.find(ref ?? { id: identity.toolCallId, type: 'tool_call', at: -1 });
  if (ref === undefined) {
    work.warn(
      'missing-start',
      `"tool-input-delta" for "${identity.toolCallId}" whose input is not streaming`,
    );
  }
  if (position < 0 || delta === '') return;
  work.editCurrentBlock<ToolCallBlock>(position).input += delta;
}

/* -------------------------------------------------------------------------------------------------
 * Approval
 * -----------------------------------------------------------------------------------------------*/

/** `tool-approval-request`: the call is `asking`; the approval id is kept for the answer. */
function foldToolApprovalRequest(work: Work, chunk: Chunk): void {
  const identity = readIdentity(work, chunk, false);
  const approvalId = readId(chunk['approvalId']);
  if (identity === null) return;
  if (approvalId === null) {
    work.warn('invalid-chunk', '"tool-approval-request" without an approvalId', chunk);
    return;
  }
  ensureMessage(work, 'tool-approval-request');
  const position = work.findLast('tool_call', identity.toolCallId);
  if (position < 0) {
    work.warn(
      'missing-tool-call',
      `approval requested for unknown tool call "${identity.toolCallId}"`,
    );
    return;
  }
  const approval: AiSdkToolApproval = { id: approvalId };
  if (chunk['approvalDescriptor'] != null)
    approval.descriptor = asJson(chunk['approvalDescriptor']);
  if (Object.hasOwn(chunk, 'inputSchemaInput'))
    approval.inputSchemaInput = asJson(chunk['inputSchemaInput']);
  const reason = readString(chunk['reason']);
  if (reason !== null) approval.requestReason = reason;
  if (chunk['isAutomatic'] === true) approval.isAutomatic = true;
  const signature = readString(chunk['signature']);
  if (signature !== null) approval.signature = signature;
  changeCall(work, position, 'approval-requested', {}, approval);
}

/** `tool-approval-response`: approved calls are `allowed`; a denied one is finished and `denied`. */
function foldToolApprovalResponse(work: Work, chunk: Chunk): void {
  const approvalId = readId(chunk['approvalId']);
  if (approvalId === null || typeof chunk['approved'] !== 'boolean') {
    work.warn('invalid-chunk', '"tool-approval-response" without approvalId or approved', chunk);
    return;
  }
  ensureMessage(work, 'tool-approval-response');
  const content = work.current().content;
  const position = content.findLastIndex(
    (block) => block.type === 'tool_call' && aiSdkToolInfo(block)?.approval?.id === approvalId,
  );
  if (position < 0) {
    work.warn('missing-tool-call', `approval response for unknown approval "${approvalId}"`);
    return;
  }
  const previous = aiSdkToolInfo(content[position] as ToolCallBlock)?.approval;
  const approval: AiSdkToolApproval = { ...previous, id: approvalId, approved: chunk['approved'] };
  const reason = readString(chunk['reason']);
  if (reason !== null) approval.reason = reason;
  const fields = { providerExecuted: chunk['providerExecuted'] };
  changeCall(work, position, 'approval-responded', fields, approval);
  if (!approval.approved) upsertResult(work, position, reason ?? '');
}

/* -------------------------------------------------------------------------------------------------
 * Output
 * -----------------------------------------------------------------------------------------------*/

/**
 * `tool-output-available` (a `success` result, or `running` while it is `preliminary`),
 * `tool-output-error` (an `error` result holding the error text) and `tool-output-denied` (a
 * `denied` result, holding the user's reason when there was one).
 */
function foldToolOutput(work: Work, chunk: Chunk): void {
  const identity = readIdentity(work, chunk, false);
  if (identity === null) return;
  const type = chunk['type'] as string;
  ensureMessage(work, type);
  const position = work.findLast('tool_call', identity.toolCallId);
  if (position < 0) {
    const message = `"${type}" for unknown tool call "${identity.toolCallId}"; skipped`;
    work.warn('missing-tool-call', message, chunk);
    return;
  }
  const denied = type === 'tool-output-denied';
  // A denial carries nothing of the call's own; its reason is the approval's.
  const call = changeCall(
    work,
    position,
    CHUNK_STATES[type] as AiSdkToolState,
    denied ? {} : chunk,
  );
  const output =
    type === 'tool-output-available'
      ? chunk['output']
      : denied
        ? (call.ai_sdk.approval?.reason ?? '')
        : errorOutput(chunk);
  upsertResult(work, position, output);
}

/** The tool chunks' folds, by chunk type. */
export const TOOL_FOLDS: ChunkFolds = [
  ['tool-input-start', foldToolInput],
  ['tool-input-delta', foldToolInputDelta],
  ['tool-input-available', foldToolInput],
  ['tool-input-error', foldToolInput],
  ['tool-approval-request', foldToolApprovalRequest],
  ['tool-approval-response', foldToolApprovalResponse],
  ['tool-output-available', foldToolOutput],
  ['tool-output-error', foldToolOutput],
  ['tool-output-denied', foldToolOutput],
];
