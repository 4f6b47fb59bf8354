import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/core.js';
import {
  AGENT_EVENT_TYPES,
  parseAgentEvent,
  parseContentBlock,
  parseMsg,
  validateMsg,
} from '../../../src/core.js';

interface Fixture {
  python_commit: string;
  blocks: Record<string, unknown>[];
  messages: Record<string, unknown>[];
  events: Record<string, unknown>[];
}

const fixture = JSON.parse(
  readFileSync(
    new URL('../../fixtures/agentscope/upstream/message-event.python.json', import.meta.url),
    'utf8',
  ),
) as Fixture;

const T = '2026-09-01T12:34:56.123456';

function parsed(value: unknown): AgentEvent {
  const result = parseAgentEvent(value);
  if (!result.ok) throw new Error(`expected ok, got: ${result.error}`);
  return result.value;
}

function failure(value: unknown): string {
  const result = parseAgentEvent(value);
  if (result.ok) throw new Error(`expected a failure for ${JSON.stringify(value)}`);
  return result.error;
}

describe('AgentScope Python dumps (message-event.python.json) round-trip', () => {
  it('has what the README says', () => {
    expect(fixture.blocks.map((b) => b['type'])).toEqual([
      'text',
      'thinking',
      'data',
      'hint',
      'tool_call',
      'tool_result',
    ]);
    expect(fixture.messages.map((m) => m['role'])).toEqual(['user', 'assistant']);
    expect(fixture.events.map((e) => e['type'])).toEqual([
      'REPLY_START',
      'REPLY_END',
      'MODEL_CALL_END',
      'TOOL_RESULT_DATA_DELTA',
      'TOOL_RESULT_DATA_DELTA',
      'TOOL_RESULT_END',
      'USER_INTERRUPT',
      'CUSTOM',
    ]);
  });

  it.each(fixture.events.map((e, i) => [`${i} ${String(e['type'])}`, e] as const))(
    'event %s parses to the same object, unchanged, without warnings',
    (_, event) => {
      const before = JSON.stringify(event);
      const result = parseAgentEvent(event);
      expect(result).toEqual({ ok: true, value: event });
      expect(result.ok && result.value).toBe(event);
      expect(JSON.stringify(event)).toBe(before);
      // Serialising again gives the bytes Python wrote (key order included).
      expect(JSON.stringify(result.ok && result.value)).toBe(before);
    },
  );

  it.each(fixture.messages.map((m) => [String(m['role']), m] as const))(
    'the %s message round-trips through parseMsg',
    (_, msg) => {
      const result = parseMsg(msg);
      expect(result).toEqual({ ok: true, value: msg });
      expect(result.ok && result.value).toBe(msg);
      expect(JSON.stringify(result.ok && result.value)).toBe(JSON.stringify(msg));
      expect(validateMsg(msg)).toEqual([]);
    },
  );

  it.each(fixture.blocks.map((b) => [String(b['type']), b] as const))(
    'the %s block round-trips through parseContentBlock',
    (_, block) => {
      const value = parseContentBlock(block);
      expect(value).toEqual(block);
      expect(value).toBe(block);
    },
  );

  it('keeps provider passthrough fields on thinking blocks (extra="allow")', () => {
    const thinking = fixture.blocks[1];
    expect(parseContentBlock(thinking)).toMatchObject({ signature: 'sig' });
  });
});

