import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  createOperatorUseEventState,
  foldOperatorUseEvents,
  reduceOperatorUseEvent,
  type OperatorUseEventState,
} from '../../../src/core/protocols/operator-use/events.js';
import { fromOperatorUseMessage } from '../../../src/core/protocols/operator-use/messages.js';
import type { Msg } from '../../../src/core/model/message.js';
import { validateMsg } from '../../../src/core/model/parse/message-reader.js';

const generated = (name: string): string =>
  readFileSync(new URL(`../../fixtures/operator-use/generated/${name}`, import.meta.url), 'utf8');
const local = (name: string): string =>
  readFileSync(new URL(`../../fixtures/operator-use/${name}`, import.meta.url), 'utf8');
const lines = (jsonl: string): unknown[] =>
  jsonl
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as unknown);

const iso = (seconds: number): string => new Date(seconds * 1000).toISOString();

function valid(state: OperatorUseEventState): OperatorUseEventState {
  for (const message of state.messages) expect(validateMsg(message)).toEqual([]);
  return state;
}

function reduceAll(
  events: readonly unknown[],
  state = createOperatorUseEventState(),
): OperatorUseEventState[] {
  const states = [state];
  for (const event of events)
    states.push(reduceOperatorUseEvent(states[states.length - 1] as OperatorUseEventState, event));
  return states;
}

const usage0 = { input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0 };
const assistant = (id: string, contents: unknown[], timestamp = 1718000700) => ({
  role: 'assistant',
  contents,
  id,
  timestamp,
  usage: usage0,
  stop_reason: 'stop',
  error: '',
});

/* ---------------------------------------------------------------------------------------------- */

