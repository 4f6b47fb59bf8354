import { describe, expect, it } from 'vitest';
import { readEventStream } from '../../../src/core/stream/read-event-stream.js';
import {
  asyncItems,
  chunkBytes,
  collect,
  encodeNdjson,
  encodeSse,
  replyEvents,
  sseFrame,
  textDelta,
  utf8,
} from './agentscope-events.js';

describe('readEventStream', () => {
  describe('diagnostics', () => {
    it('reports bad JSON as a malformed frame and an unknown type as an invalid event, and goes on', async () => {
      const unknown = {
        id: 'x',
        created_at: '',
        metadata: {},
        type: 'FUTURE_EVENT',
        reply_id: 'r',
      };
      const text = `${sseFrame(replyEvents[0])}data: {"type": "TEXT_BLOCK_DELTA", oops}\n\n${sseFrame(unknown)}${sseFrame(replyEvents[1])}`;
      const { events, diagnostics } = await collect([text]);
      expect(events).toEqual(replyEvents.slice(0, 2));
      expect(diagnostics).toEqual([
        {
          code: 'malformed-frame',
          message: expect.stringContaining('invalid JSON'),
          raw: '{"type": "TEXT_BLOCK_DELTA", oops}',
        },
        {
          code: 'invalid-event',
          message: 'unknown event type "FUTURE_EVENT"',
          raw: JSON.stringify(unknown),
        },
      ]);
    });

    it('reports an event that misses a required field', async () => {
      const { diagnostics } = await collect([
        sseFrame({ type: 'TEXT_BLOCK_DELTA', reply_id: 'r', block_id: 'b' }),
      ]);
      expect(diagnostics).toEqual([
        expect.objectContaining({ code: 'invalid-event', message: 'event.delta must be a string' }),
      ]);
    });

    it('calls onDiagnostic in stream order, between the events around it', async () => {
      const log: string[] = [];
      const text = `${sseFrame(replyEvents[0])}data: nope\n\n${sseFrame(replyEvents[1])}`;
      for await (const event of readEventStream([text], { onDiagnostic: (d) => log.push(d.code) }))
        log.push(event.type);
      expect(log).toEqual(['REPLY_START', 'malformed-frame', 'MODEL_CALL_START']);
    });

    it('keeps at most 2,000 characters of the raw text', async () => {
      const { diagnostics } = await collect([`data: ${'x'.repeat(5000)}\n\n`]);
      expect(diagnostics[0]?.raw).toHaveLength(2000);
    });

    it('survives an onDiagnostic callback that throws', async () => {
      const stream = readEventStream([`data: nope\n\n${sseFrame(replyEvents[0])}`], {
        onDiagnostic: () => {
          throw new Error('logger broke');
        },
      });
      const events: unknown[] = [];
      for await (const event of stream) events.push(event);
      expect(events).toEqual([replyEvents[0]]);
    });

    it('drops a 16 MB line with a diagnostic instead of growing without bound', async () => {
      const huge = `data: {"delta": "${'x'.repeat(16 * 1024 * 1024)}"}\n\n`;
      const { events, diagnostics } = await collect([
        huge.slice(0, 1000),
        huge.slice(1000),
        sseFrame(replyEvents[0]),
      ]);
      expect(events).toEqual([replyEvents[0]]);
      expect(diagnostics).toEqual([
        {
          code: 'malformed-frame',
          message: 'frame longer than 16777216 characters dropped',
          raw: huge.slice(0, 1000),
        },
      ]);
    });
  });

  it('can be iterated once; a second iteration yields nothing', async () => {
    const stream = readEventStream([encodeSse(replyEvents)]);
    const first: unknown[] = [];
    for await (const event of stream) first.push(event);
    const second: unknown[] = [];
    for await (const event of stream) second.push(event);
    expect(first).toEqual(replyEvents);
    expect(second).toEqual([]);
  });

  it('gives the same object parseAgentEvent gives for an event that needs no repair', async () => {
    const first = replyEvents.slice(0, 1);
    const { events } = await collect(first);
    expect(events[0]).toBe(first[0]);
  });

  // Correctness only: speed is the benchmark's business, and timed assertions flake on busy machines.
  describe('big inputs', { timeout: 60_000 }, () => {
    function bigReply(bytes: number) {
      const events = [];
      for (let size = 0, index = 0; size < bytes; index += 1) {
        const event = textDelta(
          `chunk ${index}: héllo 世界 🎉 ${'lorem ipsum '.repeat(index % 20)}`,
          `e${index}`,
        );
        size += JSON.stringify(event).length;
        events.push(event);
      }
      return events;
    }

    it('reads 5 MB of NDJSON fed in 7-byte chunks', async () => {
      const events = bigReply(5 * 1024 * 1024);
      const { events: read, diagnostics } = await collect(
        asyncItems(chunkBytes(utf8(encodeNdjson(events)), 7)),
      );
      expect(diagnostics).toEqual([]);
      expect(read).toHaveLength(events.length);
      expect(read).toEqual(events);
    });

    it('reads 256 KB of SSE fed one byte at a time', async () => {
      const events = bigReply(256 * 1024);
      const { events: read, diagnostics } = await collect(
        asyncItems(chunkBytes(utf8(encodeSse(events)), 1)),
      );
      expect(diagnostics).toEqual([]);
      expect(read).toEqual(events);
    });

    it('reads 5 MB of SSE fed in 64 KiB chunks', async () => {
      const events = bigReply(5 * 1024 * 1024);
      const { events: read } = await collect(
        asyncItems(chunkBytes(utf8(encodeSse(events)), 64 * 1024)),
      );
      expect(read).toEqual(events);
    });
  });
});
