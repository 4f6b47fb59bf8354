import { describe, expect, it } from 'vitest';
import {
  hasInvisibleCharacters,
  revealInvisible,
  revealReordering,
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
});
