/*
 * Steps of a run: `STEP_STARTED` and `STEP_FINISHED`.
 */
import { readString, readText } from '../common/read.js';
import { runForUpdate } from './run-record.js';
import type { AgUiStep } from './types.js';
import { stampOf, type WireEvent } from './wire-event.js';
import type { Work } from './work.js';

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
