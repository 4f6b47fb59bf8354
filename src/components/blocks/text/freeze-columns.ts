/*
 * A table sizes its columns from every cell (auto layout), so when one cell grows Chromium lays
 * out every row again: on a table streaming its 240th row, 4.4 ms per token, against 0.5 ms for
 * a table whose columns are fixed. So a long table that streams keeps the widths its columns
 * had when its last row finished (`table-layout: fixed`), and sizes them again, from every cell,
 * when a row finishes that does not fit them (measured without the live row, which streams in a
 * table of its own meanwhile: streaming-table.tsx). Loaded when a streaming table first grows
 * long (see use-frozen-columns.ts).
 */

/** The attribute that marks a table whose columns are pinned while it streams. */
export const FROZEN = 'data-columns-frozen';

/** The widths a table is pinned at: the table's, then each column's, in CSS pixels. */
export type ColumnWidths = readonly number[];

/** How many of a table's rows had finished when it was last checked, and its widths then. */
const checked = new WeakMap<HTMLTableElement, { rows: number; widths: ColumnWidths | null }>();

/**
 * Freezes the columns of `table`, streaming with `finishedRows` finished rows, when they are not
 * pinned yet or a row finished since the last call needs more room; with null, gives the table
 * back its own layout. Returns the widths the table is pinned at, or null when it is not.
 */
export function freezeColumns(
  table: HTMLTableElement,
  finishedRows: number | null,
): ColumnWidths | null {
  const cells = Array.from(table.tHead?.rows[0]?.cells ?? []);
  const last = checked.get(table);
  if (finishedRows === null) {
    checked.delete(table);
    if (table.hasAttribute(FROZEN)) setWidths(table, cells, null);
    return null;
  }
  // Every row finished since the last call: a frame's batch of tokens may finish several.
  const since = last?.rows ?? finishedRows - 1;
  const body = table.tBodies[0]?.rows;
  const finished: HTMLTableRowElement[] = [];
  for (let index = since; body && index < Math.min(finishedRows, body.length); index++) {
    finished.push(body[index] as HTMLTableRowElement);
  }
  let widths = last?.widths ?? null;
  if (cells.length > 0 && (widths === null || finished.some(outgrows))) {
    // Let the table size its columns from every cell, then pin the widths it chose.
    setWidths(table, cells, null);
    const width = table.getBoundingClientRect().width;
    // A table out of sight (a closed disclosure) measures 0: it keeps its own layout.
    widths =
      width === 0 ? null : [width, ...cells.map((cell) => cell.getBoundingClientRect().width)];
    setWidths(table, cells, widths);
  }
  checked.set(table, { rows: finishedRows, widths });
  return widths;
}

/** Sets the table's width, then its header cells' (`widths`, in that order); null lets them go. */
function setWidths(table: HTMLTableElement, cells: HTMLElement[], widths: ColumnWidths | null) {
  table.toggleAttribute(FROZEN, widths !== null);
  table.style.tableLayout = widths ? 'fixed' : '';
  [table, ...cells].forEach((element, index) => {
    element.style.width = widths ? `${widths[index]}px` : '';
    // A cell's measured width holds its padding and border.
    if (index > 0) element.style.boxSizing = widths ? 'border-box' : '';
  });
}

/** True when a cell of `row` wraps or spills: the pinned widths are narrower than it needs. */
function outgrows(row: HTMLTableRowElement): boolean {
  return Array.from(row.cells).some((cell) => {
    if (cell.scrollWidth > cell.clientWidth) return true;
    const range = document.createRange();
    range.selectNodeContents(cell);
    const lines = Array.from(range.getClientRects());
    // A box that starts below the first one's bottom is on a line of its own.
    return lines.some((line) => line.top >= (lines[0]?.bottom ?? Infinity) - 1);
  });
}
