import { mayBeInvisible } from '../../core/safety/invisible.js';

/*
 * What counts as prose after a streaming tail's anchor (tail-anchor.ts): letters, digits and
 * combining marks that are never shown as hidden-character markers, spaces, and punctuation that
 * opens or closes no markdown syntax on a line that has begun.
 */

const WORD = /^[\p{L}\p{M}\p{N}]$/u;
const PROSE_PUNCTUATION = '.,;?!\'-:/"()';

/**
 * True when every character of `source` from `from` to `to` is prose. Except in `www.` and `://`,
 * which make an autolink, and for parentheses in a text with `](` (a link destination, as the
 * repair reads it, where parentheses nest).
 */
export function isProse(source: string, from: number, to: number = source.length): boolean {
  for (let index = from; index < to;) {
    const length = proseLength(source, index);
    if (length === 0) return false;
    index += length;
  }
  return true;
}

/** The length of the prose character at `index` of `source` (2 for a surrogate pair), else 0. */
export function proseLength(source: string, index: number): number {
  const char = source[index] as string;
  if (char === ' ' || PROSE_PUNCTUATION.includes(char)) {
    if (char === '.' && source.slice(index - 3, index).toLowerCase() === 'www') return 0;
    if (char === '/' && source.slice(index - 2, index) === ':/') return 0;
    if ((char === '(' || char === ')') && source.includes('](')) return 0;
    return 1;
  }
  const code = source.codePointAt(index) as number;
  if (!isWord(String.fromCodePoint(code))) return 0;
  return code > 0xffff ? 2 : 1;
}

/** A space or prose punctuation. */
export function isProsePunctuation(char: string | undefined): boolean {
  return char !== undefined && (char === ' ' || PROSE_PUNCTUATION.includes(char));
}

/** Whether the character ending at `end` (exclusive) is a letter, digit or combining mark. */
export function isWordCharacter(source: string, end: number): boolean {
  const code = source.codePointAt(end - charLength(source, end));
  return code !== undefined && isWord(String.fromCodePoint(code));
}

/** Whether the character starting at `start` is a letter, digit or combining mark. */
export function startsWithWord(source: string, start: number): boolean {
  const code = source.codePointAt(start);
  return code !== undefined && isWord(String.fromCodePoint(code));
}

/** 2 when a surrogate pair ends at `end`, else 1. */
export function charLength(source: string, end: number): number {
  const low = source.charCodeAt(end - 1);
  const high = source.charCodeAt(end - 2);
  return low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff ? 2 : 1;
}

/** A letter, digit or combining mark that is never shown as a hidden-character marker. */
function isWord(char: string): boolean {
  // Below U+034F (the first such letter or mark) only the class test is needed.
  return WORD.test(char) && (char.charCodeAt(0) < 0x034f || !mayBeInvisible(char));
}