describe('foldOperatorUseEvents: the generated RPC events', () => {
  const jsonl = generated('generated-rpc-events.jsonl');
  const events = lines(jsonl);
  const t0 = iso(1718000000);
  const t1 = iso(1718000001);
  const finalAssistant: Msg = {
    name: 'assistant',
    content: [
      {
        type: 'thinking',
        thinking: 'need ls',
        signature: 'sig',
        id: 'a-1:0',
        created_at: t0,
        finished_at: t0,
      },
      { type: 'text', text: 'Listing files.', id: 'a-1:1', created_at: t0, finished_at: t0 },
      {
        type: 'tool_call',
        id: 'call_1',
        name: 'list_dir',
        input: '{"path":"."}',
        state: 'finished',
        suggested_rules: [],
        kind: 'read',
        created_at: t0,
        finished_at: t0,
      },
    ],
    role: 'assistant',
    id: 'a-1',
    metadata: { stop_reason: 'tool_calls' },
    created_at: t0,
    usage: {
      input_tokens: 10,
      output_tokens: 5,
      cache_input_tokens: 0,
      cache_creation_input_tokens: 0,
      cost: 0,
    },
    finished_at: t0,
    finished_reason: 'completed',
    structured_output: null,
    error: null,
  };
  const toolMessage: Msg = {
    name: 'tool',
    content: [
      {
        type: 'tool_result',
        id: 'call_1',
        name: 'list_dir',
        output: 'a.txt\nb.txt',
        state: 'success',
        metadata: {},
        created_at: t1,
        finished_at: t1,
      },
    ],
    role: 'tool',
    id: 't-1',
    metadata: {},
    created_at: t1,
    usage: null,
    finished_at: t1,
    finished_reason: null,
    structured_output: null,
    error: null,
  };

  it('folds the stream to the assembled messages, every block field by field', () => {
    const state = valid(foldOperatorUseEvents(jsonl));
    expect(state.messages).toEqual([finalAssistant, toolMessage]);
    expect(state).toMatchObject({
      diagnostics: [],
      status: 'streaming',
      error: null,
      openMessageId: null,
    });
  });

  it('streams each update as a fragment appended to the bubble message_start opened', () => {
    const states = reduceAll(events);
    const open = states[3] as OperatorUseEventState;
    expect(open.openMessageId).toBe('a-1');
    expect(open.messages).toEqual([
      {
        name: 'assistant',
        content: [],
        role: 'assistant',
        id: 'a-1',
        metadata: {},
        created_at: t0,
        usage: null,
        finished_at: null,
        finished_reason: null,
        structured_output: null,
        error: null,
      },
    ]);
    expect(states[4]?.messages[0]?.content).toEqual([
      {
        type: 'thinking',
        thinking: 'need ',
        id: 'a-1:0',
        created_at: iso(1718000000.1),
        finished_at: null,
      },
    ]);
    expect(states[6]?.messages[0]?.content).toEqual([
      {
        type: 'thinking',
        thinking: 'need ',
        id: 'a-1:0',
        created_at: iso(1718000000.1),
        finished_at: null,
      },
      {
        type: 'text',
        text: 'Listing files.',
        id: 'a-1:1',
        created_at: iso(1718000000.2),
        finished_at: null,
      },
    ]);
    // message_end replaces the bubble; fragment ids line up with the final blocks.
    expect(states[7]?.messages).toEqual([
      {
        ...finalAssistant,
        content: [
          finalAssistant.content[0],
          finalAssistant.content[1],
          { ...(finalAssistant.content[2] as object), state: 'allowed' },
        ],
      },
    ]);
    // Running tool: a provisional tool message until the ToolMessage arrives.
    expect(states[8]?.messages[1]).toMatchObject({
      id: 'tools:call_1',
      role: 'tool',
      metadata: { provisional: true },
      finished_at: null,
      content: [
        {
          type: 'tool_result',
          id: 'call_1',
          name: 'list_dir',
          output: '',
          state: 'running',
          finished_at: null,
        },
      ],
    });
    expect(states[9]?.messages[0]?.content[2]).toMatchObject({ state: 'finished' });
    expect(states[9]?.messages[1]?.content[0]).toMatchObject({
      state: 'success',
      output: 'a.txt\nb.txt',
    });
    expect(states[states.length - 1]?.messages).toEqual([finalAssistant, toolMessage]);
  });

  it('gives the same result event by event, in one fold, and in two folds split anywhere', () => {
    const whole = foldOperatorUseEvents(events);
    expect(reduceAll(events).at(-1)?.messages).toEqual(whole.messages);
    for (let split = 0; split <= events.length; split++) {
      const first = foldOperatorUseEvents(events.slice(0, split));
      expect(foldOperatorUseEvents(events.slice(split), first).messages).toEqual(whole.messages);
    }
  });

  it('folds to what converting the final messages gives', () => {
    const ends = events.filter((event) => (event as { type: string }).type === 'message_end');
    const converted = ends.map(
      (event) => fromOperatorUseMessage((event as { message: unknown }).message).message,
    );
    const folded = foldOperatorUseEvents(events).messages;
    expect(folded.map((message) => message.content.map((block) => block.type))).toEqual(
      converted.map((message) => message.content.map((block) => block.type)),
    );
    expect(folded[0]).toEqual({
      ...converted[0],
      content: [
        converted[0]?.content[0],
        converted[0]?.content[1],
        { ...(converted[0]?.content[2] as object), state: 'finished' },
      ],
    });
  });

  it('keeps identity: untouched messages are the same objects, no-op events return the same state', () => {
    const states = reduceAll(events);
    const settled = states[7]?.messages[0];
    expect(states[8]?.messages[0]).toBe(settled);
    const afterTurnEnd = reduceOperatorUseEvent(states.at(-1) as OperatorUseEventState, {
      type: 'turn_end',
      turn_index: 0,
    });
    expect(afterTurnEnd).toBe(states.at(-1));
    const before = states[5] as OperatorUseEventState;
    const snapshot = JSON.stringify(before);
    reduceOperatorUseEvent(before, events[5]);
    expect(JSON.stringify(before)).toBe(snapshot);
  });
});

/* ---------------------------------------------------------------------------------------------- */

