import { describe, expect, it } from 'vitest';
import type { Msg, TextBlock, ToolResultBlock } from '../../../src/core.js';
import type { AiSdkToolCallBlock } from '../../../src/ai-sdk.js';
import { getReplyStatus } from '../../../src/core.js';
import {
  createAiSdkApprovalResponse,
  createAiSdkStreamState,
  foldAiSdkStream,
  fromAiSdkMessages,
  reduceAiSdkChunk,
} from '../../../src/ai-sdk.js';

const only = (chunks: unknown[] | string): Msg => {
  const state = foldAiSdkStream(chunks);
  expect(state.messages).toHaveLength(1);
  return state.messages[0] as Msg;
};
const codes = (chunks: unknown[] | string) =>
  foldAiSdkStream(chunks).diagnostics.map((d) => d.detail);
const text = (id: string, ...deltas: string[]) => [
  { type: 'text-start', id },
  ...deltas.map((delta) => ({ type: 'text-delta', id, delta })),
  { type: 'text-end', id },
];
const start = { type: 'start', messageId: 'm1' };
const finish = { type: 'finish' };
const call = (toolCallId = 'c1', toolName = 'deploy', input: unknown = { env: 'prod' }) => ({
  type: 'tool-input-available',
  toolCallId,
  toolName,
  input,
});

describe('foldAiSdkStream: a reply', () => {
  it('a v5 stream (no v6/v7 fields) renders finished text, with no "Responding…"', () => {
    const msg = only([
      start,
      { type: 'start-step' },
      ...text('0', 'Hello ', 'world'),
      { type: 'finish-step' },
      finish,
    ]);
    expect(msg).toMatchObject({ id: 'm1', role: 'assistant', finished_reason: 'completed' });
    expect(msg.finished_at).not.toBeNull();
    expect((msg.content[0] as TextBlock).text).toBe('Hello world');
    expect(getReplyStatus(msg)).toBe('done');
  });

  it('v7 fields it does not need are ignored, not reported', () => {
    const chunks = [
      { ...start, messageMetadata: { model: 'gpt-x' } },
      {
        type: 'tool-input-start',
        toolCallId: 'c1',
        toolName: 'search',
        inputEncoding: 'text',
        title: 'Search the web',
        toolMetadata: { cost: 1 },
      },
      { type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: 'cats' },
      {
        type: 'tool-input-available',
        toolCallId: 'c1',
        toolName: 'search',
        input: 'cats',
        title: 'Search the web',
      },
      finish,
    ];
    expect(codes(chunks)).toEqual([]);
    const block = only(chunks).content[0] as AiSdkToolCallBlock;
    expect(block).toMatchObject({
      input: 'cats',
      ai_sdk: { title: 'Search the web', inputEncoding: 'text', toolMetadata: { cost: 1 } },
    });
  });

  it('a text delta grows the open block and copies no other block', () => {
    const before = foldAiSdkStream([start, ...text('a', 'done'), { type: 'text-start', id: 'b' }]);
    const after = reduceAiSdkChunk(before, { type: 'text-delta', id: 'b', delta: 'more' });
    const [first, second] = after.messages[0]?.content ?? [];
    expect(first).toBe(before.messages[0]?.content[0]);
    expect(second).toMatchObject({ text: 'more', finished_at: null });
  });

  it('stamps receivedAt on what it creates and ends; without it times are unknown (empty)', () => {
    const at = '2026-01-01T00:00:00.000Z';
    const msg = foldAiSdkStream([start, ...text('a', 'x'), finish], undefined, { receivedAt: at })
      .messages[0];
    expect(msg).toMatchObject({
      created_at: at,
      finished_at: at,
      content: [{ created_at: at, finished_at: at }],
    });
    expect(only([start, finish]).created_at).toBe('');
  });

  it('metadata is kept (merged), usage and createdAt are read from it', () => {
    const msg = only([
      { ...start, messageMetadata: { model: 'm', createdAt: 1767225600000 } },
      {
        type: 'message-metadata',
        messageMetadata: {
          totalUsage: {
            inputTokens: 12,
            outputTokens: 3,
            inputTokenDetails: { cacheReadTokens: 2 },
            outputTokenDetails: { reasoningTokens: 1 },
          },
        },
      },
      finish,
    ]);
    expect(msg.metadata).toMatchObject({ model: 'm', totalUsage: { inputTokens: 12 } });
    expect(msg.usage).toEqual({
      input_tokens: 12,
      output_tokens: 3,
      cache_input_tokens: 2,
      cache_creation_input_tokens: 0,
      reasoning_tokens: 1,
    });
    expect(msg.created_at).toBe('2026-01-01T00:00:00.000Z');
  });

  it('a repeated start with the same id continues the message; a new id starts a new one', () => {
    const state = foldAiSdkStream([
      start,
      ...text('a', 'one'),
      start,
      ...text('b', 'two'),
      finish,
      { type: 'start', messageId: 'm2' },
      ...text('a', 'three'),
      finish,
    ]);
    expect(state.messages.map((m) => m.id)).toEqual(['m1', 'm2']);
    expect(state.messages[0]?.content.map((b) => (b as TextBlock).text)).toEqual(['one', 'two']);
  });

  it('content before any start opens a message, and says so', () => {
    const state = foldAiSdkStream(text('a', 'hi'));
    expect(state.messages[0]?.content[0]).toMatchObject({ text: 'hi' });
    expect(state.diagnostics[0]).toMatchObject({
      code: 'implicit-start',
      detail: 'missing-start',
      path: '$[0]',
    });
  });

  it('a delta for a part never started is shown, and reported', () => {
    const state = foldAiSdkStream([
      start,
      { type: 'text-delta', id: 'x', delta: 'orphan' },
      finish,
    ]);
    expect(state.messages[0]?.content[0]).toMatchObject({ type: 'text', text: 'orphan' });
    expect(state.diagnostics.map((d) => d.detail)).toEqual(['missing-start']);
  });

  it('unknown chunk types, junk and AI SDK 4 lines are kept as diagnostics, never thrown', () => {
    const state = foldAiSdkStream([
      start,
      { type: 'brand-new', x: 1 },
      42,
      'not json',
      '0:"hello"',
      { type: 7 },
      finish,
    ]);
    expect(state.diagnostics.map((d) => d.detail)).toEqual([
      'unknown-chunk',
      'invalid-chunk',
      'invalid-chunk',
      'unsupported-protocol',
      'invalid-chunk',
    ]);
    // Under the shared codes every protocol uses.
    expect(state.diagnostics.map((d) => d.code)).toEqual([
      'unknown-event',
      'invalid-input',
      'invalid-input',
      'invalid-input',
      'invalid-input',
    ]);
    expect(state.diagnostics[0]?.raw).toEqual({ type: 'brand-new', x: 1 });
    expect(state.status).toBe('done');
  });
});

