/*
 * Interrupts as users meet them: a prompt's question on the call it names, Mastra's suspended
 * calls (which its bridge drops from the stream) rebuilt from the interrupt, and results read as
 * text and value.
 */
import { describe, expect, it } from 'vitest';
import type { ContentBlock, ToolCallBlock, ToolResultBlock } from '../../../src/core.js';
import type { AgUiState } from '../../../src/ag-ui.js';
import { foldAgUiEvents } from '../../../src/ag-ui.js';

const blocks = (state: AgUiState): ContentBlock[] =>
  state.messages.flatMap((message) => message.content);
const callOf = (state: AgUiState, id: string) =>
  blocks(state).find((b): b is ToolCallBlock => b.type === 'tool_call' && b.id === id);
const resultOf = (state: AgUiState, id: string) =>
  blocks(state).find((b): b is ToolResultBlock => b.type === 'tool_result' && b.id === id);

describe('AG-UI interrupts', () => {
  it("shows an interrupt's message on the call it names", () => {
    const state = foldAgUiEvents([
      { type: 'RUN_STARTED', threadId: 't', runId: 'r1' },
      { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'rm', parentMessageId: 'm1' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"path":"/var/cache/app"}' },
      { type: 'TOOL_CALL_END', toolCallId: 'c1' },
      {
        type: 'RUN_FINISHED',
        threadId: 't',
        runId: 'r1',
        outcome: {
          type: 'interrupt',
          interrupts: [
            {
              id: 'i1',
              reason: 'tool_approval',
              toolCallId: 'c1',
              message: 'Approve deleting /var/cache/app?',
            },
          ],
        },
      },
    ]);
    expect(callOf(state, 'c1')).toMatchObject({
      state: 'asking',
      question: 'Approve deleting /var/cache/app?',
    });
  });

  // What `@ag-ui/mastra` sends for a tool that called `suspend({ message })` (recorded): no
  // TOOL_CALL_START for the call, only the interrupt naming it.
  const mastraSuspend = [
    { type: 'RUN_STARTED', threadId: 't', runId: 'r1' },
    {
      type: 'CUSTOM',
      name: 'on_interrupt',
      value: JSON.stringify({ type: 'mastra_suspend', toolCallId: 'call-d' }),
    },
    {
      type: 'RUN_FINISHED',
      threadId: 't',
      runId: 'r1',
      outcome: {
        type: 'interrupt',
        interrupts: [
          {
            id: 'r1::call-d',
            reason: 'mastra:tool_suspend',
            toolCallId: 'call-d',
            responseSchema: {
              type: 'object',
              properties: { approved: { type: 'boolean' } },
              required: ['approved'],
            },
            metadata: {
              mastra: {
                type: 'mastra_suspend',
                toolName: 'delete_files',
                suspendPayload: { message: 'Approve deleting /var/cache/app?' },
                args: { path: '/var/cache/app' },
                runId: 'r1',
              },
            },
          },
        ],
      },
    },
  ];

  it("rebuilds the call Mastra's bridge drops, with its name, arguments and question", () => {
    const state = foldAgUiEvents(mastraSuspend);
    expect(callOf(state, 'call-d')).toMatchObject({
      name: 'delete_files',
      input: '{"path":"/var/cache/app"}',
      state: 'asking',
      question: 'Approve deleting /var/cache/app?',
    });
    expect(state.interrupts[0]?.message).toBe('Approve deleting /var/cache/app?');
    expect(state.status).toBe('interrupted');
  });

  it("gives the resumed run's result its call and name", () => {
    const state = foldAgUiEvents([
      ...mastraSuspend,
      {
        type: 'RUN_STARTED',
        threadId: 't',
        runId: 'r2',
        input: {
          messages: [],
          resume: [{ interruptId: 'r1::call-d', status: 'resolved', payload: { approved: true } }],
        },
      },
      {
        type: 'TOOL_CALL_RESULT',
        toolCallId: 'call-d',
        messageId: 'res-1',
        role: 'tool',
        content: '{"deleted":true}',
      },
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r2' },
    ]);
    expect(callOf(state, 'call-d')?.state).toBe('finished');
    expect(resultOf(state, 'call-d')).toMatchObject({
      name: 'delete_files',
      output: '{"deleted":true}',
      value: { deleted: true },
    });
    expect(state.diagnostics.map((d) => d.code)).not.toContain('unknown-call');
  });

  it('keeps a result that is not JSON as text only', () => {
    const state = foldAgUiEvents([
      { type: 'RUN_STARTED', threadId: 't', runId: 'r1' },
      { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'ls', parentMessageId: 'm1' },
      { type: 'TOOL_CALL_END', toolCallId: 'c1' },
      { type: 'TOOL_CALL_RESULT', toolCallId: 'c1', messageId: 'r', content: '{not json' },
      { type: 'TOOL_CALL_RESULT', toolCallId: 'c1', messageId: 'r2', content: '42' },
    ]);
    const results = blocks(state).filter((b): b is ToolResultBlock => b.type === 'tool_result');
    expect(results.map((r) => [r.output, r.value])).toEqual([
      ['{not json', undefined],
      ['42', undefined],
    ]);
  });
});