describe('foldOperatorUseEvents: hand-written streams', () => {
  it('keeps what streamed of a failed turn, with the agent error on it', () => {
    const state = valid(foldOperatorUseEvents(local('rpc-events-error.jsonl')));
    const t = iso(1718000500);
    expect(state).toMatchObject({
      status: 'error',
      error: { type: 'unknown', message: '529 Overloaded' },
      diagnostics: [],
      openMessageId: null,
    });
    expect(state.messages).toEqual([
      {
        name: 'assistant',
        content: [
          {
            type: 'text',
            text: 'Let me check',
            id: 'a-9:0',
            created_at: iso(1718000500.1),
            finished_at: null,
          },
        ],
        role: 'assistant',
        id: 'a-9',
        metadata: {},
        created_at: t,
        usage: null,
        finished_at: t,
        finished_reason: 'error',
        structured_output: null,
        error: { type: 'unknown', message: '529 Overloaded' },
      },
    ]);
  });

  it('shows tool progress, failure and the kind set at execution, then the real tool message', () => {
    const events = lines(local('rpc-events-tools.jsonl'));
    const states = reduceAll(events);
    const progress = states[10] as OperatorUseEventState;
    expect(progress.messages[0]?.content[2]).toMatchObject({
      id: 'call_x',
      kind: 'execute',
      state: 'allowed',
    });
    expect(progress.messages[1]).toMatchObject({
      id: 'tools:call_x',
      content: [
        {
          type: 'tool_result',
          id: 'call_x',
          name: 'bash',
          output: 'gcc -c a.c\ngcc -o app a.o',
          state: 'running',
        },
      ],
    });
    const failed = states[14] as OperatorUseEventState;
    expect(failed.messages[1]?.content[1]).toMatchObject({
      id: 'call_y',
      state: 'error',
      output: "Tool 'bash' execution failed:\nblocked",
    });

    const final = valid(states.at(-1) as OperatorUseEventState);
    const t0 = iso(1718000600);
    const t1 = iso(1718000601);
    const t2 = iso(1718000602);
    expect(final.status).toBe('done');
    expect(final.diagnostics.map((d) => d.message)).toEqual([
      'event type "mystery_event" is not an Operator-Use event; skipped',
    ]);
    expect(final.messages.map((message) => message.id)).toEqual(['a-7', 't-7', 'u-steer']);
    expect(final.messages[0]?.content).toEqual([
      {
        type: 'thinking',
        thinking: 'Two commands.',
        signature: 'sig-7',
        id: 'a-7:0',
        created_at: t0,
        finished_at: t0,
      },
      { type: 'text', text: 'Running them.', id: 'a-7:1', created_at: t0, finished_at: t0 },
      {
        type: 'tool_call',
        id: 'call_x',
        name: 'bash',
        input: '{"command":"make"}',
        state: 'finished',
        suggested_rules: [],
        kind: 'execute',
        created_at: t0,
        finished_at: t0,
      },
      {
        type: 'tool_call',
        id: 'call_y',
        name: 'bash',
        input: '{"command":"rm -rf /"}',
        state: 'finished',
        suggested_rules: [],
        kind: 'execute',
        created_at: t0,
        finished_at: t0,
      },
    ]);
    expect(final.messages[1]?.content).toEqual([
      {
        type: 'tool_result',
        id: 'call_x',
        name: 'bash',
        output: 'built app',
        state: 'success',
        metadata: { exit_code: 0 },
        created_at: t1,
        finished_at: t1,
      },
      {
        type: 'tool_result',
        id: 'call_y',
        name: 'bash',
        output: "Tool 'bash' execution failed:\nblocked",
        state: 'error',
        metadata: { terminate: true },
        created_at: t1,
        finished_at: t1,
      },
    ]);
    expect(final.messages[2]).toEqual({
      name: 'user',
      content: [
        {
          type: 'text',
          text: 'stop deleting things',
          id: 'u-steer:0',
          created_at: t2,
          finished_at: t2,
        },
      ],
      role: 'user',
      id: 'u-steer',
      metadata: {},
      created_at: t2,
      usage: null,
      finished_at: t2,
      finished_reason: null,
      structured_output: null,
      error: null,
    });
  });
});

/* ---------------------------------------------------------------------------------------------- */

