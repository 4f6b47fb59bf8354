import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Msg, ToolCallBlock } from '../../../src/core.js';
import { fromAgentScopeMsg } from '../../../src/agentscope.js';
import { foldAiSdkStream, fromAiSdkMessages } from '../../../src/ai-sdk.js';
import { applyJsonPatch, foldAgUiEvents, fromAgUiMessages } from '../../../src/ag-ui.js';
import { foldAgentFlowStream, fromAgentFlowMessages } from '../../../src/agentflow.js';
import { foldOperatorUseEvents, fromOperatorUseMessage } from '../../../src/operator-use.js';
import {
  jsonEqual,
  jsonText,
  mergeJsonObjects,
  stringifyDeep,
} from '../../../src/core/model/json-walk.js';

/*
 * Nesting a hostile model can send in a few kilobytes (10,000 levels) overflows recursive code on
 * Node's default stack. Each reader below once lost data on it without a word; now every value
 * is read whole at any depth.
 */

const DEPTH = 10_000;
const deepText = (leaf = '1') => '{"a":'.repeat(DEPTH) + leaf + '}'.repeat(DEPTH);
const deep = (leaf = '1'): unknown => JSON.parse(deepText(leaf));
/** The arguments of a destructive call, padded with deep JSON, and the text they must show. */
const ARGS_TEXT = `{"command":"rm -rf ~","pad":${deepText()}}`;
const args = (): unknown => JSON.parse(ARGS_TEXT);

function calls(messages: readonly Msg[]): ToolCallBlock[] {
  return messages
    .flatMap((msg) => msg.content)
    .filter((block): block is ToolCallBlock => block.type === 'tool_call');
}