describe('foldAiSdkStream: ends', () => {
  it('error: an error block with its text in place, the reply in error', () => {
    const state = foldAiSdkStream([
      start,
      ...text('a', 'partial'),
      { type: 'error', errorText: 'Rate limited' },
    ]);
    const msg = state.messages[0] as Msg;
    expect(msg.content[1]).toMatchObject({ type: 'error', message: 'Rate limited' });
    expect(msg.error).toEqual({ type: 'unknown', message: 'Rate limited' });
    expect(getReplyStatus(msg)).toBe('error');
    expect(state.status).toBe('error');
  });

  it('abort: the reply is interrupted, a running tool too', () => {
    const state = foldAiSdkStream([
      start,
      call('c1', 'search'),
      { type: 'tool-output-available', toolCallId: 'c1', output: 'partial', preliminary: true },
      { type: 'abort', reason: 'user stop' },
    ]);
    const msg = state.messages[0] as Msg;
    expect(msg).toMatchObject({
      finished_reason: 'interrupted',
      metadata: { ai_sdk: { abort_reason: 'user stop' } },
    });
    expect(msg.content[1]).toMatchObject({ type: 'tool_result', state: 'interrupted' });
    expect(getReplyStatus(msg)).toBe('interrupted');
    expect(state.status).toBe('cancelled');
  });

  it('[DONE] without finish closes the reply as interrupted, and says so', () => {
    const state = foldAiSdkStream(
      'data: {"type":"start"}\n\ndata: {"type":"text-start","id":"a"}\n\ndata: {"type":"text-delta","id":"a","delta":"cut"}\n\ndata: [DONE]\n\n',
    );
    expect(state.messages[0]).toMatchObject({
      finished_reason: 'interrupted',
      content: [{ text: 'cut' }],
    });
    expect(state.diagnostics.map((d) => d.detail)).toEqual(['missing-finish']);
  });

  it('reads an SSE body with CRLF, comments and a final frame without its blank line', () => {
    const body =
      ': keep-alive\r\ndata: {"type":"start","messageId":"m1"}\r\n\r\ndata: {"type":"text-start","id":"a"}\r\n\r\ndata: {"type":"text-delta","id":"a","delta":"é"}\r\n\r\ndata: {"type":"finish"}';
    expect(foldAiSdkStream(body).messages[0]).toMatchObject({
      id: 'm1',
      finished_reason: 'completed',
      content: [{ text: 'é' }],
    });
  });

  it('also reads one JSON chunk per line', () => {
    const body =
      '{"type":"start"}\n{"type":"text-start","id":"a"}\n{"type":"text-delta","id":"a","delta":"x"}\n{"type":"finish"}\n';
    expect(foldAiSdkStream(body).messages[0]).toMatchObject({
      finished_reason: 'completed',
      content: [{ text: 'x' }],
    });
  });
});

