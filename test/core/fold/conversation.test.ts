import { describe, expect, it } from 'vitest';
import type { AgentEvent, Conversation, Msg, TextBlock, ToolCallBlock } from '../../../src/core.js';
import {
  appendMessages,
  assistantMsg,
  createConfirmResult,
  createConversation,
  foldEvents,
  getReplyStatus,
  parseAgentEvent,
  reduceConversation,
  textBlock,
  toolCallBlock,
  toolResultBlock,
  userMsg,
} from '../../../src/core.js';
import { createEventFactory } from '../../fixtures/events.js';
import { at, bashRule, must, snapshot, toolCalls, view } from './helpers.js';

function message(conversation: Conversation, id: string): Msg {
  const msg = conversation.getMessage(id);
  if (!msg) throw new Error(`no message ${id}`);
  return msg;
}

function textOf(conversation: Conversation, id: string, index = 0): string {
  return at<TextBlock>(message(conversation, id), index).text;
}

/** A short streamed reply: thinking, text, a tool call with its result, usage and the end. */
function replyLog(f = createEventFactory(), id = 'r1'): AgentEvent[] {
  return [
    f.replyStart(id),
    f.modelCallStart(id),
    f.thinkingStart(id, `${id}-k`),
    f.thinkingDelta(id, `${id}-k`, 'hmm'),
    f.textStart(id, `${id}-t`),
    f.textDelta(id, `${id}-t`, 'Hel'),
    f.textDelta(id, `${id}-t`, 'lo'),
    f.toolCallStart(id, `${id}-c`, 'Bash'),
    f.toolCallDelta(id, `${id}-c`, '{"command":"ls"}'),
    f.textEnd(id, `${id}-t`),
    f.thinkingEnd(id, `${id}-k`),
    f.toolCallEnd(id, `${id}-c`),
    f.modelCallEnd(id, 10, 5),
    f.toolResultStart(id, `${id}-c`, 'Bash'),
    f.toolResultText(id, `${id}-c`, 'a.txt'),
    f.toolResultEnd(id, `${id}-c`, 'success'),
    f.replyEnd(id),
  ];
}

describe('reduceConversation: replies', () => {
  it('creates the assistant message on REPLY_START from reply_id, name and role', () => {
    const f = createEventFactory();
    const start = f.replyStart('r1', 'Jarvis');
    const conversation = reduceConversation(createConversation(), start);
    expect(conversation.messages).toEqual([
      {
        name: 'Jarvis',
        content: [],
        role: 'assistant',
        id: 'r1',
        metadata: {},
        created_at: start.created_at,
        usage: null,
        finished_at: null,
        finished_reason: null,
        structured_output: null,
        error: null,
      },
    ]);
    const system = reduceConversation(
      conversation,
      f.make('REPLY_START', { session_id: 's', reply_id: 'r2', name: 'sys', role: 'system' }),
    );
    expect(message(system, 'r2').role).toBe('system');
  });

  it('keeps the message on a repeated REPLY_START (the resume after a confirmation)', () => {
    const f = createEventFactory();
    const before = foldEvents([
      f.replyStart('r1'),
      f.textStart('r1', 't1'),
      f.textDelta('r1', 't1', 'kept'),
    ]);
    const after = reduceConversation(before, f.replyStart('r1', 'Other name'));
    expect(after.messages).toHaveLength(1);
    expect(message(after, 'r1')).toBe(message(before, 'r1'));
    expect(textOf(after, 'r1')).toBe('kept');
  });

  it('keeps a message loaded from history when its reply starts again', () => {
    const f = createEventFactory();
    const history = assistantMsg([textBlock('from history', { id: 't0' })], {
      id: 'r1',
      name: 'Friday',
    });
    const conversation = foldEvents(
      [f.replyStart('r1'), f.textStart('r1', 't1'), f.textDelta('r1', 't1', 'more')],
      createConversation({ messages: [userMsg('hi', { id: 'u1' }), history] }),
    );
    expect(conversation.messages.map((m) => m.id)).toEqual(['u1', 'r1']);
    expect(message(conversation, 'r1').content.map((b) => (b as TextBlock).text)).toEqual([
      'from history',
      'more',
    ]);
  });

  it('applies events to their own reply when replies interleave', () => {
    const f = createEventFactory();
    const conversation = foldEvents([
      f.replyStart('r1'),
      f.replyStart('r2'),
      f.textStart('r1', 't'),
      f.textStart('r2', 't'),
      f.textDelta('r2', 't', 'two'),
      f.textDelta('r1', 't', 'one'),
    ]);
    expect(textOf(conversation, 'r1')).toBe('one');
    expect(textOf(conversation, 'r2')).toBe('two');
  });

  it('creates a message for content that arrives before its REPLY_START, and names it later', () => {
    const f = createEventFactory();
    const early = foldEvents([f.textStart('r1', 't1'), f.textDelta('r1', 't1', 'early')]);
    expect(message(early, 'r1')).toMatchObject({ role: 'assistant', name: '' });
    expect(textOf(early, 'r1')).toBe('early');
    expect(early.diagnostics.map((d) => [d.code, d.detail])).toEqual([
      ['implicit-start', 'implicit-reply'],
    ]);
    const named = reduceConversation(early, f.replyStart('r1', 'Friday'));
    expect(message(named, 'r1').name).toBe('Friday');
    expect(textOf(named, 'r1')).toBe('early');
  });
});

