/*
 * Record → export → import → replay gives the messages the protocol's own fold gives, for every
 * stream fixture of the five protocols, however the frames were grouped into commits; and
 * scrubbing to any event, in any order, equals folding the first k frames afresh.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FoldedRecording, RecordingSession } from '../../../src/devtools.js';
import {
  exportRecording,
  foldRecording,
  importRecording,
  replayRecording,
} from '../../../src/devtools.js';
import { CORPORA, corpusNamed } from './corpora.js';
import { recordCorpus } from './record.js';

const corpora = fc.constantFrom(...CORPORA);
const cuts = fc.array(fc.nat({ max: 2000 }), { maxLength: 12 });

async function replayAll(
  session: Parameters<typeof replayRecording>[0],
): Promise<[FoldedRecording, number][]> {
  const folds: [FoldedRecording, number][] = [];
  const replay = replayRecording(session, {
    speed: 1e9,
    onFold: (folded, count) => folds.push([folded, count]),
  });
  await replay.done;
  return folds;
}

describe('recordings: record, export, import, replay', () => {
  it.each(CORPORA.map((corpus) => [corpus.name, corpus] as const))(
    '%s: replays to the messages its own fold gives',
    async (_name, corpus) => {
      const session = recordCorpus(corpus, [3, 10, 40]);
      const imported = importRecording(exportRecording(session).ndjson);
      const folds = await replayAll(imported);

      expect(imported.header.protocol).toBe(corpus.protocol);
      expect(imported.events.map((event) => event.frame)).toEqual(corpus.log);
      expect(folds.at(-1)?.[1]).toBe(corpus.log.length);
      expect(folds.at(-1)?.[0].messages).toEqual(corpus.fold(corpus.log));
      expect(corpus.fold(corpus.log).length).toBeGreaterThan(0);
    },
  );

  it('replays every corpus, however its frames were committed, through every step', async () => {
    await fc.assert(
      fc.asyncProperty(corpora, cuts, async (corpus, points) => {
        const session = recordCorpus(corpus, points);
        const { ndjson } = exportRecording(session);
        const folds = await replayAll(importRecording(ndjson));
        const counts = folds.map(([, count]) => count);
        // One step per commit, in order, ending with every frame.
        expect(counts).toEqual([...counts].sort((a, b) => a - b));
        expect(new Set(counts).size).toBe(counts.length);
        expect(counts.at(-1)).toBe(corpus.log.length);
        for (const [folded, count] of folds)
          expect(folded.messages).toEqual(corpus.fold(corpus.log.slice(0, count)));
      }),
      { numRuns: 20 },
    );
  }, 120_000);

  it('scrubbing to event k, forward or back, equals folding the first k frames afresh', () => {
    fc.assert(
      fc.property(
        corpora,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 8 }),
        (corpus, positions) => {
          const session = recordCorpus(corpus);
          for (const position of positions) {
            const k = Math.round(position * corpus.log.length);
            expect(foldRecording(session, k).messages).toEqual(corpus.fold(corpus.log.slice(0, k)));
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);

  it('folds everything by default, and clamps a count out of range', () => {
    const corpus = corpusNamed('ai-sdk: the demo');
    const session = recordCorpus(corpus);
    const all = corpus.fold(corpus.log);

    expect(foldRecording(session).messages).toEqual(all);
    expect(foldRecording(session, 1e9).messages).toEqual(all);
    expect(foldRecording(session, -3).messages).toEqual([]);
  });

  it('replays at the recorded pace, scaled, and stops when told', async () => {
    const corpus = corpusNamed('agentscope');
    const session = recordCorpus(corpus, [1, 2, 3]);
    const folds: number[] = [];
    const replay = replayRecording(session, {
      speed: 1,
      onFold: (_folded, count) => folds.push(count),
    });
    replay.stop();
    await replay.done;

    expect(folds).toEqual([]);
    expect(() => replayRecording(session, { speed: 0, onFold: () => {} })).toThrow(RangeError);
  });
});

describe('replayRecording: the pace', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Three AG-UI frames, each its own commit, recorded at 0 ms, 1 s and 60 s. */
  const paced: RecordingSession = {
    ...recordCorpus(corpusNamed('ag-ui: a full conversation')),
    events: [
      { seq: 0, at: 0, commit: 0, frame: { type: 'RUN_STARTED', threadId: 't', runId: 'r' } },
      { seq: 1, at: 1000, commit: 1, frame: { type: 'TEXT_MESSAGE_START', messageId: 'a' } },
      {
        seq: 2,
        at: 60_000,
        commit: 2,
        frame: { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a', delta: 'Hi' },
      },
    ],
  };

  it('waits the recorded gaps divided by the speed, a long pause cut to 5 s', async () => {
    vi.useFakeTimers();
    const counts: number[] = [];
    const replay = replayRecording(paced, { speed: 2, onFold: (_f, count) => counts.push(count) });
    await vi.advanceTimersByTimeAsync(0);
    expect(counts).toEqual([1]);
    await vi.advanceTimersByTimeAsync(499);
    expect(counts).toEqual([1]);
    await vi.advanceTimersByTimeAsync(1);
    expect(counts).toEqual([1, 2]);
    // 59 s recorded, cut to 5 s, at twice the speed.
    await vi.advanceTimersByTimeAsync(2499);
    expect(counts).toEqual([1, 2]);
    await vi.advanceTimersByTimeAsync(1);
    expect(counts).toEqual([1, 2, 3]);
    await replay.done;
  });

  it('folds everything at once with speed Infinity', async () => {
    const folds: [FoldedRecording, number][] = [];
    await replayRecording(paced, {
      speed: Infinity,
      onFold: (folded, count) => folds.push([folded, count]),
    }).done;
    expect(folds.map(([, count]) => count)).toEqual([3]);
    expect(JSON.stringify(folds[0]?.[0].messages)).toContain('Hi');
  });
});
