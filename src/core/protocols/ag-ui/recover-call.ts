/*
 * An interrupt about a call the stream never showed. Mastra's bridge (`@ag-ui/mastra`) drops a
 * suspended tool call from the stream and names it only in the interrupt's
 * `metadata.mastra` (`toolName`, `args`, `suspendPayload`): the call is rebuilt from there, so it
 * can be shown and approved like any other, and the result that follows the resume has its call.
 */
import type { ToolCallBlock } from '../../model/block.js';
import { isRecord, readObject, readString, stringifyJson } from '../common/read.js';
import { agUiMetadata, shell } from './messages.js';
import type { AgUiInterrupt } from './types.js';
import type { Work } from './work.js';

const QUESTION_FIELDS = ['message', 'question', 'prompt', 'title'];

function mastraOf(interrupt: AgUiInterrupt) {
  return readObject(interrupt.metadata?.['mastra']);
}

/**
 * What the interrupt asks: its `message`, else the text of Mastra's `suspendPayload` (a string,
 * or its `message` / `question` / `prompt` / `title`).
 */
export function interruptQuestion(interrupt: AgUiInterrupt): string | undefined {
  if (interrupt.message !== undefined) return interrupt.message;
  const payload = mastraOf(interrupt)?.['suspendPayload'];
  if (typeof payload === 'string' && payload.trim() !== '') return payload;
  if (!isRecord(payload)) return undefined;
  for (const field of QUESTION_FIELDS) {
    const text = readString(payload[field]);
    if (text !== null && text.trim() !== '') return text;
  }
  return undefined;
}

/**
 * Adds the call an interrupt names but the stream never showed, when the interrupt says which
 * tool it is (Mastra's `metadata.mastra.toolName`); on the run's latest reply, else in a message
 * of its own. False when there is nothing to rebuild it from.
 */
export function recoverInterruptedCall(work: Work, interrupt: AgUiInterrupt, at: string): boolean {
  const callId = interrupt.toolCallId;
  const mastra = mastraOf(interrupt);
  const name = readString(mastra?.['toolName']);
  if (callId === undefined || name === null || name === '') return false;
  const args = mastra?.['args'];
  const block: ToolCallBlock = {
    type: 'tool_call',
    id: callId,
    name,
    input: args === undefined ? '' : (stringifyJson(args) ?? ''),
    state: 'pending',
    suggested_rules: [],
    created_at: at,
    finished_at: at,
  };
  const reply = work.internals.lastReply;
  const position = reply === null ? -1 : work.position(reply);
  if (position >= 0) {
    work.openBlock(position, block);
  } else {
    const id = `interrupt:${interrupt.id}`;
    work.push(shell(id, 'assistant', null, [block], agUiMetadata('assistant', {}), at, at));
  }
  return true;
}
