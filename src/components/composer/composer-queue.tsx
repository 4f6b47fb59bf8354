'use client';

import * as React from 'react';
import { useAgentMessagesConfig } from '../provider/agent-messages-provider.js';
import type { QueuedMessage, SendQueue } from './use-send-queue.js';

/** Props of `ComposerQueue`. */
export interface ComposerQueueProps {
  queue: SendQueue;
  disabled: boolean;
  /** Takes focus when the row that held it goes away (sent and done, or dismissed); stable. */
  onLeave(): void;
}

/**
 * The messages queued above the input, each with its state: a waiting one editable in place,
 * removable, sent now, or (with `onSteer`, while a reply streams) steered into that reply; a sent one read-only until its reply ends; a cancelled one with Restore
 * and Dismiss. A paused queue says why and offers to resume. Each change is announced politely.
 */
export function ComposerQueue({ queue, disabled, onLeave }: ComposerQueueProps) {
  const { labels } = useAgentMessagesConfig();
  const { items, paused, change } = queue;
  return (
    <>
      <p data-slot="composer-queue-status" role="status">
        {change === null ? null : labels.queueChanged(change.state, change.position)}
      </p>
      {items.length === 0 ? null : (
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
              <ComposerQueueItem
                key={item.id}
                item={item}
                position={index + 1}
                queue={queue}
                disabled={disabled}
                onLeave={onLeave}
              />
            ))}
          </ol>
        </section>
      )}
    </>
  );
}

/* -----------------------------------------------------------------------------------------------*/

/** One button of a row: the label keys of its text and accessible name, and the queue call it makes. */
interface RowAction {
  /** Names the button `composer-queue-<slot>`. */
  slot: string;
  /** The `SendQueue` method it calls with the row's id. */
  act: 'steer' | 'sendNow' | 'remove' | 'restore' | 'dismiss';
  /** The label of its visible text. */
  text: 'steer' | 'sendNow' | 'removeQueued' | 'restoreQueued' | 'dismiss';
  /** The label of its accessible name, which says the row's position. */
  name:
    | 'steerQueuedMessage'
    | 'sendQueuedNow'
    | 'removeQueuedMessage'
    | 'restoreQueuedMessage'
    | 'dismissQueuedMessage';
}

/** The buttons of a row in each state, in order; Steer shows only while the queue can steer. */
const ROW_ACTIONS: Record<QueuedMessage['state'], readonly RowAction[]> = {
  queued: [
    { slot: 'steer', act: 'steer', text: 'steer', name: 'steerQueuedMessage' },
    { slot: 'send', act: 'sendNow', text: 'sendNow', name: 'sendQueuedNow' },
    { slot: 'remove', act: 'remove', text: 'removeQueued', name: 'removeQueuedMessage' },
  ],
  sent: [],
  cancelled: [
    { slot: 'restore', act: 'restore', text: 'restoreQueued', name: 'restoreQueuedMessage' },
    { slot: 'dismiss', act: 'dismiss', text: 'dismiss', name: 'dismissQueuedMessage' },
  ],
};

interface ComposerQueueItemProps extends ComposerQueueProps {
  item: QueuedMessage;
  position: number;
}

function ComposerQueueItem({ item, position, queue, disabled, onLeave }: ComposerQueueItemProps) {
  const { labels } = useAgentMessagesConfig();
  const rowRef = React.useRef<HTMLLIElement>(null);
  // React sees no blur when a focused element is removed, so this stays true across a state change.
  const focused = React.useRef(false);

  // The control that held focus is gone with the old state: its replacement in the row takes it.
  React.useLayoutEffect(() => {
    const row = rowRef.current;
    if (!focused.current || row === null || row.contains(document.activeElement)) return;
    const next = row.querySelector<HTMLElement>('textarea:enabled, button:enabled');
    if (next === null) onLeave();
    else next.focus();
  }, [item.state, onLeave]);
  React.useLayoutEffect(
    () => () => {
      if (focused.current) onLeave();
    },
    [onLeave],
  );

  const { id, state } = item;
  // Only a waiting row is in the failed state: sent or cancelled, it has left it.
  const steerFailed = state === 'queued' && item.steerFailed;
  return (
    <li
      ref={rowRef}
      data-slot="composer-queue-item"
      data-state={state}
      data-steer-failed={steerFailed ? '' : undefined}
      onFocus={() => (focused.current = true)}
      onBlur={(event) => {
        focused.current = event.currentTarget.contains(event.relatedTarget as Node | null);
      }}
    >
      {state === 'queued' ? (
        <textarea
          data-slot="composer-queue-input"
          dir="auto"
          rows={1}
          value={item.text}
          aria-label={labels.queuedMessage(position)}
          disabled={disabled}
          onChange={(event) => queue.edit(id, event.currentTarget.value)}
        />
      ) : (
        <span data-slot="composer-queue-text" dir="auto">
          {item.text}
        </span>
      )}
      {item.attachments.length > 0 ? (
        <span data-slot="composer-queue-files">{labels.queuedFiles(item.attachments.length)}</span>
      ) : null}
      <span data-slot="composer-queue-state">{labels.queuedMessageState[state]}</span>
      {steerFailed ? (
        <span data-slot="composer-queue-error" role="alert">
          {labels.steerFailed}
        </span>
      ) : null}
      {ROW_ACTIONS[state].map((action) =>
        action.act === 'steer' && !queue.canSteer ? null : (
          <button
            key={action.slot}
            type="button"
            data-slot={`composer-queue-${action.slot}`}
            aria-label={labels[action.name](position)}
            disabled={disabled}
            onClick={() => queue[action.act](id)}
          >
            {labels[action.text]}
          </button>
        ),
      )}
    </li>
  );
}