describe('reduceOperatorUseEvent: variants and junk', () => {
  it('replaces the bubble with Tau-style whole partial messages and appends delta-only updates', () => {
    let state = foldOperatorUseEvents([{ type: 'message_start', message: assistant('a', []) }]);
    state = reduceOperatorUseEvent(state, {
      type: 'message_update',
      message: assistant('a', [{ type: 'text', content: 'Hel' }]),
      delta: 'Hel',
    });
    state = reduceOperatorUseEvent(state, {
      type: 'message_update',
      message: assistant('a', [{ type: 'text', content: 'Hello' }]),
      delta: 'lo',
    });
    expect(state.messages[0]?.content).toMatchObject([{ type: 'text', text: 'Hello' }]);
    state = reduceOperatorUseEvent(state, {
      type: 'message_update',
      thinking_delta: 'hmm',
      delta: '!',
    });
    expect(state.messages[0]?.content).toMatchObject([
      { type: 'text', text: 'Hello' },
      { type: 'thinking', thinking: 'hmm', id: 'a:1' },
      { type: 'text', text: '!', id: 'a:2' },
    ]);
    expect(valid(state).diagnostics).toEqual([]);
  });

  it('starts a bubble from an update that had no message_start, and message_end replaces it', () => {
    const state = valid(
      foldOperatorUseEvents([
        { type: 'message_update', message: assistant('d-1', [{ type: 'text', content: 'Hi' }]) },
        {
          type: 'message_update',
          message: assistant('d-2', [{ type: 'text', content: ' there' }]),
        },
      ]),
    );
    expect(state.messages[0]?.content).toMatchObject([{ type: 'text', text: 'Hi there' }]);
    expect(state.diagnostics.map((d) => d.message)).toEqual([
      'message_update without message_start; a message was started from the fragment',
    ]);
    expect(state.diagnostics.map((d) => [d.code, d.detail])).toEqual([
      ['implicit-start', 'missing-message-start'],
    ]);
    const ended = reduceOperatorUseEvent(state, {
      type: 'message_end',
      message: assistant('real', [{ type: 'text', content: 'Hi there' }]),
    });
    expect(ended.messages.map((message) => message.id)).toEqual(['real']);
  });

  it('closes an unfinished bubble as interrupted when another message starts or the agent ends', () => {
    const state = valid(
      foldOperatorUseEvents([
        { type: 'message_start', message: assistant('a', []) },
        { type: 'message_start', message: assistant('b', []) },
        { type: 'agent_end', reason: 'aborted' },
      ]),
    );
    expect(state.messages.map((message) => [message.id, message.finished_reason])).toEqual([
      ['a', 'interrupted'],
      ['b', 'interrupted'],
    ]);
    expect(state.status).toBe('cancelled');
    expect(state.diagnostics.map((d) => d.message)).toEqual([
      'message_start while a is still open; it was closed as interrupted',
    ]);
  });

  it('unwraps the {"type":"event"} envelope docs/rpc.md shows, and ignores transport events', () => {
    const state = foldOperatorUseEvents([
      { type: 'event', event: { type: 'agent_start' } },
      { type: 'response', command: 'prompt', success: true },
      { type: 'channel:connect', channel_id: 'x' },
    ]);
    expect(state).toMatchObject({ status: 'streaming', diagnostics: [], messages: [] });
  });

  it('records junk as diagnostics and never throws', () => {
    const state = valid(
      foldOperatorUseEvents(
        '{"type":"agent_start"}\nnot json\n42\n{"type":"message_start"}\n{"type":"message_end","message":"x"}\n{"type":"tool_execution_end","tool_result":{}}\n',
      ),
    );
    expect(state.messages).toEqual([]);
    expect(state.diagnostics.map((d) => d.message)).toEqual([
      'line 2: not valid JSON; skipped',
      'event 42 is not a JSON object; skipped',
      'message_start has no message (undefined); skipped',
      'message_end message "x" is not an object; skipped',
      'tool_execution_end: tool_result.id is missing; skipped',
    ]);
    expect(
      foldOperatorUseEvents(42 as unknown as string).diagnostics.map((d) => d.message),
    ).toEqual(['events are neither JSONL text nor a list (42)']);
  });

  it('continues from a state that was serialized and revived', () => {
    const partial = foldOperatorUseEvents([
      { type: 'message_start', message: assistant('a', []) },
      { type: 'message_update', message: assistant('d', [{ type: 'text', content: 'Hi' }]) },
    ]);
    const revived = JSON.parse(JSON.stringify(partial)) as OperatorUseEventState;
    const next = foldOperatorUseEvents(
      [{ type: 'message_update', message: assistant('e', [{ type: 'text', content: '!' }]) }],
      revived,
    );
    expect(next.messages).toHaveLength(1);
    expect(next.messages[0]?.content).toMatchObject([{ type: 'text', text: 'Hi!' }]);
  });

  it('appends 50,000 fragments after 2,000 messages into one growing text block', () => {
    const history = Array.from({ length: 2000 }, (_, index) => ({
      type: 'message_end',
      message: assistant(`h-${index}`, [{ type: 'text', content: 'x' }]),
    }));
    let state = foldOperatorUseEvents([
      ...history,
      { type: 'message_start', message: assistant('live', []) },
    ]);
    const before = state.messages.slice(0, 2000);
    const fragment = {
      type: 'message_update',
      message: assistant('frag', [{ type: 'text', content: 'abc ' }]),
    };
    for (let index = 0; index < 50_000; index++) state = reduceOperatorUseEvent(state, fragment);
    expect(state.messages).toHaveLength(2001);
    expect(state.messages[2000]?.content).toHaveLength(1);
    expect((state.messages[2000]?.content[0] as { text: string }).text.length).toBe(200_000);
    expect(state.messages.slice(0, 2000).every((msg, index) => msg === before[index])).toBe(true);
  });
});