describe('foldAiSdkStream: tools', () => {
  it('states follow the mapping table: pending, allowed, finished with a success result', () => {
    let state = foldAiSdkStream([
      start,
      { type: 'tool-input-start', toolCallId: 'c1', toolName: 'search' },
      { type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: '{"q":"ca' },
    ]);
    expect(state.messages[0]?.content[0]).toMatchObject({
      state: 'pending',
      input: '{"q":"ca',
      finished_at: null,
    });
    state = foldAiSdkStream(
      [
        { type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: 'ts"}' },
        call('c1', 'search', { q: 'cats' }),
      ],
      state,
    );
    expect(state.messages[0]?.content[0]).toMatchObject({
      state: 'allowed',
      input: '{"q":"cats"}',
    });
    state = foldAiSdkStream(
      [{ type: 'tool-output-available', toolCallId: 'c1', output: 'found 3' }],
      state,
    );
    expect(state.messages[0]?.content).toMatchObject([
      { type: 'tool_call', state: 'finished' },
      { type: 'tool_result', id: 'c1', name: 'search', state: 'success', output: 'found 3' },
    ]);
  });

  it('a structured output: `output` is the JSON text the card shows, `value` the value (as every adapter)', () => {
    const state = foldAiSdkStream([
      start,
      call('c1', 'weather'),
      { type: 'tool-output-available', toolCallId: 'c1', output: { city: 'Paris', celsius: 18 } },
      call('c2', 'count'),
      { type: 'tool-output-available', toolCallId: 'c2', output: 42 },
      call('c3', 'echo'),
      { type: 'tool-output-available', toolCallId: 'c3', output: 'plain text' },
    ]);
    const results = state.messages[0]?.content.filter((block) => block.type === 'tool_result');
    expect(results?.map(({ output, value }) => ({ output, value }))).toEqual([
      { output: '{"city":"Paris","celsius":18}', value: { city: 'Paris', celsius: 18 } },
      { output: '42', value: 42 },
      { output: 'plain text', value: undefined },
    ]);
    expect(
      fromAiSdkMessages([
        {
          id: 'm1',
          role: 'assistant',
          parts: [
            {
              type: 'tool-weather',
              toolCallId: 'c1',
              state: 'output-available',
              input: {},
              output: { ok: true },
            },
          ],
        },
      ]).messages[0]?.content[1],
    ).toMatchObject({ output: '{"ok":true}', value: { ok: true } });
  });

  it('a preliminary output is a running result, replaced by the final one in place', () => {
    const state = foldAiSdkStream([
      start,
      call('c1', 'search'),
      { type: 'tool-output-available', toolCallId: 'c1', output: { n: 1 }, preliminary: true },
    ]);
    expect(state.messages[0]?.content[1]).toMatchObject({
      state: 'running',
      value: { n: 1 },
      finished_at: null,
    });
    const done = reduceAiSdkChunk(state, {
      type: 'tool-output-available',
      toolCallId: 'c1',
      output: { n: 2 },
    });
    expect(done.messages[0]?.content).toHaveLength(2);
    expect(done.messages[0]?.content[1]).toMatchObject({ state: 'success', value: { n: 2 } });
  });

  it('approval: asking, shown as waiting for approval; the answer is what addToolApprovalResponse takes', () => {
    const state = foldAiSdkStream([
      start,
      call(),
      {
        type: 'tool-approval-request',
        toolCallId: 'c1',
        approvalId: 'ap-1',
        reason: 'Production deploy',
      },
      finish,
    ]);
    const msg = state.messages[0] as Msg;
    const block = msg.content[0] as AiSdkToolCallBlock;
    expect(block).toMatchObject({
      state: 'asking',
      ai_sdk: {
        state: 'approval-requested',
        approval: { id: 'ap-1', requestReason: 'Production deploy' },
      },
    });
    expect(msg.finished_at).toBeNull();
    expect(getReplyStatus(msg)).toBe('awaiting-confirmation');
    expect(createAiSdkApprovalResponse({ toolCall: block, confirmed: true })).toEqual({
      id: 'ap-1',
      approved: true,
    });
    expect(
      createAiSdkApprovalResponse({ toolCall: block, confirmed: false, reason: 'no' }),
    ).toEqual({
      id: 'ap-1',
      approved: false,
      reason: 'no',
    });
    expect(
      createAiSdkApprovalResponse({
        toolCall: { ...block, ai_sdk: { state: 'input-available' } } as AiSdkToolCallBlock,
        confirmed: true,
      }),
    ).toBeNull();
  });

  it('a denial (v7 tool-approval-response) finishes the call with a denied result', () => {
    const state = foldAiSdkStream([
      start,
      call(),
      { type: 'tool-approval-request', toolCallId: 'c1', approvalId: 'ap-1' },
      { type: 'tool-approval-response', approvalId: 'ap-1', approved: false, reason: 'not now' },
      { type: 'tool-output-denied', toolCallId: 'c1' },
      finish,
    ]);
    const msg = state.messages[0] as Msg;
    expect(msg.content).toMatchObject([
      { state: 'finished', ai_sdk: { state: 'output-denied' } },
      { type: 'tool_result', state: 'denied', output: 'not now' },
    ]);
    expect(getReplyStatus(msg)).toBe('done');
  });

  it('tool-input-error and tool-output-error show an error result with the text', () => {
    const msg = only([
      start,
      {
        type: 'tool-input-error',
        toolCallId: 'c1',
        toolName: 'search',
        input: '{bad',
        errorText: 'Invalid JSON',
      },
      call('c2', 'search'),
      { type: 'tool-output-error', toolCallId: 'c2', errorText: 'Timeout' },
      finish,
    ]);
    expect(msg.content).toMatchObject([
      { id: 'c1', input: '{bad', state: 'finished' },
      { type: 'tool_result', id: 'c1', state: 'error', output: 'Invalid JSON' },
      { id: 'c2' },
      { type: 'tool_result', id: 'c2', state: 'error', output: 'Timeout' },
    ]);
  });

  it('a client-side tool still without output at finish waits for the app (submitted)', () => {
    const msg = only([start, call('c1', 'getLocation', {}), finish]);
    expect(msg.content[0]).toMatchObject({ state: 'submitted' });
    expect(getReplyStatus(msg)).toBe('awaiting-external');
  });

  it('a result for an unknown call is reported, not thrown', () => {
    expect(
      codes([start, { type: 'tool-output-available', toolCallId: 'nope', output: 1 }, finish]),
    ).toEqual(['missing-tool-call']);
  });
});

