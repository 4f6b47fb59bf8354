import { CITATION_END, CITATION_START } from '../marks.js';
import type { MarkdownChunk } from './group-blocks.js';
import type { MarkdownBlock } from '../split/split-blocks.js';

/*
 * Rendering costs per block as well as per character: 150 KB of `a\n\n` is 50,000 paragraphs, and
 * parsing and laying them out takes seconds; one 20 MB paragraph is one text node whose layout
 * takes most of a minute. A text block shows its blocks up to these limits and asks (a button)
 * before it renders more; nothing is dropped, and the user decides. Each ask reveals a bounded
 * step, so no click can hang the tab either.
 */

/** Top-level blocks rendered before the text block asks (after the first ask, any number). */
export const MAX_SHOWN_BLOCKS = 1000;
/** Characters rendered before the text block asks. */
export const MAX_SHOWN_CHARACTERS = 100_000;
/** Characters each ask adds to what is shown. */
export const SHOW_MORE_CHARACTERS = 200_000;
/**
 * Characters of one piece of a block too long to show whole: each piece is an element of its
 * own, so revealing more lays out the new pieces, not the whole block again.
 */
export const BLOCK_PIECE_CHARACTERS = 10_000;
/** How far back from a piece's end a space is looked for, so that no word is cut in two. */
const PIECE_SPACE_SEARCH = 200;
/** Longer than any citation marker (`CITATION_START`, an entry index, `CITATION_END`). */
const MARKER_SEARCH = 24;

/** Characters shown after `reveals` asks. */
export function shownCharacters(reveals: number): number {
  return MAX_SHOWN_CHARACTERS + reveals * SHOW_MORE_CHARACTERS;
}

/** What of a text's blocks is rendered: whole blocks, then perhaps the start of the next one. */
export interface ShownBlocks {
  /** How many blocks show whole. */
  readonly count: number;
  /** Characters shown of the block after them (one past the limits on its own), or 0. */
  readonly clipped: number;
}

/**
 * How much of `blocks` (which hold `length` characters) to render after `reveals` asks: all of
 * them, or as many as fit the limits. A block longer than `MAX_SHOWN_CHARACTERS` on its own is
 * clipped at the limit rather than shown whole or left out, so one giant block is bounded too.
 * Within both limits, as nearly every text is, it counts nothing.
 */
export function limitShownBlocks(
  blocks: readonly MarkdownBlock[],
  length: number,
  reveals: number,
): ShownBlocks {
  const budget = shownCharacters(reveals);
  const most = reveals > 0 ? blocks.length : Math.min(blocks.length, MAX_SHOWN_BLOCKS);
  if (most === blocks.length && length <= budget) return { count: blocks.length, clipped: 0 };
  let characters = 0;
  for (let index = 0; index < most; index++) {
    const size = (blocks[index] as MarkdownBlock).source.length;
    if (characters + size > budget) {
      if (size > MAX_SHOWN_CHARACTERS) return { count: index, clipped: budget - characters };
      return { count: Math.max(1, index), clipped: 0 };
    }
    characters += size;
  }
  return { count: most, clipped: 0 };
}

/**
 * The first `clipped` characters of `source` (about: never inside a surrogate pair or a citation
 * marker) as plain-text chunks of about `BLOCK_PIECE_CHARACTERS` each. A piece's end depends
 * only on the text before it (a space found backwards, else the length), so pieces stay the
 * same while the block streams on or more of it is revealed, and their memoised renderers skip.
 */
export function clipBlock(source: string, clipped: number): MarkdownChunk[] {
  const pieces: MarkdownChunk[] = [];
  const last = safeEnd(source, 0, clipped);
  let start = 0;
  while (start < last) {
    const end = Math.min(pieceEnd(source, start), last);
    pieces.push({
      source: source.slice(start, end),
      plain: true,
      tail: false,
      complete: true,
      fence: false,
      piece: true,
    });
    start = end;
  }
  return pieces;
}

function pieceEnd(source: string, start: number): number {
  const end = start + BLOCK_PIECE_CHARACTERS;
  if (end >= source.length) return source.length;
  for (let at = end; at > end - PIECE_SPACE_SEARCH; at--) {
    const char = source[at - 1];
    if (char === ' ' || char === '\n' || char === '\t') return safeEnd(source, start, at);
  }
  return safeEnd(source, start, end);
}

/**
 * `end`, or earlier when it would cut a surrogate pair or a citation marker in two (half a
 * marker would show as its number); never `start` or before, unless `end` is.
 */
function safeEnd(source: string, start: number, end: number): number {
  if (end >= source.length) return source.length;
  for (let at = end - 1; at >= Math.max(start + 1, end - MARKER_SEARCH); at--) {
    if (source[at] === CITATION_END) break;
    if (source[at] === CITATION_START) return at;
  }
  return end - 1 > start && isHighSurrogate(source.charCodeAt(end - 1)) ? end - 1 : end;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
