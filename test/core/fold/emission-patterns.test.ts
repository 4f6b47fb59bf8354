/*
 * The event sequences AgentScope's service really emits (reference/agentscope.md §1.4), folded the
 * way a UI folds them from SSE, with the state checked at every point where the stream pauses.
 */
import { describe, expect, it } from 'vitest';
import type {
  AgentEvent,
  Conversation,
  DataBlock,
  HintBlock,
  Msg,
  TextBlock,
  ThinkingBlock,
  ToolCallBlock,
  ToolResultBlock,
} from '../../../src/core.js';
import {
  createConfirmResult,
  createConversation,
  foldEvents,
  getReplyStatus,
  toolCallBlock,
  toolResultBlock,
} from '../../../src/core.js';
import type { EventFactory } from '../../fixtures/events.js';
import { createEventFactory } from '../../fixtures/events.js';
import { bashRule } from './helpers.js';

const DENIED = (tool: string) =>
  `<system-reminder>The execution of tool "${tool}" is denied by user!</system-reminder>`;
const INTERRUPTED =
  '<system-reminder>The tool call has been interrupted by the user.</system-reminder>';

function reply(conversation: Conversation, id = 'r1'): Msg {
  const msg = conversation.getMessage(id);
  if (!msg) throw new Error(`no message ${id}`);
  return msg;
}

function block<T extends Msg['content'][number]>(msg: Msg, type: T['type'], id: string): T {
  const found = msg.content.find((b) => b.type === type && b.id === id);
  if (!found) throw new Error(`no ${type} ${id}`);
  return found as T;
}

const call = (msg: Msg, id: string) => block<ToolCallBlock>(msg, 'tool_call', id);
const result = (msg: Msg, id: string) => block<ToolResultBlock>(msg, 'tool_result', id);

function outputText(res: ToolResultBlock): string {
  if (typeof res.output === 'string') return res.output;
  return res.output.map((b) => (b.type === 'text' ? b.text : `[${b.source.media_type}]`)).join('');
}

/** A model call that streams a tool call (`_reasoning_impl`), ending in MODEL_CALL_END. */
function modelCallWithTool(
  f: EventFactory,
  r: string,
  id: string,
  name: string,
  input: string,
): AgentEvent[] {
  return [
    f.modelCallStart(r, 'qwen-max'),
    f.thinkingStart(r, `${id}-k`),
    f.thinkingDelta(r, `${id}-k`, `I should run ${name}.`),
    f.toolCallStart(r, id, name),
    f.thinkingEnd(r, `${id}-k`),
    f.toolCallDelta(r, id, input.slice(0, 5)),
    f.toolCallDelta(r, id, input.slice(5)),
    f.toolCallEnd(r, id),
    f.modelCallEnd(r, 100, 20),
  ];
}

/** A model call that streams a final answer. */
function modelCallWithText(f: EventFactory, r: string, id: string, text: string): AgentEvent[] {
  return [
    f.modelCallStart(r, 'qwen-max'),
    f.textStart(r, id),
    ...[...text].map((ch) => f.textDelta(r, id, ch)),
    f.textEnd(r, id),
    f.modelCallEnd(r, 50, 10),
  ];
}

/** The tool call as the agent puts it on REQUIRE_* events: state and rules already set. */
function parkedCall(
  id: string,
  name: string,
  input: string,
  state: ToolCallBlock['state'],
): ToolCallBlock {
  return toolCallBlock({
    id,
    name,
    input,
    state,
    suggested_rules: state === 'asking' ? [bashRule] : [],
  });
}

