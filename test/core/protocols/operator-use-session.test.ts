import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromOperatorUseSession } from '../../../src/core/protocols/operator-use/session.js';
import type { TextBlock } from '../../../src/core/model/block.js';
import type { Msg } from '../../../src/core/model/message.js';
import { validateMsg } from '../../../src/core/model/parse/message-reader.js';

const generated = (name: string): string =>
  readFileSync(new URL(`../../fixtures/operator-use/generated/${name}`, import.meta.url), 'utf8');
const local = (name: string): string =>
  readFileSync(new URL(`../../fixtures/operator-use/${name}`, import.meta.url), 'utf8');

const iso = (seconds: number): string => new Date(seconds * 1000).toISOString();
const zeroUsage = {
  input_tokens: 0,
  output_tokens: 0,
  cache_input_tokens: 0,
  cache_creation_input_tokens: 0,
  cost: 0,
};

function read(jsonl: string | readonly unknown[]) {
  const result = fromOperatorUseSession(jsonl);
  for (const message of result.messages) expect(validateMsg(message)).toEqual([]);
  return result;
}

function finished(
  base: Omit<Msg, 'finished_at' | 'structured_output' | 'error' | 'usage' | 'finished_reason'> &
    Partial<Msg>,
): Msg {
  return {
    usage: null,
    finished_reason: null,
    structured_output: null,
    error: null,
    finished_at: base.created_at,
    ...base,
  };
}

const text = (id: string, value: string, t: string): TextBlock => ({
  type: 'text',
  text: value,
  id,
  created_at: t,
  finished_at: t,
});

describe('Operator-Use fixtures', () => {
  // A new fixture file fails this list until a test reads it.
  it('the generated folder holds the session and RPC fixtures tested here and in the events test', () => {
    const directory = new URL('../../fixtures/operator-use/generated/', import.meta.url);
    expect(readdirSync(directory).sort()).toEqual([
      'README.md',
      'generated-rpc-events.jsonl',
      'generated-session.jsonl',
    ]);
  });

  it('the hand-written fixtures and the generated folder tested in the three Operator-Use test files', () => {
    const directory = new URL('../../fixtures/operator-use/', import.meta.url);
    expect(readdirSync(directory).sort()).toEqual([
      'README.md',
      'generated',
      'message-assistant-error.json',
      'message-assistant-tool-calls.json',
      'message-audio.json',
      'message-branch-summary.json',
      'message-compaction-summary.json',
      'message-custom.json',
      'message-image-base64.json',
      'message-image-url.json',
      'message-system.json',
      'message-tool-result-error.json',
      'rpc-events-error.jsonl',
      'rpc-events-tools.jsonl',
      'session-branch-summary.jsonl',
      'session-broken-parent.jsonl',
      'session-compaction.jsonl',
    ]);
  });
});

/* ---------------------------------------------------------------------------------------------- */

