import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  fromAgentFlowMessage,
  fromAgentFlowMessages,
} from '../../../src/core/protocols/agentflow/messages.js';
import { isAgentFlowMediaUrl } from '../../../src/core/protocols/agentflow/media.js';
import type { ContentBlock } from '../../../src/core/model/block.js';
import { validateMsg } from '../../../src/core/model/parse/message-reader.js';

const GENERATED = new URL('../../fixtures/agentflow/generated/', import.meta.url);
const LOCAL = new URL('../../fixtures/agentflow/', import.meta.url);

function readJson(folder: URL, name: string): unknown {
  return JSON.parse(readFileSync(new URL(name, folder), 'utf8'));
}

function convert(folder: URL, name: string) {
  return fromAgentFlowMessage(readJson(folder, name));
}

function block(content: ContentBlock[], index: number): ContentBlock {
  const found = content[index];
  if (found === undefined) throw new Error(`no block ${index}`);
  return found;
}

// 1718000000 s, as Python's time.time() writes it.
const T0 = '2024-06-10T06:13:20.000Z';
const stamp = (at: string) => ({ created_at: at, finished_at: at });

describe('fixture files', () => {
  const files = [
    ...readdirSync(GENERATED)
      .filter((name) => name.endsWith('.json'))
      .map((name) => [GENERATED, name] as const),
    ...readdirSync(LOCAL)
      .filter((name) => name.endsWith('.json'))
      .map((name) => [LOCAL, name] as const),
  ];

  it.each(files.map(([folder, name]) => [name, folder] as const))(
    '%s converts to a valid Msg',
    (name, folder) => {
      const { message, diagnostics } = convert(folder, name);
      expect(validateMsg(message)).toEqual([]);
      expect(Array.isArray(diagnostics)).toBe(true);
    },
  );
});

describe('fromAgentFlowMessage: generated-message-all-blocks.json (the real wire shape)', () => {
  const { message, diagnostics } = convert(GENERATED, 'generated-message-all-blocks.json');

  it('reads every field of the envelope', () => {
    expect(diagnostics).toEqual([]);
    expect(message.id).toBe('m-1');
    expect(message.role).toBe('assistant');
    expect(message.name).toBe('assistant');
    expect(message.created_at).toBe(T0);
    expect(message.finished_at).toBe(T0);
    expect(message.finished_reason).toBe('completed');
    expect(message.structured_output).toBeNull();
    expect(message.error).toBeNull();
    expect(message.usage).toStrictEqual({
      input_tokens: 10,
      output_tokens: 5,
      cache_input_tokens: 0,
      cache_creation_input_tokens: 0,
      reasoning_tokens: 0,
    });
    expect(message.metadata).toStrictEqual({
      provider: 'openai',
      model: 'gpt-4o',
      finish_reason: 'stop',
      agentflow: {
        delta: false,
        timestamp: 1718000000,
        usages: {
          completion_tokens: 5,
          prompt_tokens: 10,
          total_tokens: 15,
          reasoning_tokens: 0,
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: 0,
          image_tokens: 0,
          audio_tokens: 0,
        },
        block_extras: { 'm-1:4': { text: 'body' } },
      },
    });
  });

  it('turns the annotation block into a citation on the text it spans', () => {
    expect(message.content).toHaveLength(11);
    expect(block(message.content, 0)).toStrictEqual({
      type: 'text',
      id: 'm-1:0',
      text: 'See [1].',
      ...stamp(T0),
      citations: [
        { url: 'https://example.com', title: 'Example' },
        { url: 'https://example.com', page: 2, span: [0, 8] },
      ],
    });
  });

  it('reads image, audio, video, document and data blocks as data blocks', () => {
    expect(block(message.content, 1)).toStrictEqual({
      type: 'data',
      id: 'm-1:1',
      source: { type: 'url', url: 'https://example.com/cat.png', media_type: 'image/png' },
      name: null,
      alt: 'cat',
      ...stamp(T0),
    });
    expect(block(message.content, 2)).toStrictEqual({
      type: 'data',
      id: 'm-1:2',
      source: { type: 'base64', data: 'UklGRg==', media_type: 'audio/wav' },
      name: null,
      transcript: 'hi',
      ...stamp(T0),
    });
    // No mime_type on the wire: guessed from the URL's extension.
    expect(block(message.content, 3)).toStrictEqual({
      type: 'data',
      id: 'm-1:3',
      source: { type: 'url', url: 'https://example.com/v.mp4', media_type: 'video/mp4' },
      name: null,
      thumbnail: { type: 'url', url: 'https://example.com/t.jpg', media_type: 'image/jpeg' },
      ...stamp(T0),
    });
    expect(block(message.content, 4)).toStrictEqual({
      type: 'data',
      id: 'm-1:4',
      source: { type: 'file_id', file_id: 'file-1', media_type: 'application/pdf' },
      name: null,
      pages: [1],
      excerpt: 'Intro',
      ...stamp(T0),
    });
    expect(block(message.content, 5)).toStrictEqual({
      type: 'data',
      id: 'm-1:5',
      source: { type: 'base64', data: 'e30=', media_type: 'application/json' },
      name: null,
      ...stamp(T0),
    });
  });

  it('reads reasoning as thinking with its details', () => {
    expect(block(message.content, 6)).toStrictEqual({
      type: 'thinking',
      id: 'm-1:6',
      thinking: 'Thinking about it',
      details: ['step 1'],
      ...stamp(T0),
    });
  });

  it('reads tool calls, remote tool calls and results, pairing them', () => {
    expect(block(message.content, 7)).toStrictEqual({
      type: 'tool_call',
      id: 'call_1',
      name: 'get_weather',
      input: '{"city":"Paris"}',
      state: 'finished',
      suggested_rules: [],
      ...stamp(T0),
    });
    expect(block(message.content, 8)).toStrictEqual({
      type: 'tool_call',
      id: 'call_2',
      name: 'get_location',
      input: '{}',
      state: 'submitted',
      suggested_rules: [],
      kind: 'remote',
      remote: true,
      ...stamp(T0),
    });
    expect(block(message.content, 9)).toStrictEqual({
      type: 'tool_result',
      id: 'call_1',
      name: 'get_weather',
      output: '{"temp":22}',
      value: { temp: 22 },
      state: 'success',
      metadata: {},
      ...stamp(T0),
    });
  });

  it('keeps the error block', () => {
    expect(block(message.content, 10)).toStrictEqual({
      type: 'error',
      id: 'm-1:11',
      message: 'Tool timed out',
      code: 'TIMEOUT',
      data: { seconds: 30 },
      ...stamp(T0),
    });
  });
});

