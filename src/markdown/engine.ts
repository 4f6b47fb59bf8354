import { createMarkdownPipeline } from './pipeline.js';
import { parseTailTree } from './tail-parts-tree.js';

/*
 * The markdown engine: unified, remark-parse (micromark), GFM and remark-rehype
 * (mdast-util-to-hast), about a third of a chat's bundle. The text block needs it only to build
 * its processor, so this module is all it reaches for it: Node and tests import it with the
 * loader (engine-loader.ts), browsers load it lazily (engine-loader.browser.ts). Everything else
 * in src/markdown (split, repair, tail, fences) runs without it, but for what parses with a
 * processor: a split tail's pieces (`parseTailTree`) come with the engine too.
 */

/** What the text block takes from the engine once it is there. */
export interface MarkdownEngine {
  /** Builds a text block's processor (see `createMarkdownPipeline`). */
  readonly createMarkdownPipeline: typeof createMarkdownPipeline;
  /** Parses a streaming table or list piece by piece with a processor (see `parseTailTree`). */
  readonly parseTailTree: typeof parseTailTree;
}

export { createMarkdownPipeline, parseTailTree };
