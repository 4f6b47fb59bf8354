import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createAgentFlowStreamState,
  foldAgentFlowStream,
  reduceAgentFlowChunk,
} from '../../../src/core/protocols/agentflow/stream.js';
import {
  fromAgentFlowMessage,
  fromAgentFlowMessages,
} from '../../../src/core/protocols/agentflow/messages.js';
import type { Msg } from '../../../src/core/model/message.js';
import { validateMsg } from '../../../src/core/model/parse/message-reader.js';

/* -------------------------------------------------------------------------------------------------
 * Arbitraries: shaped like AgentFlow's wire, with any field replaced by junk now and then
 * -----------------------------------------------------------------------------------------------*/

const junk = fc.jsonValue({ maxDepth: 2 });
const maybe = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 4, arbitrary }, { weight: 1, arbitrary: junk }, fc.constant(null));

const callId = fc.constantFrom('c1', 'c2', 'c3');
const text = fc.string({ unit: 'binary', maxLength: 12 });

const mediaRef = fc.record(
  {
    kind: maybe(fc.constantFrom('url', 'file_id', 'data')),
    url: maybe(
      fc.constantFrom(
        'https://example.com/a.png',
        'agentflow://media/k',
        'graph://media/v.mp4',
        'data:image/png;base64,AAAA',
        '',
      ),
    ),
    file_id: maybe(fc.oneof(fc.string(), fc.integer())),
    data_base64: maybe(fc.oneof(fc.base64String(), fc.constant('data:audio/wav;base64,UklGRg=='))),
    mime_type: maybe(fc.constantFrom('image/png', 'audio/wav', 'video/mp4', 'application/pdf', '')),
    size_bytes: maybe(fc.oneof(fc.integer(), fc.double())),
    sha256: maybe(fc.string()),
    filename: maybe(fc.constantFrom('a.png', 'b.MP3', 'c', 'x.constructor', '.')),
    width: maybe(fc.integer()),
    height: maybe(fc.integer()),
    duration_ms: maybe(fc.double()),
    page: maybe(fc.integer()),
  },
  { requiredKeys: [] },
);

const annotationRef = fc.record(
  {
    url: maybe(fc.webUrl()),
    file_id: maybe(fc.string()),
    page: maybe(fc.integer()),
    index: maybe(fc.integer()),
    title: maybe(fc.string()),
  },
  { requiredKeys: [] },
);

const BLOCK_TYPES = [
  'text',
  'image',
  'audio',
  'video',
  'document',
  'data',
  'tool_call',
  'remote_tool_call',
  'tool_result',
  'reasoning',
  'annotation',
  'error',
  'unknown',
  'citation_card',
] as const;

const block = fc.record(
  {
    type: fc.oneof(
      { weight: 9, arbitrary: fc.constantFrom(...BLOCK_TYPES) },
      { weight: 1, arbitrary: junk },
    ),
    text: maybe(text),
    annotations: maybe(fc.array(annotationRef, { maxLength: 2 })),
    media: maybe(mediaRef),
    thumbnail: maybe(mediaRef),
    alt_text: maybe(fc.string()),
    bbox: maybe(fc.array(fc.integer(), { maxLength: 4 })),
    transcript: maybe(fc.string()),
    pages: maybe(fc.array(fc.oneof(fc.integer(), fc.double()), { maxLength: 3 })),
    excerpt: maybe(fc.string()),
    mime_type: maybe(fc.constantFrom('application/json', 'text/plain')),
    data_base64: maybe(fc.base64String()),
    id: maybe(fc.oneof(callId, fc.integer())),
    name: maybe(fc.string()),
    args: maybe(fc.dictionary(fc.string(), junk, { maxKeys: 3 })),
    tool_type: maybe(fc.constantFrom('remote', 'server_tool')),
    call_id: maybe(callId),
    tool_call_id: maybe(callId),
    output: junk,
    content: junk,
    is_error: maybe(fc.boolean()),
    status: maybe(fc.constantFrom('completed', 'failed', 'error')),
    summary: maybe(text),
    thinking: maybe(text),
    details: maybe(fc.array(fc.string(), { maxLength: 2 })),
    signature: maybe(fc.string()),
    kind: maybe(fc.constantFrom('citation', 'note')),
    refs: maybe(fc.array(annotationRef, { maxLength: 3 })),
    annotation: maybe(annotationRef),
    spans: maybe(
      fc.array(
        fc.oneof(
          fc.tuple(fc.integer({ min: -2, max: 20 }), fc.integer({ min: -2, max: 20 })),
          junk,
        ),
        { maxLength: 3 },
      ),
    ),
    message: maybe(fc.string()),
    error: maybe(fc.string()),
    code: maybe(fc.oneof(fc.string(), fc.integer())),
    data: junk,
  },
  { requiredKeys: ['type'] },
);

