import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AgentFlowStreamState } from '../../../src/core/protocols/agentflow/stream-work.js';
import {
  createAgentFlowStreamState,
  foldAgentFlowStream,
  reduceAgentFlowChunk,
} from '../../../src/core/protocols/agentflow/stream.js';
import { fromAgentFlowMessage } from '../../../src/core/protocols/agentflow/messages.js';
import type { ContentBlock } from '../../../src/core/model/block.js';
import type { Msg } from '../../../src/core/model/message.js';
import { validateMsg } from '../../../src/core/model/parse/message-reader.js';

const GENERATED = new URL('../../fixtures/agentflow/generated/', import.meta.url);
const LOCAL = new URL('../../fixtures/agentflow/', import.meta.url);

function readChunks(folder: URL, name: string): unknown[] {
  return readFileSync(new URL(name, folder), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
}

function message(state: AgentFlowStreamState, index: number): Msg {
  const found = state.messages[index];
  if (found === undefined) throw new Error(`no message ${index}`);
  return found;
}

function block(msg: Msg, index: number): ContentBlock {
  const found = msg.content[index];
  if (found === undefined) throw new Error(`no block ${index}`);
  return found;
}

function textOf(msg: Msg): string {
  return msg.content.map((b) => (b.type === 'text' ? b.text : '')).join('');
}

/** Every intermediate state of folding `chunks`. */
function states(chunks: unknown[]): AgentFlowStreamState[] {
  const all = [createAgentFlowStreamState()];
  for (const chunk of chunks)
    all.push(reduceAgentFlowChunk(all[all.length - 1] as AgentFlowStreamState, chunk));
  return all;
}

const stamp = (at: string) => ({ created_at: at, finished_at: at });

describe('fixture streams', () => {
  const files = [
    ...readdirSync(GENERATED)
      .filter((name) => name.endsWith('.ndjson'))
      .map((name) => [name, GENERATED] as const),
    ...readdirSync(LOCAL)
      .filter((name) => name.endsWith('.ndjson'))
      .map((name) => [name, LOCAL] as const),
  ];

  it.each(files)('%s folds into valid messages at every step', (name, folder) => {
    for (const state of states(readChunks(folder, name))) {
      for (const msg of state.messages) expect(validateMsg(msg)).toEqual([]);
    }
  });
});

describe('foldAgentFlowStream: generated-stream.ndjson', () => {
  const chunks = readChunks(GENERATED, 'generated-stream.ndjson');
  const steps = states(chunks);
  const final = steps[steps.length - 1] as AgentFlowStreamState;

  it('folds to the user echo, the final reply, the tool result and the tool error', () => {
    expect(final.diagnostics).toEqual([]);
    expect(final.chunkCount).toBe(6);
    expect(final.threadId).toBe('t-1');
    expect(final.runId).toBe('r-1');
    expect(final.streaming).toEqual({});
    expect(final.messages.map((m) => [m.id, m.role])).toEqual([
      ['u-1', 'user'],
      ['5b0c0f3e-0000-4000-8000-000000000001', 'assistant'],
      ['5b0c0f3e-0000-4000-8000-000000000002', 'tool'],
      ['agentflow-error:call_2', 'tool'],
    ]);
  });

  it('asserts every block field by field', () => {
    expect(message(final, 0).content).toStrictEqual([
      {
        type: 'text',
        id: 'u-1:0',
        text: 'Weather in Paris?',
        ...stamp('2024-06-10T06:13:20.000Z'),
      },
    ]);
    expect(message(final, 0).metadata).toStrictEqual({
      agentflow: { delta: false, timestamp: 1718000000, run_id: 'r-1', thread_id: 't-1' },
    });
    const at = '2024-06-10T06:13:23.000Z';
    expect(message(final, 1).content).toStrictEqual([
      {
        type: 'text',
        id: '5b0c0f3e-0000-4000-8000-000000000001:0',
        text: 'Let me check.',
        ...stamp(at),
      },
      {
        type: 'tool_call',
        id: 'call_1',
        name: 'get_weather',
        input: '{"city":"Paris"}',
        state: 'finished',
        suggested_rules: [],
        ...stamp(at),
      },
    ]);
    expect(message(final, 1)).toMatchObject({ finished_at: at, finished_reason: 'completed' });
    expect(message(final, 1).metadata).toStrictEqual({
      function_name: 'MAIN',
      provider: 'openai',
      node_name: 'MAIN',
      thread_id: 't-1',
      agentflow: {
        delta: false,
        timestamp: 1718000003,
        tools_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city": "Paris"}' },
          },
        ],
        reasoning: '',
        run_id: 'r-1',
        thread_id: 't-1',
        node: 'MAIN',
      },
    });
    expect(message(final, 2).content).toStrictEqual([
      {
        type: 'tool_result',
        id: 'call_1',
        name: 'get_weather',
        output: 'Sunny, 22C',
        state: 'success',
        metadata: {},
        ...stamp('2024-06-10T06:13:24.000Z'),
      },
    ]);
    expect(message(final, 3).content).toStrictEqual([
      {
        type: 'error',
        id: 'agentflow-error:call_2:0',
        message: 'boom',
        code: 'tool_failed',
        data: {
          status: 'tool_failed',
          tool_name: 'x',
          tool_call_id: 'call_2',
          node: 'TOOL',
          message: 'boom',
        },
      },
    ]);
  });

  it('appends delta fragments to one open bubble, then replaces it with the final message in place', () => {
    const afterFirst = steps[2] as AgentFlowStreamState;
    const afterSecond = steps[3] as AgentFlowStreamState;
    const afterFinal = steps[4] as AgentFlowStreamState;
    expect(message(afterFirst, 1)).toMatchObject({
      id: 'chatcmpl-abc',
      finished_at: null,
      finished_reason: null,
    });
    expect(textOf(message(afterFirst, 1))).toBe('Let me ');
    expect(textOf(message(afterSecond, 1))).toBe('Let me check.');
    expect(message(afterSecond, 1).content).toHaveLength(1);
    expect(afterSecond.status).toBe('streaming');
    expect(Object.values(afterSecond.streaming)).toEqual([1]);
    expect(afterFinal.messages).toHaveLength(2);
    expect(message(afterFinal, 1).id).toBe('5b0c0f3e-0000-4000-8000-000000000001');
    expect(afterFinal.streaming).toEqual({});
  });

  it('keeps the identity of every message a chunk does not touch', () => {
    const user = message(steps[1] as AgentFlowStreamState, 0);
    for (const state of steps.slice(1)) expect(message(state, 0)).toBe(user);
    const reply = message(steps[4] as AgentFlowStreamState, 1);
    expect(message(steps[5] as AgentFlowStreamState, 1)).not.toBe(reply); // the tool result finished its call
    expect(message(steps[6] as AgentFlowStreamState, 1)).toBe(
      message(steps[5] as AgentFlowStreamState, 1),
    );
    expect(message(steps[6] as AgentFlowStreamState, 2)).toBe(
      message(steps[5] as AgentFlowStreamState, 2),
    );
  });

  it('round-trips: the concatenated delta text equals the final text', () => {
    const deltas = chunks.filter(
      (c) => (c as { message?: { delta?: boolean } }).message?.delta === true,
    );
    const fragments = deltas
      .map((c) => textOf(fromAgentFlowMessage((c as { message: unknown }).message).message))
      .join('');
    const finalChunk = chunks.find(
      (c) =>
        (c as { message?: { message_id?: string } }).message?.message_id ===
        '5b0c0f3e-0000-4000-8000-000000000001',
    );
    const converted = fromAgentFlowMessage((finalChunk as { message: unknown }).message).message;
    expect(fragments).toBe(textOf(converted));
    expect(textOf(message(steps[3] as AgentFlowStreamState, 1))).toBe(textOf(converted));
    expect(message(final, 1).content).toEqual(
      converted.content.map((b) => (b.type === 'tool_call' ? { ...b, state: 'finished' } : b)),
    );
  });

  it('is idempotent when the same stream is replayed into the state', () => {
    const twice = foldAgentFlowStream(chunks, final);
    expect(twice.messages).toEqual(final.messages);
    expect(twice.streaming).toEqual({});
  });

  it('folds NDJSON text and NDJSON lines the same as parsed chunks', () => {
    const text = readFileSync(new URL('generated-stream.ndjson', GENERATED), 'utf8');
    expect(foldAgentFlowStream(text).messages).toEqual(final.messages);
    expect(foldAgentFlowStream(text.split('\n').filter(Boolean)).messages).toEqual(final.messages);
  });
});