describe('parseAgentEvent: older servers get defaults', () => {
  it('fills metadata for v2.0.0 events, silently', () => {
    const event = {
      id: 'e',
      created_at: T,
      type: 'REPLY_START',
      session_id: 's',
      reply_id: 'r',
      name: 'Friday',
      role: 'assistant',
    };
    const result = parseAgentEvent(event);
    expect(result).toEqual({ ok: true, value: { ...event, metadata: {} } });
    expect(result.ok && result.warnings).toBeUndefined();
    // The input is not mutated.
    expect(event).not.toHaveProperty('metadata');
  });

  it('REPLY_END without finished_reason/error is completed with no error', () => {
    const event = { id: 'e', created_at: T, type: 'REPLY_END', session_id: 's', reply_id: 'r' };
    expect(parsed(event)).toEqual({
      ...event,
      metadata: {},
      finished_reason: 'completed',
      error: null,
    });
  });

  it('MODEL_CALL_END without cache counters (≤ v2.0.6) counts them as 0', () => {
    const event = {
      id: 'e',
      created_at: T,
      metadata: {},
      type: 'MODEL_CALL_END',
      reply_id: 'r',
      input_tokens: 3,
      output_tokens: 4,
      finished_reason: 'completed',
    };
    expect(parsed(event)).toEqual({
      ...event,
      cache_input_tokens: 0,
      cache_creation_input_tokens: 0,
    });
  });

  it('ROLE defaults to assistant; HINT_BLOCK source to null; TOOL_RESULT_END metadata to {}', () => {
    expect(
      parsed({
        id: 'e',
        created_at: T,
        type: 'REPLY_START',
        session_id: 's',
        reply_id: 'r',
        name: 'n',
      }),
    ).toMatchObject({ role: 'assistant' });
    expect(
      parsed({
        id: 'e',
        created_at: T,
        type: 'HINT_BLOCK',
        reply_id: 'r',
        block_id: 'b',
        hint: 'x',
      }),
    ).toMatchObject({ source: null, hint: 'x' });
    expect(
      parsed({
        id: 'e',
        created_at: T,
        type: 'TOOL_RESULT_END',
        reply_id: 'r',
        tool_call_id: 'c',
        state: 'success',
      }),
    ).toMatchObject({ metadata: {} });
  });

  it('accepts lower-case type names (third-party servers), with a warning', () => {
    const result = parseAgentEvent({
      id: 'e',
      created_at: T,
      type: 'text_block_delta',
      reply_id: 'r',
      block_id: 'b',
      delta: 'x',
    });
    expect(result.ok).toBe(true);
    expect(result.ok && result.value.type).toBe('TEXT_BLOCK_DELTA');
    expect(result.ok && result.warnings?.length).toBeGreaterThan(0);
  });

  it('TOOL_RESULT_DATA_DELTA: a missing block_id gets a deterministic one; a missing url key means null', () => {
    const event = {
      id: 'e7',
      created_at: T,
      type: 'TOOL_RESULT_DATA_DELTA',
      reply_id: 'r',
      tool_call_id: 'c',
      media_type: 'image/png',
      data: 'YQ==',
    };
    const a = parsed(event);
    const b = parsed(event);
    expect(a).toMatchObject({ block_id: 'e7-data', data: 'YQ==', url: null });
    expect(b).toEqual(a);
  });

  it('TOOL_RESULT_DATA_DELTA needs exactly one of data and url', () => {
    expect(
      failure({
        id: 'e',
        created_at: T,
        type: 'TOOL_RESULT_DATA_DELTA',
        reply_id: 'r',
        tool_call_id: 'c',
        media_type: 'x',
        data: null,
        url: null,
      }),
    ).toMatch(/data.*url/);
    const both = parseAgentEvent({
      id: 'e',
      created_at: T,
      type: 'TOOL_RESULT_DATA_DELTA',
      reply_id: 'r',
      tool_call_id: 'c',
      block_id: 'b',
      media_type: 'x',
      data: 'YQ==',
      url: 'https://a/',
    });
    // Like Python's append_event, data wins.
    expect(both.ok && both.value).toMatchObject({ data: 'YQ==', url: null });
  });

  it('accepts numeric ids as strings', () => {
    expect(
      parsed({ id: 'e', created_at: T, type: 'TEXT_BLOCK_START', reply_id: 42, block_id: 7 }),
    ).toMatchObject({ reply_id: '42', block_id: '7' });
  });

  it('keeps unknown extra keys harmlessly', () => {
    expect(
      parsed({
        id: 'e',
        created_at: T,
        metadata: {},
        type: 'USER_INTERRUPT',
        reply_id: 'r',
        _entry_id: '1-0',
      }),
    ).toMatchObject({ type: 'USER_INTERRUPT' });
  });

  it('parses every event type from a complete dump', () => {
    const tc = {
      type: 'tool_call',
      id: 'c',
      name: 'Bash',
      input: '{}',
      state: 'asking',
      suggested_rules: [
        { tool_name: 'Bash', rule_content: null, behavior: 'allow', source: 'suggested' },
      ],
      created_at: T,
      finished_at: null,
    };
    const tr = {
      type: 'tool_result',
      id: 'c',
      name: 'Bash',
      output: 'ok',
      state: 'success',
      metadata: {},
      created_at: T,
      finished_at: null,
    };
    const base = { id: 'e', created_at: T, metadata: {} };
    const r = { ...base, reply_id: 'r' };
    const all: Record<string, unknown>[] = [
      { ...r, type: 'REPLY_START', session_id: 's', name: 'n', role: 'assistant' },
      {
        ...r,
        type: 'REPLY_END',
        session_id: 's',
        finished_reason: 'error',
        error: { type: 'internal', message: 'x' },
      },
      { ...r, type: 'MODEL_CALL_START', model_name: 'm' },
      {
        ...r,
        type: 'MODEL_CALL_END',
        input_tokens: 1,
        output_tokens: 2,
        cache_input_tokens: 3,
        cache_creation_input_tokens: 4,
        finished_reason: 'interrupted',
      },
      { ...r, type: 'TEXT_BLOCK_START', block_id: 'b' },
      { ...r, type: 'TEXT_BLOCK_DELTA', block_id: 'b', delta: 'x' },
      { ...r, type: 'TEXT_BLOCK_END', block_id: 'b' },
      { ...r, type: 'THINKING_BLOCK_START', block_id: 'b' },
      { ...r, type: 'THINKING_BLOCK_DELTA', block_id: 'b', delta: 'x' },
      { ...r, type: 'THINKING_BLOCK_END', block_id: 'b' },
      { ...r, type: 'DATA_BLOCK_START', block_id: 'b', media_type: 'image/png' },
      { ...r, type: 'DATA_BLOCK_DELTA', block_id: 'b', data: 'YQ==', media_type: 'image/png' },
      { ...r, type: 'DATA_BLOCK_END', block_id: 'b' },
      {
        ...r,
        type: 'HINT_BLOCK',
        block_id: 'b',
        source: null,
        hint: [{ type: 'text', text: 'x', id: 't', created_at: T, finished_at: null }],
      },
      { ...r, type: 'TOOL_CALL_START', tool_call_id: 'c', tool_call_name: 'Bash' },
      { ...r, type: 'TOOL_CALL_DELTA', tool_call_id: 'c', delta: '{' },
      { ...r, type: 'TOOL_CALL_END', tool_call_id: 'c' },
      { ...r, type: 'TOOL_RESULT_START', tool_call_id: 'c', tool_call_name: 'Bash' },
      { ...r, type: 'TOOL_RESULT_TEXT_DELTA', tool_call_id: 'c', delta: 'x' },
      {
        ...r,
        type: 'TOOL_RESULT_DATA_DELTA',
        tool_call_id: 'c',
        block_id: 'd',
        media_type: 'image/png',
        data: null,
        url: 'https://example.com/',
      },
      { ...r, type: 'TOOL_RESULT_END', tool_call_id: 'c', state: 'success' },
      { ...r, type: 'EXCEED_MAX_ITERS', name: 'Friday' },
      { ...r, type: 'REQUIRE_USER_CONFIRM', tool_calls: [tc] },
      {
        ...r,
        type: 'REQUIRE_EXTERNAL_EXECUTION',
        tool_calls: [{ ...tc, state: 'submitted', suggested_rules: [] }],
      },
      {
        ...r,
        type: 'USER_CONFIRM_RESULT',
        confirm_results: [{ confirmed: true, tool_call: tc, rules: null }],
      },
      { ...r, type: 'USER_INTERRUPT' },
      { ...r, type: 'EXTERNAL_EXECUTION_RESULT', execution_results: [tr] },
      { ...base, type: 'CUSTOM', name: 'team_updated', value: {} },
    ];
    expect(all.map((e) => e['type'])).toEqual([...AGENT_EVENT_TYPES]);
    for (const event of all) {
      const result = parseAgentEvent(event);
      expect(result, String(event['type'])).toEqual({ ok: true, value: event });
      expect(result.ok && result.value, String(event['type'])).toBe(event);
    }
  });
});

