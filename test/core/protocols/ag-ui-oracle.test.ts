import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { foldAgUiEvents } from '../../../src/ag-ui.js';
import { validateMsg } from '../../../src/core/model/parse/message-reader.js';
import { clientFold, fromCanonical, fromClient } from './ag-ui-oracle-helpers.js';

const fixture = (name: string): unknown =>
  JSON.parse(
    readFileSync(new URL(`../../fixtures/ag-ui/upstream/${name}`, import.meta.url), 'utf8'),
  );

const run = (
  runId: string,
  events: Record<string, unknown>[],
  outcome?: Record<string, unknown>,
) => [
  { type: 'RUN_STARTED', threadId: 'thread', runId },
  ...events,
  { type: 'RUN_FINISHED', threadId: 'thread', runId, ...(outcome ? { outcome } : {}) },
];

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** Sequences both folds must agree on, each a feature of the protocol. */
const SEQUENCES: Record<string, unknown[]> = {
  text: run('r1', [
    { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Hello ' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: '**world**' },
    { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
  ]),
  reasoning: run('r1', [
    { type: 'REASONING_START', messageId: 'span' },
    { type: 'REASONING_MESSAGE_START', messageId: 'think', role: 'reasoning' },
    { type: 'REASONING_MESSAGE_CONTENT', messageId: 'think', delta: 'Let me ' },
    { type: 'REASONING_MESSAGE_CONTENT', messageId: 'think', delta: 'think.' },
    { type: 'REASONING_MESSAGE_END', messageId: 'think' },
    {
      type: 'REASONING_ENCRYPTED_VALUE',
      subtype: 'message',
      entityId: 'think',
      encryptedValue: 'c2VjcmV0',
    },
    { type: 'REASONING_END', messageId: 'span' },
    { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Done thinking.' },
    { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
  ]),
  'tool call and result': run('r1', [
    { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Searching.' },
    { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
    { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'search', parentMessageId: 'm1' },
    { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"q":' },
    { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '"ag-ui"}' },
    { type: 'TOOL_CALL_END', toolCallId: 'c1' },
    { type: 'TEXT_MESSAGE_START', messageId: 'm2', role: 'assistant' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm2', delta: 'While it runs…' },
    { type: 'TEXT_MESSAGE_END', messageId: 'm2' },
    { type: 'TOOL_CALL_RESULT', messageId: 't1', toolCallId: 'c1', content: 'three hits' },
    { type: 'TOOL_CALL_START', toolCallId: 'c2', toolCallName: 'lonely' },
    { type: 'TOOL_CALL_END', toolCallId: 'c2' },
  ]),
  'content-part results': run('r1', [
    { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'render', parentMessageId: 'a1' },
    { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{}' },
    { type: 'TOOL_CALL_END', toolCallId: 'c1' },
    {
      type: 'TOOL_CALL_RESULT',
      messageId: 't1',
      toolCallId: 'c1',
      content: [
        { type: 'text', text: 'Here is the chart' },
        { type: 'image', source: { type: 'data', value: PNG, mimeType: 'image/png' } },
        {
          type: 'document',
          source: { type: 'url', value: 'https://example.com/r.pdf', mimeType: 'application/pdf' },
        },
      ],
    },
  ]),
  'chunk events': run('r1', [
    { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm1', role: 'assistant', delta: 'Hel' },
    { type: 'TEXT_MESSAGE_CHUNK', delta: 'lo' },
    {
      type: 'TOOL_CALL_CHUNK',
      toolCallId: 'c1',
      toolCallName: 'search',
      parentMessageId: 'm1',
      delta: '{"q"',
    },
    { type: 'TOOL_CALL_CHUNK', delta: ':1}' },
    { type: 'REASONING_MESSAGE_CHUNK', messageId: 'r1m', delta: 'hmm' },
    { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm2', delta: 'after' },
  ]),
  interrupt: run(
    'r1',
    [
      {
        type: 'TOOL_CALL_START',
        toolCallId: 'c1',
        toolCallName: 'delete_file',
        parentMessageId: 'a1',
      },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"path":"/tmp/x"}' },
      { type: 'TOOL_CALL_END', toolCallId: 'c1' },
    ],
    {
      type: 'interrupt',
      interrupts: [
        { id: 'i1', reason: 'tool_approval', message: 'Delete /tmp/x?', toolCallId: 'c1' },
        {
          id: 'i2',
          reason: 'input',
          message: 'Which folder?',
          responseSchema: { type: 'object', properties: { folder: { type: 'string' } } },
        },
      ],
    },
  ),
  'run error': [
    { type: 'RUN_STARTED', threadId: 'thread', runId: 'r1' },
    { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Partial' },
    { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
    { type: 'RUN_ERROR', message: 'Model overloaded', code: 'overloaded' },
  ],
  'snapshot then deltas': run('r1', [
    {
      type: 'STATE_SNAPSHOT',
      snapshot: { todos: [{ title: 'a', done: false }], count: 0, 'a/b': { '~k': 1 } },
    },
    {
      type: 'STATE_DELTA',
      delta: [
        { op: 'replace', path: '/count', value: 1 },
        { op: 'add', path: '/todos/-', value: { title: 'b', done: false } },
      ],
    },
    {
      type: 'STATE_DELTA',
      delta: [
        { op: 'replace', path: '/todos/0/done', value: true },
        { op: 'remove', path: '/a~1b/~0k' },
      ],
    },
    {
      type: 'STATE_DELTA',
      delta: [
        { op: 'test', path: '/count', value: 99 },
        { op: 'remove', path: '/todos' },
      ],
    },
    {
      type: 'STATE_DELTA',
      delta: [
        { op: 'move', from: '/count', path: '/total' },
        { op: 'copy', from: '/todos/1', path: '/first' },
      ],
    },
  ]),
  'messages snapshot': run('r1', [
    {
      type: 'MESSAGES_SNAPSHOT',
      messages: [
        {
          id: 'u1',
          role: 'user',
          content: [
            { type: 'text', text: 'look' },
            {
              type: 'image',
              source: { type: 'url', value: 'https://example.com/a.png', mimeType: 'image/png' },
            },
          ],
        },
        {
          id: 'a1',
          role: 'assistant',
          content: 'ok',
          toolCalls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } }],
        },
        { id: 't1', role: 'tool', toolCallId: 'c1', content: 'done' },
        { id: 's1', role: 'system', content: 'be nice' },
      ],
    },
    { type: 'TEXT_MESSAGE_START', messageId: 'm2', role: 'assistant' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm2', delta: 'next' },
    { type: 'TEXT_MESSAGE_END', messageId: 'm2' },
  ]),
  'activities, custom and raw': run('r1', [
    {
      type: 'ACTIVITY_SNAPSHOT',
      messageId: 'act',
      activityType: 'plan',
      content: { steps: ['a'], progress: 0 },
    },
    {
      type: 'ACTIVITY_DELTA',
      messageId: 'act',
      activityType: 'plan',
      patch: [
        { op: 'add', path: '/steps/-', value: 'b' },
        { op: 'replace', path: '/progress', value: 0.5 },
      ],
    },
    { type: 'CUSTOM', name: 'ping', value: { n: 1 } },
    { type: 'RAW', event: { provider: 'x' }, source: 'openai' },
    { type: 'STEP_STARTED', stepName: 'plan' },
    { type: 'STEP_FINISHED', stepName: 'plan' },
  ]),
  subagents: run('r1', [
    {
      type: 'TOOL_CALL_START',
      toolCallId: 'c1',
      toolCallName: 'researcher',
      parentMessageId: 'a1',
    },
    { type: 'TOOL_CALL_END', toolCallId: 'c1' },
    { type: 'SUBAGENT_STARTED', subagentRunId: 'sub1', name: 'researcher', parentToolCallId: 'c1' },
    { type: 'TEXT_MESSAGE_START', messageId: 'sm1', role: 'assistant', subagentRunId: 'sub1' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: 'sm1', delta: 'sub work', subagentRunId: 'sub1' },
    { type: 'TEXT_MESSAGE_END', messageId: 'sm1', subagentRunId: 'sub1' },
    { type: 'SUBAGENT_FINISHED', subagentRunId: 'sub1', result: { ok: true } },
    { type: 'TOOL_CALL_RESULT', messageId: 't1', toolCallId: 'c1', content: 'researched' },
  ]),
};

describe('AG-UI fold against @ag-ui/client', () => {
  for (const [name, events] of Object.entries(SEQUENCES)) {
    it(`agrees on ${name}`, async () => {
      const oracle = await clientFold(events);
      expect(oracle.error).toBeNull();
      const ours = foldAgUiEvents(events);
      expect(ours.messages.map(fromCanonical)).toEqual(oracle.messages.map(fromClient));
      expect(ours.state).toEqual(oracle.state);
      expect(ours.interrupts).toEqual(oracle.pendingInterrupts);
      for (const message of ours.messages) expect(validateMsg(message)).toEqual([]);
    });
  }

  it('shows what the sequences are about, in place', () => {
    const tools = foldAgUiEvents(SEQUENCES['tool call and result'] as unknown[]);
    // The result sits right after the message holding the call; the call is finished.
    expect(tools.messages.map((msg) => msg.id)).toEqual(['m1', 't1', 'm2', 'c2']);
    const call = tools.getMessage('m1')?.content[1];
    expect(call).toMatchObject({ type: 'tool_call', state: 'finished', input: '{"q":"ag-ui"}' });
    expect(tools.getMessage('t1')?.content[0]).toMatchObject({
      type: 'tool_result',
      name: 'search',
      state: 'success',
    });
    // The unanswered call is left for the application (a frontend tool).
    expect(tools.runs[0]?.pendingToolCallIds).toEqual(['c2']);
    expect(tools.getMessage('c2')?.content[0]).toMatchObject({ remote: true, state: 'submitted' });
    expect(tools.messages.every((msg) => msg.finished_at !== null)).toBe(true);

    const media = foldAgUiEvents(SEQUENCES['content-part results'] as unknown[]);
    const output = media.getMessage('t1')?.content[0];
    expect(
      output?.type === 'tool_result' && Array.isArray(output.output)
        ? output.output.map((b) => b.type)
        : [],
    ).toEqual(['text', 'data', 'data']);

    const asked = foldAgUiEvents(SEQUENCES['interrupt'] as unknown[]);
    expect(asked.status).toBe('interrupted');
    expect(asked.getMessage('a1')?.content[0]).toMatchObject({ state: 'asking' });
    expect(asked.getMessage('a1')?.finished_at).toBeNull();
    expect(asked.interrupts[1]).toMatchObject({
      id: 'i2',
      message: 'Which folder?',
      responseSchema: { type: 'object' },
    });

    const failed = foldAgUiEvents(SEQUENCES['run error'] as unknown[]);
    expect(failed.status).toBe('error');
    expect(failed.getMessage('m1')).toMatchObject({
      finished_reason: 'error',
      error: { message: 'Model overloaded', type: 'overloaded' },
    });

    const sub = foldAgUiEvents(SEQUENCES['subagents'] as unknown[]);
    expect(sub.getMessage('sm1')?.metadata['ag_ui']).toMatchObject({
      subagent_run_id: 'sub1',
      parent_tool_call_id: 'c1',
    });
    expect(sub.subagents['sub1']).toMatchObject({ status: 'success', result: { ok: true } });

    const snapshot = foldAgUiEvents(SEQUENCES['messages snapshot'] as unknown[]);
    expect(snapshot.getMessage('s1')?.metadata['hidden']).toBe(true);

    const misc = foldAgUiEvents(SEQUENCES['activities, custom and raw'] as unknown[]);
    expect(misc.activities['act']?.content).toEqual({ steps: ['a', 'b'], progress: 0.5 });
    expect(misc.customEvents.map((event) => event.name)).toEqual(['ping']);
    expect(misc.rawEvents.map((event) => event.source)).toEqual(['openai']);
    expect(misc.runs[0]?.steps).toMatchObject([{ name: 'plan', status: 'finished' }]);
  });
});

describe("the AG-UI repository's own event fixtures", () => {
  const dart = fixture('dart-events.json') as Record<string, unknown[]>;
  // Where the two folds part, on purpose: see the cases below.
  const DIVERGE = new Set([
    'messages_snapshot',
    'thinking_events',
    'thinking_text_message_legacy',
    'error_handling',
    'reasoning_events',
  ]);
  for (const [name, events] of Object.entries(dart)) {
    if (DIVERGE.has(name)) continue;
    it(`folds ${name} as the client does`, async () => {
      const oracle = await clientFold(events);
      expect(oracle.error).toBeNull();
      const ours = foldAgUiEvents(events);
      expect(ours.messages.map(fromCanonical)).toEqual(oracle.messages.map(fromClient));
      expect(ours.state).toEqual(oracle.state);
      expect(ours.diagnostics).toEqual([]);
      for (const message of ours.messages) expect(validateMsg(message)).toEqual([]);
    });
  }

  it('keeps the image when a stream reuses a user message id (the client drops it)', () => {
    const ours = foldAgUiEvents(dart['messages_snapshot'] as unknown[]);
    expect(ours.getMessage('msg_09')?.content.map((block) => block.type)).toEqual([
      'text',
      'data',
      'text',
    ]);
    expect(ours.diagnostics.map((d) => d.code)).toContain('id-conflict');
  });

  it('reads the legacy THINKING_* events as reasoning (the client drops THINKING_CONTENT)', async () => {
    const oracle = await clientFold(dart['thinking_events'] as unknown[]);
    const ours = foldAgUiEvents(dart['thinking_events'] as unknown[]);
    expect(ours.messages.map(fromCanonical)).toEqual([
      {
        id: 'thinking:2',
        role: 'reasoning',
        content: 'Let me think about this... The user is asking about...',
      },
      ...oracle.messages.map(fromClient),
    ]);
    const legacy = await clientFold(dart['thinking_text_message_legacy'] as unknown[]);
    const read = foldAgUiEvents(dart['thinking_text_message_legacy'] as unknown[]);
    // The client makes random ids for these; ours come from the event's position.
    const withoutIds = (list: { id: string }[]) => list.map(({ id: _id, ...rest }) => rest);
    expect(withoutIds(read.messages.map(fromCanonical))).toEqual(
      withoutIds(legacy.messages.map(fromClient)),
    );
    expect(read.messages[0]?.id).toBe(
      foldAgUiEvents(dart['thinking_text_message_legacy'] as unknown[]).messages[0]?.id,
    );
  });

  it('keeps the error when RUN_FINISHED follows RUN_ERROR (where the client stops)', async () => {
    expect((await clientFold(dart['error_handling'] as unknown[])).error).toMatch(
      /already errored/,
    );
    const ours = foldAgUiEvents(dart['error_handling'] as unknown[]);
    expect(ours.status).toBe('error');
    expect(ours.getMessage('msg_13')).toMatchObject({
      error: { message: 'Connection timeout', type: 'TIMEOUT' },
    });
    expect(ours.diagnostics.map((d) => d.detail)).toEqual(['after-error']);
  });

  it('folds a reasoning span and message that share an id (where the client stops)', async () => {
    expect((await clientFold(dart['reasoning_events'] as unknown[])).error).toMatch(
      /already in progress/,
    );
    const ours = foldAgUiEvents(dart['reasoning_events'] as unknown[]);
    expect(ours.messages.map(fromCanonical)).toEqual([
      {
        id: 'rsn_01',
        role: 'reasoning',
        content: 'Analyzing the request... considering options.',
        encryptedValue: 'ZW5jcnlwdGVkLXBheWxvYWQ=',
      },
    ]);
  });

  for (const name of [
    'message',
    'tool-call',
    'run',
    'state',
    'activity',
    'custom-and-raw',
    'forward-compatibility',
  ]) {
    it(`never stops on the malformed .NET vector stream ${name}`, async () => {
      const events = fixture(
        `dotnet-${name}-events.json`.replace('-compatibility-events', '-compatibility'),
      ) as unknown[];
      const oracle = await clientFold(events);
      expect(oracle.error).not.toBeNull();
      const ours = foldAgUiEvents(events);
      expect(ours.eventCount).toBe(events.length);
      expect(ours.diagnostics.length).toBeGreaterThan(0);
      for (const message of ours.messages) expect(validateMsg(message)).toEqual([]);
    });
  }

  it('reads the SSE fixture, malformed frames included', () => {
    const text = readFileSync(
      new URL('../../fixtures/ag-ui/upstream/dart-sse-streams.txt', import.meta.url),
      'utf8',
    );
    const ours = foldAgUiEvents(text);
    expect(ours.getMessage('msg_04')?.content[0]).toMatchObject({
      text: 'Hello 你好 🌟 €Special: "quotes", \\backslash\\, \ttab',
    });
    expect(ours.state).toEqual({ count: 42, name: 'test' });
    expect(ours.diagnostics.filter((d) => d.detail === 'malformed-frame')).toHaveLength(2);
  });
});
