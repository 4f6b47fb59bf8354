import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { Msg } from '../../src/core.js';
import { toolCallBlock, userMsg } from '../../src/core.js';
import { Message } from '../../src/index.js';
import { foldedReply } from '../fixtures/conversations.js';

const meta = {
  title: 'Message/Message',
  component: Message,
} satisfies Meta<typeof Message>;

export default meta;
type Story = StoryObj<typeof meta>;

const done = foldedReply();

export const Streaming: Story = {
  args: { message: foldedReply(17) },
  play: async ({ canvasElement }) => {
    const root = canvasElement.querySelector('[data-slot="message"]');
    await expect(root?.getAttribute('data-status')).toBe('streaming');
    await expect(canvasElement.querySelector('[data-streaming]')).not.toBeNull();
  },
};

export const Done: Story = {
  args: { message: done },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvasElement.querySelector('[data-slot="message"]')?.getAttribute('data-status'),
    ).toBe('done');
    await expect(canvas.getByText(/1,234 tokens in/)).toBeVisible();
  },
};

export const User: Story = {
  args: {
    message: userMsg('What is the weather in Paris?', {
      name: 'Ada',
      created_at: '2026-09-01T12:00:00',
    }),
  },
};

export const Error: Story = {
  args: {
    message: {
      ...done,
      finished_reason: 'error',
      error: { type: 'rate_limit', message: 'Too many requests, retry in 20 s.' },
    } satisfies Msg,
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('Too many requests, retry in 20 s.'),
    ).toBeVisible();
  },
};

export const Interrupted: Story = {
  args: { message: { ...done, finished_reason: 'interrupted' } },
};

export const ExceededMaxIterations: Story = {
  args: { message: { ...done, finished_reason: 'exceed_max_iters' } },
};

export const AwaitingConfirmation: Story = {
  args: {
    message: {
      ...foldedReply(8),
      content: [
        ...foldedReply(8).content,
        toolCallBlock({
          id: 'call-2',
          name: 'Bash',
          input: '{"command": "git status"}',
          state: 'asking',
          suggested_rules: [
            {
              tool_name: 'Bash',
              rule_content: 'git status:*',
              behavior: 'allow',
              source: 'suggested',
            },
          ],
        }),
      ],
    },
    onDecision: () => new Promise<void>(() => {}),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvasElement.querySelector('[data-slot="message"]')?.getAttribute('data-status'),
    ).toBe('awaiting-confirmation');
    await expect(canvas.getByRole('button', { name: /^Deny/ })).toBeVisible();
  },
};

export const Empty: Story = {
  args: { message: { ...done, content: [], usage: null } },
};

export const Huge: Story = {
  args: {
    message: {
      ...done,
      content: Array.from({ length: 60 }, (_, i) => ({
        type: 'text' as const,
        text: `Paragraph ${i + 1}: ${'lorem ipsum '.repeat(30)}`,
        id: `t${i}`,
        created_at: done.created_at,
        finished_at: done.created_at,
      })),
    },
  },
};

export const Hostile: Story = {
  args: {
    message: {
      ...done,
      name: '<img src=x onerror=alert(1)>\u202Eevil',
      content: [
        ...done.content,
        { type: 'mystery_widget' as never, id: 'x' } as never,
        {
          type: 'unknown',
          id: 'u1',
          original_type: '<script>',
          raw: { html: '<script>alert(1)</script>' },
        },
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('script, img[src="x"]')).toBeNull();
  },
};

export const AllStates: Story = {
  args: { message: done },
  render: () => (
    <div>
      <Message message={foldedReply(17)} />
      <Message message={done} />
      <Message
        message={{
          ...done,
          id: 'e',
          finished_reason: 'error',
          error: { type: 'upstream', message: 'Model unavailable' },
        }}
      />
      <Message message={{ ...done, id: 'i', finished_reason: 'interrupted' }} />
      <Message message={{ ...done, id: 'x', finished_reason: 'exceed_max_iters' }} />
    </div>
  ),
};
