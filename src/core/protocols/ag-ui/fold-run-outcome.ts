/*
 * How a run ends: `RUN_FINISHED` with its outcome, or `RUN_ERROR`.
 */
import type { ErrorBlock, ToolCallBlock } from '../../model/block.js';
import type { Msg } from '../../model/message.js';
import { asJson, readObject, readString, readText, stringifyJson } from '../common/read.js';
import { askFor, readInterrupts } from './interrupts.js';
import { jsonEqual } from './json-patch.js';
import { agUiMetadata, shell } from './messages.js';
import { endRun } from './fold-run.js';
import { readStrings, stampOf, type WireEvent, wireRole } from './wire-event.js';
import type { Work } from './work.js';

/** `RUN_FINISHED` with its outcome: `success` (and pending frontend calls), `interrupt`, `cancelled`. */
export function foldRunFinished(work: Work, event: WireEvent): void {
  const previous = work.runs[work.internals.runIndex];
  if (previous?.status === 'error') {
    work.warn('after-error', 'RUN_FINISHED after RUN_ERROR; the run stays failed');
    return;
  }
  const outcome = readObject(event['outcome']);
  const type = outcome === null ? 'success' : outcome['type'];
  const kind = type === 'interrupt' || type === 'cancelled' ? type : 'success';
  if (type !== kind)
    work.warn('unknown-outcome', `unknown outcome ${stringifyJson(type) ?? ''}; read as success`);
  const run = endRun(work, event, kind, kind === 'cancelled' ? 'interrupted' : 'completed');
  if (event['result'] !== undefined) run.result = asJson(event['result']);
  if (kind === 'interrupt') {
    const interrupts = readInterrupts(work, outcome?.['interrupts']);
    run.interrupts = interrupts;
    work.interrupts = interrupts;
    for (const interrupt of interrupts) askFor(work, interrupt, stampOf(event));
    work.status = 'interrupted';
    return;
  }
  work.interrupts = [];
  if (kind === 'cancelled') {
    work.status = 'cancelled';
    return;
  }
  const named = readStrings(outcome?.['pendingToolCallIds']);
  const internals = work.internals;
  const pending =
    named.length > 0
      ? named
      : internals.runCalls.filter((id) => !internals.runAnswered.includes(id));
  run.pendingToolCallIds = pending;
  for (const id of pending) {
    const found = work.callBlock(id);
    if (found === null || (found.call.remote === true && found.call.state !== 'pending')) continue;
    const call = work.editBlock<ToolCallBlock>(found.position, found.at);
    // The application, not the agent, answers these (frontend tools).
    call.remote = true;
    if (call.state === 'pending') call.state = 'submitted';
  }
  work.status = 'done';
}

/** `RUN_ERROR`: the error shows on the open reply (or on a message of its own), the run fails. */
export function foldRunError(work: Work, event: WireEvent): void {
  const message = readString(event['message']) ?? 'The agent reported an error';
  const code = readText(event['code']);
  if (readString(event['message']) === null)
    work.warn('invalid-event', 'RUN_ERROR without a message');
  const openReply = work
    .openStreams()
    .map(([, stream]) => stream.messageId)
    .filter((id) => {
      const position = work.position(id);
      return position >= 0 && ['assistant', 'reasoning'].includes(wireRole(work.message(position)));
    })
    .pop();
  const run = endRun(work, event, 'error', 'error');
  run.error = { message, code };
  const at = stampOf(event);
  work.status = 'error';
  const error = { type: code ?? 'unknown', message };
  const target = openReply ?? work.internals.lastReply;
  const position = target === null ? -1 : work.position(target);
  if (position >= 0) {
    const before = work.message(position);
    if (
      before.finished_reason === 'error' &&
      before.finished_at !== null &&
      jsonEqual(before.error, error)
    )
      return;
    const copy = work.edit(position);
    copy.error = error;
    copy.finished_reason = 'error';
    if (copy.finished_at === null) copy.finished_at = at;
    return;
  }
  const id = `run-error:${run.runId}`;
  const block: ErrorBlock = {
    type: 'error',
    id: `${id}:0`,
    message,
    created_at: at,
    finished_at: at,
  };
  if (code !== null) block.code = code;
  const msg: Msg = {
    ...shell(id, 'assistant', null, [block], agUiMetadata('assistant', {}), at, at),
    finished_reason: 'error',
    error,
  };
  work.putMessage(msg);
}
