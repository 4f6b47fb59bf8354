import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentEvent, ToolCallBlock } from '../../src/core.js';
import {
  AGENT_EVENT_TYPES,
  appendMessages,
  createConfirmResult,
  createConversation,
  foldEvents,
  getReplyStatus,
  toolCallBlock,
} from '../../src/core.js';
import type { DemoServer } from '../../demo/server/app.js';
import { startDemoServer } from '../../demo/server/app.js';
import { history, isEnd, openStream, post, say } from './client.js';

let server: DemoServer;
let base: string;
let counter = 0;
const session = () => `test-${++counter}`;

beforeAll(async () => {
  server = await startDemoServer({ port: 0, heartbeatMs: 50 });
  base = server.url;
});
afterAll(() => server.close());

/** Field order after `id, created_at, metadata, type`, per class (reference/agentscope.md §1.2). */
const FIELDS: Partial<Record<AgentEvent['type'], string[]>> = {
  REPLY_START: ['session_id', 'reply_id', 'name', 'role'],
  REPLY_END: ['session_id', 'reply_id', 'finished_reason', 'error'],
  MODEL_CALL_START: ['reply_id', 'model_name'],
  MODEL_CALL_END: [
    'reply_id',
    'input_tokens',
    'output_tokens',
    'cache_input_tokens',
    'cache_creation_input_tokens',
    'finished_reason',
  ],
  TEXT_BLOCK_DELTA: ['reply_id', 'block_id', 'delta'],
  TOOL_CALL_START: ['reply_id', 'tool_call_id', 'tool_call_name'],
  TOOL_RESULT_DATA_DELTA: ['reply_id', 'tool_call_id', 'block_id', 'media_type', 'data', 'url'],
  TOOL_RESULT_END: ['reply_id', 'tool_call_id', 'state'],
  REQUIRE_USER_CONFIRM: ['reply_id', 'tool_calls'],
  DATA_BLOCK_DELTA: ['reply_id', 'block_id', 'data', 'media_type'],
  HINT_BLOCK: ['reply_id', 'block_id', 'source', 'hint'],
};

async function runToEnd(id: string, text: string, speed?: string) {
  const stream = await openStream(base, id);
  const from = stream.events.length;
  expect((await say(base, id, text, speed)).body).toEqual({ status: 'started', session_id: id });
  const end = await stream.waitFor(isEnd, from);
  return { stream, end, events: stream.events.slice(from, stream.events.indexOf(end) + 1) };
}

function lastOf<T>(list: readonly T[]): T {
  const last = list.at(-1);
  if (last === undefined) throw new Error('empty list');
  return last;
}

/** The first tool call a `REQUIRE_*` event carries. */
function firstCall(event: AgentEvent): ToolCallBlock {
  const calls = 'tool_calls' in event ? event.tool_calls : [];
  return lastOf(calls.slice(0, 1));
}

/** An `EXTERNAL_EXECUTION_RESULT` for the call a `REQUIRE_EXTERNAL_EXECUTION` event carries. */
function externalResult(end: AgentEvent, output: unknown[]) {
  const call = firstCall(end);
  return {
    id: `ext-${++counter}`,
    created_at: '2026-11-22T10:00:00.000Z',
    metadata: {},
    type: 'EXTERNAL_EXECUTION_RESULT',
    reply_id: end.type === 'REQUIRE_EXTERNAL_EXECUTION' ? end.reply_id : '',
    execution_results: [
      {
        type: 'tool_result',
        id: call.id,
        name: call.name,
        output,
        state: 'success',
        metadata: {},
        created_at: '',
        finished_at: null,
      },
    ],
  };
}

const INTERRUPTED_REMINDER =
  '<system-reminder>The tool call has been interrupted by the user.</system-reminder>';

/** An event as `[type, tool_call_id, state | finished_reason | delta]`, for order checks. */
function summary(event: AgentEvent): [string, string | null, string | null] {
  const fields = event as unknown as Record<string, string | undefined>;
  const detail = fields['state'] ?? fields['finished_reason'] ?? fields['delta'] ?? null;
  return [event.type, fields['tool_call_id'] ?? null, detail];
}

