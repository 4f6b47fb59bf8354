import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Msg, ToolResultBlock } from '../../../src/core.js';
import type { AiSdkToolCallBlock } from '../../../src/ai-sdk.js';
import { getReplyStatus } from '../../../src/core.js';
import {
  createAiSdkMessageConverter,
  fromAiSdkMessage,
  fromAiSdkMessages,
} from '../../../src/ai-sdk.js';

const fixture = (name: string): unknown[] =>
  JSON.parse(
    readFileSync(new URL(`../../fixtures/ai-sdk/${name}`, import.meta.url), 'utf8'),
  ) as unknown[];

const byId = (messages: readonly Msg[], id: string) => messages.find((m) => m.id === id) as Msg;
const block = (msg: Msg, id: string, type = 'tool_call') =>
  msg.content.find((b) => b.id === id && b.type === type);

describe('fromAiSdkMessages: every part and state', () => {
  const { messages, diagnostics } = fromAiSdkMessages(fixture('every-part.json'));

  it('reads it all without a repair', () => {
    expect(diagnostics).toEqual([]);
    expect(messages.map((m) => [m.id, m.role])).toEqual([
      ['u1', 'user'],
      ['a1', 'assistant'],
      ['u2', 'user'],
      ['a2', 'assistant'],
    ]);
  });

  it('a finished history renders finished: no "Responding…"', () => {
    const a1 = byId(messages, 'a1');
    expect(a1.finished_at).not.toBeNull();
    expect(a1.finished_reason).toBe('completed');
    expect(getReplyStatus(a1)).toBe('done');
    expect(getReplyStatus(byId(messages, 'u1'))).toBe('done');
  });

  it('text, reasoning, tool, files, data, custom and steering, in order', () => {
    const a1 = byId(messages, 'a1');
    expect(a1.content.map((b) => (b.type === 'unknown' ? b.original_type : b.type))).toEqual([
      'thinking',
      'tool_call',
      'tool_result',
      'text',
      'data',
      'data',
      'data-weather',
      'data-notes',
      'custom',
      'hint',
    ]);
    expect(a1.content[0]).toMatchObject({ id: 'a1:1', thinking: 'The user wants the weather.' });
    expect(a1.content[2]).toMatchObject({
      state: 'success',
      value: { celsius: 18, sky: 'light rain' },
    });
    expect(a1.content[6]).toMatchObject({
      raw: { id: 'w1', data: { city: 'Paris', celsius: 18 } },
    });
    expect(a1.content[7]).toMatchObject({ raw: { data: ['bring an umbrella'] } });
  });

  it('citations with spans, and sources as citations of the text, kept whole in metadata', () => {
    const a1 = byId(messages, 'a1');
    expect(a1.content[3]).toMatchObject({
      type: 'text',
      citations: [
        { url: 'https://weather.example/paris', title: 'Paris forecast' },
        { url: 'https://meteo.example/fr', title: 'Météo', span: [6, 18], snippet: '18 °C' },
        { title: 'Climate report' },
      ],
    });
    expect(a1.metadata['ai_sdk']).toMatchObject({
      step_starts: [0, 3],
      sources: [{ sourceId: 's1' }, { sourceId: 's3', filename: 'climate.pdf' }],
      reasoning_files: ['a1:8'],
    });
  });

  it('files by media type: a data URL decoded, a URL kept', () => {
    expect(byId(messages, 'u1').content[1]).toMatchObject({
      type: 'data',
      name: 'sky.png',
      source: { type: 'base64', data: 'iVBORw0KGgo=', media_type: 'image/png' },
    });
    expect(byId(messages, 'a1').content[4]).toMatchObject({
      source: { type: 'url', url: 'https://cdn.example/radar.png' },
    });
  });

  it('metadata is kept; usage and createdAt are read from it', () => {
    const a1 = byId(messages, 'a1');
    expect(a1.metadata).toMatchObject({ model: 'gpt-5' });
    expect(a1.usage).toEqual({
      input_tokens: 120,
      output_tokens: 48,
      cache_input_tokens: 100,
      cache_creation_input_tokens: 0,
      reasoning_tokens: 20,
    });
    expect(a1.created_at).toBe('2026-03-01T10:00:01.000Z');
  });

  it('every tool state maps to the right call and result states', () => {
    const a2 = byId(messages, 'a2');
    const expected: [string, string, string | null][] = [
      ['t-streaming', 'pending', null],
      ['t-available', 'submitted', null],
      ['t-dynamic', 'finished', 'success'],
      ['t-asking', 'asking', null],
      // Approved, not yet sent: the server runs it once the answer reaches it, never the app.
      ['t-approved', 'allowed', null],
      ['t-denied-pending', 'finished', 'denied'],
      ['t-preliminary', 'finished', 'running'],
      ['t-error', 'finished', 'error'],
      ['t-input-error', 'finished', 'error'],
      ['t-denied', 'finished', 'denied'],
    ];
    for (const [id, call, result] of expected) {
      expect([id, (block(a2, id) as AiSdkToolCallBlock).state]).toEqual([id, call]);
      expect([
        id,
        (block(a2, id, 'tool_result') as ToolResultBlock | undefined)?.state ?? null,
      ]).toEqual([id, result]);
    }
    expect(block(a2, 't-streaming')).toMatchObject({ input: '{"q":"par', finished_at: null });
    expect(block(a2, 't-dynamic')).toMatchObject({
      name: 'mcp_fetch',
      kind: 'dynamic',
      ai_sdk: { dynamic: true, title: 'Fetch a page' },
    });
    expect(block(a2, 't-input-error')).toMatchObject({ input: '{"q": ' });
    expect(block(a2, 't-error', 'tool_result')).toMatchObject({
      output: 'Search backend unavailable',
    });
    expect(block(a2, 't-denied', 'tool_result')).toMatchObject({ output: 'Too risky' });
    expect(block(a2, 't-asking')).toMatchObject({
      ai_sdk: { approval: { id: 'ap-1', requestReason: 'Deploys to production' } },
    });
    // Waiting for an approval: open and waiting, not "Responding…".
    expect(a2.finished_at).toBeNull();
    expect(getReplyStatus(a2)).toBe('awaiting-confirmation');
  });

  it('with streaming, the last assistant message stays open', () => {
    const open = fromAiSdkMessages(
      [{ id: 'a', role: 'assistant', parts: [{ type: 'text', text: 'Wri', state: 'streaming' }] }],
      { streaming: true },
    ).messages[0] as Msg;
    expect(open.finished_at).toBeNull();
    expect(open.content[0]?.finished_at).toBeNull();
    expect(getReplyStatus(open)).toBe('streaming');
    const closed = fromAiSdkMessage({
      id: 'a',
      role: 'assistant',
      parts: [{ type: 'text', text: 'Wri', state: 'streaming' }],
    }).message;
    expect(getReplyStatus(closed as Msg)).toBe('done');
  });
});

