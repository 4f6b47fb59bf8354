'use client';

import * as React from 'react';
import type { ClockResolution } from './clock.js';
import { getClockNow, subscribeClock } from './clock.js';

const subscribeNever = () => () => {};

/**
 * A value read from the shared clock, e.g. a relative-time label. The component re-renders only
 * when `read` returns something different (compared with `Object.is`: return strings or
 * numbers). `resolution` `null` reads the time once and never ticks.
 *
 * On the server, and while hydrating, it returns `serverValue` instead: the time differs between
 * the server's render and the browser's, so the first render must not depend on it. The real
 * value follows right after hydration.
 */
export function useClock<T>(
  read: (now: number) => T,
  resolution: ClockResolution | null,
  serverValue: T,
): T {
  const subscribe = React.useCallback(
    (listener: () => void) =>
      resolution === null ? subscribeNever() : subscribeClock(listener, resolution),
    [resolution],
  );
  return React.useSyncExternalStore(
    subscribe,
    () => read(getClockNow()),
    () => serverValue,
  );
}
