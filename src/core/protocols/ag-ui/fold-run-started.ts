/*
 * `RUN_STARTED`, with the messages and resume answers its `input` carries.
 */
import type { Diagnostic } from '../../model/diagnostic.js';
import { isRecord, readId, readObject } from '../common/read.js';
import { closeStreams } from './close-streams.js';
import { snapshotConverter } from './fold-messages-snapshot.js';
import { applyResume } from './interrupts.js';
import { setCallState } from './fold-tool-result.js';
import { startRun } from './run-record.js';
import { stampOf, type WireEvent } from './wire-event.js';
import type { Work } from './work.js';

/** `RUN_STARTED`: a new run; `input.messages` not yet shown are added, `input.resume` answers interrupts. */
export function foldRunStarted(work: Work, event: WireEvent): void {
  const current = work.runs[work.internals.runIndex];
  if (current?.status === 'running')
    work.warn('run-not-finished', `RUN_STARTED while run "${current.runId}" had not finished`);
  closeStreams(work, event, 'interrupted', true);
  const runId = readId(event['runId']) ?? `run:${work.eventCount}`;
  if (readId(event['runId']) === null)
    work.warn('missing-id', `RUN_STARTED without a runId; read as "${runId}"`);
  const threadId = readId(event['threadId']);
  if (threadId !== null) work.threadId = threadId;
  startRun(work, runId, threadId ?? work.threadId, readId(event['parentRunId']), stampOf(event));
  work.status = 'streaming';
  const input = readObject(event['input']);
  if (input === null) return;
  if (Array.isArray(input['messages']))
    addMissingMessages(work, input['messages'] as unknown[], event);
  if (Array.isArray(input['resume']))
    applyResume(work, input['resume'] as unknown[], stampOf(event));
}

function addMissingMessages(work: Work, messages: readonly unknown[], event: WireEvent): void {
  const diagnostics: Diagnostic[] = [];
  const at = stampOf(event);
  const path = `$[${work.eventCount}].input.messages`;
  const convert = snapshotConverter(work, messages, diagnostics, path, at);
  messages.forEach((wire, index) => {
    const id = isRecord(wire) ? readId(wire['id']) : null;
    if (id !== null && work.position(id) >= 0) return;
    const msg = convert(wire, index);
    if (msg === null) return;
    work.push(msg);
    // A result the app sent (a frontend tool's) finishes its call, as TOOL_CALL_RESULT does.
    for (const block of msg.content)
      if (block.type === 'tool_result') setCallState(work, block.id, 'finished', at);
  });
  work.addDiagnostics(diagnostics);
}
