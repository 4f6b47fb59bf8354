import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromOperatorUseMessage } from '../../../src/core/protocols/operator-use/messages.js';
import type { Diagnostic } from '../../../src/core/model/diagnostic.js';
import type { Msg } from '../../../src/core/model/message.js';
import { validateMsg } from '../../../src/core/model/parse/message-reader.js';

const local = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../fixtures/operator-use/${name}`, import.meta.url), 'utf8'));

const iso = (seconds: number): string => new Date(seconds * 1000).toISOString();

function convert(value: unknown): { message: Msg; diagnostics: Diagnostic[] } {
  const result = fromOperatorUseMessage(value);
  expect(validateMsg(result.message)).toEqual([]);
  return result;
}

describe('fromOperatorUseMessage', () => {
  it('reads a system message: `content` becomes `text`, finished at birth', () => {
    const t = iso(1718000000);
    expect(convert(local('message-system.json'))).toEqual({
      message: {
        name: 'system',
        content: [
          { type: 'text', text: 'You are Operator.', id: 's-1:0', created_at: t, finished_at: t },
        ],
        role: 'system',
        id: 's-1',
        metadata: {},
        created_at: t,
        usage: null,
        finished_at: t,
        finished_reason: null,
        structured_output: null,
        error: null,
      },
      diagnostics: [],
    });
  });

  it('turns each base64 image into its own data block, with the MIME type from magic bytes or the data: prefix', () => {
    const t = iso(1718000100.5);
    const block = (id: string, data: string, media_type: string) => ({
      type: 'data',
      id,
      source: { type: 'base64', data, media_type },
      name: null,
      created_at: t,
      finished_at: t,
    });
    const { message, diagnostics } = convert(local('message-image-base64.json'));
    expect(diagnostics).toEqual([]);
    expect(message.content).toEqual([
      { type: 'text', text: 'What is in these?', id: 'u-img-1:0', created_at: t, finished_at: t },
      block(
        'u-img-1:1',
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'image/png',
      ),
      block('u-img-1:1:1', '/9j/4AAQSkZJRgABAQAAAQ==', 'image/jpeg'),
      block('u-img-1:1:2', 'R0lGODlhAQABAIAAAA==', 'image/gif'),
      block('u-img-1:1:3', 'UklGRhoAAABXRUJQVlA4TA0A', 'image/webp'),
    ]);
    expect(message).toMatchObject({
      role: 'user',
      name: 'user',
      id: 'u-img-1',
      created_at: t,
      finished_at: t,
      usage: null,
    });
  });

  it('keeps image URLs as url sources, skips empty lists and keeps unreadable items as unknown blocks', () => {
    const t = iso(1718000101);
    const { message, diagnostics } = convert(local('message-image-url.json'));
    expect(message.content).toEqual([
      {
        type: 'data',
        id: 'u-img-2:0',
        source: {
          type: 'url',
          url: 'https://cdn.example.com/photos/cat.JPG?size=large',
          media_type: 'image/jpeg',
        },
        name: null,
        created_at: t,
        finished_at: t,
      },
      {
        type: 'data',
        id: 'u-img-2:0:1',
        source: { type: 'url', url: 'http://example.com/render', media_type: 'image/png' },
        name: null,
        created_at: t,
        finished_at: t,
      },
      {
        type: 'unknown',
        id: 'u-img-2:2',
        original_type: 'image',
        raw: '<PIL.PngImagePlugin.PngImageFile image mode=RGB size=10x10 at 0x7F>',
      },
    ]);
    expect(diagnostics.map((d) => d.message)).toEqual([
      'message.contents[2].images[0] is not a URL, file: path or base64; kept as an unknown block',
    ]);
  });

  it('shows a file: audio path as a labelled file reference and sniffs base64 audio', () => {
    const t = iso(1718000102);
    const base64 = (id: string, data: string, media_type: string) => ({
      type: 'data',
      id,
      source: { type: 'base64', data, media_type },
      name: null,
      created_at: t,
      finished_at: t,
    });
    const { message, diagnostics } = convert(local('message-audio.json'));
    expect(diagnostics).toEqual([]);
    expect(message.content).toEqual([
      { type: 'text', text: 'Transcribe this', id: 'u-aud-1:0', created_at: t, finished_at: t },
      {
        type: 'data',
        id: 'u-aud-1:1',
        source: {
          type: 'file_id',
          file_id: '/home/user/recordings/clip.wav',
          media_type: 'audio/wav',
        },
        name: 'clip.wav',
        created_at: t,
        finished_at: t,
      },
      base64('u-aud-1:1:1', 'SUQzAwAAAAAAD1RJVDI=', 'audio/mpeg'),
      base64('u-aud-1:1:2', 'T2dnUwACAAAAAAAAAAA=', 'audio/ogg'),
      base64('u-aud-1:1:3', 'UklGRiQAAABXQVZFZm10IBAA', 'audio/wav'),
      base64('u-aud-1:1:4', 'ZkxhQwAAACIQABAA', 'audio/flac'),
      {
        type: 'data',
        id: 'u-aud-1:1:5',
        source: { type: 'file_id', file_id: 'notes/memo', media_type: 'audio/mpeg' },
        name: 'memo',
        created_at: t,
        finished_at: t,
      },
    ]);
  });

  it('maps is_error to the result state and keeps terminate and metadata', () => {
    const t = iso(1718000103);
    const { message, diagnostics } = convert(local('message-tool-result-error.json'));
    expect(diagnostics).toEqual([]);
    expect(message).toEqual({
      name: 'tool',
      content: [
        {
          type: 'tool_result',
          id: 'call_9',
          name: '',
          output: 'Permission denied: /etc/shadow',
          state: 'error',
          metadata: { exit_code: 1, duration_ms: 12, terminate: true },
          created_at: t,
          finished_at: t,
        },
        {
          type: 'tool_result',
          id: 'call_10',
          name: '',
          output: 'ok',
          state: 'success',
          metadata: {},
          created_at: t,
          finished_at: t,
        },
      ],
      role: 'tool',
      id: 't-err-1',
      metadata: {},
      created_at: t,
      usage: null,
      finished_at: t,
      finished_reason: null,
      structured_output: null,
      error: null,
    });
  });

  it('maps usage with cost, the stop reason and the error of a failed assistant turn', () => {
    const t = iso(1718000104);
    expect(convert(local('message-assistant-error.json'))).toEqual({
      message: {
        name: 'assistant',
        content: [
          {
            type: 'thinking',
            thinking: 'Let me try.',
            id: 'a-err-1:0',
            created_at: t,
            finished_at: t,
          },
          { type: 'text', text: 'Partial ans', id: 'a-err-1:1', created_at: t, finished_at: t },
        ],
        role: 'assistant',
        id: 'a-err-1',
        metadata: {
          cost: {
            input: 0.0036,
            output: 0.0006,
            cache_read: 0.00024,
            cache_write: 0.000375,
            total: 0.004815,
          },
          stop_reason: 'error',
        },
        created_at: t,
        usage: {
          input_tokens: 1200,
          output_tokens: 40,
          cache_input_tokens: 800,
          cache_creation_input_tokens: 100,
          cost: 0.004815,
        },
        finished_at: t,
        finished_reason: 'error',
        structured_output: null,
        error: { type: 'rate_limit', message: '429 Too Many Requests' },
      },
      diagnostics: [],
    });
  });

  it('turns args into an input JSON string, keeps kind and keeps call metadata on the message', () => {
    const t = new Date(1718000105000).toISOString();
    expect(convert(local('message-assistant-tool-calls.json'))).toEqual({
      message: {
        name: 'assistant',
        content: [
          {
            type: 'text',
            text: 'Reading both files.',
            id: 'a-tools-1:0',
            created_at: t,
            finished_at: t,
          },
          {
            type: 'tool_call',
            id: 'call_a',
            name: 'read_file',
            input: '{"path":"a.txt","limit":10}',
            state: 'allowed',
            suggested_rules: [],
            kind: 'read',
            created_at: t,
            finished_at: t,
          },
          {
            type: 'tool_call',
            id: 'call_b',
            name: 'bash',
            input: '{"command":"ls -la"}',
            state: 'allowed',
            suggested_rules: [],
            created_at: t,
            finished_at: t,
          },
        ],
        role: 'assistant',
        id: 'a-tools-1',
        metadata: {
          stop_reason: 'tool_calls',
          tool_call_metadata: { call_a: { display: 'Reading a.txt' } },
        },
        created_at: t,
        usage: {
          input_tokens: 50,
          output_tokens: 20,
          cache_input_tokens: 0,
          cache_creation_input_tokens: 0,
          cost: 0,
        },
        finished_at: t,
        finished_reason: 'completed',
        structured_output: null,
        error: null,
      },
      diagnostics: [],
    });
  });

  it('makes a compaction summary a notice with the token count and the summary as text', () => {
    const t = iso(1718000106);
    const id = `compaction_summary@${t}`;
    expect(convert(local('message-compaction-summary.json'))).toEqual({
      message: {
        name: 'compaction_summary',
        content: [
          {
            type: 'text',
            text: '## Goal\nRefactor the parser.\n\n## Progress\n- Split tokenizer',
            id: `${id}:0`,
            created_at: t,
            finished_at: t,
          },
        ],
        role: 'compaction_summary',
        id,
        metadata: { notice: 'compaction', tokens_before: 12345 },
        created_at: t,
        usage: null,
        finished_at: t,
        finished_reason: null,
        structured_output: null,
        error: null,
      },
      diagnostics: [],
    });
  });

  it('makes a branch summary a notice that names the branch it came from', () => {
    const t = iso(1718000107);
    const id = `branch_summary@${t}`;
    expect(convert(local('message-branch-summary.json'))).toEqual({
      message: {
        name: 'branch_summary',
        content: [
          {
            type: 'text',
            text: 'Tried a regex approach; it failed on nested input.',
            id: `${id}:0`,
            created_at: t,
            finished_at: t,
          },
        ],
        role: 'branch_summary',
        id,
        metadata: { notice: 'branch', from_id: 'e0000004' },
        created_at: t,
        usage: null,
        finished_at: t,
        finished_reason: null,
        structured_output: null,
        error: null,
      },
      diagnostics: [],
    });
  });

  it('makes a custom message a notice named after its custom_type, with details kept', () => {
    const t = iso(1718000108);
    const id = `custom@${t}`;
    expect(convert(local('message-custom.json'))).toEqual({
      message: {
        name: 'reminder',
        content: [
          {
            type: 'text',
            text: 'Stand-up in 5 minutes',
            id: `${id}:0`,
            created_at: t,
            finished_at: t,
          },
          {
            type: 'data',
            id: `${id}:1`,
            source: {
              type: 'url',
              url: 'https://example.com/calendar.png',
              media_type: 'image/png',
            },
            name: null,
            created_at: t,
            finished_at: t,
          },
        ],
        role: 'custom',
        id,
        metadata: {
          notice: 'custom',
          custom_type: 'reminder',
          details: { source: 'calendar', priority: 2 },
        },
        created_at: t,
        usage: null,
        finished_at: t,
        finished_reason: null,
        structured_output: null,
        error: null,
      },
      diagnostics: [],
    });
  });

  it('keeps fields it does not know in metadata.extra and content it does not know as unknown blocks', () => {
    const { message, diagnostics } = convert({
      role: 'terminal_execution',
      id: 'x-1',
      timestamp: 1718000000,
      command: 'ls',
      contents: [{ type: 'lines', lines: ['a', 'b'], notify_type: 'info' }, 'stray'],
    });
    expect(message.role).toBe('terminal_execution');
    expect(message.metadata).toEqual({ extra: { command: 'ls' } });
    expect(message.content).toEqual([
      {
        type: 'unknown',
        id: 'x-1:0',
        original_type: 'lines',
        raw: { type: 'lines', lines: ['a', 'b'], notify_type: 'info' },
      },
      { type: 'unknown', id: 'x-1:1', original_type: null, raw: 'stray' },
    ]);
    expect(diagnostics.map((d) => d.message)).toEqual([
      'message.contents[0]: content type "lines" is not an Operator-Use content; kept as an unknown block',
      'message.contents[1] is not an object; kept as an unknown block',
    ]);
  });

  it.each([
    [
      'C:\\pics\\cat.webp',
      { type: 'file_id', file_id: 'C:\\pics\\cat.webp', media_type: 'image/webp' },
      'cat.webp',
    ],
    [
      'file:///tmp/a.gif',
      { type: 'file_id', file_id: '/tmp/a.gif', media_type: 'image/gif' },
      'a.gif',
    ],
    [
      'data:image/svg+xml,%3Csvg%3E',
      { type: 'url', url: 'data:image/svg+xml,%3Csvg%3E', media_type: 'image/svg+xml' },
      null,
    ],
    ['data:;base64,R0lGODlh', { type: 'base64', data: 'R0lGODlh', media_type: 'image/gif' }, null],
    [
      'bm90IGFuIGltYWdl',
      { type: 'base64', data: 'bm90IGFuIGltYWdl', media_type: 'image/png' },
      null,
    ],
  ])('reads the image string %s', (image, source, name) => {
    const { message, diagnostics } = convert({
      role: 'user',
      id: 'm',
      contents: [{ type: 'image', images: [image] }],
    });
    expect(diagnostics).toEqual([]);
    expect(message.content[0]).toMatchObject({ type: 'data', source, name });
  });

  it('keeps string timestamps as given and reads seconds and milliseconds alike', () => {
    expect(
      convert({ role: 'user', id: 'a', timestamp: '2026-01-01T10:00:00' }).message.created_at,
    ).toBe('2026-01-01T10:00:00');
    expect(convert({ role: 'user', id: 'b', timestamp: 1718000000 }).message.created_at).toBe(
      '2024-06-10T06:13:20.000Z',
    );
    expect(convert({ role: 'user', id: 'c', timestamp: 1718000000000 }).message.created_at).toBe(
      '2024-06-10T06:13:20.000Z',
    );
    expect(convert({ role: 'user', id: 'd', timestamp: 1e300 })).toMatchObject({
      message: { created_at: '' },
      diagnostics: [
        expect.objectContaining({ message: 'message: timestamp 1e+300 is not a time; left empty' }),
      ],
    });
  });

  it.each([null, 42, 'text', [1, 2], true])(
    'returns a valid message with the raw value for junk (%j)',
    (junk) => {
      const { message, diagnostics } = convert(junk);
      expect(message.content).toEqual([
        { type: 'unknown', id: `${message.id}:0`, original_type: null, raw: junk },
      ]);
      expect(diagnostics.map((d) => d.message)).toEqual([
        'message is not a JSON object; kept as an unknown block',
      ]);
    },
  );

  it('reads wire values that name Object.prototype members as unknown values', () => {
    const { message } = convert({
      role: 'constructor',
      id: 'p',
      stop_reason: 'valueOf',
      contents: [{ type: 'image', images: ['file:/tmp/x.constructor'] }],
    });
    expect(message.role).toBe('constructor');
    expect(message.content).toMatchObject([
      {
        type: 'data',
        source: { type: 'file_id', file_id: '/tmp/x.constructor', media_type: 'image/png' },
      },
    ]);
    const assistant = convert({ role: 'assistant', id: 'q', stop_reason: 'valueOf' }).message;
    expect(assistant.finished_reason).toBe('completed');
  });
});
