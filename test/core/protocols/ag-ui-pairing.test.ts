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

describe('AG-UI history keeps what an assistant message carries beside its blocks', () => {
  it('extras of assistant content parts and of its calls are both kept', () => {
    const { messages } = fromAgUiMessages([
      {
        id: 'a1',
        role: 'assistant',
        content: [
          {
            type: 'document',
            source: { type: 'file', value: 'file-1', provider: 'openai', mimeType: 'text/plain' },
          },
        ],
        toolCalls: [{ ...call('c1', 'search'), encryptedValue: 'sealed' }],
      },
    ]);
    const agUi = messages[0]?.metadata['ag_ui'];
    expect(agUi).toMatchObject({
      parts: { 'a1:0': { provider: 'openai' } },
      tool_calls: { c1: { encrypted_value: 'sealed' } },
    });
    // Key order inside metadata.ag_ui is not part of the contract.
    expect(Object.keys(agUi as object).sort()).toEqual(['parts', 'role', 'tool_calls']);
  });
});