describe('reduceConversation: replay and de-duplication', () => {
  it('replaying a whole log twice is the same as once', () => {
    const log = replyLog();
    const once = foldEvents(log);
    const twice = foldEvents([...log, ...log]);
    expect(view(twice)).toEqual(view(once));
    expect(twice.eventCount).toBe(log.length);
    const again = foldEvents(log, once);
    expect(view(again)).toEqual(view(once));
  });

  it('a reconnect that replays from the start mid-stream does not double any text', () => {
    const log = replyLog();
    const whole = foldEvents(log);
    for (let cut = 0; cut <= log.length; cut++) {
      let state = foldEvents(log.slice(0, cut));
      // The replay arrives one event at a time, as from a stream.
      for (const event of log) state = reduceConversation(state, event);
      expect(view(state)).toEqual(view(whole));
    }
    expect(textOf(whole, 'r1', 1)).toBe('Hello');
  });

  it('ignores a duplicate within the same batch, even one carrying different content', () => {
    const f = createEventFactory();
    const delta = f.textDelta('r1', 't1', 'a');
    const conversation = foldEvents([
      f.replyStart('r1'),
      f.textStart('r1', 't1'),
      delta,
      delta,
      { ...delta, delta: 'b' },
    ]);
    expect(textOf(conversation, 'r1')).toBe('a');
    expect(conversation.lastEventId).toBe(delta.id);
    expect(conversation.eventCount).toBe(3);
  });
});

