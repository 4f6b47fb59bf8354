import { act, renderHook } from '@testing-library/react';
import * as React from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageStreamConnect, UserConfirmResultEvent } from '../../src/core.js';
import { foldEvents, parseAgentEvent, userMsg } from '../../src/core.js';
import { FRAME_FALLBACK_MS } from '../../src/core/client/frame-batcher.js';
import { useMessageStream } from '../../src/use-message-stream/use-message-stream.js';
import { must } from '../core/fold/helpers.js';
import { bashRule, parkedReply, plain, recordedSession } from '../fixtures/stream-events.js';
import { eventChannel } from '../fixtures/event-channel.js';

/** Lets the stream run for `ms` of fake time: long enough for a frame to commit by default. */
async function advance(ms = FRAME_FALLBACK_MS): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

beforeEach(() => {
  vi.useFakeTimers();
});

describe('useMessageStream in Node: an async iterable source', () => {
  it('folds events into messages as they arrive, streaming until the source ends, then done', async () => {
    const log = recordedSession();
    const channel = eventChannel();
    const { result } = renderHook(() => useMessageStream({ source: channel }));
    expect(result.current.status).toBe('connecting');

    await advance();
    // A one-shot source is read for the sake of a reply: it streams for as long as it is open.
    expect(result.current.status).toBe('streaming');
    expect(result.current.messages).toEqual([]);

    channel.push(...log.slice(0, 10));
    await advance();
    expect(result.current.conversation.eventCount).toBe(10);
    expect(result.current.messages).toEqual(foldEvents(log.slice(0, 10)).messages);
    expect(result.current.status).toBe('streaming');

    channel.push(...log.slice(10));
    channel.end();
    await advance();
    expect(result.current.status).toBe('done');
    expect(result.current.messages).toEqual(foldEvents(log).messages);
    expect(result.current.error).toBeNull();
    expect(channel.opens).toBe(1);
  });

  it('shows initialMessages on the first render, before the source is read, and streams after them', async () => {
    const history = [userMsg('Is the tree clean?', { id: 'u0' })];
    const open = vi.fn<MessageStreamConnect>(() => recordedSession());
    const { result } = renderHook(() =>
      useMessageStream({ source: open, initialMessages: history }),
    );
    expect(result.current.messages).toEqual(history);
    expect(result.current.messages[0]).toBe(history[0]);
    expect(open).not.toHaveBeenCalled();

    await advance();
    expect(open).toHaveBeenCalledTimes(1);
    expect(result.current.messages.map((message) => message.id)).toEqual(['u0', 'r1', 'r2']);
    expect(result.current.status).toBe('done');
  });
});

describe('useMessageStream in Node: confirm', () => {
  it("hands the protocol's USER_CONFIRM_RESULT to onConfirm, and the call leaves when it is published back", async () => {
    const onConfirm = vi.fn((_event: UserConfirmResultEvent) => Promise.resolve());
    const { result } = renderHook(() => useMessageStream({ onConfirm }));
    act(() => result.current.append(parkedReply()));
    await advance();
    expect(result.current.status).toBe('awaiting-confirmation');
    const pending = must(result.current.pendingConfirmations[0]);

    await act(() =>
      result.current.confirm({ toolCall: pending.toolCall, confirmed: true, rules: [bashRule] }),
    );

    expect(onConfirm).toHaveBeenCalledTimes(1);
    const event = must(onConfirm.mock.calls[0])[0];
    // What goes over the wire must parse as the protocol's event.
    expect(parseAgentEvent(plain(event)).ok).toBe(true);
    expect(event).toMatchObject({
      type: 'USER_CONFIRM_RESULT',
      reply_id: 'r1',
      confirm_results: [{ confirmed: true, rules: [bashRule], tool_call: { id: 'call-1' } }],
    });
    // Not optimistic: the prompt stays until the server publishes the decision.
    await advance();
    expect(result.current.pendingConfirmations).toHaveLength(1);

    act(() => result.current.append(plain(event)));
    await advance();
    expect(result.current.pendingConfirmations).toEqual([]);
  });
});