describe('tool arguments nested 10,000 deep are shown whole', () => {
  it('AI SDK stream: a call awaiting approval shows its arguments, not ""', () => {
    const state = foldAiSdkStream([
      { type: 'start', messageId: 'm1' },
      { type: 'tool-input-available', toolCallId: 'c1', toolName: 'bash', input: args() },
      { type: 'tool-approval-request', approvalId: 'ap1', toolCallId: 'c1' },
    ]);
    expect(calls(state.messages)).toMatchObject([{ id: 'c1', state: 'asking', input: ARGS_TEXT }]);
    expect(state.diagnostics).toEqual([]);
  });

  it('AI SDK stream: input JSON cannot hold (an app passing a cycle) is shown as text, and reported', () => {
    const input: Record<string, unknown> = { command: 'rm -rf ~' };
    input['self'] = input;
    const state = foldAiSdkStream([
      { type: 'start', messageId: 'm1' },
      { type: 'tool-input-available', toolCallId: 'c1', toolName: 'bash', input },
      { type: 'tool-approval-request', approvalId: 'ap1', toolCallId: 'c1' },
    ]);
    expect(calls(state.messages)).toMatchObject([
      { state: 'asking', input: '{"command":"rm -rf ~","self":"[circular]"}' },
    ]);
    expect(state.diagnostics).toMatchObject([
      {
        code: 'invalid-input',
        detail: 'invalid-chunk',
        message: 'tool input is not JSON (a cycle or a BigInt); shown as text',
      },
    ]);
  });

  it('AI SDK history: a streaming tool part keeps its input', () => {
    const { messages } = fromAiSdkMessages([
      {
        id: 'm1',
        role: 'assistant',
        parts: [{ type: 'tool-bash', toolCallId: 'c1', state: 'input-streaming', input: args() }],
      },
    ]);
    expect(calls(messages).map((call) => call.input)).toEqual([ARGS_TEXT]);
  });

  it('AgentFlow: the arguments stay as they are, not "{}" reported as "not an object"', () => {
    const { messages, diagnostics } = fromAgentFlowMessages([
      {
        message_id: 'm1',
        role: 'assistant',
        content: [{ type: 'tool_call', id: 'c1', name: 'bash', args: args() }],
        timestamp: 1718000020,
      },
    ]);
    expect(calls(messages).map((call) => call.input)).toEqual([ARGS_TEXT]);
    expect(diagnostics.filter((d) => d.path?.endsWith('.args'))).toEqual([]);
  });

  it('AgentFlow: arguments JSON cannot hold (a cycle) are shown as text, not "{}"', () => {
    const cyclic: Record<string, unknown> = { command: 'rm -rf ~' };
    cyclic['self'] = cyclic;
    const { messages, diagnostics } = fromAgentFlowMessages([
      {
        message_id: 'm1',
        role: 'assistant',
        content: [{ type: 'tool_call', id: 'c1', name: 'bash', args: cyclic }],
        timestamp: 1718000020,
      },
    ]);
    expect(calls(messages).map((call) => call.input)).toEqual([
      '{"command":"rm -rf ~","self":"[circular]"}',
    ]);
    expect(diagnostics).toMatchObject([
      { code: 'repaired', message: 'not JSON; shown as text', path: '$[0].content[0].args' },
    ]);
  });

  it('AgentFlow stream: the arguments of a streamed message are kept', () => {
    const state = foldAgentFlowStream([
      {
        event: 'message',
        run_id: 'r1',
        thread_id: 't1',
        message: {
          message_id: 'm1',
          role: 'assistant',
          content: [{ type: 'tool_call', id: 'c1', name: 'bash', args: args() }],
          delta: false,
          timestamp: 1718000020,
        },
      },
    ]);
    expect(calls(state.messages).map((call) => call.input)).toEqual([ARGS_TEXT]);
  });

  it('AG-UI: a MESSAGES_SNAPSHOT with such a call is applied', () => {
    const wire = [
      {
        id: 'a1',
        role: 'assistant',
        content: 'Cleaning up.',
        toolCalls: [{ id: 'c1', type: 'function', function: { name: 'bash', arguments: args() } }],
      },
    ];
    const state = foldAgUiEvents([
      { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' },
      { type: 'MESSAGES_SNAPSHOT', messages: wire },
    ]);
    expect(calls(state.messages).map((call) => call.input)).toEqual([ARGS_TEXT]);
    expect(state.diagnostics).toEqual([]);
    const loaded = fromAgUiMessages(wire);
    expect(loaded.messages.map((msg) => msg.content.map((block) => block.type))).toEqual([
      ['text', 'tool_call'],
    ]);
    expect(loaded.diagnostics).toEqual([]);
  });

  it('AgentScope 1.x: a tool_use block stays a tool call, not an unknown block', () => {
    const { message } = fromAgentScopeMsg({
      id: 'm1',
      name: 'Friday',
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'c1', name: 'bash', input: args() }],
      metadata: null,
      timestamp: '2025-06-01 10:20:30.123',
    });
    expect(calls([message]).map((call) => call.input)).toEqual([ARGS_TEXT]);
  });

  it('Operator-Use: the message and the event form both keep the call', () => {
    const wire = {
      role: 'assistant',
      id: 'a1',
      timestamp: 1718000105000,
      contents: [{ type: 'tool_call', id: 'c1', name: 'bash', args: args(), metadata: {} }],
    };
    const { message, diagnostics } = fromOperatorUseMessage(wire);
    expect(calls([message]).map((call) => call.input)).toEqual([ARGS_TEXT]);
    expect(diagnostics).toEqual([]);
    const state = foldOperatorUseEvents([
      { type: 'agent_start' },
      { type: 'message_end', message: wire },
    ]);
    expect(calls(state.messages).map((call) => call.input)).toEqual([ARGS_TEXT]);
    expect(state.diagnostics).toEqual([]);
  });
});