describe('reduceConversation: CUSTOM events and diagnostics', () => {
  it('keeps CUSTOM events in order, apart from the messages', () => {
    const f = createEventFactory();
    const a = f.custom('state_updated', { tasks_context: {}, permission_context: {} });
    const b = f.custom('team_updated');
    const conversation = foldEvents([a, f.replyStart('r1'), b, a]);
    expect(conversation.customEvents).toEqual([a, b]);
    expect(conversation.messages).toHaveLength(1);
    expect(conversation.diagnostics).toEqual([]);
  });

  it('records invalid events as diagnostics and never throws', () => {
    const junk: unknown[] = [
      null,
      42,
      'data: {}',
      [],
      { type: 'NOT_AN_EVENT', reply_id: 'r1' },
      { id: 'x', type: 'TEXT_BLOCK_DELTA', block_id: 'b', delta: 'no reply id' },
      { id: 'y', type: 'TOOL_RESULT_END', reply_id: 'r1', tool_call_id: 'c', state: 'bogus' },
      {
        id: 'z',
        type: 'TOOL_RESULT_DATA_DELTA',
        reply_id: 'r1',
        tool_call_id: 'c',
        media_type: 'x',
        data: null,
        url: null,
      },
    ];
    let conversation = createConversation();
    expect(() => {
      conversation = foldEvents(junk as AgentEvent[]);
    }).not.toThrow();
    expect(conversation.messages).toEqual([]);
    expect(conversation.diagnostics.map((d) => [d.code, d.detail])).toEqual(
      junk.map(() => ['invalid-input', 'invalid-event']),
    );
    expect(conversation.diagnostics.map((d) => d.raw)).toEqual(junk);
    for (const d of conversation.diagnostics) expect(d.message).toMatch(/\S/);
  });

  it('records control events for an unknown reply without creating a message', () => {
    const f = createEventFactory();
    const events = [
      f.textEnd('ghost', 't'),
      f.replyEnd('ghost'),
      f.modelCallEnd('ghost', 1, 1),
      f.make('REQUIRE_USER_CONFIRM', { reply_id: 'ghost', tool_calls: [] }),
    ];
    const conversation = foldEvents(events);
    expect(conversation.messages).toEqual([]);
    expect(conversation.diagnostics.map((d) => [d.code, d.detail, d.raw])).toEqual(
      events.map((e) => ['not-open', 'unknown-reply', e]),
    );
  });

  it('records deltas for missing blocks and data AgentScope would reject', () => {
    const f = createEventFactory();
    const ghost = f.textDelta('r1', 'ghost', 'x');
    const badBase64 = f.dataDelta('r1', 'd1', 'abc');
    const badUrl = f.toolResultData('r1', 'c1', 'u', { url: 'not a url' });
    const conversation = foldEvents([
      f.replyStart('r1'),
      ghost,
      f.dataStart('r1', 'd1', 'image/png'),
      badBase64,
      f.toolResultStart('r1', 'c1', 'Fetch'),
      badUrl,
    ]);
    expect(conversation.diagnostics.map((d) => [d.code, d.detail, d.raw])).toEqual([
      ['not-open', 'missing-block', ghost],
      ['invalid-data', undefined, badBase64],
      ['invalid-data', undefined, badUrl],
    ]);
    expect(message(conversation, 'r1').content).toHaveLength(2);
  });
});

describe('reduceConversation: bounded lists and foreign states', () => {
  it('keeps the latest 1,000 CUSTOM events and the latest 500 diagnostics', () => {
    const f = createEventFactory();
    const customs = Array.from({ length: 1100 }, (_, i) => f.custom(`c${i}`));
    const junk = Array.from({ length: 600 }, (_, i) => ({ type: 'JUNK', n: i }));
    const conversation = foldEvents([...customs, ...(junk as unknown as AgentEvent[])]);
    expect(conversation.customEvents).toHaveLength(1000);
    expect(conversation.customEvents[0]?.name).toBe('c100');
    expect(conversation.diagnostics).toHaveLength(500);
    expect(conversation.diagnostics[0]?.raw).toEqual({ type: 'JUNK', n: 100 });
  });

  it('folds into a conversation revived from plain data by rebuilding it from its messages', () => {
    const f = createEventFactory();
    const live = foldEvents([
      f.replyStart('r1'),
      f.textStart('r1', 't'),
      f.textDelta('r1', 't', 'a'),
    ]);
    const revived = JSON.parse(JSON.stringify({ messages: live.messages })) as Conversation;
    const next = reduceConversation(revived, f.textDelta('r1', 't', 'b'));
    expect(textOf(next, 'r1')).toBe('ab');
    expect(next.messages).toHaveLength(1);
  });
});

