import { describe, expect, it, vi } from 'vitest';
import { renderHook } from 'vitest-browser-react';
import type { TextBlock } from '../../src/core.js';
import { foldEvents } from '../../src/core.js';
import type { UseMessageStreamOptions } from '../../src/use-message-stream/use-message-stream-options.js';
import { useMessageStream } from '../../src/use-message-stream/use-message-stream.js';
import {
  confirmResult,
  externalParkedReply,
  externalResumedReply,
  longReply,
  offsetAfterEvent,
  parkedReply,
  pushStream,
  recordedSession,
  resumedReply,
  serveText,
  toSseText,
} from '../fixtures/stream-events.js';
import { settled } from './settled.js';

const POLL = { timeout: 10_000 };
const FAST = { initialDelayMs: 5, maxDelayMs: 20 };

async function renderStream(options: UseMessageStreamOptions) {
  return renderHook(() => useMessageStream(options));
}

/** Every text of every message, in order: doubled content shows up here. */
function texts(messages: readonly { content: readonly { type: string }[] }[]): string[] {
  return messages.flatMap((message) =>
    message.content
      .filter((block) => block.type === 'text')
      .map((block) => (block as TextBlock).text),
  );
}

type Open = (signal: AbortSignal, lastEventId: string | null) => ReadableStream<Uint8Array>;

