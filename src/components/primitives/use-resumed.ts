'use client';

import * as React from 'react';

/** Per component instance (its key object), the value `useResumed` computed last. */
const lastValues = new WeakMap<object, unknown>();

/**
 * `resume(previous)`, memoised on `deps`, where `previous` is what it gave this component last
 * (null at first): for streaming reads that a token extends instead of redoing (the markdown
 * split, the tail, a chunk's tree, a fence's lines).
 *
 * `resume` must be pure and take any earlier value as a mere hint: the last one may come from a
 * render React threw away. Kept beside React rather than in state: state set during render, the
 * documented pattern, made React run the component twice on every token.
 */
export function useResumed<T>(resume: (previous: T | null) => T, deps: React.DependencyList): T {
  const [key] = React.useState(() => ({}));
  return React.useMemo(
    () => {
      const value = resume((lastValues.get(key) as T | undefined) ?? null);
      lastValues.set(key, value);
      return value;
    },
    // The caller's dependencies (checked where it is called: see eslint.config.js).
    // eslint-disable-next-line react-hooks/exhaustive-deps, react-hooks/use-memo
    deps,
  );
}