describe('foldAgentFlowStream: Google-style deltas with reasoning', () => {
  const steps = states(readChunks(LOCAL, 'stream-google-reasoning.ndjson'));
  const final = steps[steps.length - 1] as AgentFlowStreamState;

  it('merges fragments by block type although every delta has a new message_id', () => {
    const bubble = message(steps[7] as AgentFlowStreamState, 1);
    expect(bubble.id).toBe('g-rand-1');
    expect(bubble.content.map((b) => b.type)).toEqual(['thinking', 'text']);
    expect(block(bubble, 0)).toMatchObject({ thinking: 'Light scatters.', finished_at: null });
    expect(block(bubble, 1)).toMatchObject({ text: 'Rayleigh scattering 🌈.', id: 'g-rand-1:4:0' });
    expect(bubble.usage).toStrictEqual({
      input_tokens: 12,
      output_tokens: 9,
      cache_input_tokens: 0,
      cache_creation_input_tokens: 0,
      reasoning_tokens: 4,
    });
  });

  it('replaces the bubble with the final message and ends the run', () => {
    expect(final.messages).toHaveLength(2);
    const reply = message(final, 1);
    expect(reply.id).toBe('g-final');
    expect(reply.content).toStrictEqual([
      {
        type: 'text',
        id: 'g-final:0',
        text: 'Rayleigh scattering 🌈.',
        ...stamp('2024-06-11T10:00:06.000Z'),
      },
      {
        type: 'thinking',
        id: 'g-final:1',
        thinking: 'Light scatters.',
        ...stamp('2024-06-11T10:00:06.000Z'),
      },
    ]);
    expect(final.status).toBe('done');
    expect(final.progress).toMatchObject({ status: 'graph_invoked' });
    expect((steps[2] as AgentFlowStreamState).progress).toMatchObject({
      status: 'invoking_node',
      node: 'MAIN',
    });
  });
});

