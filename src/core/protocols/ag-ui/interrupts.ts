/*
 * Interrupts: read from an `interrupt` outcome, parked on the calls they ask about, answered by
 * `RunAgentInput.resume`.
 */
import type { ToolCallBlock } from '../../model/block.js';
import { isRecord, readId, readObject, readString, setReadFields } from '../common/read.js';
import { setCallState } from './fold-tool-result.js';
import { finishIfIdle } from './message-lifecycle.js';
import { interruptQuestion, recoverInterruptedCall } from './recover-call.js';
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