describe('fromAiSdkMessages: older and broken input', () => {
  it('reads AI SDK 4 messages', () => {
    const { messages, diagnostics } = fromAiSdkMessages(fixture('legacy-v4.json'));
    expect(diagnostics).toEqual([]);
    expect(messages[0]?.content[0]).toMatchObject({ type: 'text', text: 'Hi there' });
    expect(messages[1]?.content).toMatchObject([
      { type: 'thinking', thinking: 'Check the weather tool.' },
      { type: 'tool_call', id: 'c1', name: 'weather', input: '{"city":"Nice"}', state: 'finished' },
      { type: 'tool_result', id: 'c1', state: 'success', output: 'sunny' },
      {
        type: 'text',
        text: 'It is sunny.',
        citations: [{ url: 'https://weather.example/nice', title: 'Nice' }],
      },
      { type: 'data', source: { type: 'base64', data: 'iVBORw0KGgo=', media_type: 'image/png' } },
    ]);
  });

  it('keeps an AI SDK 4 tool invocation without a toolCallId as an unknown block', () => {
    const part = {
      type: 'tool-invocation',
      toolInvocation: { toolName: 'weather', state: 'result', args: {}, result: 'sunny' },
    };
    const { messages, diagnostics } = fromAiSdkMessages([
      { id: 'a1', role: 'assistant', parts: [part] },
    ]);
    expect(messages[0]?.content).toMatchObject([
      { type: 'unknown', original_type: 'tool-invocation' },
    ]);
    expect(diagnostics.map((d) => d.path)).toContain('$[0].parts[0]');
  });

  it('keeps what it can, shows unknown parts, reports every repair with its path, never throws', () => {
    const { messages, diagnostics } = fromAiSdkMessages(fixture('malformed.json'));
    expect(messages.map((m) => m.id)).toEqual(['ai-sdk-message-$[2]', 'a1', 'a2']);
    const a1 = byId(messages, 'a1');
    expect(a1.role).toBe('robot');
    expect(
      a1.content
        .filter((b) => b.type === 'unknown')
        .map((b) => b.type === 'unknown' && b.original_type),
    ).toEqual(['hologram', null, 'tool-search', 'dynamic-tool']);
    expect(diagnostics.map((d) => [d.detail, d.path])).toEqual([
      ['invalid-message', '$[0]'],
      ['invalid-message', '$[1]'],
      ['missing-id', '$[2].id'],
      ['unknown-role', '$[3].role'],
      ['reserved-metadata', '$[3]'],
      ['invalid-part', '$[3].parts[0]'],
      ['unknown-part', '$[3].parts[1]'],
      ['unknown-part', '$[3].parts[2]'],
      ['invalid-part', '$[3].parts[3]'],
      ['unknown-part', '$[3].parts[3]'],
      ['invalid-part', '$[3].parts[4]'],
      ['invalid-part', '$[3].parts[5]'],
      ['invalid-file', '$[3].parts[6]'],
      ['unknown-part', '$[3].parts[7]'],
      ['invalid-message', '$[4]'],
    ]);
    expect(fromAiSdkMessages('nope' as never).diagnostics[0]).toMatchObject({
      code: 'invalid-input',
      detail: 'invalid-messages',
    });
  });
});