describe('reduceConversation: confirmations and status', () => {
  const ask = (
    f: ReturnType<typeof createEventFactory>,
    replyId: string,
    id: string,
    name = 'Bash',
  ) =>
    f.make('REQUIRE_USER_CONFIRM', {
      reply_id: replyId,
      tool_calls: [
        toolCallBlock({ id, name, input: '{}', state: 'asking', suggested_rules: [bashRule] }),
      ],
    });

  it('lists pending confirmations across messages, with their reply', () => {
    const f = createEventFactory();
    const conversation = foldEvents([
      f.replyStart('r1'),
      f.toolCallStart('r1', 'c1', 'Bash'),
      f.toolCallStart('r1', 'c2', 'Read'),
      ask(f, 'r1', 'c1'),
      f.replyStart('r2'),
      f.toolCallStart('r2', 'c3', 'Write'),
      ask(f, 'r2', 'c3', 'Write'),
    ]);
    const pending = conversation.pendingConfirmations;
    expect(pending.map((p) => [p.replyId, p.toolCall.id, p.toolCall.state])).toEqual([
      ['r1', 'c1', 'asking'],
      ['r2', 'c3', 'asking'],
    ]);
    expect(must(pending[0]).message).toBe(message(conversation, 'r1'));
    expect(must(pending[0]).toolCall.suggested_rules).toEqual([bashRule]);

    const decided = reduceConversation(
      conversation,
      createConfirmResult('r1', { toolCall: must(pending[0]).toolCall, confirmed: true }),
    );
    expect(decided.pendingConfirmations.map((p) => p.toolCall.id)).toEqual(['c3']);
  });

  it('getReplyStatus covers every status', () => {
    const f = createEventFactory();
    const status = (...events: AgentEvent[]) =>
      getReplyStatus(message(foldEvents([f.replyStart('r'), ...events]), 'r'));

    expect(status()).toBe('streaming');
    expect(status(f.toolCallStart('r', 'c', 'Bash'), ask(f, 'r', 'c'))).toBe(
      'awaiting-confirmation',
    );
    const external = f.make('REQUIRE_EXTERNAL_EXECUTION', {
      reply_id: 'r',
      tool_calls: [toolCallBlock({ id: 'c', name: 'Bash' })],
    });
    expect(
      status(f.toolCallStart('r', 'c', 'Bash'), f.toolResultStart('r', 'c', 'Bash'), external),
    ).toBe('awaiting-external');
    // Once the external result has settled, the reply is streaming again.
    expect(
      status(
        f.toolCallStart('r', 'c', 'Bash'),
        f.toolResultStart('r', 'c', 'Bash'),
        external,
        f.toolResultEnd('r', 'c', 'success'),
      ),
    ).toBe('streaming');
    // Outside the service flow, EXTERNAL_EXECUTION_RESULT supplies a settled result: the call stays
    // submitted but nothing is awaited any more.
    const supplied = f.make('EXTERNAL_EXECUTION_RESULT', {
      reply_id: 'r',
      execution_results: [
        toolResultBlock({ id: 'c', name: 'Bash', output: 'ok', state: 'success' }),
      ],
    });
    const settled = foldEvents([
      f.replyStart('r'),
      f.toolCallStart('r', 'c', 'Bash'),
      external,
      supplied,
    ]);
    expect(toolCalls(message(settled, 'r'))[0]?.state).toBe('submitted');
    expect(getReplyStatus(message(settled, 'r'))).toBe('streaming');
    expect(status(f.replyEnd('r'))).toBe('done');
    expect(status(f.replyEnd('r', 'error', { type: 'upstream', message: 'boom' }))).toBe('error');
    expect(status(f.replyEnd('r', 'interrupted'))).toBe('interrupted');
    expect(status(f.replyEnd('r', 'exceed_max_iters'))).toBe('exceeded');

    expect(getReplyStatus(userMsg('hi'))).toBe('done');
    expect(getReplyStatus(assistantMsg('old', { finished_at: '2026-01-01T00:00:00' }))).toBe(
      'done',
    );
  });

  it('createConfirmResult builds an event parseAgentEvent accepts, which moves the call out of asking', () => {
    const f = createEventFactory();
    const parked = foldEvents([
      f.replyStart('r1'),
      f.toolCallStart('r1', 'c1', 'Bash'),
      ask(f, 'r1', 'c1'),
    ]);
    const reply = message(parked, 'r1');
    const call = must(parked.pendingConfirmations[0]).toolCall;

    const allow = createConfirmResult(reply, {
      toolCall: call,
      confirmed: true,
      rules: [bashRule],
    });
    const parsed = parseAgentEvent(allow);
    expect(parsed.ok).toBe(true);
    expect(parsed.ok && parsed.value).toEqual(allow);
    expect(allow).toMatchObject({
      type: 'USER_CONFIRM_RESULT',
      reply_id: 'r1',
      metadata: {},
      confirm_results: [{ confirmed: true, tool_call: call, rules: [bashRule] }],
    });
    expect(allow.id).toMatch(/^[0-9a-f]{32}$/);
    expect(Number.isNaN(Date.parse(allow.created_at))).toBe(false);
    const allowed = reduceConversation(parked, allow);
    expect(must(toolCalls(message(allowed, 'r1'))[0]).state).toBe('allowed');
    expect(allowed.pendingConfirmations).toEqual([]);
    expect(getReplyStatus(message(allowed, 'r1'))).toBe('streaming');

    // A denial never carries rules, and finishes the call.
    const deny = createConfirmResult('r1', { toolCall: call, confirmed: false, rules: [bashRule] });
    expect(deny.confirm_results).toEqual([{ confirmed: false, tool_call: call, rules: null }]);
    expect(parseAgentEvent(deny).ok).toBe(true);
    expect(must(toolCalls(message(reduceConversation(parked, deny), 'r1'))[0]).state).toBe(
      'finished',
    );

    // Plain boolean; an approval without rules has rules null.
    expect(createConfirmResult(reply, { toolCall: call, confirmed: true }).confirm_results).toEqual(
      [{ confirmed: true, tool_call: call, rules: null }],
    );
    expect(
      createConfirmResult(reply, { toolCall: call, confirmed: true, rules: [] }).confirm_results[0]
        ?.rules,
    ).toBeNull();
  });

  it('createConfirmResult answers several calls at once', () => {
    const f = createEventFactory();
    const parked = foldEvents([
      f.replyStart('r1'),
      f.toolCallStart('r1', 'c1', 'Bash'),
      f.toolCallStart('r1', 'c2', 'Write'),
      f.make('REQUIRE_USER_CONFIRM', {
        reply_id: 'r1',
        tool_calls: [
          toolCallBlock({ id: 'c1', name: 'Bash', state: 'asking' }),
          toolCallBlock({ id: 'c2', name: 'Write', state: 'asking' }),
        ],
      }),
    ]);
    const [first, second] = parked.pendingConfirmations.map((p) => p.toolCall) as [
      ToolCallBlock,
      ToolCallBlock,
    ];
    const event = createConfirmResult('r1', [
      { toolCall: first, confirmed: true, rules: [bashRule] },
      { toolCall: second, confirmed: false },
    ]);
    expect(parseAgentEvent(event).ok).toBe(true);
    const decided = reduceConversation(parked, event);
    expect(toolCalls(message(decided, 'r1')).map((c) => c.state)).toEqual(['allowed', 'finished']);
    expect(event.confirm_results.map((r) => r.rules)).toEqual([[bashRule], null]);
  });
});

