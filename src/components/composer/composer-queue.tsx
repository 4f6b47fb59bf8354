'use client';

import * as React from 'react';
import { useAgentMessagesConfig } from '../provider/agent-messages-provider.js';
import type { SendQueue } from './use-send-queue.js';

/** Props of `ComposerQueue`. */
export interface ComposerQueueProps {
  queue: SendQueue;
  disabled: boolean;
}

/**
 * The messages queued above the input: each one editable in place, removable, or sent now. A
 * paused queue says why and offers to resume.
 */
export function ComposerQueue({ queue, disabled }: ComposerQueueProps) {
  const { labels } = useAgentMessagesConfig();
  const { items, paused } = queue;
  if (items.length === 0) return null;
  return (
    <section
      data-slot="composer-queue"
      data-state={paused === null ? 'running' : 'paused'}
      aria-label={labels.queuedMessages}
    >
      {paused !== null ? (
        <p data-slot="composer-queue-notice" data-reason={paused}>
          {paused === 'error' ? labels.queuePausedByError : labels.queuePausedByStop}{' '}
          <button
            type="button"
            data-slot="composer-queue-resume"
            disabled={disabled}
            onClick={queue.resume}
          >
            {labels.resumeQueue}
          </button>
        </p>
      ) : null}
      <ol data-slot="composer-queue-list">
        {items.map((item, index) => (
          <li key={item.id} data-slot="composer-queue-item" data-state="queued">
            <textarea
              data-slot="composer-queue-input"
              dir="auto"
              rows={1}
              value={item.text}
              aria-label={labels.queuedMessage(index + 1)}
              disabled={disabled}
              onChange={(event) => queue.edit(item.id, event.currentTarget.value)}
            />
            {item.attachments.length > 0 ? (
              <span data-slot="composer-queue-files">
                {labels.queuedFiles(item.attachments.length)}
              </span>
            ) : null}
            <button
              type="button"
              data-slot="composer-queue-send"
              aria-label={labels.sendQueuedNow(index + 1)}
              disabled={disabled}
              onClick={() => queue.sendNow(item.id)}
            >
              {labels.sendNow}
            </button>
            <button
              type="button"
              data-slot="composer-queue-remove"
              aria-label={labels.removeQueuedMessage(index + 1)}
              disabled={disabled}
              onClick={() => queue.remove(item.id)}
            >
              {labels.removeQueued}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