describe('§1.4 emission patterns', () => {
  it('fresh reply: REPLY_START, hints, model call with thinking before text, ENDs in text/thinking/tool/data order', () => {
    const f = createEventFactory();
    const start = f.replyStart('r1');
    const hint = f.hint(
      'r1',
      'h1',
      'Current tasks: none',
      '{"label": "System", "sublabel": "Reminder"}',
    );
    const stream: AgentEvent[] = [
      f.modelCallStart('r1', 'qwen-max'),
      // chunk 1: thinking only
      f.thinkingStart('r1', 'k1'),
      f.thinkingDelta('r1', 'k1', 'Plan: '),
      // chunk 2: thinking, text, a tool call and data
      f.thinkingDelta('r1', 'k1', 'draw it.'),
      f.textStart('r1', 't1'),
      f.textDelta('r1', 't1', 'Here is a picture'),
      f.toolCallStart('r1', 'c1', 'Save'),
      f.toolCallDelta('r1', 'c1', '{"path": "a.png"}'),
      f.dataStart('r1', 'd1', 'image/png'),
      f.dataDelta('r1', 'd1', 'iVBO'),
      f.dataDelta('r1', 'd1', 'Rw=='),
    ];
    const textEnd = f.textEnd('r1', 't1');
    const thinkingEnd = f.thinkingEnd('r1', 'k1');
    const toolEnd = f.toolCallEnd('r1', 'c1');
    const dataEnd = f.dataEnd('r1', 'd1');
    const usage = f.make('MODEL_CALL_END', {
      reply_id: 'r1',
      input_tokens: 1200,
      output_tokens: 80,
      cache_input_tokens: 1000,
      cache_creation_input_tokens: 0,
      finished_reason: 'completed',
    });

    let state = foldEvents([start, hint, ...stream]);
    let msg = reply(state);
    expect(msg).toMatchObject({ id: 'r1', name: 'Friday', role: 'assistant', finished_at: null });
    expect(msg.content.map((b) => b.type)).toEqual([
      'hint',
      'thinking',
      'text',
      'tool_call',
      'data',
    ]);
    expect(block<HintBlock>(msg, 'hint', 'h1').finished_at).toBe(hint.created_at);
    expect(msg.content.slice(1).every((b) => b.finished_at === null)).toBe(true);
    expect(getReplyStatus(msg)).toBe('streaming');

    state = foldEvents([textEnd, thinkingEnd, toolEnd, dataEnd, usage], state);
    msg = reply(state);
    expect(block<TextBlock>(msg, 'text', 't1')).toMatchObject({
      text: 'Here is a picture',
      finished_at: textEnd.created_at,
    });
    expect(block<ThinkingBlock>(msg, 'thinking', 'k1')).toMatchObject({
      thinking: 'Plan: draw it.',
      finished_at: thinkingEnd.created_at,
    });
    expect(call(msg, 'c1')).toMatchObject({
      input: '{"path": "a.png"}',
      state: 'pending',
      finished_at: toolEnd.created_at,
    });
    const data = block<DataBlock>(msg, 'data', 'd1');
    expect(data.finished_at).toBe(dataEnd.created_at);
    expect(data.source).toEqual({
      type: 'base64',
      data: Buffer.from('\x89PNG', 'latin1').toString('base64'),
      media_type: 'image/png',
    });
    expect(msg.usage).toEqual({
      input_tokens: 1200,
      output_tokens: 80,
      cache_input_tokens: 1000,
      cache_creation_input_tokens: 0,
    });
    // The order of blocks is the order they started, not the order they ended.
    expect(msg.content.map((b) => b.id)).toEqual(['h1', 'k1', 't1', 'c1', 'd1']);

    // ALLOW, local tool: result start, deltas, end with metadata; then the reply completes.
    const end = f.replyEnd('r1');
    state = foldEvents(
      [
        f.toolResultStart('r1', 'c1', 'Save'),
        f.toolResultText('r1', 'c1', 'Saved '),
        f.toolResultText('r1', 'c1', 'a.png'),
        f.toolResultEnd('r1', 'c1', 'success', { bytes: 4 }),
        ...modelCallWithText(f, 'r1', 't2', 'Done.'),
        end,
      ],
      state,
    );
    msg = reply(state);
    expect(call(msg, 'c1').state).toBe('finished');
    expect(result(msg, 'c1')).toMatchObject({ state: 'success', metadata: { bytes: 4 } });
    expect(outputText(result(msg, 'c1'))).toBe('Saved a.png');
    expect(block<TextBlock>(msg, 'text', 't2').text).toBe('Done.');
    expect(msg.usage?.input_tokens).toBe(1250);
    expect([msg.finished_at, msg.finished_reason, msg.error]).toEqual([
      end.created_at,
      'completed',
      null,
    ]);
    expect(getReplyStatus(msg)).toBe('done');
    expect(state.diagnostics).toEqual([]);
  });

  it('a text block closed mid-stream (a chunk without text) and a new one opened later', () => {
    const f = createEventFactory();
    const state = foldEvents([
      f.replyStart('r1'),
      f.modelCallStart('r1'),
      f.textStart('r1', 't1'),
      f.textDelta('r1', 't1', 'First.'),
      f.toolCallStart('r1', 'c1', 'Bash'),
      f.textEnd('r1', 't1'),
      f.toolCallDelta('r1', 'c1', '{}'),
      f.textStart('r1', 't2'),
      f.textDelta('r1', 't2', 'Second.'),
      f.textEnd('r1', 't2'),
      f.toolCallEnd('r1', 'c1'),
      f.modelCallEnd('r1', 1, 1),
    ]);
    const msg = reply(state);
    expect(msg.content.map((b) => [b.type, b.id, b.finished_at !== null])).toEqual([
      ['text', 't1', true],
      ['tool_call', 'c1', true],
      ['text', 't2', true],
    ]);
    expect(state.diagnostics).toEqual([]);
  });

  it('HITL allow: REQUIRE_USER_CONFIRM parks the reply; the re-published decision, a synthetic REPLY_START and the tool run resume it', () => {
    const f = createEventFactory();
    const input = '{"command": "git status"}';
    let state = foldEvents([
      f.replyStart('r1'),
      ...modelCallWithTool(f, 'r1', 'c1', 'Bash', input),
      f.make('REQUIRE_USER_CONFIRM', {
        reply_id: 'r1',
        tool_calls: [parkedCall('c1', 'Bash', input, 'asking')],
      }),
    ]);
    // Pause point: the stream stops, no REPLY_END.
    let msg = reply(state);
    expect(getReplyStatus(msg)).toBe('awaiting-confirmation');
    expect(msg.finished_at).toBeNull();
    expect(call(msg, 'c1')).toMatchObject({ state: 'asking', suggested_rules: [bashRule], input });
    expect(msg.content.some((b) => b.type === 'tool_result')).toBe(false);
    expect(state.pendingConfirmations.map((p) => [p.replyId, p.toolCall.id])).toEqual([
      ['r1', 'c1'],
    ]);

    // The UI answers (POST /chat/); the service re-publishes the decision, then a synthetic REPLY_START.
    const decision = createConfirmResult(msg, {
      toolCall: call(msg, 'c1'),
      confirmed: true,
      rules: [bashRule],
    });
    const messageBefore = msg;
    state = foldEvents([decision], state);
    msg = reply(state);
    expect(call(msg, 'c1').state).toBe('allowed');
    expect(state.pendingConfirmations).toEqual([]);
    expect(getReplyStatus(msg)).toBe('streaming');

    state = foldEvents([f.replyStart('r1')], state);
    expect(reply(state)).toBe(msg);
    expect(state.messages).toHaveLength(1);

    const end = f.replyEnd('r1');
    state = foldEvents(
      [
        f.toolResultStart('r1', 'c1', 'Bash'),
        f.toolResultText('r1', 'c1', 'On branch main\n'),
        f.toolResultText('r1', 'c1', 'nothing to commit'),
        f.toolResultEnd('r1', 'c1', 'success'),
        ...modelCallWithText(f, 'r1', 't1', 'Clean.'),
        end,
      ],
      state,
    );
    msg = reply(state);
    expect(call(msg, 'c1').state).toBe('finished');
    expect(result(msg, 'c1').state).toBe('success');
    expect(outputText(result(msg, 'c1'))).toBe('On branch main\nnothing to commit');
    expect(msg.content.map((b) => b.type)).toEqual([
      'thinking',
      'tool_call',
      'tool_result',
      'text',
    ]);
    expect(getReplyStatus(msg)).toBe('done');
    expect(msg.finished_at).toBe(end.created_at);
    // What was shown while parked is untouched.
    expect(call(messageBefore, 'c1').state).toBe('asking');
    expect(state.diagnostics).toEqual([]);
  });

  it('HITL deny: the call finishes on the decision and the result carries the denial reminder', () => {
    const f = createEventFactory();
    const input = '{"command": "rm -rf /"}';
    let state = foldEvents([
      f.replyStart('r1'),
      ...modelCallWithTool(f, 'r1', 'c1', 'Bash', input),
      f.make('REQUIRE_USER_CONFIRM', {
        reply_id: 'r1',
        tool_calls: [parkedCall('c1', 'Bash', input, 'asking')],
      }),
    ]);
    expect(getReplyStatus(reply(state))).toBe('awaiting-confirmation');

    state = foldEvents(
      [
        createConfirmResult('r1', { toolCall: call(reply(state), 'c1'), confirmed: false }),
        f.replyStart('r1'),
      ],
      state,
    );
    expect(call(reply(state), 'c1').state).toBe('finished');
    expect(state.pendingConfirmations).toEqual([]);
    // The call is settled but its result has not arrived yet.
    expect(getReplyStatus(reply(state))).toBe('streaming');

    state = foldEvents(
      [
        f.toolResultStart('r1', 'c1', 'Bash'),
        f.toolResultText('r1', 'c1', DENIED('Bash')),
        f.toolResultEnd('r1', 'c1', 'denied'),
        ...modelCallWithText(f, 'r1', 't1', 'OK, I will not.'),
        f.replyEnd('r1'),
      ],
      state,
    );
    const msg = reply(state);
    expect(result(msg, 'c1').state).toBe('denied');
    expect(outputText(result(msg, 'c1'))).toBe(
      '<system-reminder>The execution of tool "Bash" is denied by user!</system-reminder>',
    );
    expect(call(msg, 'c1').state).toBe('finished');
    expect(getReplyStatus(msg)).toBe('done');
  });

  it('engine deny or bad input: result start, the message, result end(denied|error), without asking', () => {
    const f = createEventFactory();
    const state = foldEvents([
      f.replyStart('r1'),
      ...modelCallWithTool(f, 'r1', 'c1', 'Bash', '{"command": "sudo x"}'),
      ...modelCallWithTool(f, 'r1', 'c2', 'Read', '{"path": '),
      f.toolResultStart('r1', 'c1', 'Bash'),
      f.toolResultText('r1', 'c1', 'Permission denied by rule Bash(sudo:*)'),
      f.toolResultEnd('r1', 'c1', 'denied'),
      f.toolResultStart('r1', 'c2', 'Read'),
      f.toolResultText('r1', 'c2', 'Invalid JSON input'),
      f.toolResultEnd('r1', 'c2', 'error'),
    ]);
    const msg = reply(state);
    expect([call(msg, 'c1').state, call(msg, 'c2').state]).toEqual(['finished', 'finished']);
    expect([result(msg, 'c1').state, result(msg, 'c2').state]).toEqual(['denied', 'error']);
    expect(state.pendingConfirmations).toEqual([]);
    expect(getReplyStatus(msg)).toBe('streaming');
  });

  it('sequential confirmations: each REQUIRE_USER_CONFIRM parks the reply again', () => {
    const f = createEventFactory();
    let state = foldEvents([
      f.replyStart('r1'),
      ...modelCallWithTool(f, 'r1', 'c1', 'Bash', '{"command": "ls"}'),
      f.make('REQUIRE_USER_CONFIRM', {
        reply_id: 'r1',
        tool_calls: [parkedCall('c1', 'Bash', '{"command": "ls"}', 'asking')],
      }),
    ]);
    expect(state.pendingConfirmations.map((p) => p.toolCall.id)).toEqual(['c1']);
    state = foldEvents(
      [
        createConfirmResult('r1', { toolCall: call(reply(state), 'c1'), confirmed: true }),
        f.replyStart('r1'),
        f.toolResultStart('r1', 'c1', 'Bash'),
        f.toolResultText('r1', 'c1', 'a.txt'),
        f.toolResultEnd('r1', 'c1', 'success'),
        ...modelCallWithTool(f, 'r1', 'c2', 'Write', '{"path": "a.txt"}'),
        f.make('REQUIRE_USER_CONFIRM', {
          reply_id: 'r1',
          tool_calls: [parkedCall('c2', 'Write', '{"path": "a.txt"}', 'asking')],
        }),
      ],
      state,
    );
    let msg = reply(state);
    expect(getReplyStatus(msg)).toBe('awaiting-confirmation');
    expect(state.pendingConfirmations.map((p) => p.toolCall.id)).toEqual(['c2']);
    expect(call(msg, 'c1').state).toBe('finished');

    state = foldEvents(
      [
        createConfirmResult('r1', { toolCall: call(msg, 'c2'), confirmed: true }),
        f.replyStart('r1'),
        f.toolResultStart('r1', 'c2', 'Write'),
        f.toolResultEnd('r1', 'c2', 'success'),
        f.replyEnd('r1'),
      ],
      state,
    );
    msg = reply(state);
    expect(getReplyStatus(msg)).toBe('done');
    expect(
      msg.content.filter((b) => b.type === 'tool_call').map((b) => (b as ToolCallBlock).state),
    ).toEqual(['finished', 'finished']);
  });

  it('concurrent confirmations: one REQUIRE_USER_CONFIRM for two calls, answered by one USER_CONFIRM_RESULT', () => {
    const f = createEventFactory();
    let state = foldEvents([
      f.replyStart('r1'),
      f.modelCallStart('r1'),
      f.toolCallStart('r1', 'c1', 'Bash'),
      f.toolCallStart('r1', 'c2', 'Write'),
      f.toolCallEnd('r1', 'c1'),
      f.toolCallEnd('r1', 'c2'),
      f.modelCallEnd('r1', 1, 1),
      f.make('REQUIRE_USER_CONFIRM', {
        reply_id: 'r1',
        tool_calls: [
          parkedCall('c1', 'Bash', '{}', 'asking'),
          parkedCall('c2', 'Write', '{}', 'asking'),
        ],
      }),
    ]);
    expect(state.pendingConfirmations.map((p) => p.toolCall.id)).toEqual(['c1', 'c2']);
    const msg = reply(state);
    state = foldEvents(
      [
        createConfirmResult('r1', [
          { toolCall: call(msg, 'c1'), confirmed: true },
          { toolCall: call(msg, 'c2'), confirmed: false },
        ]),
        f.replyStart('r1'),
      ],
      state,
    );
    expect([call(reply(state), 'c1').state, call(reply(state), 'c2').state]).toEqual([
      'allowed',
      'finished',
    ]);
    expect(state.pendingConfirmations).toEqual([]);
  });

  it('external execution: TOOL_RESULT_START then REQUIRE_EXTERNAL_EXECUTION; the resume replays deltas and END, the result event is a no-op', () => {
    const f = createEventFactory();
    const input = '{"url": "https://example.com"}';
    let state = foldEvents([
      f.replyStart('r1'),
      ...modelCallWithTool(f, 'r1', 'c1', 'browser_screenshot', input),
      f.toolResultStart('r1', 'c1', 'browser_screenshot'),
      f.make('REQUIRE_EXTERNAL_EXECUTION', {
        reply_id: 'r1',
        tool_calls: [parkedCall('c1', 'browser_screenshot', input, 'submitted')],
      }),
    ]);
    // Pause point.
    let msg = reply(state);
    expect(getReplyStatus(msg)).toBe('awaiting-external');
    expect(call(msg, 'c1').state).toBe('submitted');
    expect(result(msg, 'c1')).toMatchObject({ state: 'running', output: [] });
    expect(msg.finished_at).toBeNull();
    expect(state.pendingConfirmations).toEqual([]);

    // The client runs the tool and POSTs the result; the service re-publishes it: a no-op here.
    const executed = toolResultBlock({
      id: 'c1',
      name: 'browser_screenshot',
      output: [
        {
          type: 'text',
          text: 'captured',
          id: 'x',
          created_at: '2026-09-01T12:00:00',
          finished_at: null,
        },
      ],
      state: 'success',
    });
    const external = f.make('EXTERNAL_EXECUTION_RESULT', {
      reply_id: 'r1',
      execution_results: [executed],
    });
    state = foldEvents([external], state);
    expect(reply(state)).toBe(msg);
    expect(getReplyStatus(reply(state))).toBe('awaiting-external');

    // Synthetic REPLY_START, then the result content, with no new TOOL_RESULT_START.
    const end = f.toolResultEnd('r1', 'c1', 'success');
    state = foldEvents(
      [
        f.replyStart('r1'),
        f.toolResultText('r1', 'c1', 'captured'),
        f.toolResultData('r1', 'c1', 'shot', { url: 'https://cdn.example.com/shot.png' }),
        end,
      ],
      state,
    );
    msg = reply(state);
    expect(call(msg, 'c1').state).toBe('finished');
    expect(result(msg, 'c1')).toMatchObject({ state: 'success', finished_at: end.created_at });
    expect(outputText(result(msg, 'c1'))).toBe('captured[image/png]');
    expect(msg.content.filter((b) => b.type === 'tool_result')).toHaveLength(1);
    expect(getReplyStatus(msg)).toBe('streaming');

    state = foldEvents([...modelCallWithText(f, 'r1', 't1', 'Here.'), f.replyEnd('r1')], state);
    expect(getReplyStatus(reply(state))).toBe('done');
    expect(state.diagnostics).toEqual([]);
  });

  it('interruption: _close_unfinished_tool_calls closes every open call, then REPLY_END(interrupted)', () => {
    const f = createEventFactory();
    let state = foldEvents([
      f.replyStart('r1'),
      f.modelCallStart('r1'),
      f.textStart('r1', 't1'),
      f.textDelta('r1', 't1', 'Working on'),
      f.toolCallStart('r1', 'c1', 'Bash'),
      f.toolCallDelta('r1', 'c1', '{"command": "sleep 100"}'),
      f.toolCallStart('r1', 'c2', 'Read'),
      f.toolCallDelta('r1', 'c2', '{"path": "a"}'),
      f.textEnd('r1', 't1'),
      f.toolCallEnd('r1', 'c1'),
      f.toolCallEnd('r1', 'c2'),
      f.modelCallEnd('r1', 10, 5),
      // c1 was allowed and started; c2 never ran.
      f.toolResultStart('r1', 'c1', 'Bash'),
      f.toolResultText('r1', 'c1', 'partial output\n'),
    ]);
    expect(getReplyStatus(reply(state))).toBe('streaming');

    const end = f.replyEnd('r1', 'interrupted');
    state = foldEvents(
      [
        // c1 already has a started result: no new TOOL_RESULT_START.
        f.toolResultText('r1', 'c1', INTERRUPTED),
        f.toolResultEnd('r1', 'c1', 'interrupted'),
        f.toolResultStart('r1', 'c2', 'Read'),
        f.toolResultText('r1', 'c2', INTERRUPTED),
        f.toolResultEnd('r1', 'c2', 'interrupted'),
        end,
      ],
      state,
    );
    const msg = reply(state);
    expect(getReplyStatus(msg)).toBe('interrupted');
    expect([msg.finished_at, msg.finished_reason, msg.error]).toEqual([
      end.created_at,
      'interrupted',
      null,
    ]);
    expect([call(msg, 'c1').state, call(msg, 'c2').state]).toEqual(['finished', 'finished']);
    expect([result(msg, 'c1').state, result(msg, 'c2').state]).toEqual([
      'interrupted',
      'interrupted',
    ]);
    expect(outputText(result(msg, 'c1'))).toBe(`partial output\n${INTERRUPTED}`);
    expect(outputText(result(msg, 'c2'))).toBe(INTERRUPTED);
    expect(msg.content.filter((b) => b.type === 'tool_result')).toHaveLength(2);
  });

  it('interruption of a parked reply: the asking call is closed and the prompt disappears', () => {
    const f = createEventFactory();
    let state = foldEvents([
      f.replyStart('r1'),
      ...modelCallWithTool(f, 'r1', 'c1', 'Bash', '{"command": "ls"}'),
      f.make('REQUIRE_USER_CONFIRM', {
        reply_id: 'r1',
        tool_calls: [parkedCall('c1', 'Bash', '{"command": "ls"}', 'asking')],
      }),
    ]);
    expect(state.pendingConfirmations).toHaveLength(1);
    state = foldEvents(
      [
        f.make('USER_INTERRUPT', { reply_id: 'r1' }),
        f.replyStart('r1'),
        f.toolResultStart('r1', 'c1', 'Bash'),
        f.toolResultText('r1', 'c1', INTERRUPTED),
        f.toolResultEnd('r1', 'c1', 'interrupted'),
        f.replyEnd('r1', 'interrupted'),
      ],
      state,
    );
    const msg = reply(state);
    expect(state.pendingConfirmations).toEqual([]);
    expect(call(msg, 'c1').state).toBe('finished');
    expect(getReplyStatus(msg)).toBe('interrupted');
  });

  it('exceed max iterations: EXCEED_MAX_ITERS (no effect) then REPLY_END(exceed_max_iters)', () => {
    const f = createEventFactory();
    let state = foldEvents([
      f.replyStart('r1'),
      ...modelCallWithTool(f, 'r1', 'c1', 'Bash', '{"command": "ls"}'),
      f.toolResultStart('r1', 'c1', 'Bash'),
      f.toolResultEnd('r1', 'c1', 'success'),
    ]);
    const before = reply(state);
    state = foldEvents([f.make('EXCEED_MAX_ITERS', { reply_id: 'r1', name: 'Friday' })], state);
    expect(reply(state)).toBe(before);
    expect(getReplyStatus(reply(state))).toBe('streaming');
    state = foldEvents([f.replyEnd('r1', 'exceed_max_iters')], state);
    const msg = reply(state);
    expect(getReplyStatus(msg)).toBe('exceeded');
    expect(msg.finished_reason).toBe('exceed_max_iters');
    expect(msg.finished_at).not.toBeNull();
  });

  it('a service error before any REPLY_START: a fresh REPLY_START + REPLY_END(error) pair', () => {
    const f = createEventFactory();
    const previous = foldEvents([
      f.replyStart('r0'),
      ...modelCallWithText(f, 'r0', 't0', 'Hi'),
      f.replyEnd('r0'),
    ]);
    const error = { type: 'authentication', message: 'Invalid API key' };
    const state = foldEvents(
      [f.replyStart('r-failed'), f.replyEnd('r-failed', 'error', error)],
      previous,
    );
    const msg = reply(state, 'r-failed');
    expect(state.messages.map((m) => m.id)).toEqual(['r0', 'r-failed']);
    expect(msg.content).toEqual([]);
    expect(msg.error).toEqual(error);
    expect(msg.finished_reason).toBe('error');
    expect(getReplyStatus(msg)).toBe('error');
    expect(getReplyStatus(reply(state, 'r0'))).toBe('done');
    expect(reply(state, 'r0')).toBe(reply(previous, 'r0'));
  });

  it('a service failure mid-reply closes the open reply with REPLY_END(error)', () => {
    const f = createEventFactory();
    const state = foldEvents([
      f.replyStart('r1'),
      f.modelCallStart('r1'),
      f.textStart('r1', 't1'),
      f.textDelta('r1', 't1', 'Half an ans'),
      f.replyEnd('r1', 'error', { type: 'upstream', message: 'model overloaded' }),
    ]);
    const msg = reply(state);
    expect(getReplyStatus(msg)).toBe('error');
    expect(block<TextBlock>(msg, 'text', 't1')).toMatchObject({
      text: 'Half an ans',
      finished_at: null,
    });
  });

  it('CUSTOM events published by middleware between agent events never touch the reply', () => {
    const f = createEventFactory();
    const events: AgentEvent[] = [
      f.replyStart('r1'),
      f.custom('state_updated', {
        tasks_context: { tasks: [] },
        permission_context: { mode: 'default' },
      }),
      f.textStart('r1', 't1'),
      f.custom('subagent_require_user_confirm', {
        worker_session_id: 'w',
        reply_id: 'wr',
        event_type: 'require_user_confirm',
      }),
      f.textDelta('r1', 't1', 'x'),
      f.custom('subagent_user_confirm_result', { worker_session_id: 'w', reply_id: 'wr' }),
      f.replyEnd('r1'),
    ];
    const state = foldEvents(events, createConversation());
    expect(state.customEvents.map((e) => e.name)).toEqual([
      'state_updated',
      'subagent_require_user_confirm',
      'subagent_user_confirm_result',
    ]);
    expect(reply(state).content).toHaveLength(1);
    expect(state.diagnostics).toEqual([]);
  });
});