describe('parseAgentEvent: junk', () => {
  it('gives { ok: false } with a useful error, never a throw', () => {
    const cases: [unknown, RegExp][] = [
      [null, /object/],
      [undefined, /object/],
      [42, /object/],
      ['data: {"type":"REPLY_START"}', /object/],
      [[], /object/],
      [{}, /type/],
      [{ type: 5 }, /type/],
      [{ type: 'RUN_STARTED' }, /unknown event type "RUN_STARTED"/],
      [{ type: 'TEXT_BLOCK_DELTA', block_id: 'b', delta: 'x' }, /reply_id/],
      [{ type: 'TEXT_BLOCK_DELTA', reply_id: 'r', delta: 'x' }, /block_id/],
      [{ type: 'TEXT_BLOCK_DELTA', reply_id: 'r', block_id: 'b' }, /delta/],
      [{ type: 'TEXT_BLOCK_DELTA', reply_id: 'r', block_id: 'b', delta: { x: 1 } }, /delta/],
      [{ type: 'TOOL_RESULT_END', reply_id: 'r', tool_call_id: 'c' }, /state/],
      [{ type: 'TOOL_RESULT_END', reply_id: 'r', tool_call_id: 'c', state: 'ok' }, /state/],
      [{ type: 'REQUIRE_USER_CONFIRM', reply_id: 'r', tool_calls: 'c1' }, /tool_calls/],
      [
        { type: 'REQUIRE_USER_CONFIRM', reply_id: 'r', tool_calls: [{ name: 'Bash' }] },
        /tool_calls\[0\]\.id/,
      ],
      [
        {
          type: 'USER_CONFIRM_RESULT',
          reply_id: 'r',
          confirm_results: [{ tool_call: { id: 'c' } }],
        },
        /confirmed/,
      ],
      [
        {
          type: 'EXTERNAL_EXECUTION_RESULT',
          reply_id: 'r',
          execution_results: [{ type: 'text', id: 'x' }],
        },
        /tool_result/,
      ],
    ];
    for (const [value, message] of cases) {
      let result: ReturnType<typeof parseAgentEvent> | undefined;
      expect(() => (result = parseAgentEvent(value))).not.toThrow();
      expect(result?.ok, JSON.stringify(value)).toBe(false);
      expect(result && !result.ok && result.error, JSON.stringify(value)).toMatch(message);
    }
  });

  it('survives absurd input: deep nesting, cycles, BigInt, getters that throw', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const cyclic: Record<string, unknown> = { type: 'tool_call', id: 'c', name: 'x' };
    cyclic['input'] = cyclic;
    const throwing = Object.defineProperty({ type: 'TEXT_BLOCK_START' }, 'reply_id', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    const values: unknown[] = [
      { type: 'HINT_BLOCK', reply_id: 'r', block_id: 'b', hint: deep },
      { type: 'REQUIRE_USER_CONFIRM', reply_id: 'r', tool_calls: [cyclic] },
      { type: 'MODEL_CALL_END', reply_id: 'r', input_tokens: 10n, output_tokens: 1 },
      {
        type: 'TOOL_RESULT_DATA_DELTA',
        reply_id: 'r',
        tool_call_id: 'c',
        media_type: 'x',
        data: { big: 1n },
      },
      throwing,
    ];
    for (const value of values) expect(() => parseAgentEvent(value)).not.toThrow();
    expect(() => parseMsg({ content: [cyclic] })).not.toThrow();
    expect(() => parseContentBlock(cyclic)).not.toThrow();
    expect(() => parseContentBlock(throwing)).not.toThrow();
  });
});

