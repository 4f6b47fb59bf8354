'use client';

import * as React from 'react';
import { useClock } from '../primitives/use-clock.js';
import { useLabels } from '../provider/agent-messages-provider.js';

/**
 * An ISO time in the reader's zone once the page is interactive; in UTC (named in the text) on
 * the server and while hydrating, so both render the same. Unreadable text is shown as it is.
 */
export function LocalTime({ iso }: { iso: string }) {
  const labels = useLabels();
  const ms = Date.parse(iso);
  const valid = Number.isFinite(ms);
  const local = useClock(() => (valid ? labels.absoluteTime(new Date(ms)) : null), null, null);
  if (!valid) return <span>{iso}</span>;
  return <time dateTime={iso}>{local ?? labels.absoluteTime(new Date(ms), 'UTC')}</time>;
}