describe('conversation: messages', () => {
  it('appendMessages adds new messages and replaces those with the same id, in place', () => {
    const f = createEventFactory();
    const u1 = userMsg('first', { id: 'u1' });
    let conversation = appendMessages(createConversation(), [u1]);
    conversation = foldEvents(
      [f.replyStart('r1'), f.textStart('r1', 't'), f.textDelta('r1', 't', 'x')],
      conversation,
    );
    const edited = userMsg('edited', { id: 'u1' });
    const u2 = userMsg('second', { id: 'u2' });
    const next = appendMessages(conversation, [edited, u2]);
    expect(next.messages.map((m) => m.id)).toEqual(['u1', 'r1', 'u2']);
    expect(next.getMessage('u1')).toBe(edited);
    expect(next.getMessage('r1')).toBe(conversation.getMessage('r1'));
    // The previous state is untouched.
    expect(conversation.getMessage('u1')).toBe(u1);
    expect(conversation.messages.map((m) => m.id)).toEqual(['u1', 'r1']);
    // A replaced reply still takes its events.
    const more = reduceConversation(next, f.textDelta('r1', 't', 'y'));
    expect(textOf(more, 'r1')).toBe('xy');
  });

  it('getMessage finds the current version, or undefined', () => {
    const f = createEventFactory();
    const a = foldEvents([f.replyStart('r1')]);
    const b = reduceConversation(a, f.textStart('r1', 't'));
    expect(a.getMessage('r1')?.content).toEqual([]);
    expect(b.getMessage('r1')?.content).toHaveLength(1);
    expect(b.getMessage('nope')).toBeUndefined();
    expect(createConversation().getMessage('r1')).toBeUndefined();
  });

  it('createConversation with history keeps the order; an empty one is empty', () => {
    const messages = [
      userMsg('a', { id: 'u1' }),
      assistantMsg('b', { id: 'a1' }),
      userMsg('c', { id: 'u2' }),
    ];
    const conversation = createConversation({ messages });
    expect(conversation.messages).toEqual(messages);
    expect(conversation.messages[1]).toBe(messages[1]);
    expect(view(createConversation())).toEqual({
      messages: [],
      customEvents: [],
      diagnostics: [],
      pendingConfirmations: [],
      lastEventId: null,
      eventCount: 0,
    });
  });
});

