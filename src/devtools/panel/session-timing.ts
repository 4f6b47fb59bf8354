import type { RecordedCommit, RecordedEvent } from '../recording/recording-types.js';

/** How a session's events and commits were spread in time, for the timing section. */
export interface SessionTiming {
  /** Milliseconds from the first kept event to the last. */
  readonly duration: number;
  /** The wait before each event (0 for the first kept one), by index into the events. */
  readonly gaps: readonly number[];
  /** The longest wait and the index of the event that ended it, or null with under two events. */
  readonly longestGap: { readonly index: number; readonly ms: number } | null;
  readonly medianGap: number;
  readonly commits: number;
  /** Events folded per commit: mean and most. */
  readonly eventsPerCommit: { readonly mean: number; readonly max: number };
  /** What commits cost (fold and publish), in milliseconds: median, most and all together. */
  readonly commitMs: { readonly median: number; readonly max: number; readonly total: number };
}

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The timing of a session's events and commits. */
export function sessionTiming(
  events: readonly RecordedEvent[],
  commits: readonly RecordedCommit[],
): SessionTiming {
  const gaps = events.map((event, index) =>
    index === 0 ? 0 : Math.max(0, event.at - (events[index - 1]?.at ?? event.at)),
  );
  let longestGap: SessionTiming['longestGap'] = null;
  for (let index = 1; index < gaps.length; index += 1) {
    const ms = gaps[index] ?? 0;
    if (longestGap === null || ms > longestGap.ms) longestGap = { index, ms };
  }
  const folded = commits.map((commit) => commit.events);
  const costs = commits.map((commit) => commit.ms);
  const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
  const most = (values: readonly number[]) =>
    values.reduce((top, value) => Math.max(top, value), 0);
  return {
    duration: events.length > 1 ? (events.at(-1)?.at ?? 0) - (events[0]?.at ?? 0) : 0,
    gaps,
    longestGap,
    medianGap: median(gaps.slice(1)),
    commits: commits.length,
    eventsPerCommit: {
      mean: commits.length === 0 ? 0 : sum(folded) / commits.length,
      max: most(folded),
    },
    commitMs: { median: median(costs), max: most(costs), total: sum(costs) },
  };
}

/** A duration for people: `850 ms`, `1.2 s`, `3 min 5 s`. */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  if (ms < 1) return `${Math.round(ms * 100) / 100} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${Math.round(ms / 100) / 10} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms - minutes * 60_000) / 1000)} s`;
}
