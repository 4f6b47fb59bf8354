import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromAgentScopeMsg } from '../../../src/core/protocols/agentscope/messages.js';
import type { Msg } from '../../../src/core/model/message.js';
import { parseContentBlock } from '../../../src/core/model/parse/block-reader.js';
import { validateMsg } from '../../../src/core/model/parse/message-reader.js';

const upstreamDirectory = new URL('../../fixtures/agentscope/upstream/', import.meta.url);
const localDirectory = new URL('../../fixtures/agentscope/', import.meta.url);
const read = (directory: URL, name: string): unknown =>
  JSON.parse(readFileSync(new URL(name, directory), 'utf8'));

interface MessageEventDump {
  blocks: Record<string, unknown>[];
  messages: Msg[];
}
interface StateDump {
  state: { context: Msg[] };
}
interface PermissionDump {
  rule: Record<string, unknown>;
  decision: { suggested_rules: Record<string, unknown>[] };
}

function convert(value: unknown) {
  const result = fromAgentScopeMsg(value);
  expect(validateMsg(result.message)).toEqual([]);
  return result;
}

/* ---------------------------------------------------------------------------------------------- */

describe('fromAgentScopeMsg: the verbatim Python dumps round-trip exactly', () => {
  it('covers every upstream fixture file', () => {
    expect(
      readdirSync(upstreamDirectory)
        .filter((name) => name.endsWith('.json'))
        .sort(),
    ).toEqual(['message-event.python.json', 'permission.python.json', 'state.python.json']);
  });

  const dump = read(upstreamDirectory, 'message-event.python.json') as MessageEventDump;

  it.each(dump.messages.map((message) => [message.id, message] as const))(
    'message %s comes back unchanged',
    (_, message) => {
      const copy = structuredClone(message);
      const result = convert(message);
      expect(result).toEqual({ message: copy, diagnostics: [] });
      // A valid message is returned as the same object, not a copy.
      expect(result.message).toBe(message);
    },
  );

  it('keeps the naive Python timestamps, the thinking signature and the usage exactly as dumped', () => {
    const [user, assistant] = dump.messages.map((message) => convert(message).message);
    expect(user).toMatchObject({
      role: 'user',
      created_at: '2026-09-01T12:34:56.123456',
      finished_at: '2026-09-01T12:34:56.123456',
    });
    expect(assistant?.content[1]).toEqual({
      type: 'thinking',
      thinking: 'reason',
      id: 'thinking-id',
      created_at: '2026-09-01T12:34:56.123456',
      finished_at: null,
      signature: 'sig',
    });
    expect(assistant?.usage).toEqual({
      input_tokens: 10,
      output_tokens: 2,
      cache_input_tokens: 0,
      cache_creation_input_tokens: 0,
    });
    expect(assistant?.structured_output).toEqual({ answer: 42 });
  });

  it.each(dump.blocks.map((block) => [block['type'], block] as const))(
    'block %s goes through parseContentBlock unchanged',
    (_, block) => {
      expect(parseContentBlock(structuredClone(block))).toEqual(block);
    },
  );

  it('every block, carried by an assistant message, comes back field by field', () => {
    const message = {
      ...structuredClone(dump.messages[1] as Msg),
      content: structuredClone(dump.blocks),
    };
    expect(convert(message)).toEqual({
      message: { ...message, content: dump.blocks },
      diagnostics: [],
    });
  });

  it('round-trips every message of state.context', () => {
    const state = read(upstreamDirectory, 'state.python.json') as StateDump;
    expect(state.state.context).toHaveLength(1);
    for (const message of state.state.context) {
      expect(convert(structuredClone(message))).toEqual({ message, diagnostics: [] });
    }
    expect(state.state.context[0]?.content[0]).toEqual({
      type: 'text',
      text: 'hello',
      id: 'text-id',
      created_at: '2026-09-01T12:34:56.123456',
      finished_at: null,
    });
  });

  it('keeps the permission fixture rules as a tool call’s suggested rules', () => {
    const permission = read(upstreamDirectory, 'permission.python.json') as PermissionDump;
    const call = {
      type: 'tool_call',
      id: 'call-bash',
      name: 'Bash',
      input: '{"command":"git status"}',
      state: 'asking',
      suggested_rules: [permission.rule, ...permission.decision.suggested_rules],
      created_at: '2026-09-01T12:34:56.123456',
      finished_at: null,
    };
    const message = { ...structuredClone(dump.messages[1] as Msg), content: [call] };
    const result = convert(structuredClone(message));
    expect(result).toEqual({ message, diagnostics: [] });
    expect(
      (result.message.content[0] as { suggested_rules: unknown[] }).suggested_rules[0],
    ).toEqual({
      tool_name: 'Bash',
      rule_content: 'git status:*',
      behavior: 'allow',
      source: 'python-fixture',
    });
  });
});

