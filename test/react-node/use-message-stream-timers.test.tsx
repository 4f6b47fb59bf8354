import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentEvent, MessageStreamConnect } from '../../src/core.js';
import { foldEvents } from '../../src/core.js';
import { FRAME_FALLBACK_MS } from '../../src/core/client/frame-batcher.js';
import { useMessageStream } from '../../src/use-message-stream/use-message-stream.js';
import { eventChannel } from '../fixtures/event-channel.js';
import {
  confirmResult,
  externalParkedReply,
  externalResumedReply,
  longReply,
  parkedReply,
  pushStream,
  recordedSession,
  resumedReply,
} from '../fixtures/stream-events.js';

/*
 * What must not happen, and what happens on a timer, checked on a fake clock: every wait is
 * stepped exactly, so no test depends on how fast the machine is.
 */

const BACKOFF = { initialDelayMs: 1000, multiplier: 2, maxDelayMs: 30_000, jitter: 0 };

async function advance(ms: number): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

/** A source that serves `first` on its first connection and `next` on every later one, then ends. */
function twoConnections(first: readonly AgentEvent[], next: readonly AgentEvent[]) {
  let connections = 0;
  return vi.fn<MessageStreamConnect>(() => {
    connections += 1;
    const channel = eventChannel();
    channel.push(...(connections === 1 ? first : next));
    channel.end();
    return channel;
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});

describe('useMessageStream on a fake clock: frames', () => {
  it('commits on a timer when no animation frame comes (a hidden tab), once per 200 ms at most', async () => {
    vi.stubGlobal('requestAnimationFrame', () => 1);
    vi.stubGlobal('cancelAnimationFrame', () => {});
    const log = longReply(500);
    const channel = eventChannel();
    const commits: number[] = [];
    const { result } = renderHook(() => {
      const stream = useMessageStream({ source: channel });
      if (commits.at(-1) !== stream.conversation.eventCount) {
        commits.push(stream.conversation.eventCount);
      }
      return stream;
    });

    // 10 events every 20 ms for one second.
    for (let step = 0; step < 50; step++) {
      channel.push(...log.slice(step * 10, step * 10 + 10));
      await advance(20);
    }
    channel.end();
    await advance(FRAME_FALLBACK_MS);

    const streaming = commits.filter((count) => count > 0 && count < log.length);
    expect(streaming.length).toBeGreaterThan(0);
    expect(streaming.length).toBeLessThanOrEqual(1000 / FRAME_FALLBACK_MS);
    expect(result.current.conversation.eventCount).toBe(log.length);
    vi.unstubAllGlobals();
  });

  it('unmounting stops every update, also after the fallback timer would have run', async () => {
    const channel = eventChannel();
    const renders = vi.fn();
    const { result, unmount } = renderHook(() => {
      const stream = useMessageStream({ source: channel });
      renders();
      return stream;
    });
    channel.push(...parkedReply().slice(0, 3));
    await advance(FRAME_FALLBACK_MS);
    expect(result.current.conversation.eventCount).toBe(3);

    channel.push(...parkedReply().slice(3, 6));
    unmount();
    const count = renders.mock.calls.length;
    await advance(60_000);

    expect(channel.returned).toBe(true);
    expect(renders).toHaveBeenCalledTimes(count);
  });
});

describe('useMessageStream on a fake clock: reopening', () => {
  it('reopens a stream that ended cleanly while its reply was open, and only then', async () => {
    const log = recordedSession();
    // The second connection replays the log from the start, as AgentScope does.
    const open = twoConnections(log.slice(0, 9), log);
    const { result } = renderHook(() => useMessageStream({ source: open, reconnect: BACKOFF }));

    await advance(999);
    expect(open).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(open).toHaveBeenCalledTimes(2);
    expect(open.mock.calls[1]?.[1]).toBe(log[8]?.id);

    // The second stream ended with nothing open: no third connection, however long.
    await advance(60_000);
    expect(open).toHaveBeenCalledTimes(2);
    expect(result.current.status).toBe('done');
    expect(result.current.messages).toEqual(foldEvents(log).messages);
  });

  it.each([
    ['a confirmation', parkedReply(), resumedReply(confirmResult())],
    ['an external tool', externalParkedReply(), externalResumedReply(true)],
  ])(
    'reopens a stream cut while its reply is parked on %s, and not once the reply is done',
    async (_name, parked, resumed) => {
      const open = twoConnections(parked, [...parked, ...resumed]);
      const { result } = renderHook(() => useMessageStream({ source: open, reconnect: BACKOFF }));

      await advance(1000);
      expect(open).toHaveBeenCalledTimes(2);
      await advance(60_000);

      expect(open).toHaveBeenCalledTimes(2);
      expect(result.current.status).toBe('done');
      expect(result.current.messages).toEqual(foldEvents([...parked, ...resumed]).messages);
    },
  );

  it('reconnects a stream that goes quiet for idleTimeoutMs; heartbeats keep it open', async () => {
    const live = pushStream();
    const open = vi.fn<MessageStreamConnect>(() => live.stream);
    const { result } = renderHook(() =>
      useMessageStream({ source: open, idleTimeoutMs: 150, reconnect: BACKOFF }),
    );
    await advance(50);
    expect(result.current.status).toBe('done');

    // A heartbeat every 100 ms: the stream is never quiet for 150 ms.
    for (let beat = 0; beat < 5; beat++) {
      live.heartbeat();
      await advance(100);
    }
    expect(open).toHaveBeenCalledTimes(1);
    expect(result.current.error).toBeNull();

    const next = pushStream();
    open.mockImplementation(() => next.stream);
    await advance(150);
    expect(live.cancelled).toBe(true);
    expect(result.current.error?.message).toBe('no data for 150 ms');
    await advance(1000);
    expect(open).toHaveBeenCalledTimes(2);
  });
});
