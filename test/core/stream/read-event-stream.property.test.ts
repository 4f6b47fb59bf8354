import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/core/model/event.js';
import { parseAgentEvent } from '../../../src/core/model/parse/event-reader.js';
import type { EventStreamSource } from '../../../src/core/stream/byte-source.js';
import { asyncItems, collect, pythonDumps, splitBytes, utf8 } from './agentscope-events.js';

const text = fc.string({ unit: 'binary', maxLength: 24 });
const base = { created_at: '2026-09-01T12:34:56.123456', metadata: {} };

const eventArbitrary: fc.Arbitrary<AgentEvent> = fc.oneof(
  fc.record({ id: text, delta: text }).map(({ id, delta }): AgentEvent => ({
    ...base,
    id,
    type: 'TEXT_BLOCK_DELTA',
    reply_id: 'reply-id',
    block_id: 'text-id',
    delta,
  })),
  fc.record({ id: text, delta: text }).map(({ id, delta }): AgentEvent => ({
    ...base,
    id,
    type: 'THINKING_BLOCK_DELTA',
    reply_id: 'reply-id',
    block_id: 'thinking-id',
    delta,
  })),
  fc.record({ id: text, delta: text }).map(({ id, delta }): AgentEvent => ({
    ...base,
    id,
    type: 'TOOL_CALL_DELTA',
    reply_id: 'reply-id',
    tool_call_id: 'call-id',
    delta,
  })),
  fc.record({ id: text, name: text }).map(({ id, name }): AgentEvent => ({
    ...base,
    id,
    type: 'REPLY_START',
    session_id: 'session-id',
    reply_id: 'reply-id',
    name,
    role: 'assistant',
  })),
  fc.record({ id: text, name: text, value: text }).map(({ id, name, value }): AgentEvent => ({
    ...base,
    id,
    type: 'CUSTOM',
    name,
    value: { value, nested: [value] },
  })),
  fc.record({ id: text, url: text }).map(({ id, url }): AgentEvent => ({
    ...base,
    id,
    type: 'TOOL_RESULT_DATA_DELTA',
    reply_id: 'reply-id',
    tool_call_id: 'call-id',
    block_id: 'data-id',
    media_type: 'image/png',
    data: null,
    url,
  })),
);

const events = fc.array(eventArbitrary, { maxLength: 12 });
const cuts = fc.array(fc.nat(), { maxLength: 40 });
const sourceKind = fc.constantFrom('async-iterable', 'iterable', 'readable-stream', 'response');

function sourceOf(kind: string, chunks: Uint8Array[]): EventStreamSource {
  if (kind === 'iterable') return chunks;
  if (kind === 'async-iterable') return asyncItems(chunks);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  return kind === 'readable-stream' ? stream : { body: stream, headers: { get: () => null } };
}

function cutAnywhere(bytes: Uint8Array, points: readonly number[]): Uint8Array[] {
  return splitBytes(
    bytes,
    points.map((point) => point % (bytes.length + 1)),
  );
}

