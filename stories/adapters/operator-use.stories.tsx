import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import events from '../../test/fixtures/operator-use/generated/generated-rpc-events.jsonl?raw';
import session from '../../test/fixtures/operator-use/generated/generated-session.jsonl?raw';
import { foldOperatorUseEvents, fromOperatorUseSession } from '../../src/core.js';
import { ConversationView as Conversation } from '../fixtures/conversation-view.js';

const meta = {
  title: 'Adapters/Operator-Use',
  component: Conversation,
} satisfies Meta<typeof Conversation>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SessionFixture: Story = {
  args: { messages: fromOperatorUseSession(session).messages },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('[data-slot="message"]').length).toBeGreaterThan(1);
  },
};

export const RpcEventsFixture: Story = {
  args: { messages: foldOperatorUseEvents(events).messages },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-block-type="tool_call"]')).not.toBeNull();
  },
};
