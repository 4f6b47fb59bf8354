'use client';

import * as React from 'react';
import { useIsomorphicLayoutEffect } from '../../primitives/use-isomorphic-layout-effect.js';
import type { ColumnWidths, freezeColumns } from './freeze-columns.js';

/*
 * Long streaming tables pin their columns between rows (freeze-columns.ts, which says why). Short
 * tables are left alone: their layout is cheap, and their columns should follow every token, as
 * the first rows of a table decide its widths. So the code that pins loads with the first long
 * table, not with the chat.
 */

/** Finished rows from which a streaming table's columns are pinned between rows. */
export const FREEZE_FROM_ROWS = 20;

let loaded: typeof freezeColumns | undefined;

/**
 * Pins the columns of the table in `ref` while it streams with `finishedRows` finished rows
 * (null once it no longer streams, which gives it back its own layout). Returns the widths it is
 * pinned at (the table's, then each column's), or null while it is not: set before the browser
 * paints, so what depends on them never shows unpinned.
 */
export function useFrozenColumns(
  ref: React.RefObject<HTMLTableElement | null>,
  finishedRows: number | null,
): ColumnWidths | null {
  const [widths, setWidths] = React.useState<ColumnWidths | null>(null);
  const rows = finishedRows !== null && finishedRows >= FREEZE_FROM_ROWS ? finishedRows : null;
  useIsomorphicLayoutEffect(() => {
    const freeze = (run: typeof freezeColumns) => {
      if (ref.current === null) return;
      const next = run(ref.current, rows);
      setWidths((current) => (sameWidths(current, next) ? current : next));
    };
    if (loaded !== undefined) {
      freeze(loaded);
    } else if (rows !== null) {
      void import('./freeze-columns.js').then((module) => {
        loaded = module.freezeColumns;
        freeze(loaded);
      });
    }
  }, [ref, rows]);
  return widths;
}

function sameWidths(a: ColumnWidths | null, b: ColumnWidths | null): boolean {
  if (a === null || b === null) return a === b;
  return a.length === b.length && a.every((width, index) => width === b[index]);
}
