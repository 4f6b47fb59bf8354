import type { Diagnostic } from '../../core.js';

/**
 * How many diagnostics each event caused, by index into the session's events: the events after
 * which the fold holds more diagnostics than before. `countAt(k)` is the number of diagnostics
 * after the first `k` events; `foldRecording` folds forward incrementally, so walking k up costs
 * one fold of the session, not one per event.
 */
export function diagnosticMarks(
  total: number,
  countAt: (count: number) => number,
): ReadonlyMap<number, number> {
  const marks = new Map<number, number>();
  let before = 0;
  for (let count = 1; count <= total; count += 1) {
    const after = countAt(count);
    if (after > before) marks.set(count - 1, after - before);
    before = after;
  }
  return marks;
}

/** The diagnostics in `after` that `before` did not hold: what one event's fold added. */
export function addedDiagnostics(
  before: readonly Diagnostic[],
  after: readonly Diagnostic[],
): readonly Diagnostic[] {
  const known = new Set(before);
  return after.filter((diagnostic) => !known.has(diagnostic));
}
