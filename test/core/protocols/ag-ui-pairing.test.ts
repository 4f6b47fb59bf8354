import { describe, expect, it } from 'vitest';
import { fromAgUiMessages } from '../../../src/ag-ui.js';

const call = (id: string, name: string) => ({
  id,
  type: 'function',
  function: { name, arguments: '{}' },
});

describe('AG-UI history pairs results with calls as the other protocols do', () => {
  it('a call stays submitted when its only answer is a tool message that was skipped', () => {
    const { messages } = fromAgUiMessages([
      { id: 'a1', role: 'assistant', toolCalls: [call('c1', 'search')] },
      // No id: the message is skipped, so no result is shown for c1.
      { role: 'tool', toolCallId: 'c1', content: 'found it' },
    ]);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.content[0]).toMatchObject({ type: 'tool_call', state: 'submitted' });
  });

  it('tool calls on a message that shows none (a user message) name no result', () => {
    const { messages } = fromAgUiMessages([
      { id: 'u1', role: 'user', content: 'hi', toolCalls: [call('c1', 'search')] },
      { id: 't1', role: 'tool', toolCallId: 'c1', content: 'found it' },
    ]);
    expect(messages[1]?.content[0]).toMatchObject({ type: 'tool_result', name: '' });
  });
});
