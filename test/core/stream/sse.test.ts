import { describe, expect, it } from 'vitest';
import { SseParser } from '../../../src/core/stream/sse.js';
import type { ValueSink } from '../../../src/core/stream/value-sink.js';
import {
  asyncItems,
  collect,
  encodeSse,
  pythonDumps,
  replyEvents,
  splitBytes,
  sseFrame,
  textDelta,
  utf8,
} from './agentscope-events.js';

const hello = textDelta('héllo 世界 🎉');
const json = JSON.stringify(hello);

function readSse(...chunks: string[]) {
  return collect(chunks, { format: 'sse' });
}

describe('SSE', () => {
  it('reads a reply framed exactly as the AgentScope service frames it', async () => {
    const { events, diagnostics } = await readSse(encodeSse(replyEvents));
    expect(events).toEqual(replyEvents);
    expect(diagnostics).toEqual([]);
  });

  it('reads frames written by Python json.dumps, with spaces after separators', async () => {
    const text = replyEvents.map((event) => `data: ${pythonDumps(event)}\n\n`).join(':\n\n');
    expect((await readSse(text)).events).toEqual(replyEvents);
  });

  it('joins multi-line data with a line feed', async () => {
    const lines = JSON.stringify(hello, null, 2).split('\n');
    const { events } = await readSse(`${lines.map((line) => `data: ${line}`).join('\n')}\n\n`);
    expect(events).toEqual([hello]);
  });

  it('removes one space after the colon, and only one', async () => {
    const { events } = await readSse(`data:${json}\n\n`, `data:  ${json}\n\n`);
    expect(events).toEqual([hello, hello]);
  });

  it('ignores comments, heartbeats, event names and unknown fields', async () => {
    const text = `:\n\n: keep-alive\nevent: message\nfoo: bar\nbaz\ndata: ${json}\n\n:\n\n`;
    const { events, diagnostics } = await readSse(text);
    expect(events).toEqual([hello]);
    expect(diagnostics).toEqual([]);
  });

  it.each([
    ['LF', '\n'],
    ['CRLF', '\r\n'],
    ['CR', '\r'],
  ])('accepts %s line endings', async (_name, newline) => {
    const text = replyEvents
      .map((event) => `data: ${JSON.stringify(event)}${newline}${newline}`)
      .join(`:${newline}${newline}`);
    expect((await readSse(text)).events).toEqual(replyEvents);
  });

  it('treats a CR at the end of one chunk and an LF at the start of the next as one line end', async () => {
    // Read as two line ends, "\r" + "\n" would be a blank line dispatching half of a frame.
    const { events, diagnostics } = await readSse(
      `data: {"type":"TEXT_BLOCK_DELTA",\r`,
      `\ndata: ${json.slice(1)}\r`,
      '\n\r',
      '\n',
    );
    expect(diagnostics).toEqual([]);
    expect(events).toEqual([{ ...hello, type: 'TEXT_BLOCK_DELTA' }]);
  });

  it('still ends a line at a lone CR when the next chunk does not start with LF', async () => {
    const { events } = await readSse(`data: ${json}\r`, `\r`, `data: ${json}\r\r`);
    expect(events).toEqual([hello, hello]);
  });

  it('dispatches nothing for a frame without data and for empty data', async () => {
    const { events, diagnostics } = await readSse('event: ping\n\nid: 1\n\ndata:\n\ndata\n\n\n\n');
    expect(events).toEqual([]);
    expect(diagnostics).toEqual([]);
  });

  it('dispatches a last frame that lacks its closing blank line', async () => {
    expect((await readSse(`data: ${json}\n\ndata: ${json}`)).events).toEqual([hello, hello]);
    expect((await readSse(`data: ${json}\n`)).events).toEqual([hello]);
  });

  it('skips a BOM at the very start only', async () => {
    const { events } = await readSse(`\uFEFFdata: ${json}\n\n`);
    expect(events).toEqual([hello]);
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(sseFrame(hello))]);
    expect(
      (await collect(asyncItems(splitBytes(bytes, [1, 2, 3, 4])), { format: 'sse' })).events,
    ).toEqual([hello]);
  });

  it('reads an array in one frame as several events', async () => {
    expect((await readSse(`data: ${JSON.stringify([hello, hello])}\n\n`)).events).toEqual([
      hello,
      hello,
    ]);
  });

  describe('id and retry', () => {
    it('keeps the last id dispatched and the last valid retry', async () => {
      const { stream } = await readSse(
        `id: 1\ndata: ${json}\n\nid: 2\nretry: 3000\ndata: ${json}\n\nretry: 12x\n\n`,
      );
      expect(stream.lastEventId).toBe('2');
      expect(stream.retry).toBe(3000);
    });

    it('is null before any id or retry', async () => {
      const { stream } = await readSse(sseFrame(hello));
      expect(stream.lastEventId).toBeNull();
      expect(stream.retry).toBeNull();
    });

    it('updates lastEventId while the stream is read', async () => {
      const stream = (
        await import('../../../src/core/stream/read-event-stream.js')
      ).readEventStream([`id: a\ndata: ${json}\n\n`, `id: b\ndata: ${json}\n\n`], {
        format: 'sse',
      });
      const seen: (string | null)[] = [];
      for await (const _event of stream) seen.push(stream.lastEventId);
      expect(seen).toEqual(['a', 'b']);
    });

    it('ignores an id containing NUL and resets on an empty id', async () => {
      expect((await readSse('id: 5\n\nid: 6\0\n\n')).stream.lastEventId).toBe('5');
      expect((await readSse('id: 5\n\nid\n\n')).stream.lastEventId).toBeNull();
    });

    it('accepts only ASCII digits in retry', async () => {
      for (const value of ['-1', '1.5', '  10', '', ' ١٢', ' 0x10']) {
        expect((await readSse(`retry: 7\n\nretry:${value}\n\n`)).stream.retry).toBe(7);
      }
    });

    it('keeps the id of a trailing frame without a blank line', async () => {
      expect((await readSse(`data: ${json}\nid: last`)).stream.lastEventId).toBe('last');
    });
  });

  describe('limits', () => {
    function parse(maxFrameLength: number, ...chunks: string[]) {
      const values: unknown[] = [];
      const diagnostics: string[] = [];
      const sink: ValueSink = {
        value: (value) => values.push(value),
        diagnostic: (code, message) => diagnostics.push(`${code}: ${message}`),
      };
      const parser = new SseParser(sink, maxFrameLength);
      for (const chunk of chunks) parser.push(chunk);
      parser.end();
      return { values, diagnostics };
    }

    it('drops a frame whose data outgrows the limit, then goes on', async () => {
      const big = `data: ${'x'.repeat(40)}\ndata: ${'x'.repeat(40)}\n\n`;
      const result = parse(64, big, 'data: {"a":1}\n\n');
      expect(result.values).toEqual([{ a: 1 }]);
      expect(result.diagnostics).toEqual([
        'malformed-frame: frame longer than 64 characters dropped',
      ]);
    });

    it('drops a frame with a line longer than the limit, across chunks', async () => {
      const result = parse(
        64,
        'data: ',
        'y'.repeat(50),
        'y'.repeat(50),
        '\ndata: more\n\ndata: 2\n\n',
      );
      expect(result.values).toEqual([2]);
      expect(result.diagnostics).toHaveLength(1);
    });
  });
});