describe('fromAgentFlowMessage: documented variants the real code rejects', () => {
  const at = '2024-06-10T06:13:20.500Z';
  const { message, diagnostics } = convert(LOCAL, 'documented-variants.json');

  it('reads them into the same model', () => {
    expect(message.content).toStrictEqual([
      {
        type: 'thinking',
        id: 'doc-1:0',
        thinking: 'Step by step.',
        signature: 'sig-abc',
        ...stamp(at),
      },
      { type: 'thinking', id: 'doc-1:1', thinking: 'Concepts-doc reasoning.', ...stamp(at) },
      {
        type: 'text',
        id: 'doc-1:2',
        text: 'Source article says so.',
        citations: [{ url: 'https://example.com/article', title: 'Source article' }],
        ...stamp(at),
      },
      {
        type: 'tool_result',
        id: 'call_doc',
        name: '',
        output: 'Sunny, 25°C',
        state: 'success',
        metadata: {},
        ...stamp(at),
      },
      {
        type: 'tool_result',
        id: 'call_err',
        name: '',
        output: '{"reason":"quota"}',
        value: { reason: 'quota' },
        state: 'error',
        metadata: {},
        ...stamp(at),
      },
      {
        type: 'error',
        id: 'doc-1:6',
        message: 'Tool timed out after 30 s.',
        code: 'TIMEOUT',
        data: { tool_call_id: 'call_err' },
        ...stamp(at),
      },
    ]);
  });

  it('reports each variant', () => {
    expect(diagnostics.map((d) => d.path)).toEqual([
      '$.content[0]',
      '$.content[1]',
      '$.content[3]',
      '$.content[4]',
      '$.content[5]',
      '$.content[5].status',
      '$.content[6]',
    ]);
    expect(diagnostics.every((d) => d.message.startsWith('documented variant'))).toBe(true);
  });

  it('reads content given as a plain string as one text block', () => {
    const result = convert(LOCAL, 'content-string.json');
    expect(result.message.content).toStrictEqual([
      { type: 'text', id: 's-1:0', text: 'What is the capital of France?', ...stamp(T0) },
    ]);
    expect(result.message.role).toBe('user');
    expect(result.message.finished_reason).toBeNull();
    expect(result.diagnostics).toEqual([
      {
        code: 'converted',
        path: '$.content',
        message: 'documented variant: a plain string read as one text block',
      },
    ]);
  });
});

