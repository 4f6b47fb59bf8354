import * as React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderHook } from 'vitest-browser-react';
import type { AgentEvent, MessageStreamSource, Msg, TextBlock } from '../../src/core.js';
import { foldEvents, userMsg } from '../../src/core.js';
import type { UseMessageStreamOptions } from '../../src/use-message-stream/use-message-stream-options.js';
import { useMessageStream } from '../../src/use-message-stream/use-message-stream.js';
import { must } from '../core/fold/helpers.js';
import { createEventFactory } from '../fixtures/events.js';
import {
  askingCall,
  confirmResult,
  longReply,
  parkedReply,
  pushStream,
  recordedSession,
  resumedReply,
  serveText,
  toSseText,
} from '../fixtures/stream-events.js';
import { settled } from './settled.js';

const POLL = { timeout: 10_000 };

async function renderStream(options: UseMessageStreamOptions) {
  return renderHook((props?: UseMessageStreamOptions) => useMessageStream(props ?? options), {
    initialProps: options,
  });
}

function texts(messages: readonly Msg[]): string[] {
  return messages.flatMap((message) =>
    message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])),
  );
}

async function* eventsOf(events: readonly AgentEvent[]): AsyncGenerator<AgentEvent> {
  for (const [index, event] of events.entries()) {
    if (index % 7 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    yield event;
  }
}

describe('useMessageStream: sources', () => {
  it('folds a recorded session served as jittered SSE bytes into what foldEvents gives', async () => {
    const log = recordedSession();
    const { result } = await renderStream({ source: serveText(toSseText(log), { seed: 7 }) });

    await expect.poll(() => result.current.status, POLL).toBe('done');
    expect(result.current.messages).toEqual(foldEvents(log).messages);
    expect(result.current.conversation.eventCount).toBe(log.length);
    expect(result.current.error).toBeNull();
  });

  it.each<[string, () => MessageStreamSource]>([
    [
      'a Response',
      () =>
        new Response(serveText(toSseText(recordedSession()), { seed: 3 }), {
          headers: { 'content-type': 'text/event-stream' },
        }),
    ],
    ['an async iterable of events', () => eventsOf(recordedSession())],
    ['an array of events', () => recordedSession()],
    [
      'an NDJSON byte stream',
      () =>
        serveText(
          recordedSession()
            .map((event) => `${JSON.stringify(event)}\n`)
            .join(''),
          {
            seed: 5,
          },
        ),
    ],
  ])('reads %s', async (_name, makeSource) => {
    const { result } = await renderStream({ source: makeSource() });

    await expect.poll(() => result.current.status, POLL).toBe('done');
    expect(result.current.messages).toEqual(foldEvents(recordedSession()).messages);
  });

  it('stays idle without a source, and connects once one is given', async () => {
    const open = vi.fn((_signal: AbortSignal, _lastEventId: string | null) => recordedSession());
    const { result, rerender } = await renderStream({ source: null });
    await settled();
    expect(result.current.status).toBe('idle');
    expect(open).not.toHaveBeenCalled();

    await rerender({ source: open });

    await expect
      .poll(() => result.current.conversation.eventCount, POLL)
      .toBe(recordedSession().length);
    expect(result.current.status).toBe('done');
    expect(open).toHaveBeenCalledTimes(1);
    expect(result.current.messages).toHaveLength(2);
  });

  it('opens an inline function source once across renders, calls the latest at a reconnect, and reopens for a new sourceKey', async () => {
    const log = recordedSession();
    const opened: string[] = [];
    const lastEventIds: (string | null)[] = [];
    let renders = 0;
    const { result, rerender } = await renderHook(
      (props?: { session: string; version: number }) => {
        const { session, version } = props ?? { session: 's1', version: 0 };
        renders += 1;
        return useMessageStream({
          // Written inline, as the `(signal, lastEventId) => source` signature invites.
          source: (_signal, lastEventId) => {
            opened.push(`${session}@${version}`);
            lastEventIds.push(lastEventId);
            return serveText(toSseText(log), { seed: 9 });
          },
          sourceKey: session,
        });
      },
      { initialProps: { session: 's1', version: 0 } },
    );
    await expect.poll(() => result.current.conversation.eventCount, POLL).toBe(log.length);
    for (let version = 1; version <= 10; version++) await rerender({ session: 's1', version });
    await settled();
    expect(renders).toBeGreaterThan(12);
    expect(opened).toEqual(['s1@0']);

    result.current.reconnect();
    await expect.poll(() => opened, POLL).toEqual(['s1@0', 's1@10']);
    expect(lastEventIds[1]).toBe(log.at(-1)?.id);

    await rerender({ session: 's2', version: 11 });
    await expect.poll(() => opened, POLL).toEqual(['s1@0', 's1@10', 's2@11']);
    expect(lastEventIds[2]).toBeNull();
  });

  it('reconnects when a URL changes value, not when the same URL is passed again', async () => {
    const fetch = vi.fn((_url: string | URL | Request, init?: RequestInit) => {
      const live = pushStream();
      init?.signal?.addEventListener('abort', () => live.close());
      return Promise.resolve(new Response(live.stream));
    });
    const { result, rerender } = await renderStream({ source: '/a/stream', fetch });
    await expect.poll(() => result.current.status, POLL).toBe('done');

    await rerender({ source: `/a/${'stream'}`, fetch, onEvent: () => {} });
    await settled();
    expect(fetch).toHaveBeenCalledTimes(1);

    await rerender({ source: '/b/stream', fetch });
    await expect.poll(() => fetch.mock.calls.length, POLL).toBe(2);
    expect(fetch.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);
    expect(fetch.mock.calls[1]?.[0]).toBe('/b/stream');
    expect(fetch.mock.calls[1]?.[1]?.signal?.aborted).toBe(false);
  });
});

describe('useMessageStream: status', () => {
  it('follows a long-lived AgentScope stream: done between turns, streaming, parked, done', async () => {
    const live = pushStream();
    // A function source may be long-lived, so an idle connection reads as `done`.
    const openLive = () => live.stream;
    const statuses: string[] = [];
    const { result } = await renderHook(() => {
      const stream = useMessageStream({ source: openLive });
      if (statuses.at(-1) !== stream.status) statuses.push(stream.status);
      return stream;
    });
    // Connected, nothing happening yet: ready for the next turn.
    await expect.poll(() => result.current.status, POLL).toBe('done');
    live.heartbeat();

    const parked = parkedReply();
    live.push(...parked.slice(0, 5));
    await expect.poll(() => result.current.status, POLL).toBe('streaming');

    live.push(...parked.slice(5));
    await expect.poll(() => result.current.status, POLL).toBe('awaiting-confirmation');
    expect(result.current.pendingConfirmations.map((entry) => entry.toolCall.id)).toEqual([
      'call-1',
    ]);

    const f = createEventFactory('x');
    const decision = f.make('USER_CONFIRM_RESULT', {
      reply_id: 'r1',
      confirm_results: [{ confirmed: true, tool_call: askingCall(), rules: null }],
    });
    const resumed = resumedReply(decision);
    live.push(...resumed.slice(0, 3));
    await expect.poll(() => result.current.status, POLL).toBe('streaming');
    expect(result.current.pendingConfirmations).toEqual([]);

    live.push(...resumed.slice(3));
    await expect.poll(() => result.current.status, POLL).toBe('done');
    expect(statuses).toEqual([
      'connecting',
      'done',
      'streaming',
      'awaiting-confirmation',
      'streaming',
      'done',
    ]);
    expect(live.cancelled).toBe(false);
  });

  it('shows the user turn at once with addMessages, and folds events given to append', async () => {
    const { result } = await renderStream({});
    expect(result.current.status).toBe('idle');
    const turn = userMsg('Is the tree clean?', { id: 'u1' });

    result.current.addMessages(turn);
    await expect.poll(() => result.current.messages.length, POLL).toBe(1);
    const log = longReply(12);
    result.current.append(log.slice(0, 6));
    result.current.append(must(log[6]));
    await expect.poll(() => result.current.conversation.eventCount, POLL).toBe(7);

    expect(result.current.messages[0]).toBe(turn);
    expect((result.current.messages[1]?.content[0] as TextBlock).text).toBe('01234');
    // Appending the same events again changes nothing.
    const before = result.current.conversation;
    result.current.append(log.slice(0, 7));
    await settled();
    expect(result.current.conversation).toBe(before);

    result.current.reset();
    await expect.poll(() => result.current.messages.length, POLL).toBe(0);
  });

  it('starts from initialMessages, with streamed replies after them', async () => {
    const history = [userMsg('hi', { id: 'u0' })];
    const log = recordedSession();
    const { result } = await renderStream({ source: log, initialMessages: history });
    expect(result.current.messages[0]).toBe(history[0]);

    await expect.poll(() => result.current.status, POLL).toBe('done');
    expect(result.current.messages.map((message) => message.id)).toEqual(['u0', 'r1', 'r2']);
  });
});

describe('useMessageStream: history and replay', () => {
  it('ignores a replay of turns that the history already holds finished', async () => {
    const log = recordedSession();
    const history = foldEvents(log).messages;
    const onEvent = vi.fn();
    const { result } = await renderStream({ source: log, initialMessages: history, onEvent });

    await expect.poll(() => result.current.status, POLL).toBe('done');
    expect(result.current.messages).toEqual(history);
    expect(texts(result.current.messages)).toEqual(texts(history));
    // CUSTOM events belong to no reply: they still arrive.
    expect(onEvent.mock.calls.map(([event]) => (event as AgentEvent).type)).toEqual(['CUSTOM']);
  });

  it('skips the replay of a parked reply from the history, and applies its resumption once', async () => {
    const parked = parkedReply();
    const resumed = resumedReply(confirmResult());
    const onEvent = vi.fn();
    // AgentScope replays the whole run on connect, then the resume follows.
    const { result } = await renderStream({
      source: serveText(toSseText([...parked, ...resumed]), { seed: 4 }),
      initialMessages: foldEvents(parked).messages,
      onEvent,
    });

    await expect.poll(() => result.current.status, POLL).toBe('done');
    const expected = foldEvents([...parked, ...resumed]).messages;
    expect(result.current.messages).toEqual(expected);
    const reply = must(result.current.messages[0]);
    const blocks = reply.content.map((block) => `${block.type}:${block.id}`);
    expect(new Set(blocks).size).toBe(blocks.length);
    expect(texts(result.current.messages)).toEqual(texts(expected));
    expect(reply.usage).toMatchObject({ input_tokens: 320, output_tokens: 52 });
    expect(onEvent.mock.calls.map(([event]) => event as AgentEvent)).toEqual(resumed);
  });

  it('continues a parked reply from the history with the events of its resumption', async () => {
    const parked = parkedReply();
    const resumed = resumedReply(null);
    const { result } = await renderStream({
      source: resumed,
      initialMessages: foldEvents(parked).messages,
    });

    await expect.poll(() => result.current.status, POLL).toBe('done');
    expect(result.current.messages).toEqual(foldEvents([...parked, ...resumed]).messages);
  });
});

describe('useMessageStream: stopping', () => {
  it('stop() aborts the request and keeps what arrived', async () => {
    const live = pushStream();
    let signal: AbortSignal | undefined;
    const source = (s: AbortSignal) => {
      signal = s;
      return live.stream;
    };
    const { result } = await renderStream({ source });
    live.push(...parkedReply().slice(0, 5));
    await expect.poll(() => result.current.status, POLL).toBe('streaming');

    result.current.stop();

    await expect.poll(() => result.current.status, POLL).toBe('idle');
    expect(signal?.aborted).toBe(true);
    expect(live.cancelled).toBe(true);
    expect(result.current.conversation.eventCount).toBe(5);
  });

  it('unmounting aborts the request, with no update after it', async () => {
    const live = pushStream();
    let signal: AbortSignal | undefined;
    const source = (s: AbortSignal) => {
      signal = s;
      return live.stream;
    };
    const renders = vi.fn();
    const { result, unmount } = await renderHook(() => {
      const stream = useMessageStream({ source });
      renders();
      return stream;
    });
    live.push(...parkedReply().slice(0, 3));
    await expect.poll(() => result.current.conversation.eventCount, POLL).toBe(3);

    await unmount();
    const count = renders.mock.calls.length;

    expect(signal?.aborted).toBe(true);
    expect(live.cancelled).toBe(true);
    // Also after the fallback timer's wait: test/react-node/use-message-stream-timers.test.tsx.
    await settled();
    expect(renders).toHaveBeenCalledTimes(count);
  });

  it('under StrictMode opens one connection and neither doubles nor loses content', async () => {
    const log = recordedSession();
    const stream = serveText(toSseText(log), { seed: 11 });
    const { result } = await renderHook(() => useMessageStream({ source: stream }), {
      wrapper: React.StrictMode,
    });
    await expect.poll(() => result.current.status, POLL).toBe('done');
    expect(result.current.messages).toEqual(foldEvents(log).messages);

    const open = vi.fn((_signal: AbortSignal) => recordedSession());
    const strict = await renderHook(() => useMessageStream({ source: open }), {
      wrapper: React.StrictMode,
    });
    await expect.poll(() => strict.result.current.conversation.eventCount, POLL).toBe(log.length);
    expect(open).toHaveBeenCalledTimes(1);
    expect(strict.result.current.messages).toEqual(foldEvents(log).messages);
  });
});
