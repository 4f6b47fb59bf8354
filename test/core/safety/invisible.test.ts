import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  hasInvisibleCharacters,
  removeInvisible,
  revealInvisible,
  revealReordering,
  splitInvisible,
} from '../../../src/core/safety/invisible.js';

describe('revealInvisible', () => {
  it('marks bidi overrides, zero-width characters and Unicode tag characters', () => {
    const tagged = `rm${String.fromCodePoint(0xe0041)}`;
    expect(revealInvisible('a\u202Eb')).toBe('a[U+202E]b');
    expect(revealInvisible('x\u200By')).toBe('x[U+200B]y');
    expect(revealInvisible(tagged)).toBe('rm[U+E0041]');
    expect(hasInvisibleCharacters(tagged)).toBe(true);
  });

  it('leaves ordinary text, emoji sequences and other scripts alone', () => {
    for (const text of ['hello', 'héllo 世界 🎉', 'مرحبا', '👩‍👩‍👧', '❤️', '1️⃣']) {
      expect(revealInvisible(text)).toBe(text);
    }
  });

  it('marks runs of variation selectors and supplementary selectors used to smuggle bytes', () => {
    expect(revealInvisible('a\uFE0F\uFE0F')).toBe('a[U+FE0F][U+FE0F]');
    expect(revealInvisible(`😀${String.fromCodePoint(0xe0101)}`)).toBe('😀[U+E0101]');
  });

  it('marks every other format character: isolates, interlinear annotations, musical and shorthand controls', () => {
    const cases: [string, string][] = [
      ['\u2066', '[U+2066]'],
      ['\u2069', '[U+2069]'],
      ['\u061c', '[U+061C]'],
      ['\u00ad', '[U+00AD]'],
      ['\ufff9', '[U+FFF9]'],
      ['\u2028', '[U+2028]'],
      ['\u3164', '[U+3164]'],
      [String.fromCodePoint(0x1d173), '[U+1D173]'],
      [String.fromCodePoint(0x1bca0), '[U+1BCA0]'],
      [String.fromCodePoint(0xe0001), '[U+E0001]'],
      [String.fromCodePoint(0xe007f), '[U+E007F]'],
    ];
    for (const [char, marker] of cases) expect(revealInvisible(`a${char}b`)).toBe(`a${marker}b`);
  });

  it('leaves visible format glyphs and a single joiner in running text alone', () => {
    for (const text of ['\u0600\u0661', 'می\u200cخواهم', 'क्\u200dष']) {
      expect(revealInvisible(text)).toBe(text);
      expect(hasInvisibleCharacters(text)).toBe(false);
    }
  });

  it('marks a lone joiner or selector where no writing system needs it', () => {
    const cases: [string, string][] = [
      ['read\u200c_file', 'read[U+200C]_file'],
      ['pass\u200dwd', 'pass[U+200D]wd'],
      ['admin\ufe0f', 'admin[U+FE0F]'],
      ['\u200dx', '[U+200D]x'],
      ['x\ufe0e', 'x[U+FE0E]'],
      // A ZWJ after an emoji but before a letter, a selector after a selector.
      ['\u{1F600}\u200dA', '\u{1F600}[U+200D]A'],
      ['\u{1F600}\ufe0f\ufe0f', '\u{1F600}\ufe0f[U+FE0F]'],
      // Joiners between Latin letters, or between a Latin and an Arabic letter.
      ['a\u200cb', 'a[U+200C]b'],
      ['a\u200c\u0628', 'a[U+200C]\u0628'],
      // A keycap selector with no keycap after it.
      ['1\ufe0f', '1[U+FE0F]'],
    ];
    for (const [text, shown] of cases) {
      expect(revealInvisible(text), JSON.stringify(text)).toBe(shown);
      expect(hasInvisibleCharacters(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('keeps the joiners and selectors that emoji sequences and shaping scripts need', () => {
    for (const text of [
      '\u{1F469}\u200d\u{1F469}\u200d\u{1F467}', // family
      '\u{1F3F3}\ufe0f\u200d\u{1F308}', // rainbow flag
      '\u{1F441}\ufe0f\u200d\u{1F5E8}\ufe0f', // eye in speech bubble
      '\u{1F469}\u{1F3FD}\u200d\u{1F4BB}', // technologist with a skin tone
      '\u{1F469}\u200d\u{1F9B0}', // red hair
      '\u2764\ufe0f', // red heart
      '\u2194\ufe0e', // text-style arrow
      '1\ufe0f\u20e3', // keycap
      '\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645', // Persian, ZWNJ
      '\u0915\u094d\u200d\u0937', // Devanagari, ZWJ after a virama
      '\u0d28\u0d4d\u200c\u0d28', // Malayalam, ZWNJ
      '\u0dc1\u0dca\u200d\u0dbb\u0dd3', // Sinhala
    ]) {
      expect(revealInvisible(text), JSON.stringify(text)).toBe(text);
      expect(hasInvisibleCharacters(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('revealReordering marks overrides, isolates and tags but not the marks RTL text needs', () => {
    expect(revealReordering('a\u202Eb\u2066c')).toBe('a[U+202E]b[U+2066]c');
    expect(revealReordering(`x${String.fromCodePoint(0xe0041)}`)).toBe('x[U+E0041]');
    for (const text of ['שלום\u200Fעולם', 'a\u200Bb', 'مرحبا\u061C', '👩‍👩‍👧']) {
      expect(revealReordering(text)).toBe(text);
    }
  });

  it('marks zero-width, word-joiner, BOM and invisible-operator characters', () => {
    for (const char of ['\u200b', '\u200e', '\u200f', '\u2060', '\u2061', '\u2064', '\ufeff']) {
      const code = char.charCodeAt(0).toString(16).toUpperCase();
      expect(revealInvisible(`ab${char}cd`)).toBe(`ab[U+${code}]cd`);
    }
  });

  it('marks blank-looking letters where they stand blank', () => {
    const cases: [string, string][] = [
      ['a\u3164b', 'a[U+3164]b'],
      ['a\uffa0b', 'a[U+FFA0]b'],
      ['a\u115fb', 'a[U+115F]b'],
      ['a\u1160b', 'a[U+1160]b'],
      // Both fillers together make a syllable with nothing in it.
      ['\u115f\u1160', '[U+115F][U+1160]'],
      ['a\u2800b', 'a[U+2800]b'],
      ['\u2800\u2800', '[U+2800][U+2800]'],
    ];
    for (const [text, shown] of cases) {
      expect(revealInvisible(text), JSON.stringify(text)).toBe(shown);
      expect(hasInvisibleCharacters(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('keeps jamo fillers inside a syllable and blank Braille beside Braille with dots', () => {
    for (const text of [
      '\u115f\u1161', // filler initial + vowel
      '\u1100\u1160\u11a8', // initial + filler vowel + final
      '\u2813\u2811\u2807\u2807\u2815\u2800\u283a\u2815\u2817\u2807\u2819', // "hello world"
      '\u2800\u2800\u2800\u28ff', // Braille art: blank pixels before a dotted one
    ]) {
      expect(revealInvisible(text), JSON.stringify(text)).toBe(text);
      expect(hasInvisibleCharacters(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('marks C0 and C1 controls (NUL included) but not tab, line feed or carriage return', () => {
    expect(revealInvisible('image.png\u0000.html')).toBe('image.png[U+0000].html');
    expect(revealInvisible('a\u0007\u001b[31m\u007f\u0085\u009f')).toBe(
      'a[U+0007][U+001B][31m[U+007F][U+0085][U+009F]',
    );
    expect(revealInvisible('one\ttwo\r\nthree\n')).toBe('one\ttwo\r\nthree\n');
  });

  it('splits text into visible pieces and markers, and removes exactly what it marks', () => {
    expect(splitInvisible('ab\u200bcd\u0000')).toEqual([
      'ab',
      { char: '\u200b', marker: '[U+200B]' },
      'cd',
      { char: '\u0000', marker: '[U+0000]' },
    ]);
    expect(splitInvisible('')).toEqual(['']);
    expect(removeInvisible('pay\u200bpal \u{1F469}\u200d\u{1F467}')).toBe(
      'pay' + 'pal \u{1F469}\u200d\u{1F467}',
    );
  });

  it('property: the pieces put back are the text, and every marker stands for a character removeInvisible drops', () => {
    const hostile = fc.constantFrom(
      '\u200b',
      '\u200d',
      '\ufe0f',
      '\u3164',
      '\u115f',
      '\u1160',
      '\u1161',
      '\u2800',
      '\u2801',
      '\u0000',
      '\u001b',
      '\n',
      '\u{1F469}',
      'a',
      '\u0628',
      ' ',
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(hostile, fc.string({ unit: 'grapheme' }))), (pieces) => {
        const text = pieces.join('');
        const parts = splitInvisible(text);
        expect(parts.map((part) => (typeof part === 'string' ? part : part.char)).join('')).toBe(
          text,
        );
        expect(parts.map((part) => (typeof part === 'string' ? part : part.marker)).join('')).toBe(
          revealInvisible(text),
        );
        expect(parts.filter((part) => typeof part === 'string').join('')).toBe(
          removeInvisible(text),
        );
        expect(hasInvisibleCharacters(text)).toBe(parts.some((part) => typeof part !== 'string'));
        // Nothing the marker set covers survives alone: removing twice changes nothing more.
        expect(removeInvisible(removeInvisible(text))).toBe(removeInvisible(text));
      }),
    );
  });
});