describe('foldAgentFlowStream: remote tool calls', () => {
  const steps = states(readChunks(LOCAL, 'stream-remote-tool.ndjson'));
  const paused = steps[6] as AgentFlowStreamState;
  const final = steps[steps.length - 1] as AgentFlowStreamState;

  it('keeps the bubble id when the final message shares it (Anthropic)', () => {
    expect(message(steps[3] as AgentFlowStreamState, 1).id).toBe('msg_anthropic_1');
    expect(message(steps[4] as AgentFlowStreamState, 1).id).toBe('msg_anthropic_1');
  });

  it('shows the remote call as submitted, remote, awaiting the client, with the run interrupted', () => {
    expect(message(paused, 2).content).toStrictEqual([
      {
        type: 'tool_call',
        id: 'call_geo',
        name: 'get_location',
        input: '{"precision":"city"}',
        state: 'submitted',
        suggested_rules: [],
        kind: 'remote',
        remote: true,
        ...stamp('2024-06-12T13:46:44.000Z'),
      },
    ]);
    expect(paused.status).toBe('interrupted');
    expect(paused.interrupt).toMatchObject({
      reason: 'Remote tool call - graph interrupted',
      node: 'TOOL',
      run_id: 'r-1',
    });
  });

  it('finishes both the call and its remote placeholder when the client result arrives in the next run', () => {
    expect(final.interrupt).toBeNull();
    expect(final.status).toBe('done');
    expect(block(message(final, 1), 1)).toMatchObject({ id: 'call_geo', state: 'finished' });
    expect(block(message(final, 2), 0)).toMatchObject({
      id: 'call_geo',
      state: 'finished',
      remote: true,
    });
    // The client's tool message carries a millisecond timestamp.
    expect(message(final, 3)).toMatchObject({
      role: 'tool',
      created_at: '2024-06-12T13:46:50.000Z',
    });
    expect(block(message(final, 3), 0)).toMatchObject({
      name: 'get_location',
      value: { city: 'Lyon' },
      state: 'success',
    });
    expect(final.messages.map((m) => m.id)).toEqual([
      'u-3',
      'msg_anthropic_1',
      'remote-placeholder',
      'tr-geo',
      'msg_anthropic_2',
    ]);
  });
});

