'use client';

import * as React from 'react';

/** How close to an edge (px) counts as reaching it: messages load before the edge shows. */
const REACH_THRESHOLD = 200;

/**
 * Calls `onReach` once when the user nears the `edge` of `scrollRef`, or when the content does not
 * fill it; again only after the row at that edge changed (messages arrived) or the user left the
 * edge, and never while `busy`.
 */
export function useReachEdge(
  scrollRef: React.RefObject<HTMLElement | null>,
  edge: 'top' | 'bottom',
  onReach: (() => void) | undefined,
  busy: boolean,
  edgeKey: string | undefined,
): void {
  const latest = React.useRef({ onReach, busy });
  const armed = React.useRef(true);
  React.useEffect(() => {
    latest.current = { onReach, busy };
  });

  const check = React.useCallback(() => {
    const element = scrollRef.current;
    const { onReach: callback, busy: loading } = latest.current;
    if (!element || !callback) return;
    const distance =
      edge === 'top'
        ? element.scrollTop
        : element.scrollHeight - element.clientHeight - element.scrollTop;
    if (distance > REACH_THRESHOLD) {
      armed.current = true;
      return;
    }
    if (!armed.current || loading) return;
    armed.current = false;
    callback();
  }, [scrollRef, edge]);

  // New rows at the edge re-arm the callback; a list that does not fill its height asks at once.
  // Without a callback its height is not read: that read forces the layout of the rows just
  // written, inside the commit that appended them.
  React.useEffect(() => {
    armed.current = true;
    const element = scrollRef.current;
    if (edgeKey === undefined || !element || !latest.current.onReach) return;
    if (element.scrollHeight <= element.clientHeight) check();
  }, [edgeKey, check, scrollRef]);

  // A load that ends with the user still at the edge asks again once the new rows are in.
  React.useEffect(() => {
    if (!busy) armed.current = true;
  }, [busy]);

  React.useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    // Only scrolling counts: the list settles at the end first, which is not a request.
    const onScroll = () => check();
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [check, scrollRef]);
}