describe('fromOperatorUseSession: the shared generated session', () => {
  const fixture = generated('generated-session.jsonl');
  const t1 = iso(1718000001);
  const t2 = iso(1718000002);
  const t3 = iso(1718000003);
  const user = finished({
    name: 'user',
    content: [
      text('u-1:0', 'List files', t1),
      {
        type: 'data',
        id: 'u-1:1',
        source: { type: 'url', url: 'https://example.com/a.png', media_type: 'image/png' },
        name: null,
        created_at: t1,
        finished_at: t1,
      },
    ],
    role: 'user',
    id: 'u-1',
    metadata: { entry_id: 'e0000001' },
    created_at: t1,
  });
  const assistant = finished({
    name: 'assistant',
    content: [
      {
        type: 'thinking',
        thinking: 'need ls',
        signature: 'sig',
        id: 'a-1:0',
        created_at: t2,
        finished_at: t2,
      },
      text('a-1:1', 'Listing.', t2),
      {
        type: 'tool_call',
        id: 'call_1',
        name: 'list_dir',
        input: '{"path":"."}',
        // Answered by the tool message that follows.
        state: 'finished',
        suggested_rules: [],
        kind: 'read',
        created_at: t2,
        finished_at: t2,
      },
    ],
    role: 'assistant',
    id: 'a-1',
    metadata: { stop_reason: 'tool_calls', entry_id: 'e0000002' },
    created_at: t2,
    usage: zeroUsage,
    finished_reason: 'completed',
  });
  const tool = finished({
    name: 'tool',
    content: [
      {
        type: 'tool_result',
        id: 'call_1',
        name: 'list_dir',
        output: 'a.txt\nb.txt',
        state: 'success',
        metadata: {},
        created_at: t3,
        finished_at: t3,
      },
    ],
    role: 'tool',
    id: 't-1',
    metadata: { entry_id: 'e0000003' },
    created_at: t3,
  });
  assistant.usage = {
    input_tokens: 10,
    output_tokens: 5,
    cache_input_tokens: 0,
    cache_creation_input_tokens: 0,
    cost: 0,
  };

  it('follows the last leaf entry back to the root: the compaction and branch summary are off the branch', () => {
    expect(read(fixture)).toEqual({
      messages: [user, assistant, tool],
      diagnostics: [],
      header: {
        id: '0190aaaa-0000-7000-8000-000000000000',
        version: 3,
        created_at: iso(1718000000),
        cwd: '/home/user/project',
        parent_session: null,
      },
      leafId: 'e0000003',
      // The branch summary branches off after the user's message: the reply has an alternative.
      alternatives: new Map([
        ['e0000001', [{ entryId: 'e0000001', leafId: 'e0000003' }]],
        [
          'e0000002',
          [
            { entryId: 'e0000002', leafId: 'e0000003' },
            { entryId: 'e0000005', leafId: 'e0000007' },
          ],
        ],
        ['e0000003', [{ entryId: 'e0000003', leafId: 'e0000003' }]],
      ]),
      thinkingLevel: 'off',
      modelId: null,
      providerId: null,
      name: null,
    });
  });

  it('without the leaf entry, the last entry is the leaf: the branch summary and custom message show', () => {
    const withoutLeaf = fixture.trim().split('\n').slice(0, -1).join('\n');
    const t5 = iso(1718000005);
    const t6 = iso(1718000006);
    const result = read(withoutLeaf);
    expect(result.leafId).toBe('e0000006');
    expect(result.diagnostics).toEqual([]);
    expect(result.messages).toEqual([
      { ...user },
      finished({
        name: 'branch_summary',
        content: [text('e0000005:0', 'Explored listing.', t5)],
        role: 'branch_summary',
        id: 'e0000005',
        metadata: { notice: 'branch', from_id: 'e0000003', entry_id: 'e0000005', from_hook: false },
        created_at: t5,
      }),
      finished({
        name: 'note',
        content: [text('e0000006:0', 'hi', t6)],
        role: 'custom',
        id: 'e0000006',
        metadata: { notice: 'custom', custom_type: 'note', entry_id: 'e0000006', display: true },
        created_at: t6,
      }),
    ]);
  });

  it('with the leaf on the compaction, the summary comes first, then the kept entries', () => {
    const lines = fixture.trim().split('\n');
    lines[lines.length - 1] = JSON.stringify({
      id: 'e0000008',
      timestamp: 1718000008,
      parent_id: 'e0000007',
      type: 'leaf',
      target_id: 'e0000004',
    });
    const t4 = iso(1718000004);
    const result = read(lines.join('\n'));
    expect(result.diagnostics).toEqual([]);
    expect(result.messages).toEqual([
      finished({
        name: 'compaction_summary',
        content: [text('e0000004:0', '## Goal\n...', t4)],
        role: 'compaction_summary',
        id: 'e0000004',
        metadata: {
          notice: 'compaction',
          tokens_before: 94000,
          entry_id: 'e0000004',
          first_kept_entry_id: 'e0000003',
          from_hook: false,
        },
        created_at: t4,
      }),
      // The call that named it was compacted away, so the result keeps an empty name.
      { ...tool, content: [{ ...(tool.content[0] as object), name: '' }] },
    ]);
  });
});

/* ---------------------------------------------------------------------------------------------- */