describe('useMessageStream in Node: stopping', () => {
  function liveSource() {
    const channel = eventChannel();
    const signals: AbortSignal[] = [];
    const open = vi.fn<MessageStreamConnect>((signal) => {
      signals.push(signal);
      return channel;
    });
    return { channel, signals, open };
  }

  it('stop() aborts the source, keeps what arrived, and neither reads nor reconnects after', async () => {
    const { channel, signals, open } = liveSource();
    const { result } = renderHook(() => useMessageStream({ source: open }));
    const parked = parkedReply();
    channel.push(...parked.slice(0, 5));
    await advance();
    expect(result.current.status).toBe('streaming');

    act(() => result.current.stop());

    expect(must(signals[0]).aborted).toBe(true);
    await advance();
    expect(channel.returned).toBe(true);
    expect(result.current.status).toBe('idle');
    channel.push(...parked.slice(5));
    await advance(60_000);
    expect(result.current.conversation.eventCount).toBe(5);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('unmounting aborts the source, with no render and no reconnect after', async () => {
    const { channel, signals, open } = liveSource();
    const renders = vi.fn();
    const { result, unmount } = renderHook(() => {
      renders();
      return useMessageStream({ source: open });
    });
    channel.push(...parkedReply().slice(0, 3));
    await advance();
    expect(result.current.conversation.eventCount).toBe(3);
    const count = renders.mock.calls.length;

    unmount();

    expect(must(signals[0]).aborted).toBe(true);
    await advance();
    // The reader lets go of the iterator: an app's socket behind it can close.
    expect(channel.returned).toBe(true);
    channel.push(...parkedReply().slice(3));
    await advance(60_000);
    expect(renders).toHaveBeenCalledTimes(count);
    expect(open).toHaveBeenCalledTimes(1);
  });
});

describe('useMessageStream in Node: a failing source', () => {
  /** Records unhandled rejections while `body` runs, then lets Node report any it holds. */
  async function unhandledRejectionsDuring(body: () => Promise<void>): Promise<unknown[]> {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      await body();
      vi.useRealTimers();
      await new Promise((resolve) => setTimeout(resolve, 0));
    } finally {
      process.off('unhandledRejection', onRejection);
    }
    return rejections;
  }

  it('shows status error with the thrown error and keeps the events that came before it', async () => {
    const failure = new Error('socket closed');
    const channel = eventChannel();
    const onError = vi.fn();
    const parked = parkedReply();
    const rejections = await unhandledRejectionsDuring(async () => {
      const { result } = renderHook(() => useMessageStream({ source: channel, onError }));
      channel.push(...parked.slice(0, 6));
      channel.fail(failure);
      await advance();

      expect(result.current.status).toBe('error');
      expect(result.current.error).toBe(failure);
      expect(result.current.messages).toEqual(foldEvents(parked.slice(0, 6)).messages);
      expect(onError).toHaveBeenCalledTimes(1);
      expect(onError).toHaveBeenCalledWith(failure);
    });
    expect(rejections).toEqual([]);
  });

  it.each<[string, MessageStreamConnect]>([
    [
      'throws',
      () => {
        throw new Error('offline');
      },
    ],
    ['returns a rejected promise', () => Promise.reject(new Error('offline'))],
  ])('shows status error when a function source %s and reconnect is off', async (_name, open) => {
    const rejections = await unhandledRejectionsDuring(async () => {
      const { result } = renderHook(() => useMessageStream({ source: open, reconnect: false }));
      await advance();

      expect(result.current.status).toBe('error');
      expect(result.current.error?.message).toBe('offline');
      expect(result.current.messages).toEqual([]);
    });
    expect(rejections).toEqual([]);
  });
});

describe('useMessageStream in Node: connections', () => {
  it('under StrictMode opens one connection, whatever the source', async () => {
    const log = recordedSession();
    const channel = eventChannel();
    const iterable = renderHook(() => useMessageStream({ source: channel }), {
      wrapper: React.StrictMode,
    });
    const signals: AbortSignal[] = [];
    const open = vi.fn<MessageStreamConnect>((signal) => {
      signals.push(signal);
      return log;
    });
    const callback = renderHook(() => useMessageStream({ source: open }), {
      wrapper: React.StrictMode,
    });
    channel.push(...log);
    channel.end();
    await advance();

    expect(channel.opens).toBe(1);
    expect(iterable.result.current.messages).toEqual(foldEvents(log).messages);
    expect(open).toHaveBeenCalledTimes(1);
    expect(must(signals[0]).aborted).toBe(false);
    expect(callback.result.current.messages).toEqual(foldEvents(log).messages);
  });

  it('reconnects, with no last event id, when sourceKey changes, and not for a new inline function', async () => {
    const opened: { session: string; signal: AbortSignal; lastEventId: string | null }[] = [];
    const { result, rerender } = renderHook(
      ({ session }: { session: string }) =>
        useMessageStream({
          // Written inline, as an app would: a new function on every render.
          source: (signal, lastEventId) => {
            opened.push({ session, signal, lastEventId });
            const channel = eventChannel();
            channel.push(...parkedReply(session));
            return channel;
          },
          sourceKey: session,
        }),
      { initialProps: { session: 's1' } },
    );
    await advance();
    expect(result.current.status).toBe('awaiting-confirmation');

    rerender({ session: 's1' });
    await advance();
    expect(opened.map((entry) => entry.session)).toEqual(['s1']);

    rerender({ session: 's2' });
    await advance();
    expect(opened.map((entry) => entry.session)).toEqual(['s1', 's2']);
    expect(must(opened[0]).signal.aborted).toBe(true);
    expect(must(opened[1]).signal.aborted).toBe(false);
    expect(must(opened[1]).lastEventId).toBeNull();
  });
});
