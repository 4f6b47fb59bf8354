/*
 * The frame splitter behind `createResumableAgUiFetch`: however the bytes are cut (inside a line,
 * inside a multi-byte character, inside the blank line), it gives back exactly the whole frames,
 * with each one's id and whether it ends the run, and holds back an unfinished one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SseFrameSplitter } from '../../../src/bindings/ag-ui/sse-frames.js';

const eventArb = fc.record({
  type: fc.constantFrom('TEXT_MESSAGE_CONTENT', 'RUN_STARTED', 'RUN_FINISHED', 'RUN_ERROR'),
  delta: fc.string({ unit: 'grapheme', maxLength: 20 }),
});
const frameArb = fc.record({
  id: fc.option(fc.stringMatching(/^[a-z0-9-]{1,8}:[0-9]{1,3}$/), { nil: null }),
  event: eventArb,
  eol: fc.constantFrom('\n', '\r\n'),
});

/** Cuts `bytes` at the given points. */
function cut(bytes: Uint8Array, points: number[]): Uint8Array[] {
  const at = [...new Set(points.map((p) => p % (bytes.length + 1)))].sort((x, y) => x - y);
  const chunks: Uint8Array[] = [];
  let from = 0;
  for (const point of [...at, bytes.length]) {
    chunks.push(bytes.slice(from, point));
    from = point;
  }
  return chunks;
}

describe('SseFrameSplitter', () => {
  it('gives back every whole frame, however the bytes are cut', () => {
    fc.assert(
      fc.property(
        fc.array(frameArb, { maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.string({ maxLength: 10 }).filter((tail) => !/\n|\r/.test(tail)),
        (frames, points, tail) => {
          const texts = frames.map(
            ({ id, event, eol }) =>
              `${id === null ? '' : `id: ${id}${eol}`}data: ${JSON.stringify(event)}${eol}${eol}`,
          );
          // An unfinished frame after the last whole one: held back, never given out.
          const wire = texts.join('') + (tail === '' ? '' : `data: ${tail}`);
          const splitter = new SseFrameSplitter();
          const out = cut(new TextEncoder().encode(wire), points).flatMap((chunk) =>
            splitter.push(chunk),
          );
          expect(out.map((frame) => frame.text)).toEqual(texts);
          expect(out.map((frame) => frame.id)).toEqual(frames.map((frame) => frame.id));
          expect(out.map((frame) => frame.endsRun)).toEqual(
            frames.map(
              (frame) => frame.event.type.startsWith('RUN_') && frame.event.type !== 'RUN_STARTED',
            ),
          );
          expect(splitter.flush()?.text ?? '').toBe(tail === '' ? '' : `data: ${tail}\n\n`);
        },
      ),
    );
  });

  it('forgets an unfinished frame on reset', () => {
    const splitter = new SseFrameSplitter();
    expect(splitter.push(new TextEncoder().encode('id: r:1\ndata: {"type":"RUN_STA'))).toEqual([]);
    splitter.reset();
    const [frame] = splitter.push(new TextEncoder().encode('id: r:2\ndata: {}\n\n'));
    expect(frame).toEqual({ text: 'id: r:2\ndata: {}\n\n', id: 'r:2', endsRun: false });
  });
});