describe('parseMsg and parseContentBlock: tolerance', () => {
  it('parseMsg fills defaults and wraps a string content', () => {
    const result = parseMsg({ role: 'user', content: 'hello', id: 'u1' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toMatchObject({
      name: 'user',
      role: 'user',
      id: 'u1',
      metadata: {},
      usage: null,
      finished_at: null,
      finished_reason: null,
      structured_output: null,
      error: null,
      content: [{ type: 'text', text: 'hello', finished_at: null }],
    });
  });

  it('parseMsg fills the usage cache counters of older servers', () => {
    const result = parseMsg({
      name: 'a',
      role: 'assistant',
      id: 'a',
      content: [],
      usage: { input_tokens: 1, output_tokens: 2 },
    });
    expect(result.ok && result.value.usage).toEqual({
      input_tokens: 1,
      output_tokens: 2,
      cache_input_tokens: 0,
      cache_creation_input_tokens: 0,
    });
  });

  it('parseMsg rejects what is not a message, and validateMsg says why', () => {
    for (const junk of [null, 1, 'x', []]) {
      const result = parseMsg(junk);
      expect(result.ok).toBe(false);
      expect(validateMsg(junk)).toHaveLength(1);
    }
    expect(
      validateMsg({ role: 'assistant', name: 'a', id: 'x', content: [{ type: 'mystery' }] }).join(
        '\n',
      ),
    ).toMatch(/unknown block/);
  });

  it('parseContentBlock keeps unknown or broken blocks as unknown blocks with the raw JSON', () => {
    expect(parseContentBlock({ type: 'image', id: 'i1', url: 'https://x/' })).toEqual({
      type: 'unknown',
      id: 'i1',
      original_type: 'image',
      raw: { type: 'image', id: 'i1', url: 'https://x/' },
    });
    const broken = parseContentBlock({ type: 'data', id: 'd', source: 'nope' });
    expect(broken).toMatchObject({ type: 'unknown', original_type: 'data' });
    expect(parseContentBlock(null)).toMatchObject({
      type: 'unknown',
      original_type: null,
      raw: null,
    });
  });
});
