import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { assistantMsg } from '../../src/core.js';
import {
  Message,
  MessageActions,
  MessageBlocks,
  MessageFooter,
  MessageHeader,
} from '../../src/index.js';

const T = '2026-09-01T12:00:00Z';
const answer = {
  ...assistantMsg('It will be **18 °C** in Paris with light rain.', {
    id: 'answer',
    name: 'Friday',
    created_at: T,
  }),
  usage: {
    input_tokens: 120,
    output_tokens: 48,
    cache_input_tokens: 0,
    cache_creation_input_tokens: 0,
  },
};

const meta = {
  title: 'Message/Parts',
  component: Message,
  args: { message: answer, onRetry: fn() },
} satisfies Meta<typeof Message>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The slots of the parts, in the order they show. */
function partOrder(root: HTMLElement): string[] {
  const parts = ['message-header', 'message-content', 'message-footer', 'message-actions'];
  return [...root.querySelectorAll('[data-slot]')]
    .map((element) => element.getAttribute('data-slot') ?? '')
    .filter((slot) => parts.includes(slot));
}

/** The default composition: header, blocks, footer, actions. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(partOrder(canvasElement)).toEqual([
      'message-header',
      'message-content',
      'message-footer',
      'message-actions',
    ]);
  },
};

/** The app's order: the action bar first, the header last, the blocks in a wrapper of its own. */
export const Reordered: Story = {
  render: (args) => (
    <Message {...args}>
      <MessageActions />
      <div style={{ borderInlineStart: '3px solid currentColor', paddingInlineStart: 8 }}>
        <MessageBlocks />
      </div>
      <MessageFooter />
      <MessageHeader />
    </Message>
  ),
  play: async ({ canvasElement }) => {
    await expect(partOrder(canvasElement)).toEqual([
      'message-actions',
      'message-content',
      'message-footer',
      'message-header',
    ]);
    // The bar fades in on hover, but it is there and in the tab order.
    await expect(within(canvasElement).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  },
};

/** A part left out: no header, the rest as usual. */
export const WithoutHeader: Story = {
  render: (args) => (
    <Message {...args}>
      <MessageBlocks />
      <MessageFooter />
      <MessageActions />
    </Message>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="message-header"]')).toBeNull();
    await expect(partOrder(canvasElement)).toEqual([
      'message-content',
      'message-footer',
      'message-actions',
    ]);
  },
};
