import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import fixture from '../../test/fixtures/agentscope/upstream/message-event.python.json' with { type: 'json' };
import state from '../../test/fixtures/agentscope/upstream/state.python.json' with { type: 'json' };
import { fromAgentScopeMsg } from '../../src/agentscope.js';
import { ConversationView as Conversation } from '../fixtures/conversation-view.js';

const meta = {
  title: 'Adapters/AgentScope',
  component: Conversation,
} satisfies Meta<typeof Conversation>;

export default meta;
type Story = StoryObj<typeof meta>;

export const MessageEventFixture: Story = {
  args: { messages: fixture.messages.map((json) => fromAgentScopeMsg(json).message) },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('[data-slot="message"]')).toHaveLength(2);
    for (const type of ['text', 'thinking', 'data', 'hint', 'tool_call']) {
      await expect(canvasElement.querySelector(`[data-block-type="${type}"]`)).not.toBeNull();
    }
  },
};

export const StateContextFixture: Story = {
  args: { messages: state.state.context.map((json) => fromAgentScopeMsg(json).message) },
};
