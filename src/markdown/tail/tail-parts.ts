import { extendsText } from '../extends-text.js';
import { isListMarker } from '../split/split-blocks.js';
import { headerCells } from './typed-cells.js';

/*
 * A table that streams row by row, or a list that streams item by item, is one top-level block,
 * so the whole of it is the streaming tail, parsed again per token: the cost grows with the
 * table. Its rows (its items) are independent, though: a finished row parses the same with only
 * the table's header above it, and a finished item the same as the first item of a list. So the
 * tail is cut into finished *parts* (runs of rows or items, kept as the same objects while the
 * tail grows, so that their memoised renderers skip) and the *live* row or item, the only text
 * parsed per token. tail-parts-tree.ts parses the pieces and joins them as a full parse would.
 *
 * Only what is certain is cut, from the source alone; anything else is left whole (null):
 *   - a table: a header and a delimiter row, then rows, each line starting with `|` (which no
 *     other block can claim); the live row is the last, unfinished line;
 *   - a list: it starts with an item at the margin, and every later line at the margin starts
 *     an item with the same marker (`-`, `*`, `+`, or digits with the same `.` or `)`); other
 *     lines are indented or blank. An item is finished once the next one has begun with text that
 *     no thematic break can hold;
 *   - each finished part is *inert*: the repair leaves it as it is, and it opens nothing that the
 *     repair of the whole tail would close at its end (delimiters, code, links balance).
 * A list is loose as a whole; the tree step reads that from the parts' parses and from a blank
 * line at the end of a part, and renders every part alike.
 */

/** Rows (or items) in one finished part, at most. */
const PART_ROWS = 16;
/** Characters after which a part is closed, whatever its rows. */
const PART_LENGTH = 1024;

/** A run of finished rows or items: the same object while the tail grows, so it is memoised. */
export interface TailPart {
  /** The rows' (items') source, each with its line end: a contiguous slice of the tail. */
  readonly source: string;
  /** How many rows or items it holds. */
  readonly rows: number;
}

/** A streaming table or list, cut into finished parts and the live row or item. */
export interface TailSplit {
  /** The tail block this is a split of. */
  readonly source: string;
  /** What the block is. */
  readonly kind: 'table' | 'list';
  /** A table's header and delimiter rows (each part and the live row are parsed below them). */
  readonly head: string;
  /** Finished rows or items, in order; never empty. */
  readonly parts: readonly TailPart[];
  /** The row or item still arriving (`''` right after a line end): parsed per token. */
  readonly live: string;
  /** Where `live` begins in `source`. */
  readonly liveStart: number;
  /** Where the part still filling begins (the parts before it are closed). */
  readonly openStart: number;
  /** A list's marker: the bullet, or the ordered list's delimiter. */
  readonly marker: string;
  /** A table's cells per row, as its header has them (typed-cells.ts); 0 for a list. */
  readonly columns: number;
}

/**
 * The split of `source` (the streaming tail block), resumed from `previous` (the split of the
 * tail at the token before) when it is the same block grown, so a token costs the live part.
 * Null when the block is not a table or list that can be cut (see the file comment).
 */
export function followTailSplit(
  previous: TailSplit | null,
  source: string,
  closeInline: (text: string) => string,
): TailSplit | null {
  if (previous !== null && extendsText(source, previous.source)) {
    return scanFrom(previous, source, closeInline);
  }
  const start = startSplit(source, closeInline);
  return start === null ? null : scanFrom(start, source, closeInline);
}

/** The text a part, or the live row, is parsed as: a table's rows below its head. */
export function partMarkdown(split: TailSplit, source: string): string {
  return split.kind === 'table' ? split.head + source : source;
}

/* -------------------------------------------------------------------------------------------------
 * Scanning
 * -----------------------------------------------------------------------------------------------*/

/** A split before its first part: the head read, the first row or item live. */
function startSplit(source: string, closeInline: (text: string) => string): TailSplit | null {
  const first = lineAt(source, 0);
  if (first === null || !first.complete) return null;
  if (classifyListLine(source, first, markerOf(source, 0)) === 'item') {
    const marker = markerOf(source, 0);
    return emptySplit(source, 'list', '', 0, marker);
  }
  const second = lineAt(source, first.next);
  if (second === null || !second.complete) return null;
  // Both start with `|`, as the rows do: the repair reads the last lines of the whole tail and
  // of the live row below the head alike only then (see `completeTableHeader`).
  if (!startsWithPipe(source, 0, first.end) || !startsWithPipe(source, second.start, second.end)) {
    return null;
  }
  if (!isDelimiterRow(source, second.start, second.end)) return null;
  const head = source.slice(0, second.next);
  if (!isInert(head, closeInline)) return null;
  return emptySplit(source, 'table', head, second.next, '');
}

function emptySplit(
  source: string,
  kind: TailSplit['kind'],
  head: string,
  start: number,
  marker: string,
): TailSplit {
  const columns = kind === 'table' ? headerCells(head) : 0;
  return {
    source,
    kind,
    head,
    parts: [],
    live: '',
    liveStart: start,
    openStart: start,
    marker,
    columns,
  };
}

/**
 * Reads `source` on from `split.liveStart`: lines that finish a row or an item join the part
 * still filling, which closes at PART_ROWS or PART_LENGTH.
 */
