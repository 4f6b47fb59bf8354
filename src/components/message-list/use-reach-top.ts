'use client';

import * as React from 'react';

/** How close to the top (px) counts as reaching it: older messages load before the edge shows. */
const REACH_TOP_THRESHOLD = 200;

/**
 * Calls `onReachTop` once when the user nears the top of `scrollRef`, or when the content does
 * not fill it; again only after the first row changed (older messages arrived) or the user left
 * the top, and never while `loadingOlder`.
 */
export function useReachTop(
  scrollRef: React.RefObject<HTMLElement | null>,
  onReachTop: (() => void) | undefined,
  loadingOlder: boolean,
  firstKey: string | undefined,
): void {
  const latest = React.useRef({ onReachTop, loadingOlder });
  const armed = React.useRef(true);
  React.useEffect(() => {
    latest.current = { onReachTop, loadingOlder };
  });

  const check = React.useCallback(() => {
    const element = scrollRef.current;
    const { onReachTop: callback, loadingOlder: busy } = latest.current;
    if (!element || !callback) return;
    const near = element.scrollTop <= REACH_TOP_THRESHOLD;
    if (!near) {
      armed.current = true;
      return;
    }
    if (!armed.current || busy) return;
    armed.current = false;
    callback();
  }, [scrollRef]);

  // New rows at the top re-arm the callback; a list that does not fill its height asks at once.
  React.useEffect(() => {
    armed.current = true;
    const element = scrollRef.current;
    if (firstKey !== undefined && element && element.scrollHeight <= element.clientHeight) check();
  }, [firstKey, check, scrollRef]);

  React.useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    // Only the user's scrolling counts: the list settles at the end first, which is not a request.
    const onScroll = () => check();
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [check, scrollRef]);
}
