'use client';

import type * as React from 'react';
import { useIsomorphicLayoutEffect } from '../../react/use-isomorphic-layout-effect.js';
import type { freezeColumns } from './freeze-columns.js';

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
 * (null once it no longer streams, which gives it back its own layout).
 */
export function useFrozenColumns(
  ref: React.RefObject<HTMLTableElement | null>,
  finishedRows: number | null,
): void {
  const rows = finishedRows !== null && finishedRows >= FREEZE_FROM_ROWS ? finishedRows : null;
  useIsomorphicLayoutEffect(() => {
    if (loaded !== undefined) {
      if (ref.current !== null) loaded(ref.current, rows);
    } else if (rows !== null) {
      void import('./freeze-columns.js').then((module) => {
        loaded = module.freezeColumns;
        if (ref.current !== null) loaded(ref.current, rows);
      });
    }
  }, [ref, rows]);
}
