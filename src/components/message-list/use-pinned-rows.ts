'use client';

import { defaultRangeExtractor } from '@tanstack/react-virtual';
import type { Range } from '@tanstack/react-virtual';
import * as React from 'react';

/** Rows with a pending approval kept mounted beyond this many would defeat virtualization. */
const MAX_PINNED_ROWS = 50;

interface PinnedRows {
  /** The virtualizer's `rangeExtractor`: the visible range plus the pinned rows. */
  rangeExtractor(range: Range): number[];
  /** Focus handlers for the list root, which track the row holding focus. */
  onFocus(event: React.FocusEvent<HTMLElement>): void;
  onBlur(event: React.FocusEvent<HTMLElement>): void;
}

/**
 * Keeps two kinds of rows mounted while they are scrolled away: rows asking for approval, so that
 * Tab reaches every prompt, and the row holding focus, so that scrolling never drops focus to the
 * page.
 */
export function usePinnedRows(
  keys: readonly string[],
  askingIndexes: readonly number[],
): PinnedRows {
  const [focusedKey, setFocusedKey] = React.useState<string | null>(null);
  const focusedIndex = focusedKey === null ? -1 : keys.lastIndexOf(focusedKey);
  const signature = [
    ...askingIndexes.slice(-MAX_PINNED_ROWS),
    ...(focusedIndex >= 0 ? [focusedIndex] : []),
  ].join(',');
  const rangeExtractor = React.useMemo(() => {
    const pinned = signature === '' ? [] : signature.split(',').map(Number);
    return (range: Range) => mergeIndexes(defaultRangeExtractor(range), pinned);
  }, [signature]);

  const onFocus = (event: React.FocusEvent<HTMLElement>) => {
    const row = (event.target as Element).closest('[data-slot="message-list-item"]');
    const index = Number(row?.getAttribute('data-index') ?? -1);
    setFocusedKey(index >= 0 ? (keys[index] ?? null) : null);
  };
  const onBlur = (event: React.FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusedKey(null);
  };
  return { rangeExtractor, onFocus, onBlur };
}

/** The sorted union of a contiguous range and a few kept-mounted indexes. */
function mergeIndexes(range: number[], pinned: readonly number[]): number[] {
  if (pinned.length === 0) return range;
  return Array.from(new Set([...range, ...pinned])).sort((a, b) => a - b);
}
