import * as React from 'react';

/**
 * The current time, refreshed every `intervalMs` while `active` (a running reply's elapsed time);
 * frozen otherwise, so finished messages never re-render on a timer.
 */
export function useNow(active: boolean, intervalMs = 1000): number {
  const [now, setNow] = React.useState(() => Date.now());
  React.useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs]);
  return now;
}
