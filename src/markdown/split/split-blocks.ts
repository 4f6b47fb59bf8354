import { extendsText } from '../extends-text.js';
import type { Fence, LineScan } from './line-scan.js';
import {
  closesFenceLine,
  fenceOfLine,
  isBlankLine,
  isDefinitionLine,
  scanLine,
} from './line-scan.js';

/*
 * Splits markdown into top-level blocks (paragraphs, lists, fences, tables, …) so that each one
 * is parsed and rendered on its own and a finished block never re-renders while the tail streams.
 *
 * The splitter errs towards merging: two blocks kept together only cost a little re-parsing,
 * while a wrong split changes what the user sees. Every character belongs to exactly one block,
 * so joining the blocks gives the text back. Plain loops only: no regex runs over the text.
 */

/** One top-level piece of a markdown document. */
export interface MarkdownBlock {
  /** The block's source, with the blank lines after it: joining every block gives the text back. */
  source: string;
  /** True when the block is a fenced code block (``` or ~~~ at its start). */
  fence: boolean;
  /** False only for a fence whose closing line has not arrived yet. */
  closed: boolean;
}

/**
 * The same block: the same object, or one cut again with the same source (the split cuts its
 * last two blocks anew on every token).
 */
function sameBlock(a: MarkdownBlock, b: MarkdownBlock | undefined): boolean {
  return (
    a === b ||
    (b !== undefined && a.source === b.source && a.fence === b.fence && a.closed === b.closed)
  );
}

/** True when `blocks` begins with the blocks of `prefix` (each the same block, as `sameBlock`). */
export function startsWithBlocks(
  blocks: readonly MarkdownBlock[],
  prefix: readonly MarkdownBlock[],
): boolean {
  return prefix.length <= blocks.length && prefix.every((block, i) => sameBlock(block, blocks[i]));
}

/** Splits `text` into top-level blocks; `splitMarkdownBlocks(t).map((b) => b.source).join('') === t`. */
export function splitMarkdownBlocks(text: string): MarkdownBlock[] {
  return splitFrom(text, null).blocks;
}

/** The splitter's state at the start of a line: what the block so far holds. */
interface LineState {
  blockStart: number;
  hasContent: boolean;
  blankSeen: boolean;
  isList: boolean;
  isFence: boolean;
  fenceClosed: boolean;
  openFence: Fence | null;
}

/**
 * Where a longer text resumes splitting: the start of the text's last line (the one still
 * arriving, or the end after a line end), what was read of that line, the state at its start,
 * and how many blocks were cut before it.
 */
interface SplitResume {
  readonly lineStart: number;
  /** The last line as read so far (null when the text ended with a line end). */
  readonly line: LineScan | null;
  /** The text's length: the last line holds no line end before it. */
  readonly searched: number;
  readonly state: Readonly<LineState>;
  readonly blocks: number;
}

const START: LineState = {
  blockStart: 0,
  hasContent: false,
  blankSeen: false,
  isList: false,
  isFence: false,
  fenceClosed: true,
  openFence: null,
};

/**
 * The split of `text`, from scratch (`resume` null) or from the start of an earlier text's last
 * line (`blocks` then holds the blocks cut before it, and is extended). The last line is read on
 * from where the earlier text's read of it stopped, so a huge line costs each token its own
 * characters.
 */
