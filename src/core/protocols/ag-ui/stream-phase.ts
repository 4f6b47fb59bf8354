/*
 * The lifecycle that text and reasoning messages and tool calls share: a start opens the stream,
 * deltas grow it, an end closes it. Whatever comes out of that order is reported and repaired.
 */
import { readId } from '../common/read.js';
import type { OpenStream } from './state.js';
import { deltaOf, type WireEvent } from './wire-event.js';
import type { Work } from './work.js';

/** Writes one delta into the block that the open stream `key` feeds. */
export type AppendDelta = (
  work: Work,
  key: string,
  stream: OpenStream,
  delta: string,
  event: WireEvent,
) => void;

/** Closes the open stream `key`. */
export type EndStream = (work: Work, key: string, stream: OpenStream, event: WireEvent) => void;

/**
 * What one stream does in each phase: `open` is only called for a stream that is not open,
 * `open(true)` for a delta that found none.
 */
export interface StreamPhases {
  open(implicit: boolean): OpenStream | null;
  /** The report for a delta that found no open stream. */
  orphan(): string;
  append: AppendDelta;
  end: EndStream;
}

/**
 * A delta for a stream that replays what is already shown (`stream.replay >= 0`, after a
 * reconnect): `null` when it matches the shown text there (the replay moves past it), else the
 * text to show from now on, which ends the replay.
 */
export function replayDelta(
  work: Work,
  key: string,
  stream: OpenStream,
  shown: string,
  delta: string,
): string | null {
  if (shown.startsWith(delta, stream.replay)) {
    work.setStream(key, { ...stream, replay: stream.replay + delta.length });
    return null;
  }
  work.setStream(key, { ...stream, replay: -1 });
  return shown.slice(0, stream.replay) + delta;
}

/**
 * Folds the start, a delta or the end of the stream `key` (named `id` in reports). A start for
 * an open stream and an end with none are ignored; a delta with none opens one; all reported.
 */
export function foldStreamPhase(
  work: Work,
  event: WireEvent,
  phase: 'start' | 'delta' | 'end',
  stream: { key: string; id: string },
  phases: StreamPhases,
): void {
  const open = work.stream(stream.key);
  if (phase === 'start') {
    if (open === undefined) phases.open(false);
    else
      work.warn(
        'already-open',
        `${event.type} for "${stream.id}", which is still streaming; ignored`,
      );
    return;
  }
  if (phase === 'end') {
    if (open === undefined)
      work.warn('not-open', `${event.type} for "${stream.id}", which is not streaming; ignored`);
    else phases.end(work, stream.key, open, event);
    return;
  }
  if (open !== undefined) {
    phases.append(work, stream.key, open, deltaOf(work, event), event);
    return;
  }
  work.warn('not-open', phases.orphan());
  const opened = phases.open(true);
  if (opened !== null) phases.append(work, stream.key, opened, deltaOf(work, event), event);
}

/**
 * The stream id an event names in `field`. A continuation without one is read as the one open
 * stream of its kind (reported); otherwise it is `null` (reported: the event is skipped).
 */
export function streamId(
  work: Work,
  event: WireEvent,
  kind: OpenStream['kind'],
  field: string,
  start: boolean,
): string | null {
  const id = readId(event[field]);
  if (id !== null && id !== '') return id;
  const open = work.openStreams().filter(([, stream]) => stream.kind === kind);
  if (start || open.length !== 1) {
    work.warn('missing-id', `${event.type} without a ${field}; skipped`);
    return null;
  }
  const found = (open[0] as [string, OpenStream])[0].slice(kind.length + 1);
  const what = kind === 'tool' ? 'call' : 'message';
  work.warn('missing-id', `${event.type} without a ${field}; read as the open ${what} "${found}"`);
  return found;
}
