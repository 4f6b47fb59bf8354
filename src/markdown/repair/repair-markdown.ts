import { closeInlineSyntax } from './close-inline-syntax.js';
import { insideOpenFence } from './inside-open-fence.js';

/*
 * While a reply streams, the tail of the text is unfinished markdown: `**bold`, `` `code``,
 * `[label](https://exa`, a table whose delimiter row has not arrived. Parsed as is, it flashes
 * raw syntax for a few frames. The tail is repaired before parsing: remend closes emphasis,
 * inline code, strikethrough and links (an unfinished link shows its label only), and a table
 * that has its header but not yet its delimiter row gets one. Unclosed fences need nothing:
 * CommonMark already runs an open fence to the end of the text.
 */

export { closeInlineSyntax };

/** `source` (the streaming tail of a markdown text) with its unfinished syntax closed. */
export function repairMarkdownTail(source: string): string {
  // Inline syntax first: remend reads a delimiter row's `|` as the end of the header's line,
  // and closes an intraword `_` before it (`| a_` would end `| --- |_`, and no table).
  return completeTableHeader(closeInlineSyntax(source));
}

/* -------------------------------------------------------------------------------------------------
 * Tables
 * -----------------------------------------------------------------------------------------------*/

interface Line {
  start: number;
  end: number;
}

/** Gives a table whose header row is the last or second-to-last line a full delimiter row. */
export function completeTableHeader(source: string): string {
  let end = source.length;
  if (source[end - 1] === '\n') end--;
  const last = lineBefore(source, end);
  if (last === null) return source;
  const previous = last.start > 0 ? lineBefore(source, last.start - 1) : null;

  // The row added must make a table, or it shows as text the model never wrote: a header needs
  // a cell (a line of one `|` is not one yet), and a place where a table can start.
  if (isTableRow(source, last) && (previous === null || !isTableRow(source, previous))) {
    const cells = countCells(source, last);
    if (cells === 0 || !canStartTable(source, last)) return source;
    return `${source.slice(0, end)}\n${delimiterRow(cells)}${source.slice(end)}`;
  }
  if (
    previous !== null &&
    isTableRow(source, previous) &&
    isPartialDelimiterRow(source, last) &&
    (previous.start === 0 || !isTableRow(source, lineBefore(source, previous.start - 1)))
  ) {
    const cells = countCells(source, previous);
    if (cells === 0 || !canStartTable(source, previous)) return source;
    return `${source.slice(0, last.start)}${delimiterRow(cells)}${source.slice(end)}`;
  }
  return source;
}

/* -------------------------------------------------------------------------------------------------
 * Where a table can start
 * -----------------------------------------------------------------------------------------------*/

/**
 * True when a header at `line` starts a table: not in a fence or math block still open, not in a
 * table above it, and not on a lazy line of a quote's, a list item's or a footnote's paragraph
 * (a table interrupts only a plain one).
 * It errs towards false: a table that could start is merely shown without its delimiter row.
 */
function canStartTable(source: string, line: Line): boolean {
  for (let start = line.start; start > 0;) {
    const before = lineBefore(source, start - 1) as Line;
    const at = firstNonSpace(source, before);
    if (at === before.end) break;
    // A `|` line above, with only lines between: the header would be a row of that table.
    if (at - before.start > 3 || source[at] === '>' || source[at] === '|') return false;
    if (CONTAINER.test(lineText(source, before))) return false;
    start = before.start;
  }
  return !insideOpenFence(source, line.start);
}

/** A list item's or a footnote definition's first line: a container a table cannot interrupt. */
const CONTAINER = /^ {0,3}(?:(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)|\[\^[^\]]+\]:)/;

function lineText(source: string, line: Line): string {
  return source.slice(line.start, line.end);
}

function lineBefore(source: string, end: number): Line | null {
  if (end < 0) return null;
  return { start: source.lastIndexOf('\n', end - 1) + 1, end };
}

function firstNonSpace(source: string, line: Line): number {
  let index = line.start;
  while (index < line.end && (source[index] === ' ' || source[index] === '\t')) index++;
  return index;
}

/** A line that starts with `|` after at most three spaces. */
function isTableRow(source: string, line: Line | null): boolean {
  if (line === null) return false;
  const at = firstNonSpace(source, line);
  return at - line.start <= 3 && source[at] === '|';
}

/** A line of only `|`, `:`, `-` and spaces, as a delimiter row looks while it streams. */
function isPartialDelimiterRow(source: string, line: Line): boolean {
  if (line.end === line.start) return false;
  for (let index = line.start; index < line.end; index++) {
    const char = source[index];
    if (char !== '|' && char !== ':' && char !== '-' && char !== ' ' && char !== '\t') return false;
  }
  return true;
}

/** The cells of a row: unescaped pipes, less the leading (and any trailing) one; 0 for `|`. */
function countCells(source: string, line: Line): number {
  let pipes = 0;
  let lastPipe = -1;
  for (let index = firstNonSpace(source, line); index < line.end; index++) {
    if (source[index] === '\\') index++;
    else if (source[index] === '|') {
      pipes++;
      lastPipe = index;
    }
  }
  let tail = lastPipe + 1;
  while (tail < line.end && (source[tail] === ' ' || source[tail] === '\t')) tail++;
  const trailingPipe = tail === line.end;
  return trailingPipe ? pipes - 1 : pipes;
}

function delimiterRow(cells: number): string {
  return `|${' --- |'.repeat(cells)}`;
}
