import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import message from '../../test/fixtures/agentflow/generated/generated-message-all-blocks.json' with { type: 'json' };
import stream from '../../test/fixtures/agentflow/generated/generated-stream.ndjson?raw';
import { foldAgentFlowStream, fromAgentFlowMessage } from '../../src/agentflow.js';
import { ConversationView as Conversation } from '../fixtures/conversation-view.js';

const meta = {
  title: 'Adapters/AgentFlow',
  component: Conversation,
} satisfies Meta<typeof Conversation>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AllBlocksMessage: Story = {
  args: { messages: [fromAgentFlowMessage(message).message] },
  play: async ({ canvasElement }) => {
    for (const media of ['image', 'audio', 'video', 'document']) {
      await expect(canvasElement.querySelector(`[data-media="${media}"]`)).not.toBeNull();
    }
    await expect(canvasElement.querySelector('[data-block-type="tool_call"]')).not.toBeNull();
  },
};

export const StreamFixture: Story = {
  args: { messages: foldAgentFlowStream(stream).messages },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('[data-slot="message"]').length).toBeGreaterThan(0);
  },
};
