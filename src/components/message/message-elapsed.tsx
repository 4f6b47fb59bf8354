'use client';

import { useLabels } from '../provider/agent-messages-provider.js';
import { useClock } from '../primitives/use-clock.js';

// A reply still open this long after it started was most likely abandoned: a counter of days
// says nothing useful, when it started does.
const STALE_OPEN_MS = 24 * 60 * 60 * 1000;

interface MessageElapsedProps {
  /** When the reply started, epoch milliseconds. */
  created: number;
  /** When it finished, or `null` while it is open. */
  finished: number | null;
  /** Whether the reply is streaming now: the counter ticks. */
  running: boolean;
}

/**
 * How long the reply took; while it streams, a counter that ticks with the shared clock (shown
 * once the page is interactive: a server cannot know how long it will have run by then). A reply
 * open for more than a day shows when it started instead.
 * @selector [data-slot="message-elapsed"] [data-live] while it counts, [data-since] for a start time
 */
export function MessageElapsed({ created, finished, running }: MessageElapsedProps) {
  const labels = useLabels();
  // `null` until the page is interactive, then whether this open reply is a day old.
  const stale = useClock(
    (now) => running && now - created >= STALE_OPEN_MS,
    running ? 'minute' : null,
    null,
  );
  const ticking = running && stale === false;
  const counter = useClock(
    (now) => (ticking && now > created ? labels.elapsed((now - created) / 1000) : null),
    ticking ? 'second' : null,
    null,
  );
  if (running) {
    if (stale === true) {
      return (
        <span data-slot="message-elapsed" data-since="">
          {labels.startedAt(new Date(created))}
        </span>
      );
    }
    if (counter === null) return null;
    return (
      <span data-slot="message-elapsed" data-live="">
        {counter}
      </span>
    );
  }
  if (finished === null || finished <= created) return null;
  return <span data-slot="message-elapsed">{labels.elapsed((finished - created) / 1000)}</span>;
}
