import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUtf8Decoder, Utf8StreamDecoder } from '../../../src/core/stream/utf8-decoder.js';
import {
  asyncItems,
  collect,
  encodeSse,
  replyEvents,
  splitBytes,
  utf8,
} from './agentscope-events.js';
import { fuzzRuns, fuzzTimeout } from '../../fuzz-runs.js';

function decodeInPieces(bytes: Uint8Array, cuts: readonly number[]): string {
  const decoder = new Utf8StreamDecoder();
  let text = '';
  for (const piece of splitBytes(bytes, cuts)) text += decoder.decode(piece);
  return text + decoder.end();
}

const reference = (bytes: Uint8Array) =>
  new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

/** Property tests: a modest number of runs, none timed in a deep run (`npm run fuzz`). */
const FUZZ = { timeout: fuzzTimeout(60_000) };

describe('Utf8StreamDecoder (the fallback when TextDecoder is missing)', FUZZ, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('joins characters split at every possible byte', () => {
    const bytes = utf8('héllo 世界 🎉');
    for (let cut = 0; cut <= bytes.length; cut += 1)
      expect(decodeInPieces(bytes, [cut])).toBe('héllo 世界 🎉');
    expect(decodeInPieces(bytes, Array.from(bytes.keys()))).toBe('héllo 世界 🎉');
  });

  it.each([
    ['an overlong encoding', [0xc0, 0x80]],
    ['a surrogate', [0xed, 0xa0, 0x80]],
    ['a code point above U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
    ['a stray continuation byte', [0x61, 0x80, 0x62]],
    ['a truncated sequence before ASCII', [0xe4, 0xb8, 0x41]],
    ['a truncated sequence at the end', [0x41, 0xf0, 0x9f, 0x8e]],
    ['a BOM, which is kept', [0xef, 0xbb, 0xbf, 0x41]],
  ])('replaces %s exactly as TextDecoder does', (_name, bytes) => {
    const input = new Uint8Array(bytes);
    expect(decodeInPieces(input, [])).toBe(reference(input));
    expect(decodeInPieces(input, Array.from(input.keys()))).toBe(reference(input));
  });

  it('agrees with TextDecoder on arbitrary bytes cut anywhere', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 200 }),
        fc.array(fc.nat({ max: 200 })),
        (bytes, cuts) => {
          expect(decodeInPieces(bytes, cuts)).toBe(reference(bytes));
        },
      ),
      { numRuns: fuzzRuns(200) },
    );
  });

  it('agrees with TextDecoder on valid UTF-8 cut anywhere', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 30 }),
        fc.array(fc.nat({ max: 240 })),
        (text, cuts) => {
          expect(decodeInPieces(utf8(text), cuts)).toBe(text);
        },
      ),
      { numRuns: fuzzRuns(50) },
    );
  });

  it('decodes long input in one call', () => {
    const text = '世界🎉'.repeat(5000);
    expect(decodeInPieces(utf8(text), [])).toBe(text);
  });

  it('is what createUtf8Decoder and readEventStream use when there is no TextDecoder', async () => {
    vi.stubGlobal('TextDecoder', undefined);
    expect(createUtf8Decoder()).toBeInstanceOf(Utf8StreamDecoder);
    const bytes = utf8(encodeSse(replyEvents));
    const { events } = await collect(
      asyncItems(
        splitBytes(
          bytes,
          Array.from({ length: 200 }, (_, index) => index * 7),
        ),
      ),
    );
    expect(events).toEqual(replyEvents);
  });
});
