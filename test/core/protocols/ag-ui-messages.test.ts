import { describe, expect, it } from 'vitest';
import { getReplyStatus, type ToolCallBlock } from '../../../src/core.js';
import {
  createAgUiResume,
  foldAgUiEvents,
  fromAgUiMessages,
  reduceAgUiEvent,
} from '../../../src/ag-ui.js';
import { validateMsg } from '../../../src/core/model/parse/message-reader.js';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** A stored thread with every role and every kind of content part. */
const THREAD = [
  { id: 'sys', role: 'system', content: 'You are terse.' },
  { id: 'dev', role: 'developer', content: 'Tools are cheap.' },
  {
    id: 'u1',
    role: 'user',
    name: 'Ada',
    content: [
      { type: 'text', text: 'What is in these?' },
      {
        type: 'image',
        source: { type: 'data', value: PNG, mimeType: 'image/png' },
        metadata: { alt: 'a dot' },
      },
      {
        type: 'audio',
        source: { type: 'url', value: 'https://cdn.example.com/a.mp3', mimeType: 'audio/mpeg' },
      },
      { type: 'video', source: { type: 'url', value: 'data:video/mp4;base64,AAAA' } },
      {
        type: 'document',
        source: {
          type: 'file',
          value: 'file-abc',
          provider: 'openai',
          mimeType: 'application/pdf',
        },
        metadata: { filename: 'r.pdf' },
      },
      { type: 'binary', mimeType: 'image/gif', data: 'R0lGODlh' },
    ],
  },
  { id: 'r1', role: 'reasoning', content: 'The user wants a summary.', encryptedValue: 'opaque' },
  {
    id: 'a1',
    role: 'assistant',
    content: 'Let me look.',
    toolCalls: [
      {
        id: 'c1',
        type: 'function',
        function: { name: 'ocr', arguments: '{"page":1}' },
        encryptedValue: 'sig',
      },
      { id: 'c2', type: 'function', function: { name: 'fetch', arguments: '{}' } },
    ],
  },
  {
    id: 't1',
    role: 'tool',
    toolCallId: 'c1',
    content: [
      { type: 'text', text: 'A dot.' },
      { type: 'image', source: { type: 'data', value: PNG, mimeType: 'image/png' } },
    ],
  },
  { id: 't2', role: 'tool', toolCallId: 'c2', content: '', error: 'Timed out' },
  { id: 'act', role: 'activity', activityType: 'plan', content: { steps: ['ocr', 'fetch'] } },
  { id: 'a2', role: 'assistant', content: 'It is a dot.' },
];