describe('fromAgentFlowMessage: ids and timestamps', () => {
  it('reads the TS client shape: milliseconds, and "0" as no id', () => {
    const { message, diagnostics } = convert(LOCAL, 'ts-client-message.json');
    expect(diagnostics).toEqual([]);
    expect(message.created_at).toBe('2024-06-10T06:13:20.123Z');
    expect(message.id).toMatch(/^[0-9a-f]{32}$/);
    expect(message.metadata).toStrictEqual({
      source: 'web',
      agentflow: { message_id: '0', delta: false, timestamp: 1718000000123 },
    });
    expect(block(message.content, 0).id).toBe(`${message.id}:0`);
  });

  it('reads a numeric message_id, an ISO timestamp, usages and parsed_content', () => {
    const { message, diagnostics } = convert(LOCAL, 'legacy-int-id-iso-timestamp.json');
    expect(diagnostics).toEqual([]);
    expect(message.id).toBe('7203945812345');
    expect(message.created_at).toBe('2025-09-30T12:00:00.123456');
    expect(message.usage).toStrictEqual({
      input_tokens: 7,
      output_tokens: 3,
      cache_input_tokens: 4,
      cache_creation_input_tokens: 1,
      reasoning_tokens: 2,
    });
    expect(message.structured_output).toStrictEqual({ answer: 42 });
    expect(message.metadata['agentflow']).toMatchObject({
      message_id: 7203945812345,
      raw: { id: 'resp_1' },
    });
  });

  it.each([
    [1718000000, '2024-06-10T06:13:20.000Z'],
    [1718000000.25, '2024-06-10T06:13:20.250Z'],
    [1718000000123, '2024-06-10T06:13:20.123Z'],
    ['1718000000', '2024-06-10T06:13:20.000Z'],
    [0, '1970-01-01T00:00:00.000Z'],
    ['2025-09-30T12:00:00Z', '2025-09-30T12:00:00Z'],
    [null, ''],
  ])('reads timestamp %j as %j', (timestamp, expected) => {
    const { message, diagnostics } = fromAgentFlowMessage({
      message_id: 'm',
      role: 'user',
      content: [],
      timestamp,
    });
    expect(message.created_at).toBe(expected);
    expect(diagnostics).toEqual([]);
  });

  it.each([1e300, 'yesterday', { at: 1 }])(
    'reports an unreadable timestamp %j and leaves created_at empty',
    (timestamp) => {
      const { message, diagnostics } = fromAgentFlowMessage({
        message_id: 'm',
        role: 'user',
        content: [],
        timestamp,
      });
      expect(message.created_at).toBe('');
      expect(diagnostics).toEqual([
        {
          code: 'invalid-data',
          detail: 'invalid-timestamp',
          path: '$.timestamp',
          message: 'unreadable timestamp; kept in metadata.agentflow',
        },
      ]);
      expect(validateMsg(message)).toEqual([]);
    },
  );

  it('leaves a delta fragment open, its calls pending', () => {
    const { message } = fromAgentFlowMessage({
      message_id: 'd',
      role: 'assistant',
      delta: true,
      timestamp: 1718000000,
      content: [
        { type: 'text', text: 'Hel' },
        { type: 'tool_call', id: 'c', name: 'n', args: {} },
      ],
    });
    expect(message.finished_at).toBeNull();
    expect(message.finished_reason).toBeNull();
    expect(block(message.content, 0)).toMatchObject({ finished_at: null });
    expect(block(message.content, 1)).toMatchObject({ state: 'pending', finished_at: null });
    expect(message.metadata).toStrictEqual({ agentflow: { delta: true, timestamp: 1718000000 } });
  });
});