/** Starts a reply, stops it at the first event that matches, and returns its events. */
async function stopAt(text: string, speed: string, match: (event: AgentEvent) => boolean) {
  const id = session();
  const stream = await openStream(base, id);
  await say(base, id, text, speed);
  await stream.waitFor(match);
  await fetch(`${base}/sessions/${id}/interrupt`, { method: 'POST' });
  const end = await stream.waitFor((e) => e.type === 'REPLY_END');
  stream.close();
  return stream.events.slice(0, stream.events.indexOf(end) + 1);
}

function askingCall(id: string, messages: readonly { content: unknown[] }[]): ToolCallBlock {
  const call = messages
    .flatMap((msg) => msg.content as ToolCallBlock[])
    .find((block) => block.type === 'tool_call' && block.state === 'asking');
  if (!call) throw new Error(`no asking call in ${id}`);
  return call;
}

describe('wire format', () => {
  it('frames are `id: <event id>` and `data: <json>`, or `:` heartbeats, keys in the Python order', async () => {
    const id = session();
    const { stream, events } = await runToEnd(
      id,
      'Show me an image, an audio clip, a video and a PDF',
    );
    await new Promise((resolve) => setTimeout(resolve, 120));
    stream.close();
    expect(stream.frames).toContain(':');
    for (const frame of stream.frames) {
      if (frame === ':') continue;
      // The frame's id is the event's own, so `Last-Event-ID` names an event.
      const [id, data] = frame.split('\n');
      expect(data?.startsWith('data: {"id": "')).toBe(true);
      expect(id).toBe(`id: ${(JSON.parse(data?.slice(6) ?? '') as { id: string }).id}`);
    }
    for (const event of events) {
      const keys = Object.keys(event);
      expect(keys.slice(0, 4)).toEqual(['id', 'created_at', 'metadata', 'type']);
      expect(AGENT_EVENT_TYPES).toContain(event.type);
      const fields = FIELDS[event.type];
      if (fields) expect(keys.slice(4)).toEqual(fields);
      expect(event.id).toMatch(/^[0-9a-f]{32}$/);
      expect(event.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/);
    }
    const end = events.at(-1);
    expect(end).toMatchObject({ type: 'REPLY_END', finished_reason: 'completed', error: null });
  });

  it('media is served same-origin with its type, and base64 chunks merge into a PNG', async () => {
    const id = session();
    const { events } = await runToEnd(id, 'image please');
    const urls = events.flatMap((event) =>
      event.type === 'TOOL_RESULT_DATA_DELTA' ? [event.url] : [],
    );
    expect(urls).toHaveLength(4);
    for (const url of urls) {
      expect(url?.startsWith(base)).toBe(true);
      const response = await fetch(url ?? '');
      expect(response.status).toBe(200);
    }
    const [message] = foldEvents(events).messages;
    const image = message?.content.find((block) => block.type === 'data');
    expect(
      image?.type === 'data' && image.source.type === 'base64' && image.source.data,
    ).toBeTruthy();
    if (image?.type === 'data' && image.source.type === 'base64') {
      expect(Buffer.from(image.source.data, 'base64').subarray(1, 4).toString()).toBe('PNG');
    }
  });
});

