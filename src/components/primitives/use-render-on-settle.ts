'use client';

import * as React from 'react';

/**
 * Renders the component again once `promise` settles, for what a render reads from a cache the
 * promise fills (a lazily loaded module, a resolved URL). Not after it unmounted or moved on to
 * another promise; null waits for nothing. The promise must not reject (the caches settle theirs).
 */
export function useRenderOnSettle(promise: Promise<unknown> | null): void {
  const [, settled] = React.useReducer((count: number) => count + 1, 0);
  React.useEffect(() => {
    if (promise === null) return undefined;
    let live = true;
    void promise.then(() => {
      if (live) settled();
    });
    return () => {
      live = false;
    };
  }, [promise]);
}