describe('fromAgUiMessages', () => {
  const { messages, diagnostics } = fromAgUiMessages(THREAD);
  const byId = new Map(messages.map((msg) => [msg.id, msg]));

  it('keeps every message, in order, finished and valid', () => {
    expect(messages.map((msg) => msg.id)).toEqual(THREAD.map((msg) => msg.id));
    expect(diagnostics).toEqual([]);
    for (const msg of messages) {
      expect(validateMsg(msg)).toEqual([]);
      // A stored thread renders finished: no cursor, no "Responding…".
      expect(getReplyStatus(msg)).not.toBe('streaming');
    }
  });

  it('marks instructions hidden, keeping their role', () => {
    expect(byId.get('sys')).toMatchObject({ role: 'system', metadata: { hidden: true } });
    expect(byId.get('dev')).toMatchObject({
      role: 'developer',
      metadata: { hidden: true, ag_ui: { role: 'developer' } },
    });
    expect(byId.get('u1')?.metadata['hidden']).toBeUndefined();
  });

  it('reads every content part as a block, media as data blocks', () => {
    const user = byId.get('u1');
    expect(user?.name).toBe('Ada');
    expect(
      user?.content.map((block) =>
        block.type === 'data' ? [block.source.type, block.source.media_type] : block.type,
      ),
    ).toEqual([
      'text',
      ['base64', 'image/png'],
      ['url', 'audio/mpeg'],
      ['base64', 'video/mp4'],
      ['file_id', 'application/pdf'],
      ['base64', 'image/gif'],
    ]);
    expect(user?.content[1]).toMatchObject({ alt: 'a dot' });
    expect(user?.content[4]).toMatchObject({ name: 'r.pdf' });
    expect(user?.metadata['ag_ui']).toMatchObject({ parts: { 'u1:4': { provider: 'openai' } } });
  });

  it('reads reasoning as thinking, tool calls with their answers, errors and activities', () => {
    expect(byId.get('r1')?.content).toMatchObject([
      { type: 'thinking', thinking: 'The user wants a summary.', encrypted_value: 'opaque' },
    ]);
    expect(byId.get('r1')?.role).toBe('assistant');
    expect(byId.get('a1')?.content).toMatchObject([
      { type: 'text', text: 'Let me look.' },
      { type: 'tool_call', id: 'c1', name: 'ocr', input: '{"page":1}', state: 'finished' },
      { type: 'tool_call', id: 'c2', state: 'finished' },
    ]);
    expect(byId.get('a1')?.metadata['ag_ui']).toMatchObject({
      tool_calls: { c1: { encrypted_value: 'sig' } },
    });
    expect(byId.get('t1')?.content[0]).toMatchObject({
      type: 'tool_result',
      id: 'c1',
      name: 'ocr',
      state: 'success',
    });
    const output = byId.get('t1')?.content[0];
    expect(
      output?.type === 'tool_result' && Array.isArray(output.output)
        ? output.output.map((b) => b.type)
        : null,
    ).toEqual(['text', 'data']);
    expect(byId.get('t2')?.content[0]).toMatchObject({ state: 'error', output: 'Timed out' });
    expect(byId.get('act')?.content[0]).toMatchObject({
      type: 'unknown',
      original_type: 'activity:plan',
      raw: { steps: ['ocr', 'fetch'] },
    });
  });

  it('reports what it could not read, and keeps the rest', () => {
    const result = fromAgUiMessages([
      { role: 'user', content: 'no id' },
      { id: 'x', role: 'wizard', content: 'odd role' },
      {
        id: 'y',
        role: 'user',
        content: [
          { type: 'image', source: { type: 'url', value: 'javascript:alert(1)' } },
          { type: 'hologram' },
        ],
      },
      42,
    ]);
    expect(result.messages.map((msg) => msg.id)).toEqual(['x', 'y']);
    expect(result.diagnostics.map((d) => d.code)).toEqual([
      'invalid-message',
      'unknown-role',
      'unsafe-url',
      'unknown-part',
      'invalid-message',
    ]);
    expect(result.messages[1]?.content[1]).toMatchObject({
      type: 'unknown',
      original_type: 'hologram',
    });
    expect(fromAgUiMessages('nope')).toMatchObject({
      messages: [],
      diagnostics: [{ code: 'invalid-messages' }],
    });
  });
});

