'use client';

import * as React from 'react';

/** What `useSend` returns. */
export interface SendState {
  /** A promise returned by `onSend` is pending. */
  sending: boolean;
  /**
   * Calls `onSend`, then `sent` or `failed` once it settles (at once unless it returns a promise;
   * a throw is a failure). Ignored while an earlier send is pending, so a double Enter sends once.
   */
  send(text: string, files: File[], sent: () => void, failed: () => void): void;
}

/** The composer's `onSend`, run so that a pending or failed send never loses what was typed. */
export function useSend(onSend: (text: string, files: File[]) => unknown): SendState {
  const [sending, setSending] = React.useState(false);
  const inFlight = React.useRef(false);
  const send: SendState['send'] = (text, files, sent, failed) => {
    if (inFlight.current) return;
    let result: unknown;
    try {
      result = onSend(text, files);
    } catch {
      failed();
      return;
    }
    if (!isPromiseLike(result)) {
      sent();
      return;
    }
    inFlight.current = true;
    setSending(true);
    const settle = (then: () => void) => () => {
      inFlight.current = false;
      setSending(false);
      then();
    };
    result.then(settle(sent), settle(failed));
  };
  return { sending, send };
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}
