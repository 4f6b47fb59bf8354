'use client';

import * as React from 'react';
import { useLabels } from '../provider/agent-messages-provider.js';

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
  const verdicts = [
    { verdict: 'up', label: labels.goodResponse, icon: '👍' },
    { verdict: 'down', label: labels.badResponse, icon: '👎' },
  ] as const;
  return (
    <>
      {verdicts.map(({ verdict, label, icon }) => (
        <button
          key={verdict}
          type="button"
          data-slot="message-action-feedback"
          data-value={verdict}
          aria-label={label}
          aria-pressed={value === verdict}
          onClick={() => onChange(value === verdict ? null : verdict)}
        >
          <span data-slot="message-action-icon" aria-hidden="true">
            {icon}
          </span>
        </button>
      ))}
    </>
  );
}

export { FeedbackButtons };
export type { FeedbackButtonsProps };
