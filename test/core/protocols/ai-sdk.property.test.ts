import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AiSdkStreamState } from '../../../src/ai-sdk.js';
import { createAiSdkSseDecoder } from '../../../src/core/protocols/ai-sdk/sse.js';
import { createAiSdkStreamState, foldAiSdkStream, reduceAiSdkChunk } from '../../../src/ai-sdk.js';

/* -------------------------------------------------------------------------------------------------
 * Arbitraries: chunks of every type over small id pools, with junk fields now and then
 * -----------------------------------------------------------------------------------------------*/

const junk = fc.jsonValue({ maxDepth: 2 });
const maybe = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 6, arbitrary }, { weight: 1, arbitrary: junk });
const partId = maybe(fc.constantFrom('t1', 't2', 'r1'));
const callId = maybe(fc.constantFrom('c1', 'c2'));
const toolName = maybe(fc.constantFrom('search', 'deploy'));
const words = fc.string({ unit: 'grapheme', maxLength: 6 });

const chunk: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record(
      {
        type: fc.constant('start'),
        messageId: fc.option(fc.constantFrom('m1', 'm2'), { nil: undefined }),
      },
      { requiredKeys: ['type'] },
    ),
  },
  fc.record(
    { type: fc.constant('finish'), finishReason: maybe(fc.constantFrom('stop', 'error')) },
    { requiredKeys: ['type'] },
  ),
  fc.record({ type: fc.constant('abort'), reason: maybe(words) }, { requiredKeys: ['type'] }),
  fc.record({ type: fc.constant('error'), errorText: maybe(words) }),
  fc.record({ type: fc.constant('message-metadata'), messageMetadata: junk }),
  fc.constantFrom({ type: 'start-step' }, { type: 'finish-step' }, { type: 'reset-step' }),
  fc.record({
    type: fc.constantFrom('text-start', 'reasoning-start', 'text-end', 'reasoning-end'),
    id: partId,
  }),
  {
    weight: 8,
    arbitrary: fc.record({
      type: fc.constantFrom('text-delta', 'reasoning-delta'),
      id: partId,
      delta: maybe(words),
    }),
  },
  fc.record({
    type: fc.constant('text-end'),
    id: partId,
    citations: maybe(
      fc.array(
        fc.record({
          source: fc.record({ url: fc.constant('https://a.example') }),
          startIndex: fc.nat(9),
          endIndex: fc.nat(9),
        }),
        { maxLength: 2 },
      ),
    ),
  }),
  fc.record({
    type: fc.constant('source-url'),
    sourceId: maybe(fc.constantFrom('s1', 's2')),
    url: maybe(fc.constant('https://s.example')),
    title: maybe(words),
  }),
  fc.record({
    type: fc.constant('source-document'),
    sourceId: maybe(fc.constantFrom('s3')),
    mediaType: maybe(fc.constant('application/pdf')),
    title: maybe(words),
  }),
  fc.record({
    type: fc.constantFrom('file', 'reasoning-file'),
    url: maybe(
      fc.constantFrom(
        'data:image/png;base64,iVBORw0KGgo=',
        'https://f.example/a.png',
        'data:text/plain,h%C3%A9',
      ),
    ),
    mediaType: maybe(fc.constantFrom('image/png', 'text/plain', 'image')),
  }),
  fc.record(
    {
      type: fc.constantFrom('data-weather', 'data-status'),
      id: fc.option(fc.constantFrom('d1', 'd2'), { nil: undefined }),
      data: junk,
      transient: fc.option(fc.boolean(), { nil: undefined }),
    },
    { requiredKeys: ['type', 'data'] },
  ),
  fc.record({ type: fc.constant('custom'), kind: maybe(fc.constant('acme.widget')) }),
  fc.record({
    type: fc.constant('steering-message'),
    id: fc.constant('st'),
    parts: maybe(fc.constant([{ type: 'text', text: 'also this' }])),
  }),
  fc.record(
    {
      type: fc.constant('tool-input-start'),
      toolCallId: callId,
      toolName,
      dynamic: fc.option(fc.boolean(), { nil: undefined }),
    },
    { requiredKeys: ['type', 'toolCallId', 'toolName'] },
  ),
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('tool-input-delta'),
      toolCallId: callId,
      inputTextDelta: maybe(fc.constantFrom('{"q":', '"x"}', '')),
    }),
  },
  fc.record({
    type: fc.constantFrom('tool-input-available', 'tool-input-error'),
    toolCallId: callId,
    toolName,
    input: junk,
    errorText: maybe(words),
  }),
  fc.record({
    type: fc.constant('tool-approval-request'),
    toolCallId: callId,
    approvalId: maybe(fc.constantFrom('a1', 'a2')),
  }),
  fc.record(
    {
      type: fc.constant('tool-approval-response'),
      approvalId: maybe(fc.constantFrom('a1', 'a2')),
      approved: maybe(fc.boolean()),
      reason: fc.option(words, { nil: undefined }),
    },
    { requiredKeys: ['type', 'approvalId', 'approved'] },
  ),
  fc.record(
    {
      type: fc.constant('tool-output-available'),
      toolCallId: callId,
      output: junk,
      preliminary: fc.option(fc.boolean(), { nil: undefined }),
    },
    { requiredKeys: ['type', 'toolCallId', 'output'] },
  ),
  fc.record({
    type: fc.constantFrom('tool-output-error', 'tool-output-denied'),
    toolCallId: callId,
    errorText: maybe(words),
  }),
  fc.record({ type: fc.constantFrom('unknown-future-chunk', 'data-', '') }),
  fc.constantFrom('[DONE]', 'not json', '0:"v4 line"'),
  junk,
);

