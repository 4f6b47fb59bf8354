import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { HiddenCharacterScan } from '../../../src/markdown/source/hidden-characters.js';
import { scanHiddenCharacters } from '../../../src/markdown/source/hidden-characters.js';

const scanWhole = (text: string) => scanHiddenCharacters(null, text).found;

const PIECES = [
  'word ',
  'a',
  '\u{1F468}',
  '\u200d',
  '\u{1F469}',
  '\ufe0f',
  '\u0628',
  '\u200c',
  '\u3164',
  '\u1100',
  '\u115f',
  '\u1160',
  '\u1161',
  '\u2800',
  '\u2801',
  '\u0000',
  '&#8203;',
  '&zwj;',
  '&amp;',
  '\n',
  'x'.repeat(40),
];

describe('scanHiddenCharacters', () => {
  it('finds hidden characters, also written as character references', () => {
    for (const text of ['ab\u200bcd', 'ab\u3164', 'x&#x200B;y', 'x&ZeroWidthSpace;y', 'a\u2800b']) {
      expect(scanWhole(text), JSON.stringify(text)).toBe(true);
    }
    for (const text of [
      'plain text',
      'family \u{1F468}\u200d\u{1F469}',
      '&amp; &#65;',
      '\u2801\u2800\u2801',
    ]) {
      expect(scanWhole(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('does not keep a joiner that was lone only until the next character arrived', () => {
    const lone = scanHiddenCharacters(null, 'family \u{1F468}\u200d');
    expect(lone.found).toBe(true);
    const joined = 'family \u{1F468}\u200d\u{1F469} and more words after it';
    expect(scanHiddenCharacters(lone, joined).found).toBe(false);
  });

  it('property: streamed in pieces, it ends where reading the whole text at once ends', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }),
        fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 10 }),
        (pieces, cuts) => {
          const text = pieces.join('');
          let streamed: HiddenCharacterScan | null = null;
          let at = 0;
          for (let index = 0; at < text.length; index++) {
            at = Math.min(text.length, at + (cuts[index % cuts.length] ?? 1));
            streamed = scanHiddenCharacters(streamed, text.slice(0, at));
          }
          expect(scanHiddenCharacters(streamed, text).found, JSON.stringify(text)).toBe(
            scanWhole(text),
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('starts again when the text is replaced rather than extended', () => {
    const found = scanHiddenCharacters(null, 'ab\u200bcd and some more text after it');
    expect(found.found).toBe(true);
    expect(scanHiddenCharacters(found, 'clean').found).toBe(false);
  });
});
