'use client';

import * as React from 'react';
import { useLabels } from '../provider/agent-messages-provider.js';
import { useClock } from '../primitives/use-clock.js';
import type { Timestamp } from './timestamp.js';

interface RelativeTimeProps extends Omit<
  React.ComponentPropsWithoutRef<'time'>,
  'children' | 'dateTime'
> {
  timestamp: Timestamp;
}

/**
 * A `<time>` that reads "5 minutes ago" and moves on with the shared clock, with the full date in
 * its title. The server render, and the browser's first render that hydrates it, show the date
 * instead (in UTC, or as written for a time without a zone), so both render the same text.
 */
export function RelativeTime({ timestamp, ...timeProps }: RelativeTimeProps) {
  const labels = useLabels();
  const { ms, zoned, dateTime } = timestamp;
  const relative = useClock(
    // A timestamp slightly ahead of this clock reads "now", never "in 3 seconds".
    (now) => labels.relativeTime(new Date(ms), new Date(Math.max(now, ms))),
    'minute',
    null,
  );
  const date = new Date(ms);
  if (relative === null) {
    return (
      <time dateTime={dateTime} {...timeProps}>
        {zoned ? labels.absoluteTime(date, 'UTC') : labels.absoluteTime(date)}
      </time>
    );
  }
  return (
    <time dateTime={dateTime} title={labels.absoluteTime(date)} {...timeProps}>
      {relative}
    </time>
  );
}