describe('fromAgentFlowMessage: media references', () => {
  const { message, diagnostics } = convert(LOCAL, 'media-refs.json');
  const content = message.content;

  it('keeps every MediaRef field the model has a place for', () => {
    expect(block(content, 0)).toStrictEqual({
      type: 'data',
      id: 'media-1:0',
      source: { type: 'url', url: 'https://cdn.example.com/chart.png', media_type: 'image/png' },
      name: 'chart.png',
      alt: 'Revenue chart',
      size_bytes: 20480,
      sha256: 'ab12',
      width: 640,
      height: 480,
      ...stamp(T0),
    });
    expect(block(content, 3)).toStrictEqual({
      type: 'data',
      id: 'media-1:3',
      source: { type: 'file_id', file_id: 'file-audio-9', media_type: 'audio/mpeg' },
      name: 'memo.mp3',
      transcript: 'Remember the milk.',
      size_bytes: 88000,
      duration_ms: 5300,
      ...stamp(T0),
    });
    expect(block(content, 5)).toStrictEqual({
      type: 'data',
      id: 'media-1:5',
      source: {
        type: 'url',
        url: 'https://example.com/report.pdf?download=1',
        media_type: 'application/pdf',
      },
      name: 'report.pdf',
      sha256: 'ff00',
      page: 3,
      pages: [3, 4],
      excerpt: 'Q4 earnings rose.',
      ...stamp(T0),
    });
    expect(block(content, 6)).toStrictEqual({
      type: 'data',
      id: 'media-1:6',
      source: { type: 'file_id', file_id: 'file-csv-1', media_type: 'text/csv' },
      name: 'rows.csv',
      size_bytes: 12,
      ...stamp(T0),
    });
  });

  it('turns agentflow:// and graph:// media URLs into file_id sources holding the whole URL', () => {
    expect(block(content, 1)).toStrictEqual({
      type: 'data',
      id: 'media-1:1',
      source: { type: 'file_id', file_id: 'agentflow://media/img-key-1', media_type: 'image/webp' },
      name: null,
      ...stamp(T0),
    });
    expect(block(content, 2)).toStrictEqual({
      type: 'data',
      id: 'media-1:2',
      source: { type: 'file_id', file_id: 'graph://media/img-key-2', media_type: 'image/jpeg' },
      name: 'photo.JPG',
      ...stamp(T0),
    });
  });

  it('strips a data: prefix from inline base64 and resolves a media-store thumbnail', () => {
    expect(block(content, 4)).toStrictEqual({
      type: 'data',
      id: 'media-1:4',
      source: { type: 'base64', data: 'AAAAIGZ0eXA=', media_type: 'video/mp4' },
      name: null,
      width: 1920,
      height: 1080,
      duration_ms: 1000,
      thumbnail: {
        type: 'file_id',
        file_id: 'agentflow://media/thumb-1',
        media_type: 'image/jpeg',
      },
      ...stamp(T0),
    });
  });

  it('uses the field that is set when kind names an empty one, and keeps unusable media raw', () => {
    expect(block(content, 7)).toStrictEqual({
      type: 'data',
      id: 'media-1:7',
      source: { type: 'url', url: 'https://example.com/fallback.gif', media_type: 'image/gif' },
      name: null,
      ...stamp(T0),
    });
    expect(block(content, 8)).toMatchObject({
      type: 'unknown',
      id: 'media-1:8',
      original_type: 'image',
    });
    expect(diagnostics.map((d) => d.path)).toEqual([
      '$.content[7].media',
      '$.content[8].media',
      '$.content[8]',
    ]);
  });

  it('keeps block fields the model lacks in metadata.agentflow.block_extras', () => {
    expect(message.metadata['agentflow']).toMatchObject({
      block_extras: {
        'media-1:0': { bbox: [10, 20, 300, 400] },
        'media-1:3': { sample_rate: 44100, channels: 2 },
      },
    });
  });

  it('falls back to a wildcard type for the block kind when nothing names one', () => {
    const result = fromAgentFlowMessage({
      message_id: 'w',
      role: 'user',
      content: [
        { type: 'audio', media: { kind: 'url', url: 'https://example.com/stream' } },
        { type: 'audio', media: { kind: 'url', url: 'https://example.com/clip.webm' } },
        { type: 'document', media: { kind: 'file_id', file_id: 'f' } },
        {
          type: 'data',
          mime_type: 'text/plain',
          data_base64: 'aGk=',
          media: { filename: 'hi.txt' },
        },
      ],
    });
    expect(
      result.message.content.map((b) => (b.type === 'data' ? b.source.media_type : b.type)),
    ).toEqual(['audio/*', 'audio/*', 'application/octet-stream', 'text/plain']);
    expect(block(result.message.content, 3)).toMatchObject({
      name: 'hi.txt',
      source: { type: 'base64', data: 'aGk=' },
    });
  });

  it('recognises media-store URLs in any case', () => {
    expect(isAgentFlowMediaUrl('AgentFlow://media/x')).toBe(true);
    expect(isAgentFlowMediaUrl('graph://media/x')).toBe(true);
    expect(isAgentFlowMediaUrl('https://agentflow/media/x')).toBe(false);
  });
});

