import { exceedsMarkdownLimits } from './parse-limits.js';
import type { MarkdownBlock } from './split-blocks.js';

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
 * two blocks. Grouping reuses what it built from those objects last time (the limit check and
 * the chunk itself, source string included), so a token costs the tail, not the whole text: the
 * memoised renderers then compare identical strings, which is free.
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
}

/** A chunk of finished blocks, remembered by its first block with the blocks it was built from. */
interface BuiltChunk {
  blocks: readonly MarkdownBlock[];
  chunk: MarkdownChunk;
}

const tooCostly = new WeakMap<MarkdownBlock, boolean>();
const builtChunks = new WeakMap<MarkdownBlock, BuiltChunk>();

/** Groups `blocks` into chunks to render; joining their sources gives the text back. */
export function groupBlocks(blocks: readonly MarkdownBlock[], streaming: boolean): MarkdownChunk[] {
  const chunks: MarkdownChunk[] = [];
  let run: MarkdownBlock[] = [];
  let runLength = 0;
  const closeRun = () => {
    if (run.length > 0) chunks.push(finishedChunk(run));
    run = [];
    runLength = 0;
  };
  blocks.forEach((block, index) => {
    const tail = streaming && index === blocks.length - 1;
    const plain = isTooCostly(block);
    if (tail || plain) {
      closeRun();
      chunks.push({
        source: block.source,
        plain,
        tail,
        complete: !tail || (block.fence && block.closed),
        fence: block.fence,
      });
      return;
    }
    if (run.length > 0 && runLength >= CHUNK_LENGTH) closeRun();
    run.push(block);
    runLength += block.source.length;
  });
  closeRun();
  return chunks;
}

function isTooCostly(block: MarkdownBlock): boolean {
  let costly = tooCostly.get(block);
  if (costly === undefined) {
    costly = exceedsMarkdownLimits(block);
    tooCostly.set(block, costly);
  }
  return costly;
}

/** The chunk for a run of finished blocks: the one built last time when the run is the same. */
function finishedChunk(run: readonly MarkdownBlock[]): MarkdownChunk {
  const first = run[0] as MarkdownBlock;
  const built = builtChunks.get(first);
  if (built && sameBlocks(built.blocks, run)) return built.chunk;
  const chunk: MarkdownChunk = {
    source: run.map((block) => block.source).join(''),
    plain: false,
    tail: false,
    complete: true,
    fence: run.length === 1 && first.fence,
  };
  builtChunks.set(first, { blocks: run, chunk });
  return chunk;
}

function sameBlocks(a: readonly MarkdownBlock[], b: readonly MarkdownBlock[]): boolean {
  return a.length === b.length && a.every((block, index) => block === b[index]);
}
