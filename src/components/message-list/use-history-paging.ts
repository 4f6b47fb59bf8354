'use client';

import * as React from 'react';
import { useIsomorphicLayoutEffect } from '../primitives/use-isomorphic-layout-effect.js';
import { useReachEdge } from './use-reach-edge.js';

/** What a load returns: a promise that settles when the page is in, or anything (nothing to wait for). */
export type HistoryLoad = unknown;

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

interface HistoryPagingOptions {
  hasOlder: boolean;
  loadOlder: (() => HistoryLoad) | undefined;
  hasNewer: boolean;
  loadNewer: (() => HistoryLoad) | undefined;
  /** The former way to ask for older messages, called as before. */
  onReachTop: (() => void) | undefined;
  /** The app says older messages are loading (`loadingOlder` shows). */
  olderBusy: boolean;
  firstKey: string | undefined;
  lastKey: string | undefined;
}

/** Tracks the promise a load returns: `true` until it settles (a rejection included). */
export function usePendingLoad(): [boolean, (result: HistoryLoad) => void] {
  const [pending, setPending] = React.useState(false);
  const latest = React.useRef<object | null>(null);
  const track = React.useCallback((result: HistoryLoad) => {
    if (!isThenable(result)) return;
    const token = {};
    latest.current = token;
    setPending(true);
    const done = () => {
      if (latest.current === token) setPending(false);
    };
    // A failed load is the app's to report (through `error`): the list stops waiting for it.
    result.then(done, done);
  }, []);
  return [pending, track];
}

/**
 * Pages a window of a longer history: `loadOlder` when the user nears the top while `hasOlder`,
 * `loadNewer` near the bottom while `hasNewer`, each once per page and never while the last one
 * is still loading.
 */
export function useHistoryPaging(
  rootRef: React.RefObject<HTMLElement | null>,
  options: HistoryPagingOptions,
): { loadingOlder: boolean; loadingNewer: boolean } {
  const { hasOlder, loadOlder, hasNewer, loadNewer, onReachTop, olderBusy } = options;
  const [loadingOlder, trackOlder] = usePendingLoad();
  const [loadingNewer, trackNewer] = usePendingLoad();
  const older = hasOlder && loadOlder !== undefined;
  const reachTop =
    older || onReachTop !== undefined
      ? () => {
          onReachTop?.();
          if (older) trackOlder(loadOlder());
        }
      : undefined;
  const reachBottom =
    hasNewer && loadNewer !== undefined ? () => trackNewer(loadNewer()) : undefined;
  useReachEdge(rootRef, 'top', reachTop, olderBusy || loadingOlder, options.firstKey);
  useReachEdge(rootRef, 'bottom', reachBottom, loadingNewer, options.lastKey);
  return { loadingOlder, loadingNewer };
}

/**
 * The jump to latest from a window that shows the past: `load()` asks the app for the latest page
 * (`false` when there is no past window or no `loadLatest`), and `onLoaded` runs in the commit
 * where `hasNewer` turns off.
 */
export function useLoadLatest(
  hasNewer: boolean,
  loadLatest: (() => HistoryLoad) | undefined,
  onLoaded: () => void,
): { loading: boolean; load(): boolean } {
  const [loading, track] = usePendingLoad();
  const asked = React.useRef(false);
  const onLoadedRef = React.useRef(onLoaded);
  useIsomorphicLayoutEffect(() => {
    onLoadedRef.current = onLoaded;
  });
  useIsomorphicLayoutEffect(() => {
    if (hasNewer || !asked.current) return;
    asked.current = false;
    onLoadedRef.current();
  }, [hasNewer]);
  const load = () => {
    if (!hasNewer || loadLatest === undefined) return false;
    asked.current = true;
    track(loadLatest());
    return true;
  };
  return { loading, load };
}