describe('fromAgentFlowMessage: tools', () => {
  it('keeps a tool message a message; a failed result sits beside its error block', () => {
    const { message, diagnostics } = convert(LOCAL, 'tool-failure.json');
    const at = '2024-06-10T06:13:30.000Z';
    expect(diagnostics).toEqual([]);
    expect(message.role).toBe('tool');
    expect(message.finished_reason).toBeNull();
    expect(message.content).toStrictEqual([
      {
        type: 'error',
        id: 'tool-fail-1:0',
        message: 'ValueError: city not found',
        code: 'TOOL_ERROR',
        data: { tool: 'get_weather' },
        ...stamp(at),
      },
      {
        type: 'tool_result',
        id: 'call_7',
        name: 'get_weather',
        output: '{"error":"ValueError: city not found"}',
        value: { error: 'ValueError: city not found' },
        state: 'error',
        metadata: {},
        ...stamp(at),
      },
    ]);
    expect(message.metadata).toMatchObject({
      function_name: 'get_weather',
      tool_call_id: 'call_7',
    });
  });

  it('surfaces a remote tool call as a call awaiting the client', () => {
    const { message } = convert(LOCAL, 'remote-tool-call.json');
    expect(message.content).toStrictEqual([
      {
        type: 'tool_call',
        id: 'call_geo',
        name: 'get_location',
        input: '{"precision":"city"}',
        state: 'submitted',
        suggested_rules: [],
        kind: 'remote',
        remote: true,
        ...stamp('2024-06-10T06:13:40.000Z'),
      },
    ]);
    expect(message.metadata).toMatchObject({ is_remote: true });
  });

  it('maps is_error and status to the result state, and shapes every kind of output', () => {
    const { message, diagnostics } = convert(LOCAL, 'tool-result-outputs.json');
    const at = '2024-06-10T06:13:50.000Z';
    const result = (id: string, fields: object) => ({
      type: 'tool_result',
      id,
      name: '',
      metadata: {},
      ...stamp(at),
      ...fields,
    });
    expect(message.content).toStrictEqual([
      result('c-dict', {
        output: '[{"temp":22,"unit":"C"}]',
        value: [{ temp: 22, unit: 'C' }],
        state: 'success',
      }),
      result('c-mcp', {
        output: [
          { type: 'text', id: 'c-mcp:output:0', text: 'MCP says hi', ...stamp(at) },
          {
            type: 'data',
            id: 'c-mcp:output:1',
            source: { type: 'url', url: 'https://example.com/mcp.png', media_type: 'image/png' },
            name: null,
            ...stamp(at),
          },
        ],
        value: {
          message_id: 'inner',
          role: 'tool',
          content: [
            { type: 'text', text: 'MCP says hi', annotations: [] },
            {
              type: 'image',
              media: { kind: 'url', url: 'https://example.com/mcp.png', mime_type: 'image/png' },
            },
          ],
          delta: false,
        },
        state: 'success',
      }),
      result('c-null', { output: '', state: 'success' }),
      result('c-num', { output: '42', value: 42, state: 'success' }),
      result('c-contradict', { output: 'partial', state: 'error' }),
      result('c-odd-status', { output: 'ok', state: 'success' }),
      result('outputs-1:6', { output: 'orphan', state: 'success' }),
    ]);
    expect(diagnostics.map((d) => d.path)).toEqual(['$.content[5].status', '$.content[6].call_id']);
  });
});