describe('foldAgentFlowStream: interrupts', () => {
  const paused = foldAgentFlowStream(readChunks(LOCAL, 'stream-interrupt.ndjson'));

  it('surfaces an interrupt payload as a typed interrupt, not as tool calls asking', () => {
    expect(paused.status).toBe('interrupted');
    expect(paused.interrupt).toStrictEqual({
      id: 'int-1',
      key: 'approve_booking',
      node: 'TOOL',
      value: { flight: 'AZ123', price: 199 },
      message: 'Approve this booking?',
      reason: 'input_required',
      response_schema: { type: 'boolean' },
      tool_call_id: 'call_book',
      run_id: 'r-a',
      data: expect.objectContaining({ status: 'interrupted', step: 2 }) as unknown,
    });
    expect(block(message(paused, 1), 1)).toMatchObject({ id: 'call_book', state: 'submitted' });
  });

  it('clears the interrupt when the graph resumes', () => {
    const resumed = foldAgentFlowStream(readChunks(LOCAL, 'stream-resume.ndjson'), paused);
    expect(resumed.interrupt).toBeNull();
    expect(resumed.status).toBe('streaming');
    expect(block(message(resumed, 1), 1)).toMatchObject({ id: 'call_book', state: 'finished' });
    expect(message(resumed, 0)).toBe(message(paused, 0));
  });

  it('reads a static interrupt_before from a state chunk, keeping its data', () => {
    const state = foldAgentFlowStream(readChunks(LOCAL, 'stream-static-interrupt.ndjson'));
    expect(state.status).toBe('interrupted');
    expect(state.interrupt).toMatchObject({
      node: 'TOOL',
      reason: 'interrupt_before: TOOL',
      value: { pending: 'delete_repo' },
      run_id: 'r-s',
    });
  });

  it('closes an open bubble on a stop request', () => {
    const state = foldAgentFlowStream([
      {
        event: 'message',
        run_id: 'r',
        message: {
          message_id: 'd',
          role: 'assistant',
          delta: true,
          timestamp: 1718000000,
          content: [{ type: 'text', text: 'Hal' }],
        },
      },
      { event: 'updates', run_id: 'r', data: { status: 'node_invoked', reason: 'stop_requested' } },
    ]);
    expect(state.status).toBe('cancelled');
    expect(message(state, 0)).toMatchObject({
      finished_at: '2024-06-10T06:13:20.000Z',
      finished_reason: 'interrupted',
    });
    expect(state.streaming).toEqual({});
  });
});

describe('foldAgentFlowStream: bubbles', () => {
  const delta = (node: string | null, text: string, id = 'same-id') => ({
    event: 'message',
    run_id: 'r',
    metadata: node === null ? {} : { node },
    message: {
      message_id: id,
      role: 'assistant',
      delta: true,
      timestamp: 1718000000,
      content: [{ type: 'text', text }],
    },
  });
  const final = (node: string | null, id: string, text: string) => ({
    event: 'message',
    run_id: 'r',
    metadata: node === null ? {} : { node },
    message: {
      message_id: id,
      role: 'assistant',
      delta: false,
      timestamp: 1718000001,
      content: [{ type: 'text', text }],
    },
  });

  it('keeps one bubble per node when two nodes stream at once', () => {
    const state = foldAgentFlowStream([
      delta('A', 'a1'),
      delta('B', 'b1'),
      delta('A', 'a2'),
      delta('B', 'b2'),
    ]);
    expect(state.messages.map((m) => [m.id, textOf(m)])).toEqual([
      ['same-id', 'a1a2'],
      ['agentflow-stream:1', 'b1b2'],
    ]);
    const done = foldAgentFlowStream([final('B', 'fb', 'b1b2'), final('A', 'fa', 'a1a2')], state);
    expect(done.messages.map((m) => m.id)).toEqual(['fa', 'fb']);
    expect(done.streaming).toEqual({});
  });

  it('lets a final message without a node find the only bubble, but not one of another node', () => {
    const open = foldAgentFlowStream([delta('A', 'x')]);
    expect(foldAgentFlowStream([final(null, 'f', 'x')], open).messages.map((m) => m.id)).toEqual([
      'f',
    ]);
    expect(foldAgentFlowStream([final('B', 'f', 'y')], open).messages.map((m) => m.id)).toEqual([
      'same-id',
      'f',
    ]);
  });

  it('does not merge a later reply into a bubble the final message already replaced', () => {
    const state = foldAgentFlowStream([
      delta('A', 'one'),
      final('A', 'f1', 'one'),
      delta('A', 'two', 'same-id'),
    ]);
    expect(state.messages.map((m) => [m.id, textOf(m), m.finished_at])).toEqual([
      ['f1', 'one', '2024-06-10T06:13:21.000Z'],
      ['same-id', 'two', null],
    ]);
  });
});

