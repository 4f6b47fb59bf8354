/*
 * A run's record (`AgUiRun`): `RUN_STARTED`, with the messages and resume answers its `input`
 * carries; its steps (`STEP_STARTED` / `STEP_FINISHED`); and what `RUN_FINISHED` and `RUN_ERROR`
 * share: finding the run an event updates, closing the streams still open, reading usage.
 */
import type { Diagnostic } from '../../model/diagnostic.js';
import type { JsonObject } from '../../model/json.js';
import type { ReplyFinishedReason } from '../../model/message.js';
import { isRecord, readId, readObject, readString, readText } from '../common/read.js';
import { pairShown, snapshotConverter } from './fold-messages-snapshot.js';
import { setCallState } from './fold-tool-result.js';
import { applyResume } from './interrupts.js';
import { endStream } from './stream-phase.js';
import type { AgUiRun, AgUiStep } from './types.js';
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
  const convert = snapshotConverter(work, diagnostics, path, at);
  const missing = messages.flatMap((wire, index) => {
    const id = isRecord(wire) ? readId(wire['id']) : null;
    return id !== null && work.position(id) >= 0 ? [] : (convert(wire, index) ?? []);
  });
  for (const msg of pairShown(work, missing)) {
    work.push(msg);
    // A result the app sent (a frontend tool's) finishes its call, as TOOL_CALL_RESULT does.
    for (const block of msg.content)
      if (block.type === 'tool_result') setCallState(work, block.id, 'finished', at);
  }
  work.addDiagnostics(diagnostics);
}

/** `STEP_STARTED` / `STEP_FINISHED`. */
export function foldStep(work: Work, event: WireEvent): void {
  const name = readString(event['stepName']);
  if (name === null) {
    work.warn('invalid-event', `${event.type} without a stepName; skipped`);
    return;
  }
  const run = runForUpdate(work, event);
  const at = stampOf(event) || null;
  const subagentRunId = readText(event['subagentRunId']);
  const steps = [...run.steps];
  const open = steps.findLastIndex((step) => step.name === name && step.status === 'running');
  if (event.type === 'STEP_STARTED') {
    if (open >= 0) work.warn('step-open', `STEP_STARTED "${name}" while it is running`);
    steps.push({ name, status: 'running', subagentRunId, startedAt: at, finishedAt: null });
  } else if (open < 0) {
    work.warn('step-not-open', `STEP_FINISHED "${name}", which had not started`);
    steps.push({ name, status: 'finished', subagentRunId, startedAt: null, finishedAt: at });
  } else {
    steps[open] = { ...(steps[open] as AgUiStep), status: 'finished', finishedAt: at };
  }
  run.steps = steps;
}

/** The current run for an update; an event that needs one before any `RUN_STARTED` makes one. */
export function runForUpdate(work: Work, event: WireEvent): AgUiRun {
  const run = work.editRun();
  if (run !== null) return run;
  work.warn('no-run', `${event.type} before any RUN_STARTED; recorded in a run of its own`);
  startRun(work, `run:${work.eventCount}`, work.threadId, null, stampOf(event));
  return work.editRun() as AgUiRun;
}

/** Starts (or, for a known `runId`, restarts) a run and makes it the current one. */
export function startRun(
  work: Work,
  runId: string,
  threadId: string | null,
  parentRunId: string | null,
  at: string,
): void {
  work.runs = work.draft.edit(work.runs);
  const known = work.runs.findIndex((run) => run.runId === runId);
  const run: AgUiRun = {
    runId,
    threadId,
    parentRunId,
    status: 'running',
    steps: [],
    pendingToolCallIds: [],
    interrupts: [],
    error: null,
    usage: [],
    startedAt: at || null,
    finishedAt: null,
  };
  const internals = work.ownInternals();
  // A run started again (a replay) starts over in its own place: it is not a second run.
  if (known >= 0) work.runs[known] = run;
  internals.runIndex = known >= 0 ? known : work.runs.push(run) - 1;
  internals.runCalls = [];
  internals.runAnswered = [];
  internals.lastReply = null;
}

/** Closes the open streams (messages left open end with `reason`) and ends the current run. */
export function endRun(
  work: Work,
  event: WireEvent,
  status: AgUiRun['status'],
  reason: ReplyFinishedReason,
): AgUiRun {
  closeStreams(work, event, reason, status !== 'error');
  const run = runForUpdate(work, event);
  run.status = status;
  run.finishedAt = stampOf(event) || null;
  run.usage = readUsage(event['usage']);
  return run;
}

/** The `usage` entries of an event; anything that is not a list of objects reads as none. */
export function readUsage(value: unknown): JsonObject[] {
  return Array.isArray(value) ? value.filter(isRecord).map((entry) => entry as JsonObject) : [];
}

/** Ends every open stream; messages still open afterwards end with `reason`. */
export function closeStreams(
  work: Work,
  event: WireEvent,
  reason: ReplyFinishedReason,
  report: boolean,
): void {
  const open = work.openStreams();
  if (open.length === 0) return;
  if (report)
    work.warn(
      'not-closed',
      `${event.type} while ${open.length} stream(s) were still open; they were closed`,
    );
  for (const [key, stream] of open) {
    endStream(work, key, stream, event);
    const position = work.position(stream.messageId);
    const msg = position < 0 ? null : work.message(position);
    if (reason !== 'completed' && msg?.finished_at != null && msg.finished_reason === 'completed')
      work.edit(position).finished_reason = reason;
  }
}
