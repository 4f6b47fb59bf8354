'use client';

import type * as React from 'react';
import { useIsomorphicLayoutEffect } from '../primitives/use-isomorphic-layout-effect.js';

/** Whether the browser sizes a textarea to its content on its own (`field-sizing: content`). */
function sizesToContent(): boolean {
  return (
    typeof CSS !== 'undefined' &&
    typeof CSS.supports === 'function' &&
    CSS.supports('field-sizing', 'content')
  );
}

/**
 * Grows the textarea with its text where CSS cannot (`field-sizing` is missing): one measure of
 * `scrollHeight` per change of `value`, after React's commit and before paint. The stylesheet's
 * `max-block-size` caps the height at the composer's `maxRows`, past which the text scrolls.
 */
export function useAutoGrow(ref: React.RefObject<HTMLTextAreaElement | null>, value: string): void {
  useIsomorphicLayoutEffect(() => {
    const textarea = ref.current;
    if (!textarea || sizesToContent()) return;
    textarea.style.height = 'auto';
    const style = getComputedStyle(textarea);
    // `scrollHeight` holds the padding, not the border; the box is border-box.
    const borders =
      (parseFloat(style.borderTopWidth) || 0) + (parseFloat(style.borderBottomWidth) || 0);
    textarea.style.height = `${textarea.scrollHeight + borders}px`;
  }, [ref, value]);
}
