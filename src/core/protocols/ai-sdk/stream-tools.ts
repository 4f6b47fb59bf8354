import type { ToolCallBlock, ToolResultBlock, ToolResultState } from '../../model/block.js';
import {
  asJson,
  readId,
  readObject,
  readString,
  readText,
  stringifyJson,
  valueText,
} from '../common/read.js';
import type { Cursor, Work } from './stream-state.js';
import { ensureMessage } from './stream-message.js';
import type { AiSdkToolCallBlock } from './tool-state.js';
import { aiSdkToolInfo, mapToolState } from './tool-state.js';
import type { AiSdkToolApproval, AiSdkToolInfo, AiSdkToolState } from './wire-types.js';

/*
 * Tool chunks. A tool part is a `tool_call` block whose id is the `toolCallId`, plus a
 * `tool_result` block right after it once there is an output, an error or a denial. The AI SDK
 * state is kept in `ai_sdk.state`; the canonical states follow from `mapToolState`.
 */

interface ToolIdentity {
  toolCallId: string;
  toolName: string | null;
}

function readIdentity(
  work: Work,
  chunk: Record<string, unknown>,
  needsName: boolean,
): ToolIdentity | null {
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

/** The tool fields a chunk carries, merged into what the call already had. */
function toolInfo(
  previous: AiSdkToolInfo | null,
  state: AiSdkToolState,
  chunk: Record<string, unknown>,
): AiSdkToolInfo {
  const info: AiSdkToolInfo = { ...previous, state };
  if (chunk['dynamic'] === true && chunk['type'] !== 'tool-output-available') info.dynamic = true;
  const title = readString(chunk['title']);
  if (title !== null) info.title = title;
  if (typeof chunk['providerExecuted'] === 'boolean')
    info.providerExecuted = chunk['providerExecuted'];
  const toolMetadata = readObject(chunk['toolMetadata']);
  if (toolMetadata !== null) info.toolMetadata = toolMetadata;
  const encoding = chunk['inputEncoding'];
  if (encoding === 'json' || encoding === 'text') info.inputEncoding = encoding;
  if (state !== 'output-available') delete info.preliminary;
  return info;
}

/**
 * A call's input as the canonical JSON text, at any depth: a string stays as it is (raw or
 * invalid input); what JSON cannot hold is shown as near as it can be, and reported.
 */
export function inputText(work: Work, input: unknown): string {
  if (input === undefined) return '';
  if (typeof input === 'string') return input;
  return valueText(input, () =>
    work.warn('invalid-chunk', 'tool input is not JSON (a cycle or a BigInt); shown as text'),
  );
}

/**
 * The call `toolCallId` in the current step, made or updated. A call with that id in an earlier
 * step is updated rather than repeated (the AI SDK would add a second part), and reported.
 */
function upsertCall(
  work: Work,
  identity: ToolIdentity,
  state: AiSdkToolState,
  chunk: Record<string, unknown>,
  input: string | undefined,
): number {
  const cursor = work.cursor as Cursor;
  let position = work.findLast('tool_call', identity.toolCallId, cursor.stepBlock);
  if (position < 0) {
    position = work.findLast('tool_call', identity.toolCallId);
    if (position >= 0)
      work.warn(
        'repeated-tool-call',
        `tool call "${identity.toolCallId}" of an earlier step updated`,
      );
  }
  const { call: callState } = mapToolState(state, undefined, undefined);
  const finishedAt = state === 'input-streaming' ? null : work.at;
  if (position < 0) {
    work.editCursor().parts += 1;
    const block: AiSdkToolCallBlock = {
      type: 'tool_call',
      id: identity.toolCallId,
      name: identity.toolName ?? '',
      input: input ?? '',
      state: callState,
      suggested_rules: [],
      created_at: work.at,
      finished_at: finishedAt,
      ai_sdk: toolInfo(null, state, chunk),
    };
    if (block.ai_sdk.dynamic === true) block.kind = 'dynamic';
    return work.appendBlock(block);
  }
  const block = work.editCurrentBlock<AiSdkToolCallBlock>(position);
  if (identity.toolName !== null) block.name = identity.toolName;
  if (input !== undefined) block.input = input;
  block.state = callState;
  block.finished_at = finishedAt;
  block.ai_sdk = toolInfo(aiSdkToolInfo(block), state, chunk);
  if (block.ai_sdk.dynamic === true) block.kind = 'dynamic';
  return position;
}

/** The result state the mapping table gives (every state that reaches here has one). */
function resultState(
  state: AiSdkToolState,
  approved?: boolean,
  preliminary?: boolean,
): ToolResultState {
  return mapToolState(state, approved, preliminary).result ?? 'success';
}

function forgetStreamingInput(work: Work, toolCallId: string): void {
  const cursor = work.cursor as Cursor;
  if (!cursor.tools.has(toolCallId)) return;
  const tools = work.editMap(cursor.tools);
  tools.delete(toolCallId);
  work.editCursor().tools = tools;
}

/* -------------------------------------------------------------------------------------------------
 * Input
 * -----------------------------------------------------------------------------------------------*/

/** `tool-input-start`: a `pending` call whose input streams. */
export function foldToolInputStart(work: Work, chunk: Record<string, unknown>): void {
  const identity = readIdentity(work, chunk, true);
  if (identity === null) return;
  ensureMessage(work, 'tool-input-start');
  const position = upsertCall(work, identity, 'input-streaming', chunk, '');
  const tools = work.editMap((work.cursor as Cursor).tools);
  tools.set(identity.toolCallId, position);
  work.editCursor().tools = tools;
}

/** `tool-input-delta`: the raw input text grows (partial JSON while it streams). */
export function foldToolInputDelta(work: Work, chunk: Record<string, unknown>): void {
  const identity = readIdentity(work, chunk, false);
  const delta = chunk['inputTextDelta'];
  if (identity === null) return;
  if (typeof delta !== 'string') {
    work.warn('invalid-chunk', '"tool-input-delta" without a string inputTextDelta', chunk);
    return;
  }
  ensureMessage(work, 'tool-input-delta');
  const hint = (work.cursor as Cursor).tools.get(identity.toolCallId);
  const content = work.current().content;
  const hinted = hint === undefined ? undefined : content[hint];
  const position =
    hint !== undefined && hinted?.type === 'tool_call' && hinted.id === identity.toolCallId
      ? hint
      : work.findLast('tool_call', identity.toolCallId);
  if (hint === undefined) {
    work.warn(
      'missing-start',
      `"tool-input-delta" for "${identity.toolCallId}" whose input is not streaming`,
    );
  }
  if (position < 0 || delta === '') return;
  work.editCurrentBlock<ToolCallBlock>(position).input += delta;
}

/** `tool-input-available`: the input is complete; the call is `allowed` (about to run). */
export function foldToolInputAvailable(work: Work, chunk: Record<string, unknown>): void {
  const identity = readIdentity(work, chunk, true);
  if (identity === null) return;
  ensureMessage(work, 'tool-input-available');
  upsertCall(work, identity, 'input-available', chunk, inputText(work, chunk['input']));
  forgetStreamingInput(work, identity.toolCallId);
}

/** `tool-input-error`: the model produced input the tool rejects; an error result in place. */
export function foldToolInputError(work: Work, chunk: Record<string, unknown>): void {
  const identity = readIdentity(work, chunk, true);
  if (identity === null) return;
  ensureMessage(work, 'tool-input-error');
  const position = upsertCall(
    work,
    identity,
    'output-error',
    chunk,
    inputText(work, chunk['input']),
  );
  forgetStreamingInput(work, identity.toolCallId);
  upsertResult(work, position, resultState('output-error'), errorOutput(chunk));
}

/* -------------------------------------------------------------------------------------------------
 * Approval
 * -----------------------------------------------------------------------------------------------*/

function changeCall(
  work: Work,
  position: number,
  state: AiSdkToolState,
  approval: AiSdkToolApproval | undefined,
  chunk: Record<string, unknown>,
): AiSdkToolCallBlock {
  const block = work.editCurrentBlock<AiSdkToolCallBlock>(position);
  const info = toolInfo(aiSdkToolInfo(block), state, chunk);
  if (approval !== undefined) info.approval = approval;
  block.ai_sdk = info;
  block.state = mapToolState(state, approval?.approved, info.preliminary).call;
  if (block.finished_at === null) block.finished_at = work.at;
  return block;
}

/** `tool-approval-request`: the call is `asking`; the approval id is kept for the answer. */
export function foldToolApprovalRequest(work: Work, chunk: Record<string, unknown>): void {
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
  changeCall(work, position, 'approval-requested', approval, {});
}

/** `tool-approval-response`: approved calls are `allowed`; a denied one is finished and `denied`. */
export function foldToolApprovalResponse(work: Work, chunk: Record<string, unknown>): void {
  const approvalId = readId(chunk['approvalId']);
  if (approvalId === null || typeof chunk['approved'] !== 'boolean') {
    work.warn('invalid-chunk', '"tool-approval-response" without approvalId or approved', chunk);
    return;
  }
  ensureMessage(work, 'tool-approval-response');
  const content = work.current().content;
  let position = -1;
  for (let i = content.length - 1; i >= 0 && position < 0; i--) {
    const block = content[i];
    if (block?.type === 'tool_call' && aiSdkToolInfo(block)?.approval?.id === approvalId)
      position = i;
  }
  if (position < 0) {
    work.warn('missing-tool-call', `approval response for unknown approval "${approvalId}"`);
    return;
  }
  const previous = aiSdkToolInfo(content[position] as ToolCallBlock)?.approval;
  const approval: AiSdkToolApproval = { ...previous, id: approvalId, approved: chunk['approved'] };
  const reason = readString(chunk['reason']);
  if (reason !== null) approval.reason = reason;
  const call = changeCall(work, position, 'approval-responded', approval, {
    providerExecuted: chunk['providerExecuted'],
  });
  if (!approval.approved)
    upsertResult(work, position, resultState('approval-responded', false), reason ?? '', call.name);
}

/* -------------------------------------------------------------------------------------------------
 * Output
 * -----------------------------------------------------------------------------------------------*/

function findCall(work: Work, chunk: Record<string, unknown>): number {
  const identity = readIdentity(work, chunk, false);
  if (identity === null) return -1;
  ensureMessage(work, String(chunk['type']));
  const position = work.findLast('tool_call', identity.toolCallId);
  if (position < 0)
    work.warn(
      'missing-tool-call',
      `"${String(chunk['type'])}" for unknown tool call "${identity.toolCallId}"; skipped`,
      chunk,
    );
  return position;
}

function errorOutput(chunk: Record<string, unknown>): string {
  return readString(chunk['errorText']) ?? 'The tool failed';
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

/** The call's result, made right after the call or updated in place. */
function upsertResult(
  work: Work,
  callPosition: number,
  state: ToolResultState,
  output: unknown,
  name?: string,
): void {
  const content = work.current().content;
  const call = content[callPosition] as ToolCallBlock;
  const next = content[callPosition + 1];
  const position =
    next?.type === 'tool_result' && next.id === call.id
      ? callPosition + 1
      : work.findLast('tool_result', call.id);
  const finishedAt = state === 'running' ? null : work.at;
  const shown = resultOutput(output);
  if (position < 0) {
    const block: ToolResultBlock = {
      type: 'tool_result',
      id: call.id,
      name: name ?? call.name,
      output: shown.output,
      state,
      metadata: {},
      created_at: work.at,
      finished_at: finishedAt,
    };
    if (shown.value !== undefined) block.value = shown.value;
    work.insertCurrentBlock(callPosition + 1, block);
    return;
  }
  const block = work.editCurrentBlock<ToolResultBlock>(position);
  block.state = state;
  block.output = shown.output;
  if (shown.value !== undefined) block.value = shown.value;
  else delete block.value;
  if (block.finished_at === null || finishedAt === null) block.finished_at = finishedAt;
}

/** `tool-output-available`: the result, `success`, or `running` while it is `preliminary`. */
export function foldToolOutputAvailable(work: Work, chunk: Record<string, unknown>): void {
  const position = findCall(work, chunk);
  if (position < 0) return;
  const preliminary = chunk['preliminary'] === true;
  const call = changeCall(work, position, 'output-available', undefined, chunk);
  if (preliminary) call.ai_sdk.preliminary = true;
  else delete call.ai_sdk.preliminary;
  upsertResult(
    work,
    position,
    resultState('output-available', undefined, preliminary),
    chunk['output'],
  );
}

/** `tool-output-error`: an `error` result holding the error text. */
export function foldToolOutputError(work: Work, chunk: Record<string, unknown>): void {
  const position = findCall(work, chunk);
  if (position < 0) return;
  changeCall(work, position, 'output-error', undefined, chunk);
  upsertResult(work, position, resultState('output-error'), errorOutput(chunk));
}

/** `tool-output-denied`: a `denied` result, holding the user's reason when there was one. */
export function foldToolOutputDenied(work: Work, chunk: Record<string, unknown>): void {
  const position = findCall(work, chunk);
  if (position < 0) return;
  const call = changeCall(work, position, 'output-denied', undefined, {});
  upsertResult(work, position, resultState('output-denied'), call.ai_sdk.approval?.reason ?? '');
}
