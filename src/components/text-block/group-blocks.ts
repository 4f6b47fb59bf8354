import { exceedsMarkdownLimits } from './markdown-limits.js';
import type { MarkdownBlock } from './split-blocks.js';

/*
 * Each react-markdown call has a fixed cost (a fresh unified processor), so thousands of tiny
 * blocks (`a\n\n` × 50,000) would cost more than their text. Finished blocks are therefore
 * grouped, in order, into chunks of about CHUNK_LENGTH characters; a chunk is a contiguous slice
 * of the text, so it parses exactly as its blocks would. The grouping is greedy from the start,
 * so while a reply streams every chunk but the last finished one keeps its source, and its
 * memoised renderer skips. The streaming tail, and any block shown as plain text, are chunks of
 * their own.
 */

/** Characters after which a chunk of finished blocks is closed. */
const CHUNK_LENGTH = 2048;

/** What one memoised renderer shows. */
export interface MarkdownChunk {
  source: string;
  /** Too costly to parse: shown as plain text. */
  plain: boolean;
  /** The unfinished end of a streaming text: repaired before parsing. */
  tail: boolean;
  /** The code in it is final, so it may be highlighted. */
  complete: boolean;
}

/** Groups `blocks` into chunks to render; joining their sources gives the text back. */
export function groupBlocks(blocks: readonly MarkdownBlock[], streaming: boolean): MarkdownChunk[] {
  const chunks: MarkdownChunk[] = [];
  let open: MarkdownChunk | null = null;
  blocks.forEach((block, index) => {
    const tail = streaming && index === blocks.length - 1;
    const plain = exceedsMarkdownLimits(block);
    if (tail || plain) {
      open = null;
      chunks.push({
        source: block.source,
        plain,
        tail,
        complete: !tail || (block.fence && block.closed),
      });
      return;
    }
    if (open !== null && open.source.length < CHUNK_LENGTH) {
      open.source += block.source;
      return;
    }
    open = { source: block.source, plain: false, tail: false, complete: true };
    chunks.push(open);
  });
  return chunks;
}