describe('human in the loop', () => {
  it('allow with a rule: re-published result, same-id REPLY_START, output; no second ask', async () => {
    const id = session();
    const first = await runToEnd(id, 'List the files in src with ls');
    expect(first.end.type).toBe('REQUIRE_USER_CONFIRM');
    const call = firstCall(first.end);
    expect(call).toMatchObject({ name: 'Bash', state: 'asking' });
    expect(call.suggested_rules).toEqual([
      { tool_name: 'Bash', rule_content: 'ls:*', behavior: 'allow', source: 'suggested' },
    ]);
    const { messages } = await history(base, id);
    const decision = createConfirmResult(lastOf(messages), {
      toolCall: askingCall(id, messages),
      confirmed: true,
      rules: call.suggested_rules,
    });
    const from = first.stream.events.length;
    expect((await post(base, id, decision)).status).toBe(200);
    const end = await first.stream.waitFor((e) => e.type === 'REPLY_END', from);
    const resumed = first.stream.events.slice(from, first.stream.events.indexOf(end) + 1);
    expect(resumed[0]).toMatchObject({ type: 'USER_CONFIRM_RESULT', id: decision.id });
    expect(resumed[1]).toMatchObject({ type: 'REPLY_START', reply_id: decision.reply_id });
    expect(resumed[2]).toMatchObject({ type: 'TOOL_RESULT_START', tool_call_id: call.id });
    expect(resumed).toContainEqual(
      expect.objectContaining({ type: 'TOOL_RESULT_END', tool_call_id: call.id, state: 'success' }),
    );
    const second = await runToEnd(id, 'List the files in src with ls again');
    expect(second.events.map((e) => e.type)).not.toContain('REQUIRE_USER_CONFIRM');
    expect(second.end).toMatchObject({ type: 'REPLY_END', finished_reason: 'completed' });
    first.stream.close();
    second.stream.close();
  });

  it('deny: the denial reminder and TOOL_RESULT_END(denied)', async () => {
    const id = session();
    const { stream } = await runToEnd(id, 'Delete the dist folder');
    const { messages } = await history(base, id);
    const decision = createConfirmResult(lastOf(messages), {
      toolCall: askingCall(id, messages),
      confirmed: false,
    });
    const from = stream.events.length;
    await post(base, id, decision);
    await stream.waitFor((e) => e.type === 'REPLY_END', from);
    const after = stream.events.slice(from);
    expect(after).toContainEqual(
      expect.objectContaining({
        type: 'TOOL_RESULT_TEXT_DELTA',
        delta: '<system-reminder>The execution of tool "Bash" is denied by user!</system-reminder>',
      }),
    );
    expect(after).toContainEqual(
      expect.objectContaining({ type: 'TOOL_RESULT_END', state: 'denied' }),
    );
    stream.close();
  });

  it('external execution: the open result block gets the browser output, no new START', async () => {
    const id = session();
    const { stream, events, end } = await runToEnd(id, 'What time zone is my browser in?');
    expect(end.type).toBe('REQUIRE_EXTERNAL_EXECUTION');
    expect(events.at(-2)?.type).toBe('TOOL_RESULT_START');
    const call = firstCall(end);
    expect(call.state).toBe('submitted');
    const result = externalResult(end, [
      {
        type: 'text',
        text: '{"timeZone":"Europe/Paris"}',
        id: 't',
        created_at: '',
        finished_at: null,
      },
    ]);
    const from = stream.events.length;
    expect((await post(base, id, result)).status).toBe(200);
    await stream.waitFor((e) => e.type === 'REPLY_END', from);
    const after = stream.events.slice(from).map((e) => e.type);
    expect(after.slice(0, 4)).toEqual([
      'EXTERNAL_EXECUTION_RESULT',
      'REPLY_START',
      'TOOL_RESULT_TEXT_DELTA',
      'TOOL_RESULT_END',
    ]);
    expect(after).not.toContain('TOOL_RESULT_START');
    stream.close();
  });

  it('external execution: a data result keeps its block id, so a replay folds to that block', async () => {
    const id = session();
    const { stream, end } = await runToEnd(id, 'What time zone is my browser in?');
    const image = {
      type: 'data',
      id: 'browser-shot-1',
      source: { type: 'base64', data: 'iVBORw0KGgo=', media_type: 'image/png' },
      name: null,
      created_at: '',
      finished_at: null,
    };
    const from = stream.events.length;
    expect((await post(base, id, externalResult(end, [image]))).status).toBe(200);
    const delta = await stream.waitFor((e) => e.type === 'TOOL_RESULT_DATA_DELTA', from);
    expect(delta).toMatchObject({ block_id: 'browser-shot-1', data: 'iVBORw0KGgo=', url: null });
    await stream.waitFor((e) => e.type === 'REPLY_END', from);
    stream.close();
    const { messages } = await history(base, id);
    const result = lastOf(messages).content.find((block) => block.type === 'tool_result');
    expect(result?.type === 'tool_result' && result.output).toEqual([
      expect.objectContaining({ type: 'data', id: 'browser-shot-1' }),
    ]);
  });

  it('a decision for a reply that is not parked is refused', async () => {
    const id = session();
    await runToEnd(id, 'hello');
    const decision = createConfirmResult('nope', {
      toolCall: toolCallBlock({ id: 'c', name: 'Bash' }),
      confirmed: true,
    });
    expect((await post(base, id, decision)).status).toBe(409);
  });
});