describe('readEventStream properties', () => {
  it('decodes SSE to the same events however the bytes are cut', async () => {
    await fc.assert(
      fc.asyncProperty(
        events,
        fc.constantFrom('\n', '\r\n', '\r'),
        fc.boolean(),
        fc.boolean(),
        cuts,
        sourceKind,
        async (list, newline, heartbeats, python, points, kind) => {
          const frames = list.map(
            (event) =>
              `data: ${python ? pythonDumps(event) : JSON.stringify(event)}${newline}${newline}`,
          );
          const bytes = utf8(frames.join(heartbeats ? `:${newline}${newline}` : ''));
          const whole = await collect([bytes]);
          const pieces = await collect(sourceOf(kind, cutAnywhere(bytes, points)));
          expect(whole.events).toEqual(list);
          expect(pieces.events).toEqual(whole.events);
          expect(pieces.diagnostics).toEqual([]);
        },
      ),
      { numRuns: 150 },
    );
  }, 60_000);

  it('decodes NDJSON to the same events however the bytes are cut', async () => {
    await fc.assert(
      fc.asyncProperty(
        events,
        fc.constantFrom('\n', '\r\n'),
        fc.constantFrom('lines', 'back-to-back', 'array', 'pretty'),
        cuts,
        sourceKind,
        async (list, newline, layout, points, kind) => {
          const json = list.map((event) => JSON.stringify(event));
          const encoded =
            layout === 'lines'
              ? json.map((line) => line + newline).join('')
              : layout === 'back-to-back'
                ? json.join('') + newline
                : layout === 'array'
                  ? `[${json.join(`,${newline}`)}]`
                  : list
                      .map((event) => JSON.stringify(event, null, 2).replaceAll('\n', newline))
                      .join(newline);
          const bytes = utf8(encoded);
          const whole = await collect([bytes], { format: 'ndjson' });
          const pieces = await collect(sourceOf(kind, cutAnywhere(bytes, points)));
          expect(whole.events).toEqual(list);
          expect(pieces.events).toEqual(whole.events);
          expect(pieces.diagnostics).toEqual([]);
        },
      ),
      { numRuns: 150 },
    );
  }, 60_000);

  const format = fc.constantFrom('auto', 'sse', 'ndjson') as fc.Arbitrary<
    'auto' | 'sse' | 'ndjson'
  >;

  function expectOnlyDiagnostics(result: Awaited<ReturnType<typeof collect>>): void {
    for (const event of result.events) expect(parseAgentEvent(event).ok).toBe(true);
    for (const diagnostic of result.diagnostics) {
      expect(['malformed-frame', 'invalid-event']).toContain(diagnostic.code);
      expect(typeof diagnostic.raw).toBe('string');
      expect(String(diagnostic.raw).length).toBeLessThanOrEqual(2000);
    }
  }

  it('never throws on arbitrary bytes, only reports diagnostics', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 400 }),
        cuts,
        format,
        async (bytes, points, chosen) => {
          const result = await collect(asyncItems(cutAnywhere(bytes, points)), { format: chosen });
          expectOnlyDiagnostics(result);
          const whole = await collect([bytes], { format: chosen });
          expect(result.events).toEqual(whole.events);
          expect(result.diagnostics).toEqual(whole.diagnostics);
        },
      ),
      { numRuns: 200 },
    );
  });

  const token = fc.oneof(
    fc.constantFrom(
      'data:',
      'data: ',
      ':',
      'id: ',
      'retry: ',
      'event: ',
      '\n',
      '\r',
      '\r\n',
      '\n\n',
      ' ',
      '{',
      '}',
      '[',
      ']',
      ',',
      '"',
      '\\',
      '\\"',
      '\uFEFF',
      '"type"',
      ':"TEXT_BLOCK_DELTA"',
      '{"type":"CUSTOM","name":"x","value":{}}',
      '\0',
    ),
    fc.string({ unit: 'binary', maxLength: 6 }),
  );

  it('never throws on arbitrary text made of SSE and JSON fragments', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(token, { maxLength: 60 }),
        cuts,
        format,
        async (tokens, points, chosen) => {
          const text = tokens.join('');
          const cutsInText = [...new Set(points.map((point) => point % (text.length + 1)))].sort(
            (a, b) => a - b,
          );
          const chunks = [0, ...cutsInText].map((start, index) =>
            text.slice(start, cutsInText[index] ?? text.length),
          );
          const result = await collect(asyncItems(chunks), { format: chosen });
          expectOnlyDiagnostics(result);
          const whole = await collect([text], { format: chosen });
          // Cutting text (not bytes) changes nothing either, even for garbage.
          expect(result.events).toEqual(whole.events);
          expect(result.diagnostics).toEqual(whole.diagnostics);
        },
      ),
      { numRuns: 200 },
    );
  });
});
