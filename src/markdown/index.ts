/*
 * The streaming-markdown engine: plain TypeScript, no React and no DOM, so it runs and is tested
 * in Node. The text block view (src/components/blocks/text/) composes it; everything the view
 * needs is exported here.
 *
 * A reply arrives a few characters at a time, and each token must cost about the token, not the
 * text above it. So nothing is redone on the whole text per token: `streamMarkdown(previous,
 * input)` (stream.ts) resumes every step from the previous token's result, which it reads and
 * never changes (the same input gives back `previous` itself, so a render may run twice).
 *
 * The map: one folder per stage, in the order a token meets them (each file's header says more).
 *
 *   source/  1 the model's text made the source: marks removed, citations placed, hidden noted
 *   split/   2 the source cut into top-level blocks, the line still arriving read on, not again
 *   chunk/   3 finished blocks grouped into ~2 KB chunks built once; parse limits, "Show all"
 *   tail/    4 the last chunk: rows or items of a table or list, its live text read at an anchor
 *   fence/   4 a fence still open, read without the parser, in groups of lines
 *   repair/  5 the tail's unfinished syntax closed before it is parsed (remend), outside fences
 *   parse/   6 one processor per text block: GFM, math, sanitising; a chunk's new blocks only
 *   engine/  - the door to 4-6's parser, loaded lazily in browsers while 1-3 run at once
 *   render/  - what the view reads back from a parse: element text, direction, caret place
 *
 * Beside them: stream.ts runs 1-3 (`streamMarkdown`), marks.ts holds the private-use characters
 * the stages write into the source, extends-text.ts the "previous text plus more" test each
 * stage resumes on.
 *
 * Per token, stages 1, 2 and 4 read the characters added, the last two blocks and a fixed margin:
 * O(delta) in text. Stages 2 and 3 also walk the list of blocks (a few hundred for a long reply)
 * without re-reading their text, reusing every chunk built before; only the tail is repaired and
 * parsed again.
 */

export * from './stream.js';
export type { CitationEntry } from './source/citation-markers.js';
export { numberCitations, splitCitationMarkers, uniqueSources } from './source/citation-markers.js';
export type { MarkdownBlock } from './split/split-blocks.js';
export type { MarkdownChunk } from './chunk/group-blocks.js';
export type {
  LastChunkTail,
  LastChunkTailOptions,
  MarkdownRepair,
} from './tail/last-chunk-tail.js';
export { type AnchoredTail, shownTailSource } from './tail/anchored-tail.js';
export type { TailSplit } from './tail/tail-parts.js';
export { type TailTree, TAIL_PARTS_SLOT } from './tail/tail-parts-tree.js';
export { type TypedSpan, literalText } from './tail/typed-spans.js';
export { CODE_GROUP_LINES, splitCodeGroups } from './fence/code-groups.js';
export * from './fence/open-fence.js';
export * from './parse/pipeline.js';
export { type MarkdownProcessor, parseMarkdown } from './parse/processor.js';
export { type ChunkTree, resumeChunkTree } from './parse/chunk-tree.js';
export type { MathPlugins } from './parse/math.js';
export * from './parse/hast-properties.js';
export * from './render/hast-text.js';
