/*
 * Interrupts: read from an `interrupt` outcome, parked on the calls they ask about, answered by
 * `RunAgentInput.resume`.
 */
import type { ToolCallBlock } from '../../model/block.js';
import {
  isRecord,
  readId,
  readObject,
  readString,
  setReadFields,
  stringifyJson,
} from '../common/read.js';
import { setCallState } from './fold-tool-result.js';
import { finishIfIdle } from './stream-phase.js';
import { agUiMetadata, shell } from './messages.js';
import type { AgUiInterrupt } from './types.js';
import type { Work } from './work.js';

// The optional fields of an interrupt, each kept when it reads as its type.
const OPTIONAL_FIELDS = {
  message: readString,
  toolCallId: readId,
  responseSchema: readObject,
  expiresAt: readString,
  metadata: readObject,
};

/** An outcome's `interrupts` list; an entry without an id cannot be answered and is skipped. */
export function readInterrupts(work: Work, value: unknown): AgUiInterrupt[] {
  if (!Array.isArray(value)) {
    work.warn('invalid-event', 'interrupt outcome without an interrupts list');
    return [];
  }
  const out: AgUiInterrupt[] = [];
  value.forEach((raw: unknown, index) => {
    const id = isRecord(raw) ? readId(raw['id']) : null;
    if (!isRecord(raw) || id === null) {
      work.warn(
        'invalid-interrupt',
        `interrupt ${index} has no id; it cannot be answered and was skipped`,
      );
      return;
    }
    const interrupt: AgUiInterrupt = { id, reason: readString(raw['reason']) ?? '' };
    setReadFields(interrupt, raw, OPTIONAL_FIELDS);
    const question = interruptQuestion(interrupt);
    if (question !== undefined) interrupt.message = question;
    out.push(interrupt);
  });
  return out;
}

/** An interrupt about a tool call parks that call as `asking`, its question on the call. */
export function askFor(work: Work, interrupt: AgUiInterrupt, at: string): void {
  if (interrupt.toolCallId === undefined) return;
  let found = work.findCall(interrupt.toolCallId);
  if (found === null && recoverInterruptedCall(work, interrupt, at))
    found = work.findCall(interrupt.toolCallId);
  if (found === null) {
    work.warn(
      'unknown-call',
      `interrupt "${interrupt.id}" names tool call "${interrupt.toolCallId}", which does not exist; shown on its own`,
    );
    return;
  }
  const copy = work.edit(found.position);
  const call = work.editBlock<ToolCallBlock>(found.position, found.at);
  call.state = 'asking';
  if (call.finished_at === null) call.finished_at = '';
  copy.finished_at = null;
  copy.finished_reason = null;
  if (interrupt.message !== undefined) {
    call.question = interrupt.message;
    const { id, reason, message } = interrupt;
    const ask = work.editAgUiEntry(copy, 'interrupts', interrupt.toolCallId);
    Object.assign(ask, { id, reason, message });
  }
}

/** Answers from `RunAgentInput.resume`: answered interrupts go, their asking calls move on. */
export function applyResume(work: Work, entries: readonly unknown[], at: string): void {
  const answers = new Map<string, string>();
  for (const entry of entries) {
    if (!isRecord(entry)) continue;
    const id = readId(entry['interruptId']);
    if (id !== null) answers.set(id, entry['status'] === 'cancelled' ? 'cancelled' : 'resolved');
  }
  if (answers.size === 0) return;
  for (const interrupt of work.interrupts) {
    const status = answers.get(interrupt.id);
    if (status === undefined || interrupt.toolCallId === undefined) continue;
    const found = work.callBlock(interrupt.toolCallId);
    if (found?.call.state !== 'asking') continue;
    setCallState(work, interrupt.toolCallId, status === 'resolved' ? 'allowed' : 'finished', at);
    finishIfIdle(work, found.position, at);
  }
  work.interrupts = work.interrupts.filter((interrupt) => !answers.has(interrupt.id));
}

/*
 * An interrupt about a call the stream never showed. Mastra's bridge (`@ag-ui/mastra`) drops a
 * suspended tool call from the stream and names it only in the interrupt's
 * `metadata.mastra` (`toolName`, `args`, `suspendPayload`): the call is rebuilt from there, so it
 * can be shown and approved like any other, and the result that follows the resume has its call.
 */
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