describe('conversation: forks and structural sharing', () => {
  it('folding two different events into the same state gives two correct, independent states', () => {
    const f = createEventFactory();
    const base = foldEvents([
      f.replyStart('r1'),
      f.textStart('r1', 't1'),
      f.textDelta('r1', 't1', 'a'),
    ]);
    const baseView = snapshot(view(base));
    const eventA = f.textStart('r1', 't2');
    const eventB = f.thinkingStart('r1', 'k2');

    const a = reduceConversation(base, eventA);
    const b = reduceConversation(base, eventB);
    const a2 = reduceConversation(a, f.textDelta('r1', 't2', 'A'));
    const b2 = foldEvents([f.thinkingDelta('r1', 'k2', 'B'), f.textDelta('r1', 't2', 'lost')], b);
    // Each fork has seen only its own events: A's event is new to B.
    const b3 = reduceConversation(b2, eventA);

    expect(message(a2, 'r1').content.map((x) => [x.type, x.id])).toEqual([
      ['text', 't1'],
      ['text', 't2'],
    ]);
    expect(textOf(a2, 'r1', 1)).toBe('A');
    expect(message(b2, 'r1').content.map((x) => [x.type, x.id])).toEqual([
      ['text', 't1'],
      ['thinking', 'k2'],
    ]);
    expect(b2.diagnostics.map((d) => [d.code, d.detail])).toEqual([['not-open', 'missing-block']]);
    expect(message(b3, 'r1').content.map((x) => x.id)).toEqual(['t1', 'k2', 't2']);
    expect(a2.diagnostics).toEqual([]);
    expect(snapshot(view(base))).toEqual(baseView);
  });

  it('a fork that appends blocks in another order still finds the first block with an id', () => {
    const f = createEventFactory();
    const base = foldEvents([f.replyStart('r1'), f.textStart('r1', 't0')]);
    // Line A: another block, then K. Line B: K twice; its deltas must go to its first K.
    const a = foldEvents(
      [f.thinkingStart('r1', 'x'), f.textStart('r1', 'K'), f.textDelta('r1', 'K', 'a')],
      base,
    );
    const b1 = reduceConversation(base, f.textStart('r1', 'K'));
    const b2 = reduceConversation(b1, f.textStart('r1', 'K'));
    const b3 = reduceConversation(b2, f.textDelta('r1', 'K', 'b'));
    expect(message(b3, 'r1').content.map((x) => [x.id, (x as TextBlock).text])).toEqual([
      ['t0', ''],
      ['K', 'b'],
      ['K', ''],
    ]);
    const a2 = reduceConversation(a, f.textDelta('r1', 'K', 'c'));
    expect(message(a2, 'r1').content.map((x) => x.id)).toEqual(['t0', 'x', 'K']);
    expect(textOf(a2, 'r1', 2)).toBe('ac');
  });

  it('calling the reducer twice with the same state and event (React StrictMode) gives equal results', () => {
    const log = replyLog();
    let state = createConversation();
    for (const event of log) {
      const first = reduceConversation(state, event);
      const second = reduceConversation(state, event);
      expect(view(second)).toEqual(view(first));
      state = second;
    }
    expect(view(state)).toEqual(view(foldEvents(log)));
  });

  it('a fork does not see events de-duplicated on the other branch', () => {
    const f = createEventFactory();
    const base = foldEvents([f.replyStart('r1'), f.textStart('r1', 't')]);
    const x = f.textDelta('r1', 't', 'x');
    const a = foldEvents([x, x], base);
    const b = reduceConversation(base, x);
    expect(textOf(a, 'r1')).toBe('x');
    expect(textOf(b, 'r1')).toBe('x');
    expect(textOf(reduceConversation(b, x), 'r1')).toBe('x');
  });

  it('between batches, untouched messages and blocks keep their identity and the old state is not mutated', () => {
    const f = createEventFactory();
    const batch1: AgentEvent[] = [];
    for (let i = 0; i < 40; i++) {
      const id = `r${i}`;
      batch1.push(
        f.replyStart(id),
        f.textStart(id, 't'),
        f.textDelta(id, 't', `text ${i}`),
        f.toolCallStart(id, 'c', 'Bash'),
      );
    }
    batch1.push(f.custom('state_updated'));
    const first = foldEvents(batch1);
    const frozen = snapshot(view(first));

    const batch2 = [
      f.textDelta('r3', 't', '!'),
      f.textStart('r38', 't2'),
      f.replyStart('r40'),
      f.custom('team_updated'),
      f.textDelta('ghost', 'x', 'implicit'),
    ];
    const second = foldEvents(batch2, first);

    expect(snapshot(view(first))).toEqual(frozen);
    expect(second.messages).toHaveLength(42);
    second.messages.forEach((msg, i) => {
      if (i >= 40) return;
      const old = must(first.messages[i]);
      if (msg.id === 'r3' || msg.id === 'r38') {
        expect(msg).not.toBe(old);
        // Within a touched message, the untouched tool call keeps its identity.
        expect(msg.content[1]).toBe(old.content[1]);
      } else {
        expect(msg).toBe(old);
      }
    });
    const r38 = message(second, 'r38');
    expect(r38.content[0]).toBe(message(first, 'r38').content[0]);
    expect(textOf(second, 'r3')).toBe('text 3!');
    expect(second.customEvents.map((e) => e.name)).toEqual(['state_updated', 'team_updated']);
    expect(first.customEvents.map((e) => e.name)).toEqual(['state_updated']);
    expect(first.diagnostics).toEqual([]);
    // A delta for a reply that never started creates its message, then finds no block.
    expect(second.diagnostics.map((d) => [d.code, d.detail])).toEqual([
      ['implicit-start', 'implicit-reply'],
      ['not-open', 'missing-block'],
    ]);
    expect(second.messages.map((m) => m.id).slice(40)).toEqual(['r40', 'ghost']);
  });
});
