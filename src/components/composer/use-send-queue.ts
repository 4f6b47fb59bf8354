'use client';

import * as React from 'react';
import type { RunStatus } from '../../core/fold/run-status.js';

/** A message written while a reply streamed, waiting for its turn. */
export interface QueuedMessage {
  id: string;
  text: string;
  attachments: File[];
}

/** Why the queue does not send on its own: the user stopped the reply, or something failed. */
export type SendQueuePause = 'stopped' | 'error' | null;

/** What `useSendQueue` returns. */
export interface SendQueue {
  items: readonly QueuedMessage[];
  paused: SendQueuePause;
  /** A queued message is being handed to `onSend`. */
  inFlight: boolean;
  add(text: string, attachments: File[]): void;
  /** Sends at once, leaving the input free; `failed` runs if `onSend` throws or rejects. */
  send(text: string, attachments: File[], failed: () => void): void;
  edit(id: string, text: string): void;
  remove(id: string): void;
  /** Sends `id` next: at once when no reply streams, otherwise after stopping it. */
  sendNow(id: string): void;
  /** Stops the reply and pauses the queue (the queued messages stay). */
  stop(): void;
  /** Lifts a pause; the first message goes when no reply streams. */
  resume(): void;
}

/** No reply in progress and nothing waiting for the user: the next message may go. */
const isReady = (status: RunStatus) => status === 'done' || status === 'idle' || status === 'error';

let nextId = 0;

/**
 * The Composer's queue: what is submitted while a reply streams waits here, and the first message
 * sends itself once the reply ends (the next after that reply, and so on). It needs nothing but the
 * `status`, `onSend` and `onStop` every binding already hands the Composer, so it works the same
 * over each backend. Stop and errors (`status` `error`, or `failed`: the last reply failed) pause
 * it; nothing queued is dropped.
 */
export function useSendQueue(
  status: RunStatus,
  onSend: (text: string, attachments: File[]) => unknown,
  onStop: (() => void) | undefined,
  failed = false,
): SendQueue {
  const [items, setItems] = React.useState<readonly QueuedMessage[]>([]);
  const [paused, setPaused] = React.useState<SendQueuePause>(null);
  const [inFlight, setInFlight] = React.useState(false);
  const [first, setFirst] = React.useState<string | null>(null);

  // A failure pauses the queue once, when it happens; Resume goes on after it.
  const failing = status === 'error' || failed;
  const [wasFailing, setWasFailing] = React.useState(failing);
  if (failing !== wasFailing) {
    setWasFailing(failing);
    if (failing && items.length > 0) setPaused('error');
  }
  // An emptied queue has nothing left to hold back.
  if (items.length === 0 && paused !== null && !inFlight) setPaused(null);

  // Runs `onSend` without locking the input, so that more can be written (and queued) meanwhile.
  const run = React.useCallback(
    (text: string, attachments: File[], failed: () => void) => {
      setInFlight(true);
      const settle = (error: boolean) => {
        if (error) failed();
        setInFlight(false);
      };
      let result: unknown;
      try {
        result = onSend(text, attachments);
      } catch {
        settle(true);
        return;
      }
      Promise.resolve(result).then(
        () => settle(false),
        () => settle(true),
      );
    },
    [onSend],
  );
  const dispatch = React.useCallback(
    (item: QueuedMessage) => {
      setFirst(null);
      setItems((current) => current.filter((entry) => entry.id !== item.id));
      run(item.text, item.attachments, () => {
        // Back at the head, untouched, and the queue waits for the user.
        setItems((current) => [item, ...current]);
        setPaused('error');
      });
    },
    [run],
  );

  const ready = isReady(status) && !inFlight;
  React.useEffect(() => {
    if (!ready) return;
    const chosen = first === null ? undefined : items.find((item) => item.id === first);
    if (chosen === undefined && paused !== null) return;
    const next = chosen ?? items.find((item) => hasContent(item));
    if (next === undefined) return;
    // After this commit, and only once: a re-run (or StrictMode's rehearsal) cancels this one.
    let cancelled = false;
    queueMicrotask(() => {
      if (!cancelled) dispatch(next);
    });
    return () => {
      cancelled = true;
    };
  }, [ready, first, items, paused, dispatch]);

  return {
    items,
    paused,
    inFlight,
    add: (text, attachments) =>
      setItems((current) => [...current, { id: `q${++nextId}`, text, attachments }]),
    send: run,
    edit: (id, text) =>
      setItems((current) => current.map((item) => (item.id === id ? { ...item, text } : item))),
    remove: (id) => setItems((current) => current.filter((item) => item.id !== id)),
    sendNow: (id) => {
      setPaused(null);
      setFirst(id);
      if (!isReady(status)) onStop?.();
    },
    stop: () => {
      if (items.length > 0) setPaused('stopped');
      onStop?.();
    },
    resume: () => setPaused(null),
  };
}

function hasContent(item: QueuedMessage): boolean {
  return item.text.trim() !== '' || item.attachments.length > 0;
}
