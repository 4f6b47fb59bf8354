import { describe, expect, it, vi } from 'vitest';
import { readEventStream } from '../../../src/core/stream/read-event-stream.js';
import {
  asyncItems,
  chunkBytes,
  collect,
  encodeNdjson,
  encodeSse,
  replyEvents,
  utf8,
} from './agentscope-events.js';

const sse = encodeSse(replyEvents);
const sseBytes = utf8(sse);

function byteStream(chunks: readonly Uint8Array[]) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

describe('sources', () => {
  it('reads a ReadableStream of bytes', async () => {
    expect((await collect(byteStream(chunkBytes(sseBytes, 5)))).events).toEqual(replyEvents);
  });

  it('reads a real Response, taking the format from its Content-Type', async () => {
    const ndjson = new Response(encodeNdjson(replyEvents), {
      headers: { 'content-type': 'application/x-ndjson' },
    });
    expect((await collect(ndjson)).events).toEqual(replyEvents);
    const eventStream = new Response(sse, { headers: { 'content-type': 'text/event-stream' } });
    expect((await collect(eventStream)).events).toEqual(replyEvents);
  });

  it('reads a Response-shaped object, and nothing from a null body', async () => {
    expect((await collect({ body: byteStream([sseBytes]) })).events).toEqual(replyEvents);
    expect(
      await collect({ body: null, headers: { get: () => 'text/event-stream' } }),
    ).toMatchObject({ events: [], diagnostics: [] });
  });

  it('reads async and sync iterables of strings, bytes and objects', async () => {
    expect((await collect(asyncItems([...sse]))).events).toEqual(replyEvents);
    expect((await collect(asyncItems(chunkBytes(sseBytes, 3)))).events).toEqual(replyEvents);
    expect((await collect(chunkBytes(sseBytes, 7))).events).toEqual(replyEvents);
    expect((await collect(asyncItems(replyEvents))).events).toEqual(replyEvents);
    expect((await collect(replyEvents)).events).toEqual(replyEvents);
  });

  it('reads Node Buffers and other byte views', async () => {
    const buffers = chunkBytes(sseBytes, 11).map((chunk) => Buffer.from(chunk));
    expect((await collect(asyncItems(buffers))).events).toEqual(replyEvents);
    const view = new DataView(sseBytes.buffer, sseBytes.byteOffset, sseBytes.byteLength);
    expect((await collect([view])).events).toEqual(replyEvents);
  });

  it('passes objects to the event parser, reporting those that are not events', async () => {
    const notAnEvent = null as unknown as object;
    const { events, diagnostics } = await collect([
      ...replyEvents.slice(0, 1),
      { type: 'NOT_AN_EVENT' },
      notAnEvent,
      ...replyEvents.slice(1, 2),
    ]);
    expect(events).toEqual(replyEvents.slice(0, 2));
    expect(diagnostics.map((d) => [d.code, d.raw])).toEqual([
      ['invalid-event', '{"type":"NOT_AN_EVENT"}'],
      ['invalid-event', 'null'],
    ]);
  });

  it('rejects a source of an unsupported kind at once', () => {
    expect(() => readEventStream(42 as never)).toThrow(TypeError);
  });

  it('rejects when the source itself fails, after the events read so far', async () => {
    async function* failing() {
      yield `data: ${JSON.stringify(replyEvents[0])}\n\n`;
      throw new Error('network down');
    }
    const events: unknown[] = [];
    await expect(async () => {
      for await (const event of readEventStream(failing())) events.push(event);
    }).rejects.toThrow('network down');
    expect(events).toEqual([replyEvents[0]]);
  });

  it('rejects when a ReadableStream errors', async () => {
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error('reset by peer'));
      },
    });
    await expect(collect(stream)).rejects.toThrow('reset by peer');
  });
});

