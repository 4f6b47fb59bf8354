import type { TypedSpan, TypedText } from './typed-spans.js';
import { appendProse, pendingCloser, readTypedText } from './typed-spans.js';

/*
 * Cells typed after an anchor in a streaming table's live row (tail-parts.ts), shown without a
 * parse. GFM pads a row to its header's cells, so the parse at the anchor already holds the
 * row's remaining cells, empty; the anchor's markdown puts a CELL_MARK in each (tail-anchor.ts).
 * When the model goes on with `| 36 | more`, each `|` moves to the next cell (GFM splits a row at
 * every pipe that is not escaped, in code or not), and each cell's typed text (typed-spans.ts)
 * shows in place of its mark, trimmed as GFM trims a cell. Only a span in the last cell may be
 * open (the cell's end would leave it as text), and only in a row without a backslash (an
 * escaped pipe); pipes past the header's cells open cells GFM drops (they have no mark).
 */

/** The text after an anchor, by cells: the rest of the anchor's cell, then each next one's. */
export interface TypedCells extends TypedText {
  /** The typed text of each cell after the anchor's, trimmed. */
  readonly cells: readonly TypedText[];
}

/** `source` from `from` as typed text in cells, with at least one `|`; null otherwise. */
export function readTypedCells(source: string, from: number): TypedCells | null {
  if (source.indexOf('|', from) === -1) return null;
  const pieces: TypedText[] = [];
  for (let start = from; ;) {
    const end = source.indexOf('|', start);
    const typed = readTypedText(source, start, end === -1 ? source.length : end);
    if (typed === null || (end !== -1 && pendingCloser(typed) !== '')) return null;
    pieces.push(typed);
    if (end === -1) break;
    start = end + 1;
  }
  const [first, ...cells] = pieces as [TypedText, ...TypedText[]];
  const last = cells.length - 1;
  return {
    ...trimCell(first, false, last >= 0),
    // The last cell's blanks at the end never show: the tail holds them back.
    cells: cells.map((cell, index) => trimCell(cell, true, index < last)),
  };
}

/**
 * `typed` followed by `prose`: in its last cell (without the blanks that start a cell), or after
 * the anchor when no cell follows it. Cells past the header's stay, never shown: the anchor's
 * markdown has a mark for each of the header's only.
 */
export function appendToCells(typed: TypedCells, prose: string): TypedCells {
  const last = typed.cells[typed.cells.length - 1];
  if (last === undefined) return { ...appendProse(typed, prose), cells: typed.cells };
  const empty = last.after === '' && last.spans.length === 0;
  const grown = appendProse(last, empty ? prose.trimStart() : prose);
  return { after: typed.after, spans: typed.spans, cells: [...typed.cells.slice(0, -1), grown] };
}

/** `typed` without the blanks that start (`start`) or end (`end`) its cell. */
function trimCell(typed: TypedText, start: boolean, end: boolean): TypedText {
  const after = start ? typed.after.trimStart() : typed.after;
  const last = typed.spans[typed.spans.length - 1];
  if (!end) return { after, spans: typed.spans };
  if (last === undefined) return { after: after.trimEnd(), spans: typed.spans };
  const trimmed: TypedSpan = { ...last, after: last.after.trimEnd() };
  return { after, spans: [...typed.spans.slice(0, -1), trimmed] };
}

/**
 * How many cells of a row of `columns` cells are still to come after `source`, whose last line
 * is the row so far (it starts with `|`, so each `|` opens a cell); 0 when that line does not
 * start with `|`, or holds a backtick or backslash.
 */
export function cellsToCome(source: string, columns: number): number {
  const row = source.slice(source.lastIndexOf('\n') + 1);
  if (columns === 0 || !row.startsWith('|') || /[`\\]/.test(row)) return 0;
  let opened = 0;
  for (const char of row) if (char === '|') opened++;
  return Math.max(0, columns - opened);
}

/** The cells of a table's header row (the first line of `head`); 0 when it holds `` ` `` or `\\`. */
export function headerCells(head: string): number {
  const end = head.indexOf('\n');
  const row = head.slice(0, end === -1 ? undefined : end).trim();
  if (/[`\\]/.test(row)) return 0;
  let pipes = 0;
  for (const char of row) if (char === '|') pipes++;
  // The header starts with `|` (tail-parts.ts); one at its end closes the last cell.
  return row.endsWith('|') ? pipes - 1 : pipes;
}
