import { describe, expect, it } from 'vitest';
import { NdjsonParser } from '../../../src/core/stream/ndjson.js';
import type { ValueSink } from '../../../src/core/stream/value-sink.js';
import { collect, encodeNdjson, replyEvents, textDelta } from './agentscope-events.js';

const hello = textDelta('héllo 世界 🎉');
const json = JSON.stringify(hello);

function readNdjson(...chunks: string[]) {
  return collect(chunks, { format: 'ndjson' });
}

describe('NDJSON', () => {
  it('reads one event per line', async () => {
    const { events, diagnostics } = await readNdjson(encodeNdjson(replyEvents));
    expect(events).toEqual(replyEvents);
    expect(diagnostics).toEqual([]);
  });

  it('skips blank lines, tolerates CRLF and surrounding whitespace', async () => {
    const { events, diagnostics } = await readNdjson(
      `\r\n${json}\r\n\r\n  \t\r\n  ${json}  \r\n\n`,
    );
    expect(events).toEqual([hello, hello]);
    expect(diagnostics).toEqual([]);
  });

  it('accepts a last line without a line ending', async () => {
    expect((await readNdjson(`${json}\n${json}`)).events).toEqual([hello, hello]);
  });

  it('reads objects written back to back on one line', async () => {
    const tricky = textDelta('a } or { inside a "string" \\ with escapes', 'tricky');
    const { events, diagnostics } = await readNdjson(`${json}${JSON.stringify(tricky)} ${json}\n`);
    expect(events).toEqual([hello, tricky, hello]);
    expect(diagnostics).toEqual([]);
  });

  it('reads each element of a JSON array', async () => {
    expect((await readNdjson(`${JSON.stringify(replyEvents)}\n`)).events).toEqual(replyEvents);
  });

  it('reads a JSON array pretty-printed over many lines', async () => {
    const { events, diagnostics } = await readNdjson(`${JSON.stringify(replyEvents, null, 2)}\n`);
    expect(events).toEqual(replyEvents);
    expect(diagnostics).toEqual([]);
  });

  it('reads an unindented array with one event per line', async () => {
    const text = `[\n${replyEvents.map((event) => JSON.stringify(event)).join(',\n')}\n]\n`;
    expect((await readNdjson(text)).events).toEqual(replyEvents);
  });

  it('reads pretty-printed objects one after another', async () => {
    const text = replyEvents.map((event) => JSON.stringify(event, null, 2)).join('\n');
    expect((await readNdjson(text)).events).toEqual(replyEvents);
  });

  it('reports bad JSON and goes on', async () => {
    const { events, diagnostics } = await readNdjson(`${json}\nnot json\n{"a": tru}\n${json}\n`);
    expect(events).toEqual([hello, hello]);
    expect(diagnostics.map((d) => [d.code, d.raw])).toEqual([
      ['malformed-frame', 'not json'],
      ['malformed-frame', '{"a": tru}'],
    ]);
  });

  it('does not let an unterminated string swallow the next lines', async () => {
    const { events, diagnostics } = await readNdjson(
      `{"type": "TEXT_BLOCK_DELTA", "delta": "cut\n${json}\n`,
    );
    expect(events).toEqual([hello]);
    expect(diagnostics).toHaveLength(1);
  });

  it('recovers when a value is cut short and a whole event follows', async () => {
    const { events, diagnostics } = await readNdjson(
      `{"type": "TEXT_BLOCK_DELTA", "metadata": {\n${json}\n${json}\n`,
    );
    expect(events).toEqual([hello, hello]);
    expect(diagnostics.map((d) => d.message)).toEqual(['invalid JSON: value cut short']);
  });

  it('reports a value left open at the end of the stream', async () => {
    const { events, diagnostics } = await readNdjson(`${json}\n[\n${json},\n`);
    expect(events).toEqual([hello]);
    expect(diagnostics.map((d) => d.message)).toEqual(['JSON value not finished at end of stream']);
  });

  it('reports values that are not events, keeping the raw text', async () => {
    const { events, diagnostics } = await readNdjson(
      `42\n{"type":"MYSTERY_EVENT","x":"ü"}\n${json}\n`,
    );
    expect(events).toEqual([hello]);
    expect(diagnostics).toEqual([
      { code: 'invalid-event', message: 'an event must be a JSON object', raw: '42' },
      {
        code: 'invalid-event',
        message: 'unknown event type "MYSTERY_EVENT"',
        raw: '{"type":"MYSTERY_EVENT","x":"ü"}',
      },
    ]);
  });

  describe('limits', () => {
    function parse(maxFrameLength: number, ...chunks: string[]) {
      const values: unknown[] = [];
      const diagnostics: string[] = [];
      const sink: ValueSink = {
        value: (value) => values.push(value),
        diagnostic: (code, message) => diagnostics.push(`${code}: ${message}`),
      };
      const parser = new NdjsonParser(sink, maxFrameLength);
      for (const chunk of chunks) parser.push(chunk);
      parser.end();
      return { values, diagnostics };
    }

    it('drops a line longer than the limit, then goes on', () => {
      const result = parse(32, `{"a":"${'x'.repeat(20)}`, `${'x'.repeat(20)}"}\n{"b":1}\n`);
      expect(result.values).toEqual([{ b: 1 }]);
      expect(result.diagnostics).toEqual([
        'malformed-frame: line longer than 32 characters dropped',
      ]);
    });

    it('skips a multi-line value that outgrows the limit, reporting it once', () => {
      const lines = [
        '[',
        ...Array.from({ length: 20 }, (_, index) => `  {"n": ${index}},`),
        '  {"n": 20}',
        ']',
      ];
      const result = parse(64, `${lines.join('\n')}\n{"b":1}\n`);
      expect(result.values).toEqual([{ b: 1 }]);
      expect(result.diagnostics).toEqual([
        'malformed-frame: value longer than 64 characters dropped',
      ]);
    });
  });
});