function splitFrom(
  text: string,
  resume: SplitResume | null,
  kept: MarkdownBlock[] = [],
): MarkdownSplit {
  if (text === '') return { text, blocks: [], resume: null };

  const blocks = kept;
  let { blockStart, hasContent, blankSeen, isList, isFence, fenceClosed, openFence } =
    resume?.state ?? START;
  let last: SplitResume | null = null;

  const push = (end: number) => {
    blocks.push({ source: text.slice(blockStart, end), fence: isFence, closed: fenceClosed });
    blockStart = end;
    hasContent = false;
    blankSeen = false;
    isList = false;
    isFence = false;
    fenceClosed = true;
  };
  const state = (): LineState => ({
    blockStart,
    hasContent,
    blankSeen,
    isList,
    isFence,
    fenceClosed,
    openFence,
  });

  let lineStart = resume?.lineStart ?? 0;
  // The earlier read of the first line, and where its line end may be (not before `searched`).
  let line = resume?.line ?? null;
  const searched = resume?.searched ?? 0;
  while (lineStart < text.length) {
    const newline = text.indexOf('\n', Math.max(lineStart, searched));
    const lineEnd = newline === -1 ? text.length : newline;
    const next = newline === -1 ? text.length : newline + 1;
    const scan = scanLine(text, line, lineStart, lineEnd);
    line = null;
    // Reference definitions and footnotes resolve across the whole document: keep it whole.
    if (isDefinitionLine(text, scan)) {
      return { text, blocks: [{ source: text, fence: false, closed: true }], resume: null };
    }
    // The line still arriving: a longer text reads on from here.
    if (newline === -1) {
      last = {
        lineStart,
        line: scan,
        searched: text.length,
        state: state(),
        blocks: blocks.length,
      };
    }

    if (openFence !== null) {
      if (closesFenceLine(scan, openFence)) {
        openFence = null;
        if (isFence) {
          fenceClosed = true;
          // The fence is complete: blank lines stay with it, the next line opens a new block.
          blankSeen = true;
          isList = false;
        }
      }
      lineStart = next;
      continue;
    }

    const { indent } = scan;
    if (isBlankLine(scan)) {
      if (hasContent) blankSeen = true;
      lineStart = next;
      continue;
    }

    const fence = fenceOfLine(scan);
    const listMarker = isListMarkerAt(text, lineStart + indent, lineEnd);
    const continues = indent > 0 || (isList && listMarker);
    // A fence at the margin ends a paragraph or a list even without a blank line before it.
    const interrupts = fence !== null && fence.marker !== '$' && indent === 0 && !isFence;
    if (hasContent && ((blankSeen && !continues) || interrupts)) {
      push(lineStart);
    }
    if (!hasContent) {
      isList = listMarker;
      isFence = fence !== null && indent <= 3 && fence.marker !== '$';
      fenceClosed = !isFence;
    } else if (!isList && indent <= 3 && listMarker) {
      // A list may start below a paragraph's first line (`text\n- item`): an item after a
      // blank line then goes on with it, as one loose list.
      isList = true;
    }
    if (fence !== null && (indent <= 3 || isList)) openFence = fence;
    hasContent = true;
    blankSeen = false;
    lineStart = next;
  }
  last ??= {
    lineStart: text.length,
    line: null,
    searched: text.length,
    state: state(),
    blocks: blocks.length,
  };
  if (blockStart < text.length || blocks.length === 0) push(text.length);
  return { text, blocks, resume: last };
}

/* -------------------------------------------------------------------------------------------------
 * Line tests
 * -----------------------------------------------------------------------------------------------*/

function isSpace(char: string | undefined): boolean {
  return char === ' ' || char === '\t' || char === '\r';
}

function isDigit(char: string | undefined): boolean {
  return char !== undefined && char >= '0' && char <= '9';
}

/** Spaces, tabs and carriage returns at the start of the line `start`–`end`. */
export function indentOf(text: string, start: number, end: number): number {
  let index = start;
  while (index < end && isSpace(text[index])) index++;
  return index - start;
}

/** `-`, `*` or `+` followed by a space, or up to nine digits and `.`/`)` followed by a space. */
export function isListMarker(text: string, start: number, end: number): boolean {
  return isListMarkerAt(text, start + indentOf(text, start, end), end);
}

/** `isListMarker` of a line whose content (after its indentation) starts at `at`. */
function isListMarkerAt(text: string, at: number, end: number): boolean {
  const char = text[at];
  if (char === '-' || char === '*' || char === '+') return at + 1 === end || isSpace(text[at + 1]);
  let index = at;
  while (index < end && index - at < 9 && isDigit(text[index])) index++;
  if (index === at || (text[index] !== '.' && text[index] !== ')')) return false;
  return index + 1 === end || isSpace(text[index + 1]);
}

/** True when a line starts (after up to three spaces) with `[label]:`, a definition or footnote. */
export function hasDefinitions(text: string): boolean {
  let lineStart = 0;
  while (lineStart < text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const at = lineStart + indentOf(text, lineStart, lineEnd);
    if (at - lineStart <= 3 && text[at] === '[') {
      let close = at + 1;
      while (close < lineEnd && text[close] !== ']') close++;
      if (close < lineEnd && close > at + 1 && text[close + 1] === ':') return true;
    }
    lineStart = lineEnd + 1;
  }
  return false;
}

/** A split of `text`, kept so that the next split of a longer text can resume from it. */
export interface MarkdownSplit {
  text: string;
  blocks: MarkdownBlock[];
  /** Where a longer text resumes; absent when it cannot (split the last blocks again then). */
  resume?: SplitResume | null;
}

/**
 * `splitMarkdownBlocks(text)`, resumed from the split of an earlier text when `text` extends it
 * (the streaming case), so a token costs the characters it adds, not the whole text, nor the
 * last block (a long table, list or code fence is one block), nor the last line.
 *
 * Every block cut before the earlier text's last line is kept as it is, same object: its end was
 * decided on a complete line, which appending cannot change. The last line may still change what
 * it starts or ends, so it is tested again, from the splitter's state at its start and from what
 * was read of it (`scanLine` reads on where it stopped).
 */
export function resumeMarkdownBlocks(previous: MarkdownSplit | null, text: string): MarkdownSplit {
  const resume = previous?.resume;
  if (!previous || !resume || !extendsText(text, previous.text)) return splitFrom(text, null);
  return splitFrom(text, resume, previous.blocks.slice(0, resume.blocks));
}
