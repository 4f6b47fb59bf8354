import { createMarkdownPipeline } from './pipeline.js';

/*
 * The markdown engine: unified, remark-parse (micromark), GFM and remark-rehype
 * (mdast-util-to-hast), about a third of a chat's bundle. The text block needs it only to build
 * its processor, so this module is all it reaches for it: Node and tests import it with the
 * loader (engine-loader.ts), browsers load it lazily (engine-loader.browser.ts). Everything else
 * in src/markdown (split, repair, tail, fences) runs without it.
 */

/** What the text block takes from the engine once it is there. */
export interface MarkdownEngine {
  /** Builds a text block's processor (see `createMarkdownPipeline`). */
  readonly createMarkdownPipeline: typeof createMarkdownPipeline;
}

export { createMarkdownPipeline };
