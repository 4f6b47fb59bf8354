import { foldRecording } from './fold-recording.js';
import type { Replay, ReplayOptions, RecordingSession } from './recording-types.js';

/** Longest pause a replay keeps: a recording left open over lunch does not replay for an hour. */
const MAX_GAP_MS = 5000;

/**
 * Replays a session: `onFold` gets the fold after each event, at the recorded pace times
 * `speed` (gaps capped at 5 s), or all at once with `speed: Infinity`. Events recorded within
 * the same commit are folded together, as the store showed them.
 * @example
 * const replay = replayRecording(session, { speed: 2, onFold: ({ messages }) => setMessages(messages) });
 * await replay.done;
 */
export function replayRecording(session: RecordingSession, options: ReplayOptions): Replay {
  const { events } = session;
  const speed = options.speed ?? 1;
  if (!(speed > 0)) throw new RangeError(`replayRecording: speed must be above 0, not ${speed}`);
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let finish = (): void => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });

  const step = (index: number): void => {
    if (stopped) return;
    // Every event up to the next one that a later commit showed.
    let end = index + 1;
    while (end < events.length && events[end]?.commit === events[index]?.commit) end += 1;
    if (speed === Infinity) end = events.length;
    options.onFold(foldRecording(session, end), end);
    if (end >= events.length) return finish();
    const gap = (events[end]?.at ?? 0) - (events[end - 1]?.at ?? 0);
    const wait = speed === Infinity ? 0 : Math.min(MAX_GAP_MS, Math.max(0, gap)) / speed;
    timer = setTimeout(() => step(end), wait);
  };

  if (events.length === 0) {
    options.onFold(foldRecording(session, 0), 0);
    finish();
  } else timer = setTimeout(() => step(0), 0);

  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      finish();
    },
    done,
  };
}