function scanFrom(
  split: TailSplit,
  source: string,
  closeInline: (text: string) => string,
): TailSplit | null {
  let { liveStart, openStart } = split;
  const closed = split.parts.slice(0, closedCount(split));
  let openRows = openStart === liveStart ? 0 : (split.parts.at(-1)?.rows ?? 0);
  let changed = false;
  const finish = (end: number): boolean => {
    const row = source.slice(liveStart, end);
    if (!isInert(row, closeInline)) return false;
    liveStart = end;
    openRows++;
    changed = true;
    if (openRows >= PART_ROWS || liveStart - openStart >= PART_LENGTH) {
      closed.push({ source: source.slice(openStart, liveStart), rows: openRows });
      openStart = liveStart;
      openRows = 0;
    }
    return true;
  };

  if (split.kind === 'table') {
    for (let line = lineAt(source, liveStart); line?.complete; line = lineAt(source, line.next)) {
      if (!startsWithPipe(source, line.start, line.end) || !finish(line.next)) return null;
    }
  } else {
    // The live item's first line is its marker line; an item ends where the next one begins.
    let line = lineAt(source, liveStart);
    if (line === null) return null;
    for (line = lineAt(source, line.next); line !== null; line = lineAt(source, line.next)) {
      const kind = classifyListLine(source, line, split.marker);
      if (kind === 'other') return null;
      if (kind === 'item' && !finish(line.start)) return null;
      if (!line.complete) break;
    }
  }

  let parts: readonly TailPart[] = split.parts;
  if (changed) {
    const open =
      openStart < liveStart ? [{ source: source.slice(openStart, liveStart), rows: openRows }] : [];
    parts = closed.concat(open);
  }
  if (parts.length === 0) return null;
  return { ...split, source, parts, live: source.slice(liveStart), liveStart, openStart };
}

/** Parts before the one still filling (all of them when none is). */
function closedCount(split: TailSplit): number {
  return split.openStart === split.liveStart ? split.parts.length : split.parts.length - 1;
}

interface Line {
  start: number;
  end: number;
  next: number;
  /** False for the last line while its line end has not arrived. */
  complete: boolean;
}

function lineAt(source: string, start: number): Line | null {
  if (start > source.length || (start === source.length && start > 0)) return null;
  const newline = source.indexOf('\n', start);
  return newline === -1
    ? { start, end: source.length, next: source.length + 1, complete: false }
    : { start, end: newline, next: newline + 1, complete: true };
}

/**
 * A line of a list after its first: `item` when it starts the next item (at the margin, with the
 * list's marker and text no thematic break holds), `inside` when it belongs to the item before
 * (indented or blank, or a marker line still too short to tell), else `other`.
 */
function classifyListLine(source: string, line: Line, marker: string): 'item' | 'inside' | 'other' {
  if (line.start === line.end || isSpace(source[line.start])) return 'inside';
  if (!isListMarker(source, line.start, line.end) || markerOf(source, line.start) !== marker) {
    // Only the unfinished last line may still become an item (`1` before its `.`).
    return line.complete ? 'other' : 'inside';
  }
  const text = source.slice(line.start + markerLength(source, line.start), line.end);
  // `- -` may become `- - -`, a thematic break; a letter after the marker never does. While the
  // line arrives, its text must start with a word (after emphasis or code): the repair may drop
  // other markup (`- <b`), and an item left empty reads the line above it.
  if (line.complete ? /[^\s*_-]/.test(text) : /^\s+[*_`~]*[\p{L}\p{N}]/u.test(text)) return 'item';
  return line.complete ? 'other' : 'inside';
}

/** The marker that says which list an item belongs to: its bullet, or digits' delimiter. */
function markerOf(source: string, start: number): string {
  return source[start + markerLength(source, start) - 1] ?? '';
}

/** The marker's length: digits and their delimiter, or the bullet. */
function markerLength(source: string, start: number): number {
  let index = start;
  while (isDigit(source[index])) index++;
  return index - start + 1;
}

function isDigit(char: string | undefined): boolean {
  return char !== undefined && char >= '0' && char <= '9';
}

function isSpace(char: string | undefined): boolean {
  return char === ' ' || char === '\t';
}

/** `|` after at most three spaces. */
function startsWithPipe(source: string, start: number, end: number): boolean {
  let index = start;
  while (index < end && index - start < 3 && source[index] === ' ') index++;
  return source[index] === '|';
}

/** Only `|`, `:`, `-` and blanks, with a `-`. */
function isDelimiterRow(source: string, start: number, end: number): boolean {
  let dash = false;
  for (let index = start; index < end; index++) {
    const char = source[index];
    if (char === '-') dash = true;
    else if (char !== '|' && char !== ':' && !isSpace(char) && char !== '\r') return false;
  }
  return dash;
}

/* -------------------------------------------------------------------------------------------------
 * Inert parts
 * -----------------------------------------------------------------------------------------------*/

/** Delimiters whose runs must pair up in each part, so that nothing it opens stays open. */
const PAIRED = '`*_~$';

/**
 * True when `text` can sit above the live part without changing how the repair of the whole tail
 * reads the end: the repair leaves it alone, even followed by a word; its runs of delimiters pair
 * up (as many `**` as `**`, and so on); its brackets close; and it holds no `<` (raw HTML in the
 * making), `&` (an entity) or `\\` (an escape, which would pair delimiters differently).
 */
function isInert(text: string, closeInline: (text: string) => string): boolean {
  const runs = new Map<string, number>();
  const count = (key: string) => runs.get(key) ?? 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index] as string;
    let end = index + 1;
    if (PAIRED.includes(char)) while (text[end] === char) end++;
    const key = text.slice(index, end);
    runs.set(key, count(key) + 1);
    index = end - 1;
  }
  for (const [key, value] of runs)
    if (PAIRED.includes(key[0] as string) && value % 2 !== 0) return false;
  if (count('[') !== count(']') || count('(') !== count(')')) return false;
  if (count('<') > 0 || count('&') > 0 || count('\\') > 0) return false;
  return closeInline(text) === text && closeInline(`${text}word`) === `${text}word`;
}
