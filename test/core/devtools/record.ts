import type { Recorder, RecordingSession } from '../../../src/devtools.js';
import { createRecorder } from '../../../src/devtools.js';
import type { Corpus } from './corpora.js';

/**
 * A session recorded through the hook a store would open, the frames of `corpus` published in
 * commits that end after the frames at `cuts` (and at the end).
 */
export function recordCorpus(
  corpus: Corpus,
  cuts: readonly number[] = [],
  recorder: Recorder & ReturnType<typeof createRecorder> = createRecorder({ capacity: 100_000 }),
): RecordingSession {
  const tap = recorder.open({
    label: corpus.name,
    frames: corpus.frames,
    protocol: () => corpus.protocol,
  });
  const ends = new Set(cuts.map((cut) => cut % Math.max(1, corpus.log.length)));
  corpus.log.forEach((frame, index) => {
    tap.frame(frame);
    if (ends.has(index)) tap.commit(0.5);
  });
  tap.commit(0.5);
  const session = recorder.sessions().at(-1);
  if (session === undefined) throw new Error('nothing was recorded');
  return session;
}
