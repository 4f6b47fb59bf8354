/*
 * Frames are untrusted: one that JSON cannot hold (a cycle, a BigInt, a getter that throws) is
 * written as a marker the header counts, one nested 100,000 levels deep is written whole, and the
 * rest of the session exports, imports and folds as if it were not there.
 */
import { describe, expect, it } from 'vitest';
import type { RecordingSession } from '../../../src/devtools.js';
import { exportRecording, foldRecording, importRecording } from '../../../src/devtools.js';
import { corpusNamed } from './corpora.js';
import { recordCorpus } from './record.js';

function deepArray(depth: number): unknown[] {
  const root: unknown[] = [];
  let inner = root;
  for (let i = 1; i < depth; i++) {
    const next: unknown[] = [];
    inner.push(next);
    inner = next;
  }
  inner.push('sk-live-0123456789abcdefghijklmn');
  return root;
}

function depthOf(value: unknown): number {
  let depth = 0;
  for (let item = value; Array.isArray(item); item = item[0] as unknown) depth += 1;
  return depth;
}

const cyclic = (): unknown => {
  const frame: Record<string, unknown> = { type: 'CUSTOM', name: 'loop' };
  frame['self'] = frame;
  return frame;
};
const throwing = (): unknown => ({
  get type(): string {
    throw new Error('no type for you');
  },
});

/** A real session with `hostile` inserted after its third frame, renumbered as the ring would. */
function withHostile(hostile: unknown): RecordingSession {
  const session = recordCorpus(corpusNamed('ag-ui: the demo log'));
  const events = [...session.events];
  const third = events[2];
  if (third === undefined) throw new Error('a short corpus');
  events.splice(3, 0, { ...third, frame: hostile });
  return { ...session, events: events.map((event, seq) => ({ ...event, seq })) };
}

describe('exportRecording: frames JSON cannot hold', () => {
  it.each([
    ['a cycle', cyclic, /circular/i],
    ['a BigInt', () => ({ type: 'CUSTOM', value: 10n ** 30n }), /BigInt/],
    ['a getter that throws', throwing, /no type for you/],
  ])('%s is a marker, counted in the header', (_name, hostile, reason) => {
    const clean = recordCorpus(corpusNamed('ag-ui: the demo log'));
    const session = withHostile(hostile());
    const { ndjson } = exportRecording(session);
    const again = importRecording(ndjson);

    expect(again.header.unserializable).toBe(1);
    expect(again.events).toHaveLength(session.events.length);
    const marked = again.events[3];
    expect(marked?.frame).toBeNull();
    expect(marked?.unserializable).toMatch(reason);
    const others = again.events.filter((event) => event.unserializable === undefined);
    expect(others.map((event) => event.frame)).toEqual(clean.events.map((event) => event.frame));
    expect(foldRecording(again).messages).toEqual(foldRecording(clean).messages);
    // Read again and written again, the marker stays one.
    expect(importRecording(exportRecording(again).ndjson).header.unserializable).toBe(1);
  });

  it('a decision whose payload is a cycle is a marker too', () => {
    const session = recordCorpus(corpusNamed('ag-ui: the demo log'));
    const withDecision = {
      ...session,
      decisions: [{ at: 1, toolCallId: 'call-1', allowed: true, sent: cyclic() }],
    };
    const again = importRecording(exportRecording(withDecision).ndjson);
    expect(again.header.unserializable).toBe(1);
    expect(again.decisions[0]).toMatchObject({ toolCallId: 'call-1', allowed: true });
    expect(again.decisions[0]?.sent).toMatchObject({
      unserializable: expect.stringMatching(/circular/i),
    });
  });

  it('a frame 100,000 arrays deep is written whole, and redacted at the bottom', () => {
    const clean = recordCorpus(corpusNamed('ag-ui: the demo log'));
    const session = withHostile(deepArray(100_000));
    const { ndjson, removed } = exportRecording(session);
    const again = importRecording(ndjson);

    expect(again.header.unserializable).toBeUndefined();
    expect(removed).toEqual([{ rule: 'api-key', count: 1 }]);
    expect(ndjson).not.toContain('sk-live');
    expect(depthOf(again.events[3]?.frame)).toBe(100_000);
    expect(again.events).toHaveLength(session.events.length);
    const others = again.events.filter((_event, index) => index !== 3);
    expect(others.map((event) => event.frame)).toEqual(clean.events.map((event) => event.frame));
    expect(foldRecording(again).messages).toEqual(foldRecording(clean).messages);
  }, 60_000);
});
