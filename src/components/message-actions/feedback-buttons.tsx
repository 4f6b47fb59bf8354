'use client';

import * as React from 'react';
import { useLabels } from '../toolkit/agent-messages-provider.js';

/** A reader's verdict on a reply; `null` once taken back. */
export type MessageFeedback = 'up' | 'down' | null;

interface FeedbackButtonsProps {
  value: MessageFeedback;
  onChange(value: MessageFeedback): void;
}

/**
 * Two toggle buttons, "Good response" and "Bad response". Pressing the pressed one takes the
 * verdict back (`null`); pressing the other switches.
 * @selector [data-slot="message-action-feedback"] [data-value] `up | down`, with `aria-pressed`
 */
function FeedbackButtons({ value, onChange }: FeedbackButtonsProps) {
  const labels = useLabels();
  const toggle = (next: 'up' | 'down') => onChange(value === next ? null : next);
  return (
    <>
      <button
        type="button"
        data-slot="message-action-feedback"
        data-value="up"
        aria-label={labels.goodResponse}
        aria-pressed={value === 'up'}
        onClick={() => toggle('up')}
      >
        <span data-slot="message-action-icon" aria-hidden="true">
          👍
        </span>
      </button>
      <button
        type="button"
        data-slot="message-action-feedback"
        data-value="down"
        aria-label={labels.badResponse}
        aria-pressed={value === 'down'}
        onClick={() => toggle('down')}
      >
        <span data-slot="message-action-icon" aria-hidden="true">
          👎
        </span>
      </button>
    </>
  );
}

export { FeedbackButtons };
export type { FeedbackButtonsProps };
