/*
 * The streaming-markdown engine: plain TypeScript, no React and no DOM, so it runs and is tested
 * in Node. The text block view (src/components/text-block/) composes it; everything the view
 * needs is exported here, and the files behind it are named after the step they hold.
 *
 * A reply arrives a few characters at a time, and each token must cost about the token, not the
 * text above it. So nothing is redone on the whole text per token: `streamMarkdown(previous,
 * input)` resumes every step from the previous token's result, which it reads and never changes
 * (the same input gives back `previous` itself, so a render may run twice):
 *
 *   1. place   characters the engine gives a meaning are removed from the model's text, and each
 *              citation becomes a marker at the end of its span (citation-markers.ts); a scan
 *              notes hidden characters for the view's note (hidden-characters.ts);
 *   2. split   the source is cut into top-level blocks (paragraph, list, fence, table…); every
 *              block but the last two keeps its object while the text grows, and the line still
 *              arriving is read on where the last token stopped (split-blocks.ts, line-scan.ts);
 *   3. chunk   finished blocks are grouped into chunks of about 2 KB, built once, so memoised
 *              renderers skip them; a block too costly to parse becomes a plain-text chunk, and
 *              past the limits the rest waits for "Show all", revealed a bounded step per ask,
 *              one giant block cut into pieces too (group-blocks.ts, parse-limits.ts,
 *              limit-blocks.ts);
 *   4. tail    the last block of a streaming text is parsed once at an anchor while tokens only
 *              add prose, the new text shown in place of a mark; markup at its very end is held
 *              back until a word follows (tail-anchor.ts, streaming-tail.ts); a table or list is
 *              parsed by finished rows or items, each once, and its live one (tail-parts.ts,
 *              tail-parts-tree.ts); an unclosed fence is read without the parser, in groups of
 *              lines of which only the last changes (open-fence.ts, code-groups.ts);
 *   5. repair  the tail's unfinished syntax is closed before parsing (repair-markdown.ts, remend);
 *              steps 4 and 5 (`followLastChunkTail`, stream-tail.ts) come with the engine, since
 *              only a parse reads them;
 *   6. parse   each chunk goes through one processor per text block, whose last steps sanitise:
 *              raw HTML as text, an allow-list, URLs moved out for the app's policy, invisible
 *              characters as markers (pipeline.ts, processor.ts, sanitize.ts); a chunk that grew
 *              by blocks parses only those (chunk-tree.ts). The parser
 *              (unified, micromark, GFM) is the engine, reached only through engine.ts, so that
 *              browsers load it lazily while steps 1-3 run at once (engine-loader*.ts).
 *
 * Per token, steps 1, 2 and 4 read the characters added, the last two blocks and a fixed margin:
 * O(delta) in text. Steps 2 and 3 also walk the list of blocks (a few hundred for a long reply)
 * without re-reading their text, reusing every chunk built before; only the tail is repaired and
 * parsed again.
 */

export type { ChunkTree } from './parse/chunk-tree.js';
export { resumeChunkTree } from './parse/chunk-tree.js';
export type { CitationEntry } from './source/citation-markers.js';
export { numberCitations, splitCitationMarkers, uniqueSources } from './source/citation-markers.js';
export type { MarkdownChunk } from './chunk/group-blocks.js';
export type { TailText } from './render/hast-text.js';
export { hastText, languageOf, tailMarkText } from './render/hast-text.js';
export type { MathPlugins } from './parse/math.js';
export { CODE_GROUP_LINES, splitCodeGroups } from './fence/code-groups.js';
export type { OpenFence, OpenFenceLines } from './fence/open-fence.js';
export { readOpenFence, readOpenFenceLines } from './fence/open-fence.js';
export type { MarkdownPipelineOptions } from './parse/pipeline.js';
export { createMarkdownPipeline } from './parse/pipeline.js';
export type { MarkdownProcessor } from './parse/processor.js';
export { parseMarkdown } from './parse/processor.js';
export {
  CITATION,
  INVISIBLE_CHAR,
  PENDING_IMAGE,
  RAW_HREF,
  RAW_SRC,
  STREAM_TAIL,
} from './parse/hast-properties.js';
export type { MarkdownBlock } from './split/split-blocks.js';
export type { TypedSpan } from './tail/typed-spans.js';
export { literalText } from './tail/typed-spans.js';
export type { MarkdownStream, MarkdownStreamInput } from './stream.js';
export { streamMarkdown } from './stream.js';
export type {
  MarkdownRepair,
  LastChunkTail,
  LastChunkTailOptions,
} from './tail/last-chunk-tail.js';
export type { AnchoredTail } from './tail/anchored-tail.js';
export { shownTailSource } from './tail/anchored-tail.js';
export type { TailSplit } from './tail/tail-parts.js';
export type { TailTree } from './tail/tail-parts-tree.js';
export { TAIL_PARTS_SLOT } from './tail/tail-parts-tree.js';
