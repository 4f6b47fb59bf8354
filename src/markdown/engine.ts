import { createMarkdownPipeline } from './pipeline.js';
import type { MarkdownRepair } from './stream-tail.js';
import { parseTailTree } from './tail-parts-tree.js';

/*
 * The markdown engine: unified, remark-parse (micromark), GFM and remark-rehype
 * (mdast-util-to-hast), about a third of a chat's bundle. The text block needs it only to build
 * its processor, so this module is all it reaches for it: Node and tests import it with the
 * loader (engine-loader.ts), browsers load it lazily (engine-loader.browser.ts). Everything else
 * in src/markdown (split, chunks, fences) runs without it, but for what only a parse reads: a
 * split tail's pieces (`parseTailTree`) and the tail's repair (remend) come with the engine too.
 */

/** What the text block takes from the engine once it is there, the tail's repair included. */
export interface MarkdownEngine extends MarkdownRepair {
  /** Builds a text block's processor (see `createMarkdownPipeline`). */
  readonly createMarkdownPipeline: typeof createMarkdownPipeline;
  /** Parses a streaming table or list piece by piece with a processor (see `parseTailTree`). */
  readonly parseTailTree: typeof parseTailTree;
}

export { closeInlineSyntax, repairMarkdownTail } from './repair-markdown.js';
export { createMarkdownPipeline, parseTailTree };
