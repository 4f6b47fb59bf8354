import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import events from '../../test/fixtures/operator-use/generated/generated-rpc-events.jsonl?raw';
import session from '../../test/fixtures/operator-use/generated/generated-session.jsonl?raw';
import compactedSession from '../../test/fixtures/operator-use/session-compaction.jsonl?raw';
import branchedSession from '../../test/fixtures/operator-use/session-branch-summary.jsonl?raw';
import { foldOperatorUseEvents, fromOperatorUseSession } from '../../src/operator-use.js';
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

/** A compacted session: the summary comes first, as a notice, then the turns that were kept. */
export const CompactedSession: Story = {
  args: { messages: fromOperatorUseSession(compactedSession).messages },
  play: async ({ canvasElement }) => {
    const notice = canvasElement.querySelector('[data-variant="notice"]');
    await expect(notice?.getAttribute('data-notice')).toBe('compaction');
    await expect(notice?.textContent).toBe('Context compacted — 12,345 tokens summarised');
  },
};

/** A session that left a branch: its summary shows as a notice between the turns. */
export const BranchedSession: Story = {
  args: { messages: fromOperatorUseSession(branchedSession).messages },
  play: async ({ canvasElement }) => {
    const notice = canvasElement.querySelector('[data-variant="notice"]');
    await expect(notice?.getAttribute('data-notice')).toBe('branch');
    await expect(notice?.textContent).toBe('Branch summary');
  },
};
