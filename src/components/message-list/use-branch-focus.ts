'use client';

import * as React from 'react';
import { useIsomorphicLayoutEffect } from '../primitives/use-isomorphic-layout-effect.js';

interface Spot {
  /** The row's `data-index`. */
  index: string;
  /** The picker button's `data-direction`: `previous | next`. */
  direction: string;
  /** Commits left to wait for the app to show the new version (it may fetch it first). */
  patience: number;
}

/**
 * Keeps keyboard focus in a branch picker across a step. Rows are keyed by message id, so showing
 * another version of a message mounts a new row and the focused button leaves with the old one;
 * the new version sits at the same index, so focus moves to the same button there. Call
 * `remember()` before handing the step to the app; the check after each commit is one null test
 * unless a step is pending.
 */
export function useBranchFocus(root: React.RefObject<HTMLElement | null>): () => void {
  const spot = React.useRef<Spot | null>(null);

  useIsomorphicLayoutEffect(() => {
    const wanted = spot.current;
    const list = root.current;
    if (!wanted || !list) return;
    const focused = list.ownerDocument.activeElement;
    // Still in the list (the app showed the version in place): nothing was lost.
    if (focused && focused !== list.ownerDocument.body) {
      spot.current = null;
      return;
    }
    const button = list.querySelector<HTMLElement>(
      `[data-slot="message-list-item"][data-index="${CSS.escape(wanted.index)}"] ` +
        `[data-slot="branch-picker-button"][data-direction="${CSS.escape(wanted.direction)}"]`,
    );
    // The app has not shown the new version yet: try again after the next few commits.
    if (!button && --wanted.patience > 0) return;
    spot.current = null;
    button?.focus();
  });

  // One function for the list's life, so the rows' shared props keep their identity.
  const [remember] = React.useState(() => () => {
    const focused = root.current?.ownerDocument.activeElement;
    const direction = focused
      ?.closest('[data-slot="branch-picker-button"]')
      ?.getAttribute('data-direction');
    const index = focused?.closest('[data-slot="message-list-item"]')?.getAttribute('data-index');
    spot.current = index && direction ? { index, direction, patience: 20 } : null;
  });
  return remember;
}
