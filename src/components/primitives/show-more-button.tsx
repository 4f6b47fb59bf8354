'use client';

import * as React from 'react';
import { useLabels } from '../provider/agent-messages-provider.js';

/** Props of {@link ShowMoreButton}: a button's (its `data-slot` above all), and the counts. */
export interface ShowMoreButtonProps extends Omit<
  React.ComponentPropsWithoutRef<'button'>,
  'type' | 'onClick' | 'children'
> {
  /** How many are still hidden (entries, sources, characters). */
  remaining: number;
  /** How many one click shows at most. */
  step: number;
  /** Called on click: the view shows `step` more. */
  onShowMore(): void;
}

/**
 * The "Show N more" button under a list or text shown a step at a time: N is the next step, or
 * what remains when that is less, so that no click lays out everything at once.
 */
export function ShowMoreButton({ remaining, step, onShowMore, ...props }: ShowMoreButtonProps) {
  const labels = useLabels();
  return (
    <button type="button" {...props} onClick={onShowMore}>
      {labels.showMore(Math.min(remaining, step))}
    </button>
  );
}