describe('fromAgentFlowMessage: annotations', () => {
  it('attaches spans to the text they cover, in UTF-16 offsets', () => {
    const { message, diagnostics } = convert(LOCAL, 'annotations.json');
    const at = '2024-06-10T06:14:00.000Z';
    expect(message.content).toStrictEqual([
      {
        type: 'text',
        id: 'ann-1:1',
        text: '😀 Paris is big.',
        citations: [
          { file_id: 'agentflow://media/doc-7', title: 'Atlas' },
          { title: 'Before any text', index: 0 },
          { url: 'https://a.example', title: 'A', span: [3, 8] },
          { url: 'https://b.example', title: 'B', span: [3, 8] },
        ],
        ...stamp(at),
      },
      {
        type: 'text',
        id: 'ann-1:3',
        text: 'Second block.',
        citations: [
          { file_id: 'file-9', page: 4, span: [0, 6] },
          { file_id: 'file-9', page: 4, span: [7, 13] },
        ],
        ...stamp(at),
      },
    ]);
    expect('😀 Paris is big.'.slice(3, 8)).toBe('Paris');
    expect(diagnostics.map((d) => d.path)).toEqual([
      '$.content[4].spans[1]',
      '$.content[4].spans[2]',
      '$.content[4].spans[3]',
      '$.content[5]',
    ]);
  });

  it('keeps an annotation with no text to attach to as an unknown block', () => {
    const { message, diagnostics } = convert(LOCAL, 'orphan-annotation.json');
    expect(block(message.content, 1)).toMatchObject({
      type: 'unknown',
      id: 'orphan-1:1',
      original_type: 'annotation',
    });
    expect(diagnostics).toEqual([
      {
        code: 'unknown-block',
        path: '$.content[1]',
        message: 'annotation with no text block to attach to; kept as an unknown block',
      },
    ]);
  });
});

describe('fromAgentFlowMessage: junk', () => {
  it.each([null, undefined, 42, 'hello', true, [1, 2]])(
    'turns %j into a Msg holding an unknown block',
    (value) => {
      const { message, diagnostics } = fromAgentFlowMessage(value);
      expect(validateMsg(message)).toEqual([]);
      expect(message.content).toStrictEqual([
        { type: 'unknown', id: `${message.id}:0`, original_type: null, raw: value ?? null },
      ]);
      expect(diagnostics).toEqual([
        {
          code: 'invalid-input',
          path: '$',
          message: 'not an AgentFlow message object; kept as an unknown block',
        },
      ]);
    },
  );

  it('keeps unknown and broken blocks, and reports every repair', () => {
    const { message, diagnostics } = convert(LOCAL, 'unknown-blocks.json');
    expect(message.role).toBe('planner');
    expect(message.metadata).toStrictEqual({
      agentflow: { timestamp: 'not a time', usages: { prompt_tokens: 'ten' } },
    });
    expect(message.content.map((b) => [b.type, b.id])).toEqual([
      ['unknown', 'unk-1:0'],
      ['unknown', 'unk-1:1'],
      ['unknown', 'unk-1:2'],
      ['text', 'unk-1:3'],
      ['tool_call', 'unk-1:4'],
      ['tool_call', '5'],
    ]);
    expect(block(message.content, 0)).toMatchObject({
      original_type: 'citation_card',
      raw: { type: 'citation_card', id: 'cc-1', payload: { x: 1 } },
    });
    expect(block(message.content, 3)).toMatchObject({ text: '12' });
    expect(block(message.content, 4)).toMatchObject({ input: '{"raw": true}', name: 'no_id_call' });
    expect(block(message.content, 5)).toMatchObject({ input: '[1,2]' });
    expect(diagnostics.map((d) => d.path)).toEqual([
      '$.role',
      '$.delta',
      '$.timestamp',
      '$.content[0]',
      '$.content[1]',
      '$.content[2]',
      '$.content[3].text',
      '$.content[4].id',
      '$.content[5].args',
      '$.metadata',
      '$.usages.prompt_tokens',
      '$.usages.completion_tokens',
    ]);
  });
});

describe('fromAgentFlowMessages', () => {
  it('pairs results with calls across messages, naming the results', () => {
    const { messages, diagnostics } = fromAgentFlowMessages([
      {
        message_id: 'a',
        role: 'assistant',
        content: [{ type: 'tool_call', id: 'c1', name: 'search', args: { q: 'x' } }],
      },
      {
        message_id: 't',
        role: 'tool',
        content: [{ type: 'tool_result', call_id: 'c1', output: 'found', status: 'completed' }],
      },
    ]);
    expect(diagnostics).toEqual([]);
    expect(block(messages[0]?.content ?? [], 0)).toMatchObject({ state: 'finished' });
    expect(block(messages[1]?.content ?? [], 0)).toMatchObject({
      name: 'search',
      state: 'success',
    });
  });

  it('accepts an invoke response and reports anything else', () => {
    const response = { data: { messages: [{ message_id: 'x', role: 'user', content: [] }] } };
    expect(fromAgentFlowMessages(response).messages.map((m) => m.id)).toEqual(['x']);
    expect(fromAgentFlowMessages({ nope: 1 })).toEqual({
      messages: [],
      diagnostics: [{ code: 'invalid-input', path: '$', message: 'not a list of messages' }],
    });
  });
});
