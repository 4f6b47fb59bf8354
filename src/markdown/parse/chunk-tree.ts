import type { Root } from 'hast';
import type { MarkdownProcessor } from './processor.js';
import { parseMarkdown } from './processor.js';
import type { MarkdownBlock } from '../split/split-blocks.js';
import { startsWithBlocks } from '../split/split-blocks.js';

/*
 * While a reply streams, each block that finishes joins the last chunk of finished blocks until
 * that chunk holds about 2 KB (chunk/group-blocks.ts), so the chunk's source changes once per
 * block.
 * Parsed whole each time, a chunk costs the square of its blocks: on a long answer three times
 * the text it adds, most of the parsing a reply does. Blocks parse alone, though: the split keeps
 * a text with reference definitions or footnotes whole, the only markdown read across blocks. So
 * a chunk that grew is the tree it had, a line break, then the tree of what it gained, parsed
 * once (a property test compares it with a whole parse).
 *
 * Only for a processor whose steps are all ours (`markBlockLocal`): an app's plugin may read
 * across blocks (a heading-slug counter, say), so with one a chunk is parsed whole, as before.
 */

/** A chunk's tree, with what the next tree of the same chunk resumes from. */
export interface ChunkTree {
  readonly processor: MarkdownProcessor;
  readonly source: string;
  readonly blocks: readonly MarkdownBlock[] | undefined;
  /** The sanitised tree of `source`. */
  readonly tree: Root;
}

const blockLocal = new WeakSet<MarkdownProcessor>();

/** Marks `processor` as made of our steps only, none of which reads across blocks. */
export function markBlockLocal(processor: MarkdownProcessor): MarkdownProcessor {
  blockLocal.add(processor);
  return processor;
}

/**
 * The tree of a chunk (`source`; for finished blocks, their sources joined), resumed from
 * `previous`, the same chunk's tree before: `previous` itself when nothing changed, its tree and
 * the new blocks' when the chunk grew by blocks, else a parse of `source`. Pure.
 */
export function resumeChunkTree(
  previous: ChunkTree | null,
  processor: MarkdownProcessor,
  source: string,
  blocks?: readonly MarkdownBlock[],
): ChunkTree {
  if (previous?.processor === processor && previous.source === source) return previous;
  const grown = previous?.processor === processor && grewBy(previous.blocks, blocks);
  const tree =
    grown && blockLocal.has(processor)
      ? joinTrees(previous.tree, parseMarkdown(processor, source.slice(previous.source.length)))
      : parseMarkdown(processor, source);
  return { processor, source, blocks, tree };
}

/**
 * True when `after` starts with the blocks of `before` and holds more: the split cut the text at
 * the same places, so what follows starts at a block boundary.
 */
function grewBy(
  before: readonly MarkdownBlock[] | undefined,
  after: readonly MarkdownBlock[] | undefined,
): boolean {
  if (before === undefined || after === undefined || before.length >= after.length) return false;
  return before.length > 0 && startsWithBlocks(after, before);
}

/** Two trees of consecutive blocks as one, separated as a whole parse separates blocks. */
function joinTrees(before: Root, after: Root): Root {
  if (before.children.length === 0) return after;
  if (after.children.length === 0) return before;
  return {
    type: 'root',
    children: [...before.children, { type: 'text', value: '\n' }, ...after.children],
  };
}
