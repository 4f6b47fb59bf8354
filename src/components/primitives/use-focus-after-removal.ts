'use client';

import * as React from 'react';

/** What {@link useFocusAfterRemoval} returns. */
export interface FocusAfterRemoval<E extends HTMLElement> {
  /** On the element that holds the items. */
  containerRef: React.RefObject<E | null>;
  /** Set to the removed item's index, in its remove handler, to move focus once it is gone. */
  focusAt: React.MutableRefObject<number | null>;
}

/**
 * Keeps focus in a list whose items can be removed: once `items` has changed after a removal,
 * focus moves to the button (`selector`) now at the removed item's place, or to the last one,
 * or, when none is left, to `fallback` (an element, or a function that moves focus). Focus never
 * falls back to the page.
 */
export function useFocusAfterRemoval<E extends HTMLElement>(
  selector: string,
  items: unknown,
  fallback: React.RefObject<HTMLElement | null> | (() => void),
): FocusAfterRemoval<E> {
  const containerRef = React.useRef<E>(null);
  const focusAt = React.useRef<number | null>(null);
  React.useEffect(() => {
    const index = focusAt.current;
    if (index === null) return;
    focusAt.current = null;
    const buttons = containerRef.current?.querySelectorAll<HTMLElement>(selector);
    const next = buttons?.[Math.min(index, buttons.length - 1)];
    if (next) next.focus();
    else if (typeof fallback === 'function') fallback();
    else fallback.current?.focus();
  }, [items, fallback, selector]);
  return { containerRef, focusAt };
}
