'use client';

import type { Root } from 'hast';
import type { ChunkTree, MarkdownBlock, MarkdownProcessor } from '../../../markdown/index.js';
import { resumeChunkTree } from '../../../markdown/index.js';
import { useResumed } from '../../primitives/use-resumed.js';

/**
 * The sanitised tree of a chunk, resumed from the tree the same chunk had before (see
 * `resumeChunkTree`): a finished chunk that grew by blocks parses only those.
 */
export function useChunkTree(
  processor: MarkdownProcessor,
  markdown: string,
  blocks: readonly MarkdownBlock[] | undefined,
): Root {
  const next = useResumed(
    (previous: ChunkTree | null) => resumeChunkTree(previous, processor, markdown, blocks),
    [processor, markdown, blocks],
  );
  return next.tree;
}
