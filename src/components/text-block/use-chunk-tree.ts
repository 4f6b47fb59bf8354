'use client';

import * as React from 'react';
import type { Root } from 'hast';
import type { ChunkTree, MarkdownBlock, MarkdownProcessor } from '../../markdown/index.js';
import { resumeChunkTree } from '../../markdown/index.js';

/**
 * The sanitised tree of a chunk, resumed from the tree the same chunk had before (see
 * `resumeChunkTree`): a finished chunk that grew by blocks parses only those. As in
 * `useMarkdownStream`, the previous result is state updated during render, so a render React
 * throws away changes nothing.
 */
export function useChunkTree(
  processor: MarkdownProcessor,
  markdown: string,
  blocks: readonly MarkdownBlock[] | undefined,
): Root {
  const [previous, setPrevious] = React.useState<ChunkTree | null>(null);
  const next = React.useMemo(
    () => resumeChunkTree(previous, processor, markdown, blocks),
    [previous, processor, markdown, blocks],
  );
  if (next !== previous) setPrevious(next);
  return next.tree;
}
