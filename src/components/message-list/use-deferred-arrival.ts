'use client';

import * as React from 'react';
import type { Msg } from '../../core/model/message.js';

/** More rows than this arriving in one update render at transition priority. */
export const LARGE_ARRIVAL = 50;

/**
 * The messages the list renders: the latest, except while a large arrival at the end (a history
 * opened, more than `LARGE_ARRIVAL` messages appended at once) is rendered in the background. React renders that
 * one at transition priority, in slices it can interrupt, so the page keeps answering input
 * while the list shows what it showed before; a token streamed into a reply stays urgent.
 */
export function useDeferredArrival(messages: readonly Msg[]): readonly Msg[] {
  const deferred = React.useDeferredValue(messages);
  // Appends only: a page of older messages renders at once, where the list holds its scroll
  // position across the prepend.
  const appended = deferred.length === 0 || deferred[0]?.id === messages[0]?.id;
  return appended && messages.length - deferred.length > LARGE_ARRIVAL ? deferred : messages;
}