describe('useMessageStream: reconnecting', () => {
  it('reconnects after a drop and de-duplicates the replay from the start', async () => {
    const log = recordedSession();
    const text = toSseText(log);
    // Cut inside the frame after event 20: the half frame must not count.
    const cut = offsetAfterEvent(log, 20) + 30;
    const open = vi.fn<Open>((_signal, lastEventId) =>
      serveText(text, lastEventId === null ? { seed: 2, failAfterBytes: cut } : { seed: 3 }),
    );
    const onError = vi.fn();
    const { result } = await renderStream({ source: open, onError, reconnect: FAST });

    await expect.poll(() => result.current.conversation.eventCount, POLL).toBe(log.length);
    expect(open).toHaveBeenCalledTimes(2);
    expect(result.current.status).toBe('done');

    expect(open.mock.calls[0]?.[1]).toBeNull();
    expect(open.mock.calls[1]?.[1]).toBe(log[20]?.id);
    expect(result.current.messages).toEqual(foldEvents(log).messages);
    expect(texts(result.current.messages)).toEqual(texts(foldEvents(log).messages));
    expect(result.current.conversation.eventCount).toBe(log.length);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(TypeError);
    expect(result.current.error).toBeNull();
  });

  it('reports connecting with the error while it waits to retry', async () => {
    const log = recordedSession();
    const open = vi.fn<Open>(() => serveText(toSseText(log), { failAfterBytes: 200 }));
    const { result } = await renderStream({
      source: open,
      reconnect: { initialDelayMs: 60_000 },
    });

    await expect.poll(() => result.current.error, POLL).toBeInstanceOf(TypeError);
    expect(result.current.status).toBe('connecting');
    expect(open).toHaveBeenCalledTimes(1);

    result.current.reconnect();
    await expect.poll(() => open.mock.calls.length, POLL).toBe(2);
  });

  it('reopens a stream that ended cleanly while its reply was open, and only then', async () => {
    const log = recordedSession();
    const text = toSseText(log);
    const open = vi.fn<Open>((_signal, lastEventId) =>
      serveText(text, lastEventId === null ? { endAfterBytes: offsetAfterEvent(log, 8) } : {}),
    );
    const { result } = await renderStream({ source: open, reconnect: FAST });

    await expect.poll(() => result.current.conversation.eventCount, POLL).toBe(log.length);
    await expect.poll(() => result.current.status, POLL).toBe('done');
    expect(open).toHaveBeenCalledTimes(2);
    expect(open.mock.calls[1]?.[1]).toBe(log[8]?.id);

    // The second stream ended with nothing open: no third connection (however long the wait:
    // test/react-node/use-message-stream-timers.test.tsx steps the back-off on a fake clock).
    await settled();
    expect(open).toHaveBeenCalledTimes(2);
  });

  it("reopens every clean end with whenEnded: 'always', as EventSource does", async () => {
    const open = vi.fn<Open>(() => serveText(toSseText(longReply(8))));
    const { result } = await renderStream({
      source: open,
      reconnect: { ...FAST, whenEnded: 'always' },
    });

    await expect.poll(() => open.mock.calls.length, POLL).toBeGreaterThanOrEqual(3);
    expect(result.current.conversation.eventCount).toBe(8);
    expect(texts(result.current.messages)).toEqual(['0123']);
  });

  it.each([
    ['a confirmation', parkedReply(), resumedReply(confirmResult())],
    ['an external tool', externalParkedReply(), externalResumedReply(true)],
  ])(
    'reopens a stream that ended cleanly while its reply is parked on %s, and gets the resume',
    async (_name, parked, resumed) => {
      // A proxy cuts the long-lived stream while the reply waits; the resume comes on the next one.
      let connections = 0;
      const open = vi.fn<Open>(() => {
        connections += 1;
        return serveText(toSseText(connections === 1 ? parked : [...parked, ...resumed]));
      });
      const { result } = await renderStream({ source: open, reconnect: FAST });

      await expect
        .poll(() => result.current.conversation.eventCount, POLL)
        .toBe(parked.length + resumed.length);
      await expect.poll(() => result.current.status, POLL).toBe('done');
      expect(result.current.messages).toEqual(foldEvents([...parked, ...resumed]).messages);
      expect(open.mock.calls[1]?.[1]).toBe(parked.at(-1)?.id);
      // The reply is done now: the second clean end is not reopened (on a fake clock: see above).
      await settled();
      expect(open).toHaveBeenCalledTimes(2);
    },
  );

  it('gives up with status error when reconnect is false, or after maxAttempts', async () => {
    const failing = vi.fn<Open>(() => serveText(toSseText(longReply(50)), { failAfterBytes: 10 }));
    const once = await renderStream({ source: failing, reconnect: false });
    await expect.poll(() => once.result.current.status, POLL).toBe('error');
    expect(once.result.current.error).toBeInstanceOf(TypeError);
    expect(failing).toHaveBeenCalledTimes(1);

    const limited = vi.fn<Open>(() => {
      throw new Error('offline');
    });
    const onError = vi.fn();
    const capped = await renderStream({
      source: limited,
      onError,
      reconnect: { ...FAST, maxAttempts: 2 },
    });
    await expect.poll(() => capped.result.current.status, POLL).toBe('error');
    expect(limited).toHaveBeenCalledTimes(3);
    expect(onError).toHaveBeenCalledTimes(3);
    expect(capped.result.current.error?.message).toBe('offline');
  });

  it('reconnect() reopens at once with the last event id and aborts the old request', async () => {
    const live = pushStream();
    const open = vi.fn<Open>(() => live.stream);
    const { result } = await renderStream({ source: open });
    const parked = parkedReply();
    live.push(...parked.slice(0, 4));
    await expect.poll(() => result.current.conversation.eventCount, POLL).toBe(4);

    const next = pushStream();
    open.mockImplementation(() => next.stream);
    result.current.reconnect();

    await expect.poll(() => open.mock.calls.length, POLL).toBe(2);
    expect(open.mock.calls[0]?.[0].aborted).toBe(true);
    expect(open.mock.calls[1]?.[1]).toBe(parked[3]?.id);
    next.push(...parked);
    await expect.poll(() => result.current.status, POLL).toBe('awaiting-confirmation');
    expect(result.current.messages).toEqual(foldEvents(parked).messages);
  });

  it('calls onEvent and onCustomEvent once per event, not again for the replay', async () => {
    const log = recordedSession();
    const text = toSseText(log);
    const open = vi.fn<Open>((_signal, lastEventId) =>
      serveText(text, lastEventId === null ? { failAfterBytes: text.length - 100 } : {}),
    );
    const onEvent = vi.fn();
    const onCustomEvent = vi.fn();
    const { result } = await renderStream({
      source: open,
      onEvent,
      onCustomEvent,
      reconnect: FAST,
    });

    await expect.poll(() => result.current.conversation.eventCount, POLL).toBe(log.length);
    expect(open).toHaveBeenCalledTimes(2);
    expect(result.current.status).toBe('done');
    expect(onEvent.mock.calls.map(([event]) => event)).toEqual(log);
    expect(onCustomEvent).toHaveBeenCalledTimes(1);
    expect(onCustomEvent.mock.calls[0]?.[0]).toMatchObject({
      type: 'CUSTOM',
      name: 'state_updated',
    });
  });
  // Idle timeouts are checked on a fake clock: test/react-node/use-message-stream-timers.test.tsx.
});

