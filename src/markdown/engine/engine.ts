import { createMarkdownPipeline } from '../parse/pipeline.js';
import type { MarkdownRepair } from '../tail/last-chunk-tail.js';
import { followLastChunkTail } from '../tail/last-chunk-tail.js';
import { parseTailTree } from '../tail/tail-parts-tree.js';

/*
 * The markdown engine: unified, remark-parse (micromark), GFM and remark-rehype
 * (mdast-util-to-hast), about a third of a chat's bundle. The text block needs it only to build
 * its processor, so this module is all it reaches for it: Node and tests import it with the
 * loader (engine-loader.ts), browsers load it lazily (engine-loader.browser.ts). Everything else
 * in src/markdown (split, chunks, fences) runs without it, but for what only a parse reads: how
 * the streaming tail renders (`followLastChunkTail`: its anchor, its repair by remend, its split),
 * and a split tail's pieces (`parseTailTree`) come with the engine too.
 */

/** What the text block takes from the engine once it is there, the tail's repair included. */
export interface MarkdownEngine extends MarkdownRepair {
  /** Builds a text block's processor (see `createMarkdownPipeline`). */
  readonly createMarkdownPipeline: typeof createMarkdownPipeline;
  /** Parses a streaming table or list piece by piece with a processor (see `parseTailTree`). */
  readonly parseTailTree: typeof parseTailTree;
  /** How the stream's last chunk renders, resumed from the previous token's. */
  readonly followLastChunkTail: typeof followLastChunkTail;
}

export { closeInlineSyntax, repairMarkdownTail } from '../repair/repair-markdown.js';
export { createMarkdownPipeline, followLastChunkTail, parseTailTree };
