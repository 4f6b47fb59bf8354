/*
 * The run records (`AgUiRun`): making one, finding the one an event updates, reading usage.
 */
import type { JsonObject } from '../../model/json.js';
import type { ReplyFinishedReason } from '../../model/message.js';
import { closeStreams } from './close-streams.js';
import { isRecord } from '../common/read.js';
import type { AgUiRun } from './types.js';
import { stampOf, type WireEvent } from './wire-event.js';
import type { Work } from './work.js';

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
