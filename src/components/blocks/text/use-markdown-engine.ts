'use client';

import * as React from 'react';
import type { MarkdownEngine } from '../../../markdown/engine/engine.js';
import { markdownEngine } from '../../../markdown/engine/engine-loader.js';
import type { MarkdownEngineSource } from '../../../markdown/engine/engine-source.js';

/**
 * Internal: where text blocks read the markdown engine from. The package's own loader; tests and
 * stories put a lazy one here to show the text while it loads.
 */
export const MarkdownEngineContext = React.createContext<MarkdownEngineSource>(markdownEngine);

/** While hydrating, the engine is still loading: wait for it. */
const PENDING = 'pending';

// React 19's `use`; React 18 suspends on a thrown promise (which 19 still honours).
const use = (React as { use?: (usable: Promise<void>) => void }).use;

/**
 * The markdown engine, or null while a browser loads it (render the text plain meanwhile; the
 * component renders again once it is there). While hydrating server HTML, suspends until it is
 * there instead, so the server's markup stays in place, unchanged: call it under a Suspense
 * boundary.
 */
export function useMarkdownEngine(): MarkdownEngine | null {
  const source = React.useContext(MarkdownEngineContext);
  // Hydration must reproduce the server's markup, which needs the engine (the server always has
  // it): a render without it would mismatch, so hydration waits for it.
  const whileHydrating = () => source.current() ?? (source.loading() === null ? null : PENDING);
  const engine = React.useSyncExternalStore(source.subscribe, source.current, whileHydrating);
  if (engine !== PENDING) {
    // React 19 replays a render that suspended in `use` once the promise settles, and expects
    // `use` again; by then the engine is there, so read the settled promise (no suspension).
    const waited = awaited.get(source);
    if (waited?.settled && use !== undefined) use(waited.promise);
    return engine;
  }
  const loading = source.loading();
  if (loading === null) return source.current();
  if (!awaited.has(source)) {
    const waited = { promise: loading, settled: false };
    void loading.then(() => (waited.settled = true));
    awaited.set(source, waited);
  }
  if (use !== undefined) {
    use(loading);
    return source.current();
  }
  throw loading;
}

/** The load that hydration waited for, by source, and whether it has settled: see the replay above. */
const awaited = new WeakMap<MarkdownEngineSource, { promise: Promise<void>; settled: boolean }>();
