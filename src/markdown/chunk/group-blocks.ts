import { exceedsMarkdownLimits } from './parse-limits.js';
import type { MarkdownBlock } from '../split/split-blocks.js';
import { startsWithBlocks } from '../split/split-blocks.js';

/*
 * Each react-markdown call has a fixed cost (a fresh unified processor), so thousands of tiny
 * blocks (`a\n\n` × 50,000) would cost more than their text. Finished blocks are therefore
 * grouped, in order, into chunks of about CHUNK_LENGTH characters; a chunk is a contiguous slice
 * of the text, so it parses exactly as its blocks would. The grouping is greedy from the start,
 * so while a reply streams every chunk but the last finished one keeps its source, and its
 * memoised renderer skips. The streaming tail, and any block shown as plain text, are chunks of
 * their own.
 *
 * While a text streams, the split hands back the same block objects for everything but its last
 * two blocks. Grouping keeps the chunks built from those objects a token ago, and a chunk whose
 * blocks the split only cut again alike (the limit check is remembered per block), so a token
 * costs the tail, not the whole text: the memoised renderers then compare identical strings,
 * which is free.
 */

/** Characters after which a chunk of finished blocks is closed. */
const CHUNK_LENGTH = 2048;

/** What one memoised renderer shows. */
export interface MarkdownChunk {
  /** The chunk's markdown: a contiguous slice of the source. */
  source: string;
  /** Too costly to parse: shown as plain text. */
  plain: boolean;
  /** The unfinished end of a streaming text: repaired before parsing. */
  tail: boolean;
  /** The code in it is final, so it may be highlighted. */
  complete: boolean;
  /** The chunk is one fenced code block. */
  fence: boolean;
  /**
   * The finished blocks it joins (not for the tail or plain text): a chunk that grew by blocks
   * while the text streamed parses only those (see parse/chunk-tree.ts).
   */
  blocks?: readonly MarkdownBlock[] | undefined;
  /**
   * A piece of a block too long to show whole (see `clipBlock`): plain text that runs on into
   * the next piece.
   */
  piece?: boolean | undefined;
}

const tooCostly = new WeakMap<MarkdownBlock, boolean>();

/** Chunks with the blocks they were grouped from: what the next grouping resumes from. */
export interface BlockGrouping {
  readonly blocks: readonly MarkdownBlock[];
  readonly chunks: readonly MarkdownChunk[];
  /** For each chunk, the index of the block after its last one. */
  readonly ends: readonly number[];
}

/**
 * Groups `blocks` into chunks to render; joining their sources gives the text back. While
 * `streaming`, the last block is the tail, and `tailCostly` says whether it is too costly to
 * parse (the caller resumes that check per token: see `scanMarkdownLimits`).
 */
export function groupBlocks(
  blocks: readonly MarkdownBlock[],
  streaming: boolean,
  tailCostly?: boolean,
): MarkdownChunk[] {
  return resumeGrouping(null, blocks, streaming, tailCostly).chunks as MarkdownChunk[];
}

/**
 * `groupBlocks`, resumed from the grouping of the text a token ago, so a token costs the chunks
 * that can still change rather than every block of the answer. The grouping is greedy from the
 * start, so it restarts the same way at any chunk boundary: the chunks kept are those whose
 * blocks, and the block that closed them, are the same objects now as then (the split keeps the
 * blocks before the tail) and were not the tail then, which closes a chunk of its own.
 */
export function resumeGrouping(
  previous: BlockGrouping | null,
  blocks: readonly MarkdownBlock[],
  streaming: boolean,
  tailCostly?: boolean,
): BlockGrouping {
  const kept = previous === null ? 0 : keptChunks(previous, blocks);
  const chunks = kept === 0 ? [] : (previous as BlockGrouping).chunks.slice(0, kept);
  const ends = kept === 0 ? [] : (previous as BlockGrouping).ends.slice(0, kept);
  let run: MarkdownBlock[] = [];
  let runLength = 0;
  const closeRun = (end: number) => {
    if (run.length > 0) {
      chunks.push(finishedChunk(run, previous?.chunks[chunks.length]));
      ends.push(end);
    }
    run = [];
    runLength = 0;
  };
  for (let index = kept === 0 ? 0 : (ends[kept - 1] as number); index < blocks.length; index++) {
    const block = blocks[index] as MarkdownBlock;
    const tail = streaming && index === blocks.length - 1;
    const plain = tail && tailCostly !== undefined ? tailCostly : isTooCostly(block);
    if (tail || plain) {
      closeRun(index);
      chunks.push({
        source: block.source,
        plain,
        tail,
        complete: !tail || (block.fence && block.closed),
        fence: block.fence,
      });
      ends.push(index + 1);
      continue;
    }
    if (run.length > 0 && runLength >= CHUNK_LENGTH) closeRun(index);
    run.push(block);
    runLength += block.source.length;
  }
  closeRun(blocks.length);
  return { blocks, chunks, ends };
}

/** How many of `previous`'s chunks hold for `blocks` as they are (see `resumeGrouping`). */
function keptChunks(previous: BlockGrouping, blocks: readonly MarkdownBlock[]): number {
  // Blocks up to `limit` are neither tail now nor then, and the same objects in both.
  const limit = Math.min(blocks.length, previous.blocks.length) - 1;
  for (let count = previous.ends.length; count > 0; count--) {
    const end = previous.ends[count - 1] as number;
    // The chunk's last block and the block that closed it: the split keeps a prefix, so the
    // same object there means the same blocks before it.
    if (end < limit && blocks[end] === previous.blocks[end]) return count;
  }
  return 0;
}

function isTooCostly(block: MarkdownBlock): boolean {
  let costly = tooCostly.get(block);
  if (costly === undefined) {
    costly = exceedsMarkdownLimits(block);
    tooCostly.set(block, costly);
  }
  return costly;
}

/**
 * The chunk for a run of finished blocks: `before` (the chunk at its place a token ago) when it
 * holds the same blocks (perhaps cut again by the split), so that its memoised renderer skips.
 */
function finishedChunk(
  run: readonly MarkdownBlock[],
  before: MarkdownChunk | undefined,
): MarkdownChunk {
  if (before?.blocks?.length === run.length && startsWithBlocks(run, before.blocks)) return before;
  return {
    source: run.map((block) => block.source).join(''),
    plain: false,
    tail: false,
    complete: true,
    fence: run.length === 1 && (run[0] as MarkdownBlock).fence,
    blocks: run,
  };
}