describe('foldAgentFlowStream: errors', () => {
  it('ends the open bubble on a graph failure, and reports a later one in a message of its own', () => {
    const state = foldAgentFlowStream(readChunks(LOCAL, 'stream-graph-error.ndjson'));
    expect(state.status).toBe('error');
    expect(state.streaming).toEqual({});
    const bubble = message(state, 1);
    expect(bubble).toMatchObject({
      id: 'chatcmpl-e',
      finished_at: '2024-06-14T21:20:01.000Z',
      finished_reason: 'error',
      error: { type: 'unknown', message: 'Graph recursion limit of 25 reached' },
    });
    expect(block(bubble, 1)).toStrictEqual({
      type: 'error',
      id: 'chatcmpl-e:2',
      message: 'Graph recursion limit of 25 reached',
      code: 'invoked_graph',
      data: { status: 'invoked_graph', reason: 'Graph recursion limit of 25 reached' },
    });
    expect(message(state, 2)).toMatchObject({
      id: 'agentflow-error:r-e:3',
      role: 'assistant',
      finished_reason: 'error',
      error: { type: 'unknown', message: 'Internal server error' },
      content: [
        {
          type: 'error',
          message: 'Internal server error',
          data: { reason: 'Internal server error' },
        },
      ],
    });
  });

  it('lets the real tool message replace the placeholder of a tool_failed chunk', () => {
    const steps = states(readChunks(LOCAL, 'stream-tool-failure.ndjson'));
    const placeholder = steps[2] as AgentFlowStreamState;
    expect(message(placeholder, 1)).toMatchObject({
      id: 'agentflow-error:call_7',
      role: 'tool',
      content: [{ type: 'error', message: 'ValueError: city not found', code: 'tool_failed' }],
    });
    const final = steps[3] as AgentFlowStreamState;
    expect(final.messages.map((m) => m.id)).toEqual(['a-7', 'tool-fail-7']);
    expect(
      message(final, 1).content.map((b) => [b.type, b.type === 'tool_result' ? b.state : null]),
    ).toEqual([
      ['error', null],
      ['tool_result', 'error'],
    ]);
    expect(block(message(final, 0), 0)).toMatchObject({ state: 'finished' });
    expect(final.status).toBe('streaming');
  });

  it('does not repeat a tool failure its tool message already showed', () => {
    const [call, failure, toolMessage] = readChunks(LOCAL, 'stream-tool-failure.ndjson');
    const state = foldAgentFlowStream([call, toolMessage, failure]);
    expect(state.messages.map((m) => m.id)).toEqual(['a-7', 'tool-fail-7']);
    expect(state.diagnostics).toEqual([
      {
        code: 'dropped',
        path: '$[2]',
        message: 'tool failure already shown by its tool message; not repeated',
      },
    ]);
  });
});

