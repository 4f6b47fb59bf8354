import { describe, expect, it } from 'vitest';
import { hasInvisibleCharacters, revealInvisible } from '../../../src/core/safety/invisible.js';

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
});
