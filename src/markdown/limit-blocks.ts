import type { MarkdownBlock } from './split-blocks.js';

/*
 * Rendering costs per block as well as per character: 150 KB of `a\n\n` is 50,000 paragraphs, and
 * parsing and laying them out takes seconds. A text block shows its blocks up to these limits and
 * asks (a "Show all" button) before it renders the rest; nothing is dropped, and the user decides.
 */

/** Top-level blocks rendered before the text block asks. */
export const MAX_SHOWN_BLOCKS = 1000;
/** Characters rendered before the text block asks. */
export const MAX_SHOWN_CHARACTERS = 100_000;

/**
 * How many of `blocks` (which hold `length` characters) to render: all of them, or as many as fit
 * the limits (at least one). Within both limits, as nearly every text is, it counts nothing.
 */
export function countShownBlocks(blocks: readonly MarkdownBlock[], length: number): number {
  if (blocks.length <= 1) return blocks.length;
  if (blocks.length <= MAX_SHOWN_BLOCKS && length <= MAX_SHOWN_CHARACTERS) return blocks.length;
  let characters = 0;
  const most = Math.min(blocks.length, MAX_SHOWN_BLOCKS);
  for (let index = 0; index < most; index++) {
    characters += (blocks[index] as MarkdownBlock).source.length;
    if (characters > MAX_SHOWN_CHARACTERS) return Math.max(1, index);
  }
  return most;
}