describe('deep state, patches and metadata are applied', () => {
  const run = { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' };

  it('AG-UI: a deep STATE_SNAPSHOT after another deep one replaces it', () => {
    const state = foldAgUiEvents([
      run,
      { type: 'STATE_SNAPSHOT', snapshot: deep('1') },
      { type: 'STATE_SNAPSHOT', snapshot: deep('2') },
    ]);
    expect(jsonEqual(state.state, deep('2'))).toBe(true);
    expect(state.diagnostics).toEqual([]);
  });

  it('applyJsonPatch: a 10,000-segment path replaces, and a deep test op compares', () => {
    const path = '/a'.repeat(DEPTH);
    const replaced = applyJsonPatch(deep('1') as never, [{ op: 'replace', path, value: 2 }]);
    expect(replaced.ok).toBe(true);
    expect(jsonEqual(replaced.ok && replaced.value, deep('2'))).toBe(true);

    const document = { a: deep('1') } as never;
    expect(applyJsonPatch(document, [{ op: 'test', path: '/a', value: deep('1') }]).ok).toBe(true);
    expect(applyJsonPatch(document, [{ op: 'test', path: '/a', value: deep('2') }])).toEqual({
      ok: false,
      error: 'test failed at "/a"',
      index: 0,
    });
  });

  it('AG-UI: a STATE_DELTA down a 10,000-segment path is applied', () => {
    const state = foldAgUiEvents([
      run,
      { type: 'STATE_SNAPSHOT', snapshot: deep('1') },
      { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/a'.repeat(DEPTH), value: 2 }] },
    ]);
    expect(state.diagnostics).toEqual([]);
    expect(jsonEqual(state.state, deep('2'))).toBe(true);
  });

  it('AI SDK: deep messageMetadata merges into deep metadata', () => {
    const state = foldAiSdkStream([
      { type: 'start', messageId: 'm1', messageMetadata: { trace: deep('1'), keep: true } },
      { type: 'message-metadata', messageMetadata: { trace: deep('2') } },
    ]);
    expect(state.diagnostics).toEqual([]);
    const metadata = state.messages[0]?.metadata;
    expect(metadata?.['keep']).toBe(true);
    expect(jsonEqual(metadata?.['trace'], deep('2'))).toBe(true);
  });
});

describe('json-walk: the shared walks', () => {
  it('stringifyDeep writes what JSON.stringify writes, for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        expect(stringifyDeep(value)).toBe(JSON.stringify(value));
      }),
      { numRuns: 200 },
    );
  });

  it('stringifyDeep writes deep values JSON.stringify cannot, with its rules for odd members', () => {
    expect(stringifyDeep(deep())).toBe(deepText());
    expect(stringifyDeep(JSON.parse('['.repeat(DEPTH) + ']'.repeat(DEPTH)))).toBe(
      '['.repeat(DEPTH) + ']'.repeat(DEPTH),
    );
    // Past the stack: the slow path keeps undefined members out of objects, null in arrays.
    const odd = deep() as Record<string, unknown>;
    odd['skip'] = undefined;
    odd['list'] = [undefined, Number.NaN, new Date(0)];
    expect(stringifyDeep(odd)).toBe(
      `{"a":${deepText().slice(5, -1)},"list":[null,null,"1970-01-01T00:00:00.000Z"]}`,
    );
  });

  it('jsonText never throws: a cycle and a BigInt are shown, and marked inexact', () => {
    const cycle: Record<string, unknown> = { command: 'rm -rf ~' };
    cycle['self'] = cycle;
    expect(jsonText(cycle)).toEqual({
      text: '{"command":"rm -rf ~","self":"[circular]"}',
      exact: false,
    });
    expect(jsonText({ n: 10n })).toEqual({ text: '{"n":10}', exact: false });
    expect(jsonText(deep())).toEqual({ text: deepText(), exact: true });
  });

  it('jsonEqual agrees with a structural comparison, and compares deep values', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.jsonValue({ maxDepth: 4 }), (a, b) => {
        expect(jsonEqual(a, b)).toBe(isDeepStrictEqual(a, b));
        expect(jsonEqual(a, structuredClone(a))).toBe(true);
      }),
      { numRuns: 200 },
    );
    expect(jsonEqual(deep('1'), deep('1'))).toBe(true);
    expect(jsonEqual(deep('1'), deep('2'))).toBe(false);
  });

  it('mergeJsonObjects merges deep objects and keeps __proto__ an own key', () => {
    const base = JSON.parse('{"a":{"b":1},"__proto__":{"x":1}}') as never;
    const merged = mergeJsonObjects(base, JSON.parse('{"a":{"c":2},"__proto__":{"y":2}}') as never);
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(Object.hasOwn(merged, '__proto__')).toBe(true);
    expect(JSON.stringify(merged)).toBe('{"a":{"b":1,"c":2},"__proto__":{"x":1,"y":2}}');
  });
});