const usages = fc.record(
  {
    completion_tokens: maybe(fc.integer({ min: 0 })),
    prompt_tokens: maybe(fc.integer({ min: 0 })),
    total_tokens: maybe(fc.integer({ min: 0 })),
    reasoning_tokens: maybe(fc.integer({ min: 0 })),
    cache_read_input_tokens: maybe(fc.integer({ min: 0 })),
    cache_creation_input_tokens: maybe(fc.integer({ min: 0 })),
  },
  { requiredKeys: [] },
);

const timestamp = fc.oneof(
  fc.integer({ min: 1_000_000_000, max: 2_000_000_000 }),
  fc.integer({ min: 1_000_000_000_000, max: 2_000_000_000_000 }),
  fc.double(),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  fc.string(),
);

const messageLike = fc.record(
  {
    message_id: maybe(fc.oneof(fc.constantFrom('a', 'b', '0', ''), fc.string(), fc.integer())),
    role: maybe(fc.constantFrom('user', 'assistant', 'system', 'tool')),
    content: fc.oneof(
      {
        weight: 5,
        arbitrary: fc.array(
          fc.oneof({ weight: 5, arbitrary: block }, { weight: 1, arbitrary: junk }),
          { maxLength: 6 },
        ),
      },
      { weight: 1, arbitrary: junk },
    ),
    delta: maybe(fc.boolean()),
    tools_calls: junk,
    reasoning: maybe(fc.string()),
    timestamp: maybe(timestamp),
    metadata: maybe(
      fc.record(
        {
          function_name: maybe(fc.string()),
          tool_call_id: maybe(callId),
          node_name: maybe(fc.constantFrom('MAIN', 'TOOL')),
        },
        { requiredKeys: [] },
      ),
    ),
    usages: maybe(usages),
    raw: junk,
    parsed_content: junk,
  },
  { requiredKeys: [] },
);

const chunk = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record(
      {
        event: maybe(fc.constantFrom('message', 'state', 'updates', 'error')),
        message: fc.oneof({ weight: 4, arbitrary: messageLike }, fc.constant(null), junk),
        state: maybe(
          fc.record({
            execution_meta: maybe(
              fc.record(
                {
                  status: maybe(
                    fc.constantFrom('interrupted_before', 'interrupted_after', 'running'),
                  ),
                  interrupt_reason: maybe(fc.string()),
                  interrupted_node: maybe(fc.string()),
                  interrupt_data: junk,
                },
                { requiredKeys: [] },
              ),
            ),
          }),
        ),
        data: maybe(
          fc.record(
            {
              status: maybe(
                fc.constantFrom(
                  'interrupted',
                  'graph_invoked',
                  'invoking_graph',
                  'tool_failed',
                  'done',
                  'tool_progress',
                  'stopped',
                ),
              ),
              reason: maybe(
                fc.constantFrom('stop_requested', 'Remote tool call - graph interrupted', 'boom'),
              ),
              tool_call_id: maybe(callId),
              tool_name: maybe(fc.string()),
              message: junk,
              error: junk,
              interrupt: maybe(
                fc.record(
                  { id: maybe(fc.string()), value: junk, tool_call_id: maybe(callId) },
                  { requiredKeys: [] },
                ),
              ),
            },
            { requiredKeys: [] },
          ),
        ),
        run_id: maybe(fc.constantFrom('r1', 'r2')),
        thread_id: maybe(fc.string()),
        metadata: maybe(
          fc.record({ node: maybe(fc.constantFrom('MAIN', 'TOOL')) }, { requiredKeys: [] }),
        ),
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: junk },
  { weight: 1, arbitrary: fc.string() },
);

function expectValid(messages: readonly Msg[]): void {
  for (const msg of messages) expect(validateMsg(msg)).toEqual([]);
}

/* -------------------------------------------------------------------------------------------------
 * Messages
 * -----------------------------------------------------------------------------------------------*/