describe('fromAiSdkMessages: system prompts', () => {
  it('keeps a system message, marked hidden as instructions, and its metadata', () => {
    const { messages, diagnostics } = fromAiSdkMessages([
      {
        id: 's',
        role: 'system',
        metadata: { source: 'app' },
        parts: [{ type: 'text', text: 'Be brief.' }],
      },
      { id: 'u', role: 'user', parts: [{ type: 'text', text: 'hi' }] },
    ]);
    expect(diagnostics).toEqual([]);
    const [system, user] = messages;
    expect(system).toMatchObject({ role: 'system', metadata: { source: 'app', hidden: true } });
    expect(system?.content[0]).toMatchObject({ type: 'text', text: 'Be brief.' });
    // Only instructions: the user's turn stays in the conversation.
    expect(user?.metadata['hidden']).toBeUndefined();
  });
});

describe('createAiSdkMessageConverter', () => {
  it('keeps unchanged messages and blocks by identity while the last message streams', () => {
    const convert = createAiSdkMessageConverter();
    const user = { id: 'u', role: 'user', parts: [{ type: 'text', text: 'hi' }] };
    const snapshot = (text: string) => ({
      id: 'a',
      role: 'assistant',
      parts: [
        { type: 'reasoning', text: 'thinking', state: 'done' },
        { type: 'text', text, state: 'streaming' },
      ],
    });
    const first = convert([user, snapshot('Hel')], { streaming: true });
    const second = convert([user, snapshot('Hello')], { streaming: true });
    expect(second.messages[0]).toBe(first.messages[0]);
    expect(second.messages[1]).not.toBe(first.messages[1]);
    expect(second.messages[1]?.content[0]).toBe(first.messages[1]?.content[0]);
    expect(second.messages[1]?.content[1]).toMatchObject({ text: 'Hello' });
    const same = snapshot('Hello');
    const third = convert([user, same], { streaming: true });
    expect(third.messages[1]).toBe(second.messages[1]);
    expect(convert([user, same], { streaming: false }).messages[1]?.finished_at).not.toBeNull();
  });

  it('converts id-less messages as fromAiSdkMessages does: distinct ids, paths at their index', () => {
    const list = [
      { role: 'user', parts: [{ type: 'text', text: 'one' }] },
      { role: 'user', parts: [{ type: 'text', text: 'two' }] },
    ];
    const converted = createAiSdkMessageConverter()(list);
    const direct = fromAiSdkMessages(list);
    expect(converted.messages.map((msg) => msg.id)).toEqual(direct.messages.map((msg) => msg.id));
    expect(new Set(converted.messages.map((msg) => msg.id)).size).toBe(2);
    expect(converted.diagnostics.map((d) => [d.code, d.path])).toEqual(
      direct.diagnostics.map((d) => [d.code, d.path]),
    );
  });
});