describe('fromOperatorUseSession: hand-written sessions', () => {
  it('rebuilds a compacted branch as build_session_context does, with model and thinking level', () => {
    const result = read(local('session-compaction.jsonl'));
    const t = iso(1718000206);
    expect(result.diagnostics).toEqual([]);
    expect(result).toMatchObject({
      leafId: 'c0000010',
      thinkingLevel: 'high',
      modelId: 'claude-sonnet-4',
      providerId: 'anthropic',
    });
    expect(result.messages.map((message) => message.id)).toEqual([
      'c0000008',
      'm-u2',
      'm-a2',
      'm-u3',
      'm-a3',
    ]);
    expect(result.messages[0]).toEqual(
      finished({
        name: 'compaction_summary',
        content: [
          text('c0000008:0', '## Goal\nRefactor the parser.\n\n## Done\n- Read parser.py', t),
        ],
        role: 'compaction_summary',
        id: 'c0000008',
        metadata: {
          notice: 'compaction',
          tokens_before: 12345,
          details: { read_files: ['parser.py'], modified_files: ['tokenizer.py'] },
          entry_id: 'c0000008',
          first_kept_entry_id: 'c0000006',
          from_hook: false,
        },
        created_at: t,
      }),
    );
    const t2 = iso(1718000204);
    expect(result.messages[1]).toEqual(
      finished({
        name: 'user',
        content: [text('m-u2:0', 'Now split the tokenizer', t2)],
        role: 'user',
        id: 'm-u2',
        metadata: { entry_id: 'c0000006' },
        created_at: t2,
      }),
    );
    const t5 = iso(1718000208);
    expect(result.messages[4]).toEqual(
      finished({
        name: 'assistant',
        content: [text('m-a3:0', 'Tests added.', t5)],
        role: 'assistant',
        id: 'm-a3',
        metadata: { stop_reason: 'stop', entry_id: 'c0000010' },
        created_at: t5,
        usage: zeroUsage,
        finished_reason: 'completed',
      }),
    );
  });

  it('walks a branch summary, labels, custom messages (hidden ones flagged) and message meta', () => {
    const result = read(local('session-branch-summary.jsonl'));
    expect(result.diagnostics).toEqual([]);
    expect(result.leafId).toBe('b0000014');
    expect(result.name).toBe('Bug hunt');
    expect(result.messages.map((message) => [message.role, message.id])).toEqual([
      ['user', 'n-u1'],
      ['assistant', 'n-a1'],
      ['branch_summary', 'b0000006'],
      ['custom', 'b0000009'],
      ['custom', 'b0000010'],
      ['user', 'n-u3'],
      ['assistant', 'n-a3'],
    ]);
    expect(result.messages[1]?.metadata).toEqual({
      stop_reason: 'stop',
      entry_id: 'b0000002',
      label: 'checkpoint',
    });
    const t6 = iso(1718000306);
    expect(result.messages[2]).toEqual(
      finished({
        name: 'branch_summary',
        content: [text('b0000006:0', 'Tried a regex; it failed on nested input.', t6)],
        role: 'branch_summary',
        id: 'b0000006',
        metadata: {
          notice: 'branch',
          from_id: 'b0000004',
          details: { files: [] },
          entry_id: 'b0000006',
          from_hook: false,
        },
        created_at: t6,
      }),
    );
    const t9 = iso(1718000309);
    expect(result.messages[3]).toEqual(
      finished({
        name: 'reminder',
        content: [text('b0000009:0', 'Remember the tests', t9)],
        role: 'custom',
        id: 'b0000009',
        metadata: {
          notice: 'custom',
          custom_type: 'reminder',
          details: { from: 'todo' },
          entry_id: 'b0000009',
          display: true,
        },
        created_at: t9,
      }),
    );
    const t10 = iso(1718000310);
    expect(result.messages[4]).toEqual(
      finished({
        name: 'hidden-context',
        content: [text('b0000010:0', 'Internal note for the model', t10)],
        role: 'custom',
        id: 'b0000010',
        metadata: {
          notice: 'custom',
          custom_type: 'hidden-context',
          entry_id: 'b0000010',
          display: false,
        },
        created_at: t10,
      }),
    );
    expect(result.messages[5]?.metadata).toEqual({
      entry_id: 'b0000013',
      meta: {
        reply_to: 'n-a1',
        attachments: [{ path: '/tmp/spec.pdf', mime_type: 'application/pdf' }],
      },
    });
  });

  it('starts the branch at a broken parent_id and reports every unreadable line', () => {
    const result = read(local('session-broken-parent.jsonl'));
    expect(result.messages.map((message) => message.id)).toEqual(['o-u2', 'o-a2', 'o-u3']);
    expect(result.messages[1]?.content[1]).toEqual({
      type: 'unknown',
      id: 'o-a2:1',
      original_type: 'video',
      raw: { type: 'video', videos: ['https://example.com/v.mp4'] },
    });
    expect(result.messages[2]?.metadata).toEqual({ entry_id: 'line-10' });
    expect(result.leafId).toBe('line-10');
    expect(result.diagnostics.map((d) => d.message)).toEqual([
      'line 4: not valid JSON; skipped',
      'line 6: not a JSON object; skipped',
      'line 8: entry type "future_entry_kind" is not known; it stays in the tree but adds no message',
      'line 10: entry has no id; used line-10',
      'line 7: parent_id "zzzz9999" is not an entry of this session; the branch starts at d0000004',
      'line 9 message.contents[1]: content type "video" is not an Operator-Use content; kept as an unknown block',
    ]);
  });
});

