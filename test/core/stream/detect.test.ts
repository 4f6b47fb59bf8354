import { describe, expect, it } from 'vitest';
import { detectFormat, formatFromContentType } from '../../../src/core/stream/detect.js';
import {
  asyncItems,
  collect,
  encodeNdjson,
  encodeSse,
  replyEvents,
  utf8,
} from './agentscope-events.js';

function response(text: string, contentType: string | null) {
  return {
    body: new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(utf8(text));
        controller.close();
      },
    }),
    headers: {
      get: (name: string) => (name.toLowerCase() === 'content-type' ? contentType : null),
    },
  };
}

describe('formatFromContentType', () => {
  it.each([
    ['text/event-stream', 'sse'],
    ['text/event-stream; charset=utf-8', 'sse'],
    ['Text/Event-Stream', 'sse'],
    ['application/x-ndjson', 'ndjson'],
    ['application/jsonl', 'ndjson'],
    ['application/json; charset=utf-8', 'ndjson'],
    ['text/plain', null],
    ['', null],
    [null, null],
  ] as const)('%s → %s', (contentType, format) => {
    expect(formatFromContentType(contentType)).toBe(format);
  });
});

describe('detectFormat', () => {
  it.each([
    ['data: {}', 'sse'],
    [':\n', 'sse'],
    ['id: 1', 'sse'],
    ['event: x', 'sse'],
    ['retry: 10', 'sse'],
    ['data\n', 'sse'],
    ['{"type"', 'ndjson'],
    ['[{', 'ndjson'],
    ['garbage', 'ndjson'],
    ['identity', 'ndjson'],
  ] as const)('%j → %s', (head, format) => {
    expect(detectFormat(head, false)).toBe(format);
  });

  it('waits while the head could still be an SSE field name', () => {
    for (const head of ['d', 'dat', 'data', 'i', 'id', 'ev', 'retr'])
      expect(detectFormat(head, false)).toBeNull();
    expect(detectFormat('dat', true)).toBe('ndjson');
    expect(detectFormat('data', true)).toBe('sse');
  });
});

describe('auto-detection in readEventStream', () => {
  it('detects SSE and NDJSON from the first characters, one byte at a time', async () => {
    for (const text of [encodeSse(replyEvents), encodeNdjson(replyEvents)]) {
      const bytes = utf8(`\uFEFF \r\n\n${text}`);
      const { events, diagnostics } = await collect(
        asyncItems(Array.from(bytes, (byte) => new Uint8Array([byte]))),
      );
      expect(diagnostics).toEqual([]);
      expect(events).toEqual(replyEvents);
    }
  });

  it('detects SSE that starts with a heartbeat or an id', async () => {
    expect((await collect([`:\n\n${encodeSse(replyEvents)}`])).events).toEqual(replyEvents);
    expect((await collect([`id: 1\n${encodeSse(replyEvents)}`])).events).toEqual(replyEvents);
  });

  it('lets the Content-Type decide over the first characters', async () => {
    // As SSE these lines are unknown fields and ignored; as NDJSON they are events.
    const ndjson = encodeNdjson(replyEvents);
    expect((await collect(response(ndjson, 'text/event-stream'))).events).toEqual([]);
    expect((await collect(response(ndjson, 'application/x-ndjson'))).events).toEqual(replyEvents);
    const sse = encodeSse(replyEvents);
    expect((await collect(response(sse, 'text/event-stream; charset=utf-8'))).events).toEqual(
      replyEvents,
    );
    expect((await collect(response(sse, 'text/plain'))).events).toEqual(replyEvents);
  });

  it('lets an explicit format decide over the Content-Type', async () => {
    const sse = encodeSse(replyEvents);
    expect((await collect(response(sse, 'application/json'), { format: 'sse' })).events).toEqual(
      replyEvents,
    );
  });

  it('reads an empty or whitespace-only stream as nothing', async () => {
    expect(await collect([])).toMatchObject({ events: [], diagnostics: [] });
    expect(await collect([' \n', '\r\n'])).toMatchObject({ events: [], diagnostics: [] });
  });
});