describe('interrupts', () => {
  it('mid-stream: open blocks close, MODEL_CALL_END(interrupted), REPLY_END(interrupted)', async () => {
    const id = session();
    const stream = await openStream(base, id);
    await say(base, id, 'Tell me a long story', 'realistic');
    await stream.waitFor((e) => e.type === 'TEXT_BLOCK_DELTA');
    const response = await fetch(`${base}/sessions/${id}/interrupt?agent_id=demo`, {
      method: 'POST',
    });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ session_id: id });
    await stream.waitFor((e) => e.type === 'REPLY_END');
    const tail = stream.events.slice(-3).map((e) => e.type);
    expect(tail).toEqual(['TEXT_BLOCK_END', 'MODEL_CALL_END', 'REPLY_END']);
    expect(stream.events.at(-2)).toMatchObject({ finished_reason: 'interrupted' });
    expect(stream.events.at(-1)).toMatchObject({ finished_reason: 'interrupted' });
    stream.close();
  });

  it.each([
    ['Keep searching until you find the answer', 'slow'],
    ['Show me an image, an audio clip, a video and a PDF', 'realistic'],
  ])(
    'during a running tool (%s): one TOOL_RESULT_START per call, then the interrupted result',
    async (text, speed) => {
      // Tools that run without asking: the agent marks them allowed itself, with no event.
      const events = await stopAt(text, speed, (e) => e.type === 'TOOL_RESULT_START');
      const starts = events.flatMap((e) =>
        e.type === 'TOOL_RESULT_START' ? [e.tool_call_id] : [],
      );
      const calls = events.flatMap((e) => (e.type === 'TOOL_CALL_START' ? [e.tool_call_id] : []));
      expect(starts).toEqual(calls);
      const running = lastOf(starts);
      expect(events.slice(-3).map(summary)).toEqual([
        ['TOOL_RESULT_TEXT_DELTA', running, INTERRUPTED_REMINDER],
        ['TOOL_RESULT_END', running, 'interrupted'],
        ['REPLY_END', null, 'interrupted'],
      ]);
      const folded = foldEvents(events);
      expect(folded.diagnostics).toEqual([]);
      expect(getReplyStatus(lastOf(folded.messages))).toBe('interrupted');
    },
  );

  it('the server error scenario, stopped mid-text, closes its text and model call', async () => {
    const events = await stopAt(
      'Trigger a server error',
      'slow',
      (e) => e.type === 'TEXT_BLOCK_DELTA',
    );
    expect(events.slice(-3).map(summary)).toEqual([
      ['TEXT_BLOCK_END', null, null],
      ['MODEL_CALL_END', null, 'interrupted'],
      ['REPLY_END', null, 'interrupted'],
    ]);
    expect(events.filter((e) => e.type === 'MODEL_CALL_START')).toHaveLength(1);
    const reply = lastOf(foldEvents(events).messages);
    expect(reply.content.map((block) => block.finished_at === null)).toEqual([false]);
  });

  it('while parked: the asking call gets an interrupted result, then REPLY_END', async () => {
    const id = session();
    const { stream, end } = await runToEnd(id, 'Delete the dist folder');
    const from = stream.events.length;
    await fetch(`${base}/sessions/${id}/interrupt`, { method: 'POST' });
    await stream.waitFor((e) => e.type === 'REPLY_END', from);
    expect(stream.events.slice(from).map((e) => [e.type, 'state' in e ? e.state : null])).toEqual([
      ['REPLY_START', null],
      ['TOOL_RESULT_START', null],
      ['TOOL_RESULT_TEXT_DELTA', null],
      ['TOOL_RESULT_END', 'interrupted'],
      ['REPLY_END', null],
    ]);
    expect(stream.events[from]).toMatchObject({ reply_id: 'reply_id' in end ? end.reply_id : '' });
    stream.close();
  });
});

