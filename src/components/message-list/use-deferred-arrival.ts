'use client';

import * as React from 'react';
import type { Msg } from '../../core/model/message.js';

/** More rows than this arriving in one update render at transition priority. */
export const LARGE_ARRIVAL = 50;

/**
 * The messages the list renders: the latest, except while a large arrival at the end (a history
 * opened, more than `LARGE_ARRIVAL` messages appended at once) is rendered in the background.
 * React renders that one at transition priority, in slices it can interrupt, so the page keeps
 * answering input while the list shows what it showed before.
 *
 * Not `useDeferredValue`: it renders every change twice (urgently with the old value, then in the
 * background with the new one), which would double the commits of every streamed token. Here an
 * ordinary update renders once; only a large arrival waits for its transition. A token streamed
 * while that transition is pending renders at once, with the arrival: a stream that never pauses
 * cannot keep the history from showing.
 */
export function useDeferredArrival(messages: readonly Msg[]): readonly Msg[] {
  // What the list committed last, and the large arrival handed to a transition.
  const committed = React.useRef(messages);
  const [accepted, accept] = React.useState<readonly Msg[] | null>(null);
  // Read in render on purpose: a render that sees an older commit than the newest only starts
  // one more transition, and state instead would cost every token a second render.
  // eslint-disable-next-line react-hooks/refs
  const previous = committed.current;
  const pending = accepted !== null && accepted !== previous;
  const large = messages !== accepted && isLargeAppend(pending ? accepted : previous, messages);
  const shown = large ? previous : messages;
  React.useEffect(() => {
    committed.current = shown;
    if (large) React.startTransition(() => accept(messages));
  });
  return shown;
}

/**
 * More than `LARGE_ARRIVAL` messages added after the ones shown. Appends only: a page of older
 * messages renders at once, where the list holds its scroll position across the prepend.
 */
function isLargeAppend(shown: readonly Msg[], next: readonly Msg[]): boolean {
  if (next.length - shown.length <= LARGE_ARRIVAL) return false;
  return shown.length === 0 || shown[0]?.id === next[0]?.id;
}
