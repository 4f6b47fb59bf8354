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

  it('revealReordering marks overrides, isolates and tags but not the marks RTL text needs', () => {
    expect(revealReordering('a\u202Eb\u2066c')).toBe('a[U+202E]b[U+2066]c');
    expect(revealReordering(`x${String.fromCodePoint(0xe0041)}`)).toBe('x[U+E0041]');
    for (const text of ['שלום\u200Fעולם', 'a\u200Bb', 'مرحبا\u061C', '👩‍👩‍👧']) {
      expect(revealReordering(text)).toBe(text);
    }
  });
});