/** A JSON-safe chunk (what survives the SSE wire). */
const wireChunk = chunk.filter(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
);

/** What a user would see: the messages and the status (diagnostics compared where they must be). */
function view(state: AiSdkStreamState) {
  return { messages: state.messages, status: state.status, transient: state.transientData };
}

function toSse(chunks: readonly unknown[]): string {
  return `${chunks.map((value) => `data: ${JSON.stringify(value)}\n\n`).join('')}data: [DONE]\n\n`;
}

/* -------------------------------------------------------------------------------------------------
 * Properties
 * -----------------------------------------------------------------------------------------------*/

describe('foldAiSdkStream properties', () => {
  it('never throws on any chunk sequence, valid or junk, and reports instead', () => {
    fc.assert(
      fc.property(fc.array(chunk, { maxLength: 60 }), (chunks) => {
        const state = foldAiSdkStream(chunks);
        expect(state.chunkCount).toBe(chunks.length);
        for (const diagnostic of state.diagnostics) expect(typeof diagnostic.code).toBe('string');
      }),
      { numRuns: 400 },
    );
  });

  it('folding one chunk at a time equals folding the whole batch', () => {
    fc.assert(
      fc.property(fc.array(chunk, { maxLength: 50 }), (chunks) => {
        const batch = foldAiSdkStream(chunks);
        const single = chunks.reduce<AiSdkStreamState>(
          (state, value) => reduceAiSdkChunk(state, value),
          createAiSdkStreamState(),
        );
        expect(view(single)).toEqual(view(batch));
        expect(single.diagnostics).toEqual(batch.diagnostics);
      }),
      { numRuns: 300 },
    );
  });

  it('folding a prefix, then the rest, equals folding the whole', () => {
    fc.assert(
      fc.property(fc.array(chunk, { maxLength: 50 }), fc.nat(), (chunks, cut) => {
        const at = chunks.length === 0 ? 0 : cut % (chunks.length + 1);
        const whole = foldAiSdkStream(chunks);
        const parts = foldAiSdkStream(chunks.slice(at), foldAiSdkStream(chunks.slice(0, at)));
        expect(view(parts)).toEqual(view(whole));
        expect(parts.diagnostics).toEqual(whole.diagnostics);
      }),
      { numRuns: 300 },
    );
  });

  it('is pure: the same chunks folded twice from one state agree, and the state is untouched', () => {
    fc.assert(
      fc.property(
        fc.array(chunk, { maxLength: 30 }),
        fc.array(chunk, { maxLength: 30 }),
        (head, tail) => {
          const base = foldAiSdkStream(head);
          const before = JSON.stringify(view(base));
          const once = foldAiSdkStream(tail, base);
          const twice = foldAiSdkStream(tail, base);
          expect(view(twice)).toEqual(view(once));
          expect(JSON.stringify(view(base))).toBe(before);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('any split of the SSE bytes folds the same as the whole body', () => {
    fc.assert(
      fc.property(
        fc.array(wireChunk, { maxLength: 25 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        (chunks, cuts) => {
          const body = toSse(chunks);
          const bytes = new TextEncoder().encode(body);
          const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort(
            (a, b) => a - b,
          );
          const decoder = createAiSdkSseDecoder();
          const frames: unknown[] = [];
          let from = 0;
          for (const point of [...points, bytes.length]) {
            frames.push(...decoder.push(bytes.subarray(from, point)));
            from = point;
          }
          frames.push(...decoder.end());
          const whole = foldAiSdkStream(body);
          expect(view(foldAiSdkStream(frames))).toEqual(view(whole));
          // What crossed the wire (JSON turns -0 into 0), folded as objects, reads the same.
          const wire = JSON.parse(JSON.stringify(chunks)) as unknown[];
          expect(view(whole)).toEqual(view(foldAiSdkStream([...wire, '[DONE]'])));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps the identity of every message and block a chunk does not touch', () => {
    fc.assert(
      fc.property(fc.array(chunk, { maxLength: 40 }), chunk, (head, next) => {
        const before = foldAiSdkStream(head);
        const after = reduceAiSdkChunk(before, next);
        const touched = new Set([before.messageId, after.messageId]);
        before.messages.forEach((msg, index) => {
          if (!touched.has(msg.id)) expect(after.messages[index]).toBe(msg);
        });
        // A delta changes one block: every other block of its message is the same object.
        const delta = (typeof next === 'object' && next !== null ? next : {}) as { type?: unknown };
        const current = before.messages.find((msg) => msg.id === before.messageId);
        const changed = after.messages.find((msg) => msg.id === before.messageId);
        if (
          current !== undefined &&
          changed !== undefined &&
          (delta.type === 'text-delta' || delta.type === 'reasoning-delta') &&
          changed.content.length === current.content.length
        ) {
          const differing = current.content.filter(
            (block, index) => changed.content[index] !== block,
          );
          expect(differing.length).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 400 },
    );
  });
});