describe('reduceAgentFlowChunk: junk never throws', () => {
  it.each([
    [null, 'invalid-input', '$[0]', 'not a StreamChunk object; skipped'],
    ['{not json', 'invalid-input', '$[0]', 'not JSON; skipped'],
    [{ event: 'telepathy' }, 'unknown-event', '$[0].event', 'unknown event; skipped'],
    [{ event: 'message' }, 'invalid-input', '$[0]', 'message chunk with neither message nor data'],
    [
      { event: 'updates', data: 3 },
      'dropped',
      '$[0].data',
      'updates chunk without a data object; ignored',
    ],
    [{ event: 'state', state: 'x' }, 'dropped', '$[0].state', 'no execution_meta object; ignored'],
  ])('reports %j', (chunk, code, path, text) => {
    const state = reduceAgentFlowChunk(createAgentFlowStreamState(), chunk);
    expect(state.diagnostics).toEqual([{ code, path, message: text }]);
    expect(state.messages).toEqual([]);
    expect(state.chunkCount).toBe(1);
  });

  it('keeps a junk message as a message holding an unknown block', () => {
    const state = reduceAgentFlowChunk(createAgentFlowStreamState(), {
      event: 'message',
      message: 'hi',
    });
    expect(message(state, 0).content).toMatchObject([{ type: 'unknown', raw: 'hi' }]);
    expect(state.diagnostics).toEqual([
      {
        code: 'invalid-input',
        path: '$[0].message',
        message: 'not an AgentFlow message object; kept as an unknown block',
      },
    ]);
  });

  it('folds a bare Message given instead of a chunk', () => {
    const state = reduceAgentFlowChunk(createAgentFlowStreamState(), {
      message_id: 'b',
      role: 'user',
      content: [],
    });
    expect(state.messages.map((m) => m.id)).toEqual(['b']);
    expect(state.diagnostics).toEqual([
      {
        code: 'converted',
        path: '$[0]',
        message: 'a bare Message, not a StreamChunk; folded as a message',
      },
    ]);
  });

  it('survives a chunk source that is not iterable or that throws', () => {
    expect(foldAgentFlowStream(42 as unknown as unknown[]).diagnostics).toHaveLength(1);
    function* failing() {
      yield { event: 'message', message: { message_id: 'a', role: 'user', content: [] } };
      throw new Error('socket closed');
    }
    const state = foldAgentFlowStream(failing());
    expect(state.messages.map((m) => m.id)).toEqual(['a']);
    expect(state.diagnostics[0]?.message).toContain('socket closed');
  });

  it('returns the same messages array for a chunk that changes no message', () => {
    const start = foldAgentFlowStream(readChunks(GENERATED, 'generated-stream.ndjson'));
    const next = reduceAgentFlowChunk(start, {
      event: 'updates',
      data: { status: 'invoking_tool' },
    });
    expect(next.messages).toBe(start.messages);
    expect(next.diagnostics).toBe(start.diagnostics);
  });

  it('keeps the messages array for a chunk that only reports a problem', () => {
    const start = foldAgentFlowStream(readChunks(GENERATED, 'generated-stream.ndjson'));
    const next = reduceAgentFlowChunk(start, { event: 'no-such-event' });
    expect(next.messages).toBe(start.messages);
    expect(next.diagnostics.at(-1)).toMatchObject({
      code: 'unknown-event',
      path: `$[${start.chunkCount}].event`,
    });
    expect(next.diagnostics).toHaveLength(start.diagnostics.length + 1);
  });

  it('keeps only the latest 500 diagnostics', () => {
    const state = foldAgentFlowStream(Array.from({ length: 600 }, () => null));
    expect(state.diagnostics).toHaveLength(500);
    expect(state.diagnostics[0]?.path).toBe('$[100]');
  });
});

describe('long streams', () => {
  it('grows one text block per bubble and leaves earlier messages untouched', () => {
    let state = foldAgentFlowStream(
      Array.from({ length: 1000 }, (_, i) => ({
        event: 'message',
        message: { message_id: `h${i}`, role: 'user', content: [{ type: 'text', text: 'hi' }] },
      })),
    );
    const history = state.messages;
    for (let i = 0; i < 20_000; i++) {
      state = reduceAgentFlowChunk(state, {
        event: 'message',
        run_id: 'r',
        metadata: { node: 'MAIN' },
        message: {
          message_id: `g${i}`,
          role: 'assistant',
          delta: true,
          content: [{ type: 'text', text: 'abcdefghij' }],
        },
      });
    }
    const bubble = message(state, 1000);
    expect(textOf(bubble).length).toBe(200_000);
    expect(bubble.content).toHaveLength(1);
    expect(state.messages.slice(0, 1000).every((m, i) => m === history[i])).toBe(true);
  });
});
