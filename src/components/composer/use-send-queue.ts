'use client';

import * as React from 'react';
import type { RunStatus } from '../../core/fold/run-status.js';

/**
 * Where a queued message stands: `queued` waits its turn (editable); `sent` has been handed to
 * `onSend` and stays, read-only, until the reply it started ends; `cancelled` was removed by the
 * user and stays, with Restore, until dismissed.
 */
export type QueuedMessageState = 'queued' | 'sent' | 'cancelled';

/** A message written while a reply streamed, waiting for its turn. */
export interface QueuedMessage {
  id: string;
  text: string;
  attachments: File[];
  state: QueuedMessageState;
  /** The last steer of this message failed (it waits again); cleared by an edit or a new try. */
  steerFailed: boolean;
}

/** Why the queue does not send on its own: the user stopped the reply, or something failed. */
export type SendQueuePause = 'stopped' | 'error' | null;

/** The last change of a queued message, for the polite announcement; `position` is 1-based. */
export interface SendQueueChange {
  state: QueuedMessageState;
  position: number;
}

/** What `useSendQueue` returns. */
export interface SendQueue {
  /** Every row shown: waiting, sent and cancelled messages, in the order they were queued. */
  items: readonly QueuedMessage[];
  /** How many are still `queued`. */
  waiting: number;
  paused: SendQueuePause;
  /** A queued message is being handed to `onSend`. */
  inFlight: boolean;
  /** What changed last, or `null` before anything did. */
  change: SendQueueChange | null;
  add(text: string, attachments: File[]): void;
  /** Sends at once, leaving the input free; `failed` runs if `onSend` throws or rejects. */
  send(text: string, attachments: File[], failed: () => void): void;
  edit(id: string, text: string): void;
  /** Cancels a waiting message: it stays, marked `cancelled`, until restored or dismissed. */
  remove(id: string): void;
  /** Puts a cancelled message back in its place, waiting again. */
  restore(id: string): void;
  /** Takes a cancelled message off the queue for good. */
  dismiss(id: string): void;
  /** Sends `id` next: at once when no reply streams, otherwise after stopping it. */
  sendNow(id: string): void;
  /**
   * Adds `id` to the reply that is running, through `onSteer` (only while one streams): the row
   * says `sent` at once; if `onSteer` throws or rejects it waits again, marked `steerFailed`.
   */
  steer(id: string): void;
  /** `onSteer` was given and a reply streams: Steer is offered. */
  canSteer: boolean;
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
  onSteer?: (text: string, attachments: File[]) => unknown,
): SendQueue {
  const [items, setItems] = React.useState<readonly QueuedMessage[]>([]);
  const [paused, setPaused] = React.useState<SendQueuePause>(null);
  const [inFlight, setInFlight] = React.useState(false);
  const [first, setFirst] = React.useState<string | null>(null);
  const [change, setChange] = React.useState<SendQueueChange | null>(null);
  const waiting = items.filter((item) => item.state === 'queued').length;

  // A failure pauses the queue once, when it happens; Resume goes on after it.
  const failing = status === 'error' || failed;
  const [wasFailing, setWasFailing] = React.useState(failing);
  if (failing !== wasFailing) {
    setWasFailing(failing);
    if (failing && waiting > 0) setPaused('error');
  }
  // An emptied queue has nothing left to hold back.
  if (waiting === 0 && paused !== null && !inFlight) setPaused(null);

  // A sent row stays while the reply it started runs: it leaves once a reply has been seen and ended.
  const hasSent = items.some((item) => item.state === 'sent');
  const [replyStarted, setReplyStarted] = React.useState(false);
  if (hasSent && !replyStarted && !isReady(status)) setReplyStarted(true);
  if (hasSent && replyStarted && isReady(status) && !inFlight) {
    setReplyStarted(false);
    setItems((current) => current.filter((item) => item.state !== 'sent'));
  }

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
    (item: QueuedMessage, position: number) => {
      setFirst(null);
      setReplyStarted(false);
      // The row stays, read-only, as `sent`; the one sent before it has had its reply. A send is
      // a new try: a steer that failed before it no longer stands.
      setItems((current) =>
        current
          .filter((entry) => entry.state !== 'sent')
          .map((entry) =>
            entry.id === item.id ? { ...entry, state: 'sent', steerFailed: false } : entry,
          ),
      );
      setChange({ state: 'sent', position });
      run(item.text, item.attachments, () => {
        // Back at the head as written (this try replaces a failed steer), and the queue waits.
        const again: QueuedMessage = { ...item, steerFailed: false };
        setItems((current) => [again, ...current.filter((entry) => entry.id !== item.id)]);
        setPaused('error');
      });
    },
    [run],
  );

  const ready = isReady(status) && !inFlight;
  React.useEffect(() => {
    if (!ready) return;
    const chosen = items.find((item) => item.id === first && item.state === 'queued');
    if (chosen === undefined && paused !== null) return;
    const next = chosen ?? items.find(sendable);
    if (next === undefined) return;
    const position = items.filter((item) => item.state !== 'sent').indexOf(next) + 1;
    // After this commit, and only once: a re-run (or StrictMode's rehearsal) cancels this one.
    let cancelled = false;
    queueMicrotask(() => {
      if (!cancelled) dispatch(next, position);
    });
    return () => {
      cancelled = true;
    };
  }, [ready, first, items, paused, dispatch]);

  const steer = (id: string) => {
    const index = items.findIndex((item) => item.id === id && item.state === 'queued');
    const item = items[index];
    if (item === undefined || onSteer === undefined || status !== 'streaming') return;
    // Like a send, the row reads `sent` and leaves once the reply it joined has ended.
    setItems((current) =>
      current.map((entry) =>
        entry.id === id ? { ...entry, state: 'sent', steerFailed: false } : entry,
      ),
    );
    setChange({ state: 'sent', position: index + 1 });
    const back = () => {
      const again: QueuedMessage = { ...item, state: 'queued', steerFailed: true };
      // Back in its place, or at the head if the reply ended and took the row with it.
      setItems((current) =>
        current.some((entry) => entry.id === id)
          ? current.map((entry) => (entry.id === id ? again : entry))
          : [again, ...current],
      );
      setChange({ state: 'queued', position: index + 1 });
    };
    let result: unknown;
    try {
      result = onSteer(item.text, item.attachments);
    } catch {
      back();
      return;
    }
    Promise.resolve(result).then(undefined, back);
  };

  /** Moves `id` from `from` to `to`, and says so. */
  const mark = (id: string, from: QueuedMessageState, to: QueuedMessageState) => {
    const index = items.findIndex((item) => item.id === id && item.state === from);
    if (index === -1) return;
    setItems((current) => current.map((item) => (item.id === id ? { ...item, state: to } : item)));
    setChange({ state: to, position: index + 1 });
  };

  return {
    items,
    waiting,
    paused,
    inFlight,
    change,
    add: (text, attachments) => {
      setItems((current) => [
        ...current,
        { id: `q${++nextId}`, text, attachments, state: 'queued', steerFailed: false },
      ]);
      setChange({ state: 'queued', position: items.length + 1 });
    },
    send: run,
    edit: (id, text) =>
      setItems((current) =>
        current.map((item) => (item.id === id ? { ...item, text, steerFailed: false } : item)),
      ),
    remove: (id) => mark(id, 'queued', 'cancelled'),
    restore: (id) => mark(id, 'cancelled', 'queued'),
    dismiss: (id) => setItems((current) => current.filter((item) => item.id !== id)),
    steer,
    canSteer: onSteer !== undefined && status === 'streaming',
    sendNow: (id) => {
      setPaused(null);
      setFirst(id);
      if (!isReady(status)) onStop?.();
    },
    stop: () => {
      if (waiting > 0) setPaused('stopped');
      onStop?.();
    },
    resume: () => setPaused(null),
  };
}

function sendable(item: QueuedMessage): boolean {
  return item.state === 'queued' && (item.text.trim() !== '' || item.attachments.length > 0);
}