describe('reconnecting', () => {
  it('history + replay rebuild the conversation exactly, with no duplicated text', async () => {
    const id = session();
    const live = await openStream(base, id);
    await say(base, id, 'Tell me a long story', 'fast');
    await live.waitFor((e) => e.type === 'TEXT_BLOCK_DELTA');
    await new Promise((resolve) => setTimeout(resolve, 150));
    const { messages, is_running } = await history(base, id);
    expect(is_running).toBe(true);
    expect(messages.map((m) => m.role)).toEqual(['user']);
    const again = await openStream(base, id);
    await again.waitFor((e) => e.type === 'TEXT_BLOCK_DELTA');
    await new Promise((resolve) => setTimeout(resolve, 100));
    await fetch(`${base}/sessions/${id}/interrupt`, { method: 'POST' });
    await again.waitFor((e) => e.type === 'REPLY_END');
    await live.waitFor((e) => e.type === 'REPLY_END');
    const rebuilt = foldEvents(again.events, appendMessages(createConversation(), messages));
    const original = foldEvents(live.events, appendMessages(createConversation(), messages));
    expect(rebuilt.messages).toEqual(original.messages);
    expect(rebuilt.diagnostics).toEqual([]);
    const reply = lastOf(rebuilt.messages);
    expect(getReplyStatus(reply)).toBe('interrupted');
    const text = reply.content.map((b) => (b.type === 'text' ? b.text : '')).join('');
    expect(text.split('# The Keeper of Vell')).toHaveLength(2);
    // After the run, the reply is history and the replay log is empty.
    const after = await history(base, id);
    expect(after.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    const late = await openStream(base, id);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(late.events).toEqual([]);
    for (const stream of [live, again, late]) stream.close();
  });
});

describe('scenarios', () => {
  it.each([
    ['Write a markdown report with code, a table and citations', 'completed'],
    ['Think it through: which is larger, 9.11 or 9.9?', 'completed'],
    ["What's the weather in Atlantis?", 'completed'],
    ['Show a runtime hint', 'completed'],
    ['Keep searching until you find the answer', 'exceed_max_iters'],
    ['Trigger a server error', 'error'],
    ['hello', 'completed'],
  ])('%s → %s, folding without diagnostics', async (text, reason) => {
    const id = session();
    const { stream, events, end } = await runToEnd(id, text);
    stream.close();
    expect(end).toMatchObject({ type: 'REPLY_END', finished_reason: reason });
    if (reason === 'exceed_max_iters') expect(events.at(-2)?.type).toBe('EXCEED_MAX_ITERS');
    if (reason === 'error') expect(end).toMatchObject({ error: { type: 'upstream' } });
    const folded = foldEvents(events);
    expect(folded.diagnostics).toEqual([]);
    expect(folded.messages).toHaveLength(1);
  });

  it('the tool error scenario ends its result in state error', async () => {
    const { stream, events } = await runToEnd(session(), "What's the weather in Atlantis?");
    stream.close();
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'TOOL_RESULT_END', state: 'error' }),
    );
  });

  it('lists the scenarios and the replay fixtures; the recorded log folds cleanly', async () => {
    const scenarios = (await (await fetch(`${base}/api/scenarios`)).json()) as unknown[];
    expect(scenarios.length).toBeGreaterThanOrEqual(10);
    const fixtures = (await (await fetch(`${base}/fixtures`)).json()) as { url: string }[];
    for (const fixture of fixtures) expect((await fetch(`${base}${fixture.url}`)).status).toBe(200);
    const log = await (await fetch(`${base}/fixtures/agentscope-demo.jsonl`)).text();
    const lines = log
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const events = lines.filter((line) => 'type' in line) as unknown as AgentEvent[];
    expect(lines.length - events.length).toBe(4);
    expect(foldEvents(events).diagnostics).toEqual([]);
  });
});
