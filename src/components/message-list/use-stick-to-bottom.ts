'use client';

import * as React from 'react';
import { useIsomorphicLayoutEffect } from '../primitives/use-isomorphic-layout-effect.js';

/** How close to the end (px) a downward scroll counts as back at the latest. */
export const FOLLOW_THRESHOLD = 32;

export interface StickToBottom {
  /** True while the list keeps the latest content in view. */
  following: boolean;
  /** The same value, current between renders (for effects and observers). */
  followingRef: React.RefObject<boolean>;
  /** Starts or stops following, as a jump to latest or a jump into history does. */
  setFollowing(following: boolean): void;
  /** Records a scroll position the list writes itself, so that reaching it is not read as the user's. */
  noteWrite(top: number): void;
  /**
   * Reads the scroll position now, as the next scroll event would: a commit can come between a
   * scroll and its event, and must not pin the list back down under the user.
   */
  sync(): void;
}

/**
 * Tracks whether the user wants the list pinned to its end. Reaching the end starts following;
 * any upward move the user makes (wheel, keys, scroll bar, touch) stops it at once, so streaming
 * never drags a reader back down. A position change that content causes (a shrink clamping the
 * scroll position) is not taken for the user's.
 */
export function useStickToBottom(
  scrollRef: React.RefObject<HTMLElement | null>,
  onChange: ((following: boolean) => void) | undefined,
  endIsLatest = true,
): StickToBottom {
  const [following, setState] = React.useState(true);
  const followingRef = React.useRef(true);
  const writeRef = React.useRef<number | null>(null);
  const onChangeRef = React.useRef(onChange);
  const endIsLatestRef = React.useRef(endIsLatest);
  React.useEffect(() => {
    onChangeRef.current = onChange;
  });
  useIsomorphicLayoutEffect(() => {
    endIsLatestRef.current = endIsLatest;
  });

  const setFollowing = React.useCallback((next: boolean) => {
    if (followingRef.current === next) return;
    followingRef.current = next;
    setState(next);
    onChangeRef.current?.(next);
  }, []);

  const noteWrite = React.useCallback((top: number) => {
    writeRef.current = top;
  }, []);

  const lastTopRef = React.useRef<number | null>(null);
  const sync = React.useCallback(() => {
    const element = scrollRef.current;
    if (element === null) return;
    const top = element.scrollTop;
    const lastTop = lastTopRef.current ?? top;
    lastTopRef.current = top;
    const distance = element.scrollHeight - element.clientHeight - top;
    // Our own writes (size corrections, anchoring) can move up, and a shrink that clamps the
    // position lands at the end. Any other move up is the user's.
    const written = writeRef.current;
    const ours = written !== null && Math.abs(top - written) < 1.5;
    if (ours) writeRef.current = null;
    // A window that shows the past (newer messages not loaded): its end is not the latest.
    if (!endIsLatestRef.current) return setFollowing(false);
    if (distance <= 1) setFollowing(true);
    else if (top < lastTop - 0.5 && !ours) setFollowing(false);
    else if (top > lastTop && distance <= FOLLOW_THRESHOLD) setFollowing(true);
  }, [scrollRef, setFollowing]);

  React.useEffect(() => {
    const element = scrollRef.current;
    if (element === null) return;
    const onScroll = () => sync();

    // The intent is known before the scroll event: leave at once, so that a frame of streaming
    // between the input and its scroll event cannot pin the list back down.
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY < 0 && !event.ctrlKey && canScrollUp(event.target, element)) {
        setFollowing(false);
      }
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.target !== element || event.altKey || event.ctrlKey || event.metaKey) return;
      const up =
        event.key === 'ArrowUp' ||
        event.key === 'PageUp' ||
        event.key === 'Home' ||
        (event.key === ' ' && event.shiftKey);
      if (up && element.scrollTop > 0) setFollowing(false);
    };

    element.addEventListener('scroll', onScroll, { passive: true });
    element.addEventListener('wheel', onWheel, { passive: true });
    element.addEventListener('keydown', onKeyDown);
    return () => {
      element.removeEventListener('scroll', onScroll);
      element.removeEventListener('wheel', onWheel);
      element.removeEventListener('keydown', onKeyDown);
    };
  }, [scrollRef, setFollowing, sync]);

  return { following, followingRef, setFollowing, noteWrite, sync };
}

/**
 * While following, scrolls whatever grew into view: a row (after each commit), the footer below
 * the rows, or a viewport that got smaller; then calls `onKept`, the list being at its end.
 */
export function useKeepAtEnd(
  scrollRef: React.RefObject<HTMLElement | null>,
  footerRef: React.RefObject<HTMLElement | null>,
  stick: StickToBottom,
  scrollToEnd: () => void,
  onKept?: () => void,
): void {
  const { followingRef, sync } = stick;
  const onKeptRef = React.useRef(onKept);
  useIsomorphicLayoutEffect(() => {
    onKeptRef.current = onKept;
  });
  const keep = React.useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    // A scroll the user made since the last event is read first: it may have ended following.
    sync();
    if (!followingRef.current) return;
    if (distanceFromEnd(element) > 1) scrollToEnd();
    onKeptRef.current?.();
  }, [scrollRef, followingRef, sync, scrollToEnd]);

  // After a commit, in the next frame's animation callbacks rather than in the commit: reading
  // the list's size there forces the layout of the rows just written, inside the task that wrote
  // them (a third of a live stream's main-thread time). The callbacks run before that frame's own
  // layout and paint, so the new content and the scroll to it still show together.
  const frame = React.useRef<number | null>(null);
  const keepNextFrame = React.useCallback(() => {
    if (typeof requestAnimationFrame === 'undefined') return keep();
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      keep();
    });
  }, [keep]);
  useIsomorphicLayoutEffect(keepNextFrame);
  React.useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      frame.current = null;
    },
    [],
  );

  React.useEffect(() => {
    const element = scrollRef.current;
    const footer = footerRef.current;
    if (!element || !footer || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(keep);
    observer.observe(element);
    observer.observe(footer);
    return () => observer.disconnect();
  }, [scrollRef, footerRef, keep]);
}

/** Whether a wheel over `target` scrolls the list up, rather than a scrollable element inside it. */
function canScrollUp(target: EventTarget | null, list: HTMLElement): boolean {
  let node = target instanceof Element ? target : null;
  while (node !== null && node !== list) {
    if (node.scrollTop > 0 && node.scrollHeight > node.clientHeight) {
      const overflow = getComputedStyle(node).overflowY;
      if (overflow === 'auto' || overflow === 'scroll') return false;
    }
    node = node.parentElement;
  }
  return list.scrollTop > 0;
}

/** Distance (px) from the current position to the end of `element`'s content. */
export function distanceFromEnd(element: HTMLElement): number {
  return element.scrollHeight - element.clientHeight - element.scrollTop;
}

/** `smooth` unless the user asked for reduced motion. */
export function smoothUnlessReduced(): 'smooth' | 'auto' {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return 'auto';
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}