describe('AG-UI interrupts and resume', () => {
  const events = [
    { type: 'RUN_STARTED', threadId: 't', runId: 'r1' },
    { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'delete', parentMessageId: 'a1' },
    { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"path":"/x"}' },
    { type: 'TOOL_CALL_END', toolCallId: 'c1' },
    {
      type: 'RUN_FINISHED',
      threadId: 't',
      runId: 'r1',
      outcome: {
        type: 'interrupt',
        interrupts: [
          { id: 'i1', reason: 'tool_approval', message: 'Delete /x?', toolCallId: 'c1' },
          {
            id: 'i2',
            reason: 'input',
            message: 'Your name?',
            responseSchema: { type: 'object', properties: { name: { type: 'string' } } },
          },
          { id: 'i3', reason: 'input' },
        ],
      },
    },
  ];
  const parked = foldAgUiEvents(events);

  it('parks the call as asking, with its message, and keeps the others for their own prompt', () => {
    const reply = parked.getMessage('a1');
    expect(reply && getReplyStatus(reply)).toBe('awaiting-confirmation');
    expect(reply?.content[0]).toMatchObject({ state: 'asking' });
    expect(reply?.metadata['ag_ui']).toMatchObject({
      interrupts: { c1: { id: 'i1', message: 'Delete /x?' } },
    });
    expect(parked.interrupts.map((interrupt) => interrupt.id)).toEqual(['i1', 'i2', 'i3']);
    expect(parked.interrupts[1]?.responseSchema).toEqual({
      type: 'object',
      properties: { name: { type: 'string' } },
    });
  });

  it('builds the resume list, one entry per interrupt, from any kind of decision', () => {
    const call = parked.getMessage('a1')?.content[0] as ToolCallBlock;
    expect(createAgUiResume(parked.interrupts, [{ toolCall: call, confirmed: true }])).toEqual([
      { interruptId: 'i1', status: 'resolved', payload: { approved: true } },
      { interruptId: 'i2', status: 'cancelled' },
      { interruptId: 'i3', status: 'cancelled' },
    ]);
    expect(
      createAgUiResume(parked.interrupts, [
        { toolCall: call, confirmed: false },
        { interruptId: 'i2', status: 'resolved', payload: { name: 'Ada' } },
        { interruptId: 'i3', status: 'cancelled' },
        { interruptId: 'nope', status: 'resolved' },
      ]),
    ).toEqual([
      { interruptId: 'i1', status: 'resolved', payload: { approved: false } },
      { interruptId: 'i2', status: 'resolved', payload: { name: 'Ada' } },
      { interruptId: 'i3', status: 'cancelled' },
    ]);
    expect(createAgUiResume('junk' as never, 'junk' as never)).toEqual([]);
  });

  it('a run that resumes moves the answered call on and clears its interrupts', () => {
    const call = parked.getMessage('a1')?.content[0] as ToolCallBlock;
    const resume = createAgUiResume(parked.interrupts, [
      { toolCall: call, confirmed: true },
      { interruptId: 'i2', status: 'cancelled' },
      { interruptId: 'i3', status: 'cancelled' },
    ]);
    const resumed = reduceAgUiEvent(parked, {
      type: 'RUN_STARTED',
      threadId: 't',
      runId: 'r2',
      input: { threadId: 't', runId: 'r2', messages: [], resume },
    });
    expect(resumed.interrupts).toEqual([]);
    expect(resumed.getMessage('a1')?.content[0]).toMatchObject({ state: 'allowed' });
    expect(resumed.status).toBe('streaming');
  });

  it('a cancelled run is interrupted, not an error', () => {
    const cancelled = foldAgUiEvents([
      { type: 'RUN_STARTED', threadId: 't', runId: 'r1' },
      { type: 'TEXT_MESSAGE_START', messageId: 'm1' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Half' },
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r1', outcome: { type: 'cancelled' } },
    ]);
    expect(cancelled.status).toBe('cancelled');
    const msg = cancelled.getMessage('m1');
    expect(msg && getReplyStatus(msg)).toBe('interrupted');
    expect(cancelled.diagnostics.map((d) => d.detail)).toEqual(['not-closed']);
  });
});

describe('AG-UI malformed input', () => {
  it('keeps content that arrives before RUN_STARTED or without a start, and says so', () => {
    const state = foldAgUiEvents([
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'orphan' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{}' },
      { type: 'TEXT_MESSAGE_START' },
      { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
      { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/missing', value: 1 }] },
      { type: 'MYSTERY' },
      'not json',
    ]);
    expect(state.getMessage('m1')?.content[0]).toMatchObject({ type: 'text', text: 'orphan' });
    expect(state.getMessage('c1')?.content[0]).toMatchObject({ type: 'tool_call', input: '{}' });
    expect(state.diagnostics.map((d) => [d.detail, d.path])).toEqual([
      ['missing-run-started', '$[0]'],
      ['not-open', '$[0]'],
      ['not-open', '$[1]'],
      ['missing-id', '$[2]'],
      ['invalid-patch', '$[4]'],
      ['unknown-event', '$[5]'],
      ['invalid-json', '$[6]'],
    ]);
  });

  it('keeps ids such as __proto__ as plain keys, without touching any prototype', () => {
    const state = foldAgUiEvents([
      { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
      { type: 'SUBAGENT_STARTED', subagentRunId: '__proto__', name: 'sneaky' },
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm', delta: 'hi', subagentRunId: '__proto__' },
      {
        type: 'ACTIVITY_SNAPSHOT',
        messageId: '__proto__',
        activityType: 'x',
        content: { polluted: true },
      },
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
    ]);
    expect(Object.keys(state.subagents)).toEqual(['__proto__']);
    expect(Object.keys(state.activities)).toEqual(['__proto__']);
    expect(state.getMessage('m')?.content[0]).toMatchObject({ text: 'hi' });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.getPrototypeOf(state.activities)).toBe(Object.prototype);
  });
});
