'use client';

import * as React from 'react';
import type { TruncatedText } from './truncate.js';
import { truncateText } from './truncate.js';
import type { ShowAllLimit } from './show-all-limits.js';

/** The part of `text` shown under `limit`: its preview, or with `all` everything up to the cap. */
export function showAllText(text: string, limit: ShowAllLimit, all: boolean): TruncatedText {
  const { characters, lines } = all ? limit.all : limit.preview;
  return truncateText(text, characters, lines);
}

/** What {@link useShowAll} gives a view. */
export interface ShowAllState {
  /** The text to render: the preview, or everything up to the cap. */
  shown: TruncatedText;
  /** True once the user asked for everything. */
  showingAll: boolean;
  /** True when the preview leaves something out: the view offers "Show all". */
  canShowAll: boolean;
  /** True when even "Show all" leaves something out: the view says so. */
  capped: boolean;
  setShowingAll(all: boolean): void;
}

/**
 * A text's "Show all" state under one entry of {@link SHOW_ALL_LIMITS}. Only the shown part is
 * read, so a 10 MB text costs what its preview costs until the user asks for more.
 */
export function useShowAll(text: string, limit: ShowAllLimit): ShowAllState {
  const [showingAll, setShowingAll] = React.useState(false);
  const preview = React.useMemo(() => showAllText(text, limit, false), [text, limit]);
  const full = React.useMemo(
    () => (showingAll ? showAllText(text, limit, true) : null),
    [showingAll, text, limit],
  );
  const shown = full ?? preview;
  return {
    shown,
    showingAll,
    canShowAll: preview.truncated,
    capped: showingAll && shown.truncated,
    setShowingAll,
  };
}