describe('stopping', () => {
  function endlessStream() {
    const cancel = vi.fn();
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent < 3) controller.enqueue(utf8(encodeSse([replyEvents[sent++]])));
        // After three events the stream stalls, like an idle connection.
      },
      cancel,
    });
    return { stream, cancel };
  }

  it('cancels the ReadableStream when the loop breaks', async () => {
    const { stream, cancel } = endlessStream();
    for await (const event of readEventStream(stream)) {
      expect(event).toEqual(replyEvents[0]);
      break;
    }
    expect(cancel).toHaveBeenCalledOnce();
    expect(stream.locked).toBe(false);
  });

  it('cancels the ReadableStream when aborted during a pending read, and ends quietly', async () => {
    const { stream, cancel } = endlessStream();
    const controller = new AbortController();
    const events: unknown[] = [];
    for await (const event of readEventStream(stream, { signal: controller.signal })) {
      events.push(event);
      if (events.length === 3) setTimeout(() => controller.abort(), 5);
    }
    expect(events).toEqual(replyEvents.slice(0, 3));
    expect(cancel).toHaveBeenCalledOnce();
  });

  it('reads nothing once already aborted', async () => {
    const { stream, cancel } = endlessStream();
    expect((await collect(stream, { signal: AbortSignal.abort() })).events).toEqual([]);
    expect(cancel).toHaveBeenCalledOnce();
  });

  it('stops yielding as soon as the signal is aborted, mid-chunk', async () => {
    const controller = new AbortController();
    const events: unknown[] = [];
    for await (const event of readEventStream([sse], { signal: controller.signal })) {
      events.push(event);
      controller.abort();
    }
    expect(events).toHaveLength(1);
  });

  it('calls return() on an async iterator when the loop breaks or the signal aborts', async () => {
    function iterator() {
      const returned = vi.fn(async () => ({ done: true as const, value: undefined }));
      let index = 0;
      const source: AsyncIterable<string> = {
        [Symbol.asyncIterator]: () => ({
          next: () =>
            index < 2
              ? Promise.resolve({ done: false, value: encodeSse([replyEvents[index++]]) })
              : new Promise<IteratorResult<string>>(() => {}),
          return: returned,
        }),
      };
      return { source, returned };
    }
    const broken = iterator();
    for await (const _event of readEventStream(broken.source)) break;
    expect(broken.returned).toHaveBeenCalledOnce();

    const aborted = iterator();
    const controller = new AbortController();
    const events: unknown[] = [];
    for await (const event of readEventStream(aborted.source, { signal: controller.signal })) {
      events.push(event);
      if (events.length === 2) queueMicrotask(() => controller.abort());
    }
    expect(events).toHaveLength(2);
    expect(aborted.returned).toHaveBeenCalledOnce();
  });

  it('runs the finally block of an async generator source on break', async () => {
    const cleanup = vi.fn();
    async function* source() {
      try {
        for (;;) yield encodeSse([replyEvents[0]]);
      } finally {
        cleanup();
      }
    }
    for await (const _event of readEventStream(source())) break;
    expect(cleanup).toHaveBeenCalledOnce();
  });

  it('calls return() on a sync iterator when the loop breaks', async () => {
    const cleanup = vi.fn();
    function* source() {
      try {
        yield* replyEvents;
      } finally {
        cleanup();
      }
    }
    for await (const _event of readEventStream(source())) break;
    expect(cleanup).toHaveBeenCalledOnce();
  });

  it('ends quietly when an aborted fetch errors its body', async () => {
    const controller = new AbortController();
    const stream = new ReadableStream<Uint8Array>({
      start(streamController) {
        streamController.enqueue(utf8(encodeSse([replyEvents[0]])));
        controller.signal.addEventListener('abort', () =>
          streamController.error(new DOMException('aborted', 'AbortError')),
        );
      },
    });
    const events: unknown[] = [];
    for await (const event of readEventStream(stream, { signal: controller.signal })) {
      events.push(event);
      setTimeout(() => controller.abort(), 1);
    }
    expect(events).toHaveLength(1);
  });
});
