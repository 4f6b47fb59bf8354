import { afterEach, describe, expect, it, vi } from 'vitest';
import { createConversation, foldEvents, userMsg } from '../../../src/core.js';
import {
  backoffDelay,
  isRetryable,
  resolveReconnectOptions,
} from '../../../src/core/client/backoff.js';
import { createFrameBatcher, FRAME_FALLBACK_MS } from '../../../src/core/client/frame-batcher.js';
import { MessageStreamError } from '../../../src/core/client/message-stream-error.js';
import { deriveStatus, isReplyOpen } from '../../../src/core/client/stream-status.js';
import { must } from '../fold/helpers.js';
import { manualFrames } from './manual-frames.js';
import { externalParkedReply, parkedReply, recordedSession } from '../../fixtures/stream-events.js';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('backoffDelay', () => {
  const options = must(
    resolveReconnectOptions({ initialDelayMs: 100, maxDelayMs: 1000, jitter: 0.5 }),
  );

  it('doubles from the initial delay up to the cap, jitter taken off the top', () => {
    const top = () => 0;
    expect([0, 1, 2, 3, 4, 5].map((attempt) => backoffDelay(attempt, options, null, top))).toEqual([
      100, 200, 400, 800, 1000, 1000,
    ]);
    const bottom = () => 0.999999;
    expect(backoffDelay(2, options, null, bottom)).toBe(200);
    expect(backoffDelay(0, options, 3000, top)).toBe(1000);
    expect(backoffDelay(0, options, 40, top)).toBe(40);
  });

  it('is switched off by false, and defaults for true', () => {
    expect(resolveReconnectOptions(false)).toBeNull();
    expect(resolveReconnectOptions(true)).toMatchObject({
      initialDelayMs: 500,
      whenEnded: 'reply-open',
    });
    expect(resolveReconnectOptions({ maxAttempts: undefined })?.maxAttempts).toBe(Infinity);
  });

  it('retries network failures, server errors, 408 and 429, not other client errors', () => {
    expect(isRetryable(new TypeError('Failed to fetch'))).toBe(true);
    expect(
      [500, 503, 408, 429].map((status) => isRetryable(new MessageStreamError('', status))),
    ).toEqual([true, true, true, true]);
    expect(
      [400, 401, 403, 404].map((status) => isRetryable(new MessageStreamError('', status))),
    ).toEqual([false, false, false, false]);
  });
});

describe('createFrameBatcher', () => {
  it('runs once per frame however often it is scheduled', () => {
    const frames = manualFrames();
    const callback = vi.fn();
    const batcher = createFrameBatcher(callback, FRAME_FALLBACK_MS, frames.scheduler);
    for (let index = 0; index < 100; index++) batcher.schedule();
    expect(callback).not.toHaveBeenCalled();
    expect(frames.pending).toBe(1);
    frames.frame();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('falls back to a timer when frames never come, and can be flushed or cancelled', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('requestAnimationFrame', () => 1);
    vi.stubGlobal('cancelAnimationFrame', () => {});
    const callback = vi.fn();
    const batcher = createFrameBatcher(callback);

    batcher.schedule();
    vi.advanceTimersByTime(FRAME_FALLBACK_MS - 1);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);

    batcher.schedule();
    batcher.flush();
    expect(callback).toHaveBeenCalledTimes(2);
    batcher.flush();
    expect(callback).toHaveBeenCalledTimes(2);

    batcher.schedule();
    batcher.cancel();
    vi.advanceTimersByTime(FRAME_FALLBACK_MS * 2);
    expect(callback).toHaveBeenCalledTimes(2);
  });
});

describe('deriveStatus', () => {
  const parked = foldEvents(parkedReply());
  const streaming = foldEvents(parkedReply().slice(0, 5));
  const finished = foldEvents(recordedSession());

  it.each([
    ['a failed connection', 'error', finished, false, 'error'],
    ['a parked reply, whatever the connection', 'idle', parked, false, 'awaiting-confirmation'],
    ['a parked reply while reconnecting', 'connecting', parked, false, 'awaiting-confirmation'],
    ['no connection', 'idle', streaming, false, 'idle'],
    ['connecting', 'connecting', streaming, false, 'connecting'],
    ['a reply in progress', 'open', streaming, false, 'streaming'],
    ['connected between turns', 'open', finished, false, 'done'],
    ['connected with no reply yet', 'open', createConversation(), false, 'done'],
    ['a one-shot source still open', 'open', createConversation(), true, 'streaming'],
    ['a stream that ended', 'closed', streaming, false, 'done'],
  ] as const)('%s', (_name, connection, conversation, oneShot, expected) => {
    expect(deriveStatus(connection, conversation, oneShot)).toBe(expected);
  });

  it("ignores the user's own turn after a finished reply", () => {
    const conversation = createConversation({ messages: [...finished.messages, userMsg('next')] });
    expect(deriveStatus('open', conversation)).toBe('done');
  });
});

describe('isReplyOpen', () => {
  it.each([
    ['streaming', parkedReply().slice(0, 5), true],
    ['parked on a confirmation', parkedReply(), true],
    ['parked on an external tool', externalParkedReply(), true],
    ['done', recordedSession(), false],
    ['no reply', [], false],
  ] as const)('%s', (_name, events, expected) => {
    expect(isReplyOpen(foldEvents(events))).toBe(expected);
  });
});