/* ---------------------------------------------------------------------------------------------- */

describe('fromAgentScopeMsg: hand-written fixtures', () => {
  it('covers every local fixture file', () => {
    expect(readdirSync(localDirectory).sort()).toEqual([
      'README.md',
      'legacy-1x-assistant.json',
      'legacy-1x-media.json',
      'legacy-1x-string-content.json',
      'legacy-1x-tool-result.json',
      'upstream',
      'v2-complete-utc.json',
      'v2-missing-fields.json',
    ]);
  });

  it('returns a complete 2.x message from the TS port (UTC timestamps, redacted thinking, hint, rules) unchanged', () => {
    const fixture = read(localDirectory, 'v2-complete-utc.json');
    expect(convert(structuredClone(fixture))).toEqual({ message: fixture, diagnostics: [] });
  });

  it('fills the defaults a 2.0.x server omits', () => {
    const t = '2026-03-02T08:00:0';
    expect(convert(read(localDirectory, 'v2-missing-fields.json'))).toEqual({
      message: {
        name: 'Friday',
        content: [
          {
            type: 'text',
            text: 'Done.',
            id: 'blk-1',
            created_at: `${t}1.000Z`,
            finished_at: `${t}2.000Z`,
          },
          {
            type: 'tool_call',
            id: 'call-1',
            name: 'Bash',
            input: '{"command":"ls"}',
            state: 'finished',
            suggested_rules: [],
            created_at: `${t}1.500Z`,
            finished_at: `${t}1.600Z`,
          },
          {
            type: 'tool_result',
            id: 'call-1',
            name: 'Bash',
            output: 'a.txt',
            state: 'success',
            metadata: {},
            created_at: `${t}1.700Z`,
            finished_at: `${t}1.800Z`,
          },
        ],
        role: 'assistant',
        id: 'reply-2',
        metadata: {},
        created_at: `${t}0.000Z`,
        usage: {
          input_tokens: 100,
          output_tokens: 7,
          cache_input_tokens: 0,
          cache_creation_input_tokens: 0,
        },
        finished_at: `${t}3.000Z`,
        finished_reason: null,
        structured_output: null,
        error: null,
      },
      diagnostics: [],
    });
  });

  it('converts a 1.x assistant message: tool_use → tool_call, timestamp → created_at, extras → metadata', () => {
    const t = '2025-06-01 10:20:30.123';
    expect(convert(read(localDirectory, 'legacy-1x-assistant.json'))).toEqual({
      message: {
        name: 'Friday',
        content: [
          {
            type: 'thinking',
            thinking: 'The user wants the weather; call the tool.',
            id: 'Fq3ZkUeM9oXyV7bR2tPcHa-0',
            created_at: t,
            finished_at: t,
          },
          {
            type: 'text',
            text: 'Let me check the weather.',
            id: 'Fq3ZkUeM9oXyV7bR2tPcHa-1',
            created_at: t,
            finished_at: t,
          },
          {
            type: 'tool_call',
            id: 'call_weather_1',
            name: 'get_weather',
            input: '{"city":"Hangzhou","unit":"celsius"}',
            state: 'allowed',
            suggested_rules: [],
            created_at: t,
            finished_at: t,
          },
          {
            type: 'tool_call',
            id: 'call_weather_2',
            name: 'get_weather',
            input: '{"city": "Paris"}',
            state: 'allowed',
            suggested_rules: [],
            created_at: t,
            finished_at: t,
          },
        ],
        role: 'assistant',
        id: 'Fq3ZkUeM9oXyV7bR2tPcHa',
        metadata: { invocation_id: 'inv-77' },
        created_at: t,
        usage: null,
        finished_at: t,
        finished_reason: null,
        structured_output: null,
        error: null,
      },
      diagnostics: [
        expect.objectContaining({
          message: 'msg: read as an AgentScope 1.x message and converted to 2.x',
        }),
      ],
    });
  });

  it('converts 1.x tool results: media output blocks become data blocks, is_error becomes the state', () => {
    const t = '2025-06-01 10:20:31.456';
    expect(convert(read(localDirectory, 'legacy-1x-tool-result.json'))).toEqual({
      message: {
        name: 'system',
        content: [
          {
            type: 'tool_result',
            id: 'call_weather_1',
            name: 'get_weather',
            output: [
              {
                type: 'text',
                text: 'Sunny, 31°C',
                id: 'call_weather_1-0',
                created_at: t,
                finished_at: t,
              },
              {
                type: 'data',
                id: 'call_weather_1-1',
                source: {
                  type: 'url',
                  url: 'https://maps.example.com/hz.png',
                  media_type: 'image/png',
                },
                name: null,
                created_at: t,
                finished_at: t,
              },
              {
                type: 'data',
                id: 'call_weather_1-2',
                source: {
                  type: 'base64',
                  data: 'UklGRiQAAABXQVZFZm10IBAA',
                  media_type: 'audio/wav',
                },
                name: null,
                created_at: t,
                finished_at: t,
              },
            ],
            state: 'success',
            metadata: {},
            created_at: t,
            finished_at: t,
          },
          {
            type: 'tool_result',
            id: 'call_weather_2',
            name: 'get_weather',
            output: 'Service unavailable',
            state: 'error',
            metadata: {},
            created_at: t,
            finished_at: t,
          },
        ],
        role: 'system',
        id: 'ToolRes8xQ2',
        metadata: { generate_reason: 'tool_execution_result' },
        created_at: t,
        usage: null,
        finished_at: t,
        finished_reason: null,
        structured_output: null,
        error: null,
      },
      diagnostics: [
        expect.objectContaining({
          message: 'msg: read as an AgentScope 1.x message and converted to 2.x',
        }),
      ],
    });
  });

  it('converts 1.x string content into one text block', () => {
    const t = '2025-06-01 10:20:29.001';
    expect(convert(read(localDirectory, 'legacy-1x-string-content.json'))).toEqual({
      message: {
        name: 'user',
        content: [
          {
            type: 'text',
            text: "What's the weather in Hangzhou?",
            id: 'UserMsg4kP-0',
            created_at: t,
            finished_at: t,
          },
        ],
        role: 'user',
        id: 'UserMsg4kP',
        metadata: { channel: 'web' },
        created_at: t,
        usage: null,
        finished_at: t,
        finished_reason: null,
        structured_output: null,
        error: null,
      },
      diagnostics: [
        expect.objectContaining({
          message: 'msg: read as an AgentScope 1.x message and converted to 2.x',
        }),
      ],
    });
  });

  it('converts 1.x image, audio and video blocks; local paths become file references, never URLs', () => {
    const t = '2025-06-01 10:21:00.000';
    const data = (id: string, source: object, name: string | null = null) => ({
      type: 'data',
      id,
      source,
      name,
      created_at: t,
      finished_at: t,
    });
    const { message, diagnostics } = convert(read(localDirectory, 'legacy-1x-media.json'));
    expect(message.content).toEqual([
      { type: 'text', text: 'Compare these', id: 'MediaMsg1-0', created_at: t, finished_at: t },
      data('MediaMsg1-1', {
        type: 'base64',
        data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        media_type: 'image/png',
      }),
      data(
        'MediaMsg1-2',
        { type: 'file_id', file_id: './screenshots/before.jpg', media_type: 'image/jpeg' },
        'before.jpg',
      ),
      data('MediaMsg1-3', {
        type: 'url',
        url: 'https://videos.example.com/clip.mp4',
        media_type: 'video/mp4',
      }),
      data(
        'MediaMsg1-4',
        { type: 'file_id', file_id: '/tmp/voice.mp3', media_type: 'audio/mpeg' },
        'voice.mp3',
      ),
      data('MediaMsg1-5', {
        type: 'base64',
        data: '/9j/4AAQSkZJRgABAQAAAQ==',
        media_type: 'image/jpeg',
      }),
      {
        type: 'unknown',
        id: 'MediaMsg1-6',
        original_type: 'image',
        raw: { type: 'image', source: { type: 'ftp', path: '/x' } },
      },
    ]);
    expect(diagnostics.map((d) => d.message)).toEqual([
      'msg: read as an AgentScope 1.x message and converted to 2.x',
      'msg.content[6].source is not a 1.x base64 or url source; kept as an unknown block',
    ]);
  });
});