describe('useMessageStream: URL sources', () => {
  function sseResponse(body: ReadableStream<Uint8Array>, status = 200) {
    return new Response(body, { status, headers: { 'content-type': 'text/event-stream' } });
  }

  it.each([
    ['the SSE id: of the last frame', true, (index: number) => `sse-${index + 1}`],
    ["the last event's own id", false, (index: number) => recordedSession()[index]?.id],
  ])('sends Last-Event-ID on reconnect: %s', async (_name, withIds, expectedId) => {
    const log = recordedSession();
    const text = toSseText(log, withIds);
    const cut = offsetAfterEvent(log, 12, withIds) + 10;
    const fetch = vi.fn((_url: string | URL | Request, init?: RequestInit) => {
      const resumed = new Headers(init?.headers).has('last-event-id');
      return Promise.resolve(sseResponse(serveText(text, resumed ? {} : { failAfterBytes: cut })));
    });
    const { result } = await renderStream({
      source: '/sessions/s1/stream?agent_id=a1',
      fetch,
      headers: { authorization: 'Bearer token' },
      reconnect: FAST,
    });

    await expect.poll(() => result.current.conversation.eventCount, POLL).toBe(log.length);
    expect(result.current.status).toBe('done');
    expect(fetch).toHaveBeenCalledTimes(2);
    const [first, second] = fetch.mock.calls.map(([url, init]) => ({
      url,
      method: init?.method,
      headers: new Headers(init?.headers),
    }));
    expect(first?.url).toBe('/sessions/s1/stream?agent_id=a1');
    expect(first?.method).toBe('GET');
    expect(first?.headers.get('authorization')).toBe('Bearer token');
    expect(first?.headers.get('accept')).toBe('text/event-stream');
    expect(first?.headers.has('last-event-id')).toBe(false);
    expect(second?.headers.get('last-event-id')).toBe(expectedId(12));
    expect(second?.headers.get('authorization')).toBe('Bearer token');
    expect(result.current.messages).toEqual(foldEvents(log).messages);
  });

  it('sends the method and body, and reads a body with no content type', async () => {
    const fetch = vi.fn((_url: string | URL | Request, _init?: RequestInit) =>
      Promise.resolve(new Response(toSseText(recordedSession()))),
    );
    const { result } = await renderStream({
      source: new URL('https://agent.example/run'),
      fetch,
      method: 'POST',
      body: '{"input":"hi"}',
    });

    await expect
      .poll(() => result.current.conversation.eventCount, POLL)
      .toBe(recordedSession().length);
    expect(fetch.mock.calls[0]?.[1]?.method).toBe('POST');
    expect(fetch.mock.calls[0]?.[1]?.body).toBe('{"input":"hi"}');
    expect(result.current.messages).toHaveLength(2);
  });

  it('fails at once on HTTP 404 and retries HTTP 503', async () => {
    const notFound = vi.fn(() => Promise.resolve(new Response('no such session', { status: 404 })));
    const onError = vi.fn();
    const missing = await renderStream({
      source: '/gone',
      fetch: notFound,
      onError,
      reconnect: FAST,
    });
    await expect.poll(() => missing.result.current.status, POLL).toBe('error');
    expect(missing.result.current.error).toMatchObject({ name: 'MessageStreamError', status: 404 });
    expect(notFound).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledTimes(1);

    let calls = 0;
    const flaky = vi.fn(() => {
      calls += 1;
      return Promise.resolve(
        calls < 3
          ? new Response('busy', { status: 503 })
          : sseResponse(serveText(toSseText(recordedSession()))),
      );
    });
    const busy = await renderStream({ source: '/busy', fetch: flaky, reconnect: FAST });
    await expect
      .poll(() => busy.result.current.conversation.eventCount, POLL)
      .toBe(recordedSession().length);
    expect(flaky).toHaveBeenCalledTimes(3);
    await expect.poll(() => busy.result.current.status, POLL).toBe('done');
  });
});