describe('fromAgentFlowMessage properties', () => {
  it('never throws on arbitrary JSON and always returns a valid Msg', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const result = fromAgentFlowMessage(value);
        expect(validateMsg(result.message)).toEqual([]);
        expect(Array.isArray(result.diagnostics)).toBe(true);
      }),
      { numRuns: 200 },
    );
  }, 30_000);

  it('never throws on message-shaped objects with random fields and always returns a valid Msg', () => {
    fc.assert(
      fc.property(messageLike, (value) => {
        const result = fromAgentFlowMessage(value);
        expect(validateMsg(result.message)).toEqual([]);
        for (const diagnostic of result.diagnostics)
          expect(diagnostic.path?.startsWith('$')).toBe(true);
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('converts lists of them into valid messages', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(messageLike, junk), { maxLength: 6 }), (list) => {
        expectValid(fromAgentFlowMessages(list).messages);
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('returns a valid Msg for objects that cannot be serialized', () => {
    const cyclic: Record<string, unknown> = { message_id: 'c', role: 'assistant' };
    cyclic['content'] = [{ type: 'tool_call', id: 'x', name: 'n', args: cyclic }];
    cyclic['metadata'] = { big: 10n };
    const result = fromAgentFlowMessage(cyclic);
    expect(validateMsg(result.message)).toEqual([]);
  });
});

/* -------------------------------------------------------------------------------------------------
 * Stream
 * -----------------------------------------------------------------------------------------------*/

describe('foldAgentFlowStream properties', () => {
  it('never throws, and every state holds valid messages with unique ids', () => {
    fc.assert(
      fc.property(fc.array(chunk, { maxLength: 25 }), (chunks) => {
        let state = createAgentFlowStreamState();
        for (const item of chunks) {
          state = reduceAgentFlowChunk(state, item);
          expectValid(state.messages);
          expect(new Set(state.messages.map((m) => m.id)).size).toBe(state.messages.length);
          for (const index of Object.values(state.streaming))
            expect(state.messages[index]?.finished_at).toBeNull();
        }
        expect(state.chunkCount).toBe(chunks.length);
        expect(state.diagnostics.length).toBeLessThanOrEqual(500);
      }),
      { numRuns: 200 },
    );
  }, 30_000);

  it('changes at most one message on a delta text fragment; the others keep their identity', () => {
    const delta = (piece: string) => ({
      event: 'message',
      run_id: 'r1',
      metadata: { node: 'MAIN' },
      message: {
        message_id: 'x',
        role: 'assistant',
        delta: true,
        content: [{ type: 'text', text: piece }],
      },
    });
    fc.assert(
      fc.property(fc.array(chunk, { maxLength: 15 }), text, (chunks, piece) => {
        const before = foldAgentFlowStream(chunks);
        const after = reduceAgentFlowChunk(before, delta(piece));
        expect(after.messages.length - before.messages.length).toBeLessThanOrEqual(1);
        const changed = before.messages.filter((msg, index) => after.messages[index] !== msg);
        expect(changed.length).toBeLessThanOrEqual(1);
      }),
      { numRuns: 200 },
    );
  }, 30_000);

  it('round-trips: folding the deltas gives the final text, and the final message replaces the bubble', () => {
    const fragments = fc.array(
      fc.record({ kind: fc.constantFrom('text', 'reasoning'), piece: text }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(fragments, fc.boolean(), (pieces, newIds) => {
        const chunks = pieces.map(({ kind, piece }, index) => ({
          event: 'message',
          run_id: 'r1',
          metadata: { node: 'MAIN' },
          message: {
            message_id: newIds ? `delta-${index}` : 'chatcmpl-1',
            role: 'assistant',
            delta: true,
            timestamp: 1718000000 + index,
            content: [
              kind === 'text'
                ? { type: 'text', text: piece }
                : { type: 'reasoning', summary: piece },
            ],
          },
        }));
        const fullText = pieces
          .filter((p) => p.kind === 'text')
          .map((p) => p.piece)
          .join('');
        const fullReasoning = pieces
          .filter((p) => p.kind === 'reasoning')
          .map((p) => p.piece)
          .join('');
        const final = {
          message_id: 'final-1',
          role: 'assistant',
          delta: false,
          timestamp: 1718000100,
          content: [
            { type: 'text', text: fullText },
            { type: 'reasoning', summary: fullReasoning },
          ],
        };
        const streamed = foldAgentFlowStream(chunks);
        const bubble = streamed.messages[0];
        const textOf = (msg: Msg | undefined, type: 'text' | 'thinking') =>
          (msg?.content ?? [])
            .map((b) =>
              b.type === 'text' && type === 'text'
                ? b.text
                : b.type === 'thinking' && type === 'thinking'
                  ? b.thinking
                  : '',
            )
            .join('');
        expect(textOf(bubble, 'text')).toBe(fullText);
        expect(textOf(bubble, 'thinking')).toBe(fullReasoning);

        const done = reduceAgentFlowChunk(streamed, {
          event: 'message',
          run_id: 'r1',
          metadata: { node: 'MAIN' },
          message: final,
        });
        const converted = fromAgentFlowMessage(final).message;
        expect(done.messages).toHaveLength(1);
        expect(done.streaming).toEqual({});
        expect(done.messages[0]?.content).toEqual(converted.content);
        expect(textOf(done.messages[0], 'text')).toBe(textOf(converted, 'text'));
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
