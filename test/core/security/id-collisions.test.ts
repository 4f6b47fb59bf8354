import { describe, expect, it } from 'vitest';
import type { Msg } from '../../../src/core.js';
import type { AgUiState } from '../../../src/ag-ui.js';
import { foldAgUiEvents } from '../../../src/ag-ui.js';

/*
 * AG-UI ids chosen by the agent may collide with messages already shown. Nothing is replaced
 * without a word: both sides are kept, and an `id-conflict` diagnostic says what went where.
 */

const run = { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' };

/** What a reader sees: each message's id, role and the text of its blocks. */
function shown(messages: readonly Msg[]) {
  return messages.map((msg) => ({
    id: msg.id,
    role: msg.role,
    blocks: msg.content.map((block) =>
      block.type === 'text'
        ? block.text
        : block.type === 'tool_call'
          ? `call ${block.name}`
          : block.type === 'tool_result'
            ? `result ${typeof block.output === 'string' ? block.output : ''}`
            : block.type,
    ),
  }));
}

const conflicts = (state: AgUiState) =>
  state.diagnostics.filter((diagnostic) => diagnostic.code === 'id-conflict');

describe('AG-UI id collisions keep both sides', () => {
  it('a TOOL_CALL_RESULT whose messageId is the assistant message keeps the text and the call', () => {
    const state = foldAgUiEvents([
      run,
      { type: 'TEXT_MESSAGE_START', messageId: 'a1', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a1', delta: 'Cleaning up.' },
      { type: 'TEXT_MESSAGE_END', messageId: 'a1' },
      { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'bash', parentMessageId: 'a1' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"command":"rm -rf ~"}' },
      { type: 'TOOL_CALL_END', toolCallId: 'c1' },
      { type: 'TOOL_CALL_RESULT', toolCallId: 'c1', messageId: 'a1', content: 'removed' },
    ]);
    expect(shown(state.messages)).toEqual([
      { id: 'a1', role: 'assistant', blocks: ['Cleaning up.', 'call bash'] },
      { id: 'result:c1', role: 'tool', blocks: ['result removed'] },
    ]);
    expect(conflicts(state)).toMatchObject([
      {
        message:
          'TOOL_CALL_RESULT messageId "a1" belongs to another message (role assistant); both kept, the result as "result:c1"',
      },
    ]);
  });

  it('a repeated TOOL_CALL_RESULT for the same call still updates its own message', () => {
    const state = foldAgUiEvents([
      run,
      { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'bash' },
      { type: 'TOOL_CALL_END', toolCallId: 'c1' },
      { type: 'TOOL_CALL_RESULT', toolCallId: 'c1', messageId: 'r1', content: 'partial' },
      { type: 'TOOL_CALL_RESULT', toolCallId: 'c1', messageId: 'r1', content: 'final' },
    ]);
    expect(shown(state.messages).filter((msg) => msg.role === 'tool')).toEqual([
      { id: 'r1', role: 'tool', blocks: ['result final'] },
    ]);
    expect(conflicts(state)).toEqual([]);
  });

  it("an assistant TEXT_MESSAGE_START on a user message's id adds its text, the user's stays", () => {
    const state = foldAgUiEvents([
      run,
      {
        type: 'MESSAGES_SNAPSHOT',
        messages: [{ id: 'u1', role: 'user', content: 'Keep my files.' }],
      },
      { type: 'TEXT_MESSAGE_START', messageId: 'u1', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'u1', delta: 'Delete everything.' },
      { type: 'TEXT_MESSAGE_END', messageId: 'u1' },
    ]);
    expect(shown(state.messages)).toEqual([
      { id: 'u1', role: 'user', blocks: ['Keep my files.', 'Delete everything.'] },
    ]);
    expect(conflicts(state)).toMatchObject([
      { message: expect.stringContaining('its text was added to it as a block of its own') },
    ]);
  });

  it('a MESSAGES_SNAPSHOT listing one id twice shows both and says which was renamed', () => {
    const state = foldAgUiEvents([
      run,
      {
        type: 'MESSAGES_SNAPSHOT',
        messages: [
          { id: 'm1', role: 'user', content: 'Only read the logs.' },
          { id: 'm1', role: 'assistant', content: 'Deleting the logs.' },
        ],
      },
    ]);
    expect(shown(state.messages)).toEqual([
      { id: 'm1', role: 'user', blocks: ['Only read the logs.'] },
      { id: 'm1:1', role: 'assistant', blocks: ['Deleting the logs.'] },
    ]);
    expect(conflicts(state)).toMatchObject([
      { message: 'MESSAGES_SNAPSHOT lists "m1" more than once; messages[1] kept as "m1:1"' },
    ]);
  });
});