/* ---------------------------------------------------------------------------------------------- */

describe('fromOperatorUseSession: edge cases', () => {
  const header = { type: 'session', version: 3, id: 's', timestamp: 1718000000, cwd: '/' };
  const entry = (id: string, parent: string | null, text: string) => ({
    id,
    timestamp: 1718000001,
    ...(parent === null ? {} : { parent_id: parent }),
    type: 'message',
    message: {
      role: 'user',
      contents: [{ type: 'text', content: text }],
      id: `m-${id}`,
      timestamp: 1718000001,
    },
  });

  it('accepts already-parsed lines', () => {
    expect(read([header, entry('a', null, 'hi')]).messages.map((message) => message.id)).toEqual([
      'm-a',
    ]);
  });

  it('reads entries without a header, and says so', () => {
    const result = read([entry('a', null, 'hi')]);
    expect(result.header).toBeNull();
    expect(result.messages).toHaveLength(1);
    expect(result.diagnostics.map((d) => d.message)).toEqual([
      'line 1: the first line is not a session header ({"type":"session",…}); entries read anyway',
    ]);
  });

  it('stops at a parent_id cycle instead of looping', () => {
    const result = read([header, entry('a', 'b', 'one'), entry('b', 'a', 'two')]);
    expect(result.messages.map((message) => message.id)).toEqual(['m-a', 'm-b']);
    expect(result.diagnostics.map((d) => d.message)).toEqual([
      'line 2: parent_id "b" closes a cycle; the branch starts at a',
    ]);
  });

  it('gives an empty branch for a leaf without a target or with a missing one', () => {
    expect(
      read([header, entry('a', null, 'x'), { id: 'l', type: 'leaf', parent_id: 'a' }]),
    ).toMatchObject({
      messages: [],
      leafId: null,
      diagnostics: [
        expect.objectContaining({
          message: 'the last leaf entry has no target; the branch is empty',
        }),
      ],
    });
    expect(
      read([
        header,
        entry('a', null, 'x'),
        { id: 'l', type: 'leaf', parent_id: 'a', target_id: 'gone' },
      ]),
    ).toMatchObject({
      messages: [],
      leafId: 'gone',
      diagnostics: [
        expect.objectContaining({
          message: 'the active leaf "gone" is not an entry of this session; the branch is empty',
        }),
      ],
    });
  });

  it('warns about another version and a compaction whose kept entry is not on the branch', () => {
    const compaction = {
      id: 'c',
      parent_id: 'a',
      type: 'compaction',
      summary: 's',
      first_kept_entry_id: 'nope',
      tokens_before: 5,
      timestamp: 1,
    };
    const result = read([
      { ...header, version: 4 },
      entry('a', null, 'x'),
      compaction,
      entry('d', 'c', 'after'),
    ]);
    expect(result.messages.map((message) => message.id)).toEqual(['c', 'm-d']);
    expect(result.diagnostics.map((d) => d.message)).toEqual([
      'line 1: session version 4; read as version 3',
      'line 3: first_kept_entry_id "nope" is not on the branch before the compaction; nothing before it is kept',
    ]);
  });

  it.each([
    ['not text', 42, ['session is not JSONL text (got 42)']],
    ['empty text', '', []],
    [
      'junk text',
      'not json\n{"unterminated"',
      [
        'line 1: not valid JSON; skipped',
        'line 2: not valid JSON; skipped',
        'no line of the session could be read',
      ],
    ],
  ])('returns an empty conversation for %s', (_, input, diagnostics) => {
    expect(fromOperatorUseSession(input as string)).toEqual({
      messages: [],
      diagnostics: diagnostics.map((message) => expect.objectContaining({ message })),
      header: null,
      leafId: null,
      alternatives: new Map(),
      thinkingLevel: 'off',
      modelId: null,
      providerId: null,
      name: null,
    });
  });
});