/* ---------------------------------------------------------------------------------------------- */

describe('fromAgentScopeMsg: repairs and junk', () => {
  it('rescues a message whose fields parseMsg alone would reject', () => {
    const { message, diagnostics } = convert({
      name: { first: 'F' },
      role: ['assistant'],
      id: 'm',
      content: { type: 'text', text: 'solo', id: 'b' },
      created_at: 1718000000,
      finished_at: true,
      usage: 'lots',
      error: 7,
    });
    expect(message).toMatchObject({
      name: 'assistant',
      role: 'assistant',
      created_at: '2024-06-10T06:13:20.000Z',
      finished_at: null,
      usage: null,
      error: { type: 'unknown', message: '7' },
      content: [{ type: 'text', text: 'solo', id: 'b', created_at: '', finished_at: null }],
    });
    expect(diagnostics.map((d) => d.message)).toEqual([
      'msg.role ["assistant"] is not a string; read as assistant',
      'msg.name {"first":"F"} is not a string; read as the role',
      'msg.finished_at true is not a timestamp; left empty',
      'msg.content {"type":"text","text":"solo","id":"b"} is not a list; kept as one block',
      'msg.usage "lots" is not an object; dropped',
      'msg.error 7 is not an object; kept as its text',
    ]);
  });

  it('keeps blocks it does not know as unknown blocks and reports repaired fields', () => {
    const { message, diagnostics } = convert({
      name: 'a',
      role: 'assistant',
      id: 'm',
      content: [
        { type: 'citation_card', id: 'c1', url: 'https://x' },
        { type: 'tool_call', id: 'k', name: 'n', input: { a: 1 } },
      ],
      created_at: '2026-01-01T00:00:00',
      finished_reason: 'done',
    });
    expect(message.content).toEqual([
      {
        type: 'unknown',
        id: 'c1',
        original_type: 'citation_card',
        raw: { type: 'citation_card', id: 'c1', url: 'https://x' },
      },
      {
        type: 'tool_call',
        id: 'k',
        name: 'n',
        input: '{"a":1}',
        state: 'pending',
        suggested_rules: [],
        created_at: '',
        finished_at: null,
      },
    ]);
    expect(message.finished_reason).toBe('completed');
    expect(diagnostics.map((d) => d.message)).toEqual([
      'msg.content[0] kept as an unknown block',
      'msg.content[1].input was repaired',
      'msg.finished_reason was repaired',
    ]);
  });

  it('keeps a protocol-relative 1.x URL a URL, but a Windows path a file reference', () => {
    const { message } = convert({
      id: 'w',
      name: 'user',
      role: 'user',
      timestamp: '2025-01-01 00:00:00.000',
      content: [
        { type: 'image', source: { type: 'url', url: '//cdn.example.com/a.png' } },
        { type: 'image', source: { type: 'url', url: 'C:\\pics\\b.jpg' } },
      ],
    });
    expect(message.content.map((block) => (block as { source: unknown }).source)).toEqual([
      { type: 'url', url: '//cdn.example.com/a.png', media_type: 'image/png' },
      { type: 'file_id', file_id: 'C:\\pics\\b.jpg', media_type: 'image/jpeg' },
    ]);
  });

  it.each([null, 42, 'hello', [1, 2], true])(
    'keeps junk (%j) as an unknown block in a valid message',
    (junk) => {
      const { message, diagnostics } = convert(junk);
      expect(message.content).toEqual([
        { type: 'unknown', id: `${message.id}-0`, original_type: null, raw: junk },
      ]);
      expect(diagnostics).toHaveLength(1);
    },
  );
});
