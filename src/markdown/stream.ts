import type { CitationEntry, CitationPlacement } from './source/citation-markers.js';
import { resumeCitationMarkers } from './source/citation-markers.js';
import type { BlockGrouping, MarkdownChunk } from './chunk/group-blocks.js';
import { resumeGrouping } from './chunk/group-blocks.js';
import type { HiddenCharacterScan } from './source/hidden-characters.js';
import { scanHiddenCharacters } from './source/hidden-characters.js';
import { clipBlock, limitShownBlocks, shownCharacters } from './chunk/limit-blocks.js';
import type { LimitScan } from './chunk/parse-limits.js';
import { scanMarkdownLimits } from './chunk/parse-limits.js';
import type { MarkdownBlock, MarkdownSplit } from './split/split-blocks.js';
import { resumeMarkdownBlocks } from './split/split-blocks.js';

/** What a text block renders from: its text, and the view's state around it. */
export interface MarkdownStreamInput {
  /** The model's markdown. */
  readonly text: string;
  /** Numbered citations (`numberCitations`); each gets a marker at the end of its span. */
  readonly citations: readonly CitationEntry[];
  /** True while the text streams: its last block is the tail, repaired before parsing. */
  readonly streaming: boolean;
  /**
   * How many times the user asked to see more of a text past the limits ("Show all", "Show
   * more"): each ask reveals a bounded step (see chunk/limit-blocks.ts). 0 at first.
   */
  readonly reveals: number;
}

/** A text prepared for rendering; pass it back as `previous` with the next text. */
export interface MarkdownStream {
  /** What this was derived from. */
  readonly input: MarkdownStreamInput;
  /** The markdown to parse: the text without the marks (marks.ts), with citation markers. */
  readonly source: string;
  /** `source` split into top-level blocks; every block but the last two is kept while it grows. */
  readonly blocks: readonly MarkdownBlock[];
  /**
   * What to render, in order, keyed by index: chunks of finished blocks (their sources stay the
   * same while the text grows, so memoised renderers skip them), blocks shown as plain text, and
   * the streaming tail (how it renders: `followLastChunkTail`).
   */
  readonly chunks: readonly MarkdownChunk[];
  /** Characters not rendered because of the limits (0 when everything shows). */
  readonly omitted: number;
  /** True when one more ask (`reveals + 1`) shows everything: "Show all", not "Show more". */
  readonly lastStep: boolean;
  /** True when the text holds a character shown as a marker (`[U+200B]`). */
  readonly hiddenCharacters: boolean;
  /** Where the next text resumes citation placement from. */
  readonly placement: CitationPlacement;
  /** Where the next text resumes splitting from. */
  readonly split: MarkdownSplit;
  /** Where the next text resumes the hidden-character scan from. */
  readonly scan: HiddenCharacterScan;
  /** Where the next text resumes the streaming tail's limit check from. */
  readonly limits: LimitScan | null;
  /** Where the next text resumes grouping blocks into chunks from. */
  readonly grouping: BlockGrouping;
}

/**
 * Prepares `input.text` for rendering, resumed from `previous` (the stream for the text before
 * this token), so a token costs about its own length and the tail's, not the whole text's.
 * Pure: `previous` is never changed, and the same input returns `previous` itself. Any text
 * works; one that does not extend `previous` is prepared from scratch.
 */
export function streamMarkdown(
  previous: MarkdownStream | null,
  input: MarkdownStreamInput,
): MarkdownStream {
  if (previous !== null && sameInput(previous.input, input)) return previous;
  const { text, citations } = input;
  const placement =
    previous?.placement.text === text && sameCitations(previous.input.citations, citations)
      ? previous.placement
      : resumeCitationMarkers(previous?.placement ?? null, text, citations);
  const source = placement.source;
  const split =
    previous?.split.text === source
      ? previous.split
      : resumeMarkdownBlocks(previous?.split ?? null, source);
  const scan =
    previous?.scan.text === source
      ? previous.scan
      : scanHiddenCharacters(previous?.scan ?? null, source);
  const { blocks } = split;

  const limit = limitShownBlocks(blocks, source.length, input.reveals);
  const shown = limit.count === blocks.length ? blocks : blocks.slice(0, limit.count);
  // Once cut, the last block shown is a finished one, not the streaming tail.
  const tailBlock = input.streaming && shown === blocks ? blocks.at(-1) : undefined;
  const limits =
    tailBlock === undefined ? null : scanMarkdownLimits(previous?.limits ?? null, tailBlock);
  const grouping = resumeGrouping(
    previous?.grouping ?? null,
    shown,
    tailBlock !== undefined,
    limits?.exceeded,
  );
  // A block too long on its own shows its start, in pieces after the whole blocks.
  const pieces =
    limit.clipped > 0
      ? resumePieces(previous, (blocks[limit.count] as MarkdownBlock).source, limit.clipped)
      : null;
  const piecesLength = pieces === null ? 0 : charactersOf(pieces);
  return {
    input,
    source,
    blocks,
    chunks: pieces === null ? grouping.chunks : [...grouping.chunks, ...pieces],
    omitted: shown === blocks ? 0 : source.length - charactersOf(shown) - piecesLength,
    lastStep: source.length <= shownCharacters(input.reveals + 1),
    hiddenCharacters: scan.found,
    placement,
    split,
    scan,
    limits,
    grouping,
  };
}

function sameInput(a: MarkdownStreamInput, b: MarkdownStreamInput): boolean {
  return (
    a.text === b.text &&
    sameCitations(a.citations, b.citations) &&
    a.streaming === b.streaming &&
    a.reveals === b.reveals
  );
}

/** The same entries: the same array, or both empty (a new `[]` per render is common). */
function sameCitations(a: readonly CitationEntry[], b: readonly CitationEntry[]): boolean {
  return a === b || (a.length === 0 && b.length === 0);
}

function charactersOf(blocks: readonly { source: string }[]): number {
  return blocks.reduce((sum, block) => sum + block.source.length, 0);
}

/**
 * The pieces of a clipped block, the previous stream's own objects where they hold the same
 * text (a piece depends only on the text before its end), so that a token past the limit
 * changes no chunk the view renders.
 */
function resumePieces(
  previous: MarkdownStream | null,
  source: string,
  clipped: number,
): MarkdownChunk[] {
  const pieces = clipBlock(source, clipped);
  if (previous === null) return pieces;
  // The previous stream's pieces follow its grouped chunks.
  const before = previous.chunks;
  const offset = previous.grouping.chunks.length;
  return pieces.map((piece, index) => {
    const old = before[offset + index];
    return old?.piece === true && old.source === piece.source ? old : piece;
  });
}