describe('foldAiSdkStream: sources, files, data, steps', () => {
  it('sources become citations of the latest text (or the next one) and are kept whole', () => {
    const msg = only([
      start,
      { type: 'source-url', sourceId: 's1', url: 'https://a.example', title: 'A' },
      ...text('t', 'Answer'),
      {
        type: 'source-document',
        sourceId: 's2',
        mediaType: 'application/pdf',
        title: 'Manual',
        filename: 'm.pdf',
      },
      { type: 'source-url', sourceId: 's1', url: 'https://a.example' },
      finish,
    ]);
    expect(msg.content[0]).toMatchObject({
      text: 'Answer',
      citations: [{ url: 'https://a.example', title: 'A' }, { title: 'Manual' }],
    });
    expect((msg.metadata['ai_sdk'] as { sources: unknown[] }).sources).toHaveLength(2);
  });

  it('sources with no text at all are still shown, in a text block of their own', () => {
    const msg = only([
      start,
      { type: 'source-url', sourceId: 's1', url: 'https://a.example' },
      finish,
    ]);
    expect(msg.content).toMatchObject([
      { type: 'text', text: '', citations: [{ url: 'https://a.example' }] },
    ]);
  });

  it('files: data URLs decoded (base64 or percent-encoded), URLs kept, oversize kept as a URL', () => {
    const big = `data:image/png;base64,${'A'.repeat(10 * 1024 * 1024)}`;
    const state = foldAiSdkStream([
      start,
      { type: 'file', url: 'data:image/png;base64,iVBORw0KGgo=', mediaType: 'image' },
      { type: 'file', url: 'data:text/plain;charset=utf-8,h%C3%A9llo', mediaType: 'text/plain' },
      { type: 'reasoning-file', url: 'https://cdn.example/r.png', mediaType: 'image/png' },
      { type: 'file', url: big, mediaType: 'image/png' },
      finish,
    ]);
    const content = state.messages[0]?.content ?? [];
    expect(content[0]).toMatchObject({
      type: 'data',
      source: { type: 'base64', data: 'iVBORw0KGgo=', media_type: 'image/png' },
    });
    expect(content[1]).toMatchObject({
      source: { type: 'base64', data: 'aMOpbGxv', media_type: 'text/plain' },
    });
    expect(content[2]).toMatchObject({ source: { type: 'url', url: 'https://cdn.example/r.png' } });
    expect(content[3]).toMatchObject({ source: { type: 'url', media_type: 'image/png' } });
    expect(state.messages[0]?.metadata['ai_sdk']).toMatchObject({
      reasoning_files: [content[2]?.id],
    });
    expect(state.diagnostics.map((d) => d.detail)).toEqual(['invalid-file']);
  });

  it('data parts: kept by name, replaced by id in place; transient ones kept apart', () => {
    const state = foldAiSdkStream([
      start,
      { type: 'data-weather', id: 'w', data: { status: 'loading' } },
      ...text('t', 'x'),
      { type: 'data-weather', id: 'w', data: { status: 'done', c: 18 } },
      { type: 'data-toast', data: 'Saved', transient: true },
      finish,
    ]);
    const content = state.messages[0]?.content ?? [];
    expect(content).toHaveLength(2);
    expect(content[0]).toMatchObject({
      type: 'unknown',
      original_type: 'data-weather',
      raw: { id: 'w', data: { status: 'done', c: 18 } },
    });
    expect(state.transientData).toEqual([
      { type: 'data-toast', id: null, data: 'Saved', messageId: 'm1' },
    ]);
  });

  it('steps are marked in metadata; reset-step removes what the step added', () => {
    const state = foldAiSdkStream([
      start,
      { type: 'start-step' },
      ...text('a', 'kept'),
      { type: 'start-step' },
      ...text('b', 'dropped'),
      call('c9', 'x'),
      { type: 'reset-step' },
      ...text('c', 'retried'),
      finish,
    ]);
    const msg = state.messages[0] as Msg;
    expect(msg.content.map((b) => b.type === 'text' && b.text)).toEqual(['kept', 'retried']);
    expect(msg.metadata['ai_sdk']).toMatchObject({ step_starts: [0, 1] });
  });

  it('custom parts and steering messages are kept and shown', () => {
    const msg = only([
      start,
      { type: 'custom', kind: 'acme.card', providerMetadata: { acme: { id: 1 } } },
      { type: 'steering-message', id: 's', parts: [{ type: 'text', text: 'use metric' }] },
      finish,
    ]);
    expect(msg.content[0]).toMatchObject({
      type: 'unknown',
      original_type: 'custom',
      raw: { kind: 'acme.card' },
    });
    expect(msg.content[1]).toMatchObject({
      type: 'hint',
      hint: [{ type: 'text', text: 'use metric' }],
    });
  });
});

describe('createAiSdkStreamState', () => {
  it('holds history; a start without an id continues the last assistant reply (an approval resumed)', () => {
    const first = foldAiSdkStream([
      start,
      call(),
      { type: 'tool-approval-request', toolCallId: 'c1', approvalId: 'a' },
      finish,
    ]);
    const resumed = foldAiSdkStream(
      [
        { type: 'start' },
        { type: 'tool-approval-response', approvalId: 'a', approved: true },
        { type: 'tool-output-available', toolCallId: 'c1', output: 'ok' },
        ...text('t', 'Deployed'),
        finish,
      ],
      createAiSdkStreamState({ messages: first.messages }),
    );
    expect(resumed.messages).toHaveLength(1);
    const msg = resumed.messages[0] as Msg;
    expect(msg.content.map((b) => b.type)).toEqual(['tool_call', 'tool_result', 'text']);
    expect((msg.content[1] as ToolResultBlock).output).toBe('ok');
    expect(msg.content[2]?.id).toBe('m1:1');
    expect(getReplyStatus(msg)).toBe('done');
  });
});
