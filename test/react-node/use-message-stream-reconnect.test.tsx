import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageStreamConnect } from '../../src/core.js';
import { foldEvents } from '../../src/core.js';
import { useMessageStream } from '../../src/use-message-stream/use-message-stream.js';
import { recordedSession, toSseText } from '../fixtures/stream-events.js';
import { eventChannel } from '../fixtures/event-channel.js';

/** No jitter: the waits are exact, so the tests can step to the millisecond. */
const BACKOFF = { initialDelayMs: 1000, multiplier: 2, maxDelayMs: 30_000, jitter: 0 };

async function advance(ms: number): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

beforeEach(() => {
  vi.useFakeTimers();
});

describe('useMessageStream in Node: reconnecting with back-off', () => {
  it('waits longer after each quiet failure and resumes after the last event id', async () => {
    const log = recordedSession();
    const cut = 8;
    const open = vi.fn<MessageStreamConnect>((_signal, lastEventId) => {
      const attempt = open.mock.calls.length;
      if (attempt === 2 || attempt === 3) throw new TypeError('offline');
      const channel = eventChannel();
      if (attempt === 1) {
        channel.push(...log.slice(0, cut));
        channel.fail(new TypeError('network error'));
      } else {
        // A server that honours the last event id sends only what came after it.
        channel.push(...log.slice(log.findIndex((event) => event.id === lastEventId) + 1));
        channel.end();
      }
      return channel;
    });
    const onError = vi.fn();
    const { result } = renderHook(() =>
      useMessageStream({ source: open, onError, reconnect: BACKOFF }),
    );

    // The first connection delivers part of the log, then drops: wait 1 s.
    await advance(100);
    expect(open).toHaveBeenCalledTimes(1);
    expect(result.current.status).toBe('connecting');
    expect(result.current.error).toBeInstanceOf(TypeError);
    expect(result.current.conversation.eventCount).toBe(cut);
    await advance(899);
    expect(open).toHaveBeenCalledTimes(1);

    // Two attempts that deliver nothing: the wait doubles after the second.
    await advance(1);
    expect(open).toHaveBeenCalledTimes(2);
    await advance(999);
    expect(open).toHaveBeenCalledTimes(2);
    await advance(1);
    expect(open).toHaveBeenCalledTimes(3);
    await advance(1999);
    expect(open).toHaveBeenCalledTimes(3);
    expect(result.current.status).toBe('connecting');
    expect(result.current.error?.message).toBe('offline');

    await advance(1);
    expect(open).toHaveBeenCalledTimes(4);
    await advance(200);
    expect(open.mock.calls.map(([, lastEventId]) => lastEventId)).toEqual([
      null,
      log[cut - 1]?.id,
      log[cut - 1]?.id,
      log[cut - 1]?.id,
    ]);
    expect(result.current.status).toBe('done');
    expect(result.current.error).toBeNull();
    expect(result.current.messages).toEqual(foldEvents(log).messages);
    expect(onError).toHaveBeenCalledTimes(3);

    // The reply is finished: a clean end is not reopened.
    await advance(60_000);
    expect(open).toHaveBeenCalledTimes(4);
  });

  it("waits as long as the server's SSE retry: asks, not the initial delay", async () => {
    const log = recordedSession();
    const open = vi.fn<MessageStreamConnect>(() => {
      const attempt = open.mock.calls.length;
      const text = `retry: 5000\n\n${toSseText(log.slice(0, 3))}`;
      let pulls = 0;
      return new ReadableStream<Uint8Array>({
        pull(controller): Promise<void> | undefined {
          pulls += 1;
          if (pulls === 1) controller.enqueue(new TextEncoder().encode(text));
          // The first connection drops once its frames are read; the second stays open.
          else if (attempt === 1) controller.error(new TypeError('network error'));
          else return new Promise<void>(() => {});
          return undefined;
        },
      });
    });
    renderHook(() => useMessageStream({ source: open, reconnect: BACKOFF }));

    await advance(4999);
    expect(open).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('stop() during the wait cancels the retry and clears the error', async () => {
    const open = vi.fn<MessageStreamConnect>(() => {
      throw new TypeError('offline');
    });
    const { result } = renderHook(() => useMessageStream({ source: open, reconnect: BACKOFF }));
    await advance(100);
    expect(result.current.status).toBe('connecting');
    expect(result.current.error).toBeInstanceOf(TypeError);

    act(() => result.current.stop());
    await advance(60_000);

    expect(open).toHaveBeenCalledTimes(1);
    expect(result.current.status).toBe('idle');
    expect(result.current.error).toBeNull();
  });
});
