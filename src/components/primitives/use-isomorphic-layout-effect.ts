'use client';

import * as React from 'react';

/**
 * `useLayoutEffect` in the browser, `useEffect` on a server, where React 18 warns about a layout
 * effect (it cannot run there) and the effects would not run anyway.
 */
export const useIsomorphicLayoutEffect =
  typeof document === 'undefined' ? React.useEffect : React.useLayoutEffect;
