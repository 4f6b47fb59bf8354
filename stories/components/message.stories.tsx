import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { Msg } from '../../src/core.js';
import { toolCallBlock, userMsg } from '../../src/core.js';
import { fromOperatorUseMessage } from '../../src/operator-use.js';
import { Message } from '../../src/index.js';
import { foldedReply } from '../fixtures/conversations.js';

const meta = {
  title: 'Message/Message',
  component: Message,
} satisfies Meta<typeof Message>;

export default meta;
type Story = StoryObj<typeof meta>;

const done = foldedReply();

/** The half-streamed reply, started `ms` before the story loads. */
const openFor = (ms: number): Msg => ({
  ...foldedReply(17),
  created_at: new Date(Date.now() - ms).toISOString(),
});
const liveElapsed = (canvasElement: HTMLElement) =>
  canvasElement.querySelector('[data-slot="message-elapsed"][data-live]')?.textContent;

/** A reply streaming for a few seconds: its elapsed time counts up every second. */
export const Streaming: Story = {
  args: { message: openFor(12_000) },
  play: async ({ canvasElement }) => {
    const root = canvasElement.querySelector('[data-slot="message"]');
    await expect(root?.getAttribute('data-status')).toBe('streaming');
    await expect(canvasElement.querySelector('[data-streaming]')).not.toBeNull();
    await expect(liveElapsed(canvasElement)).toMatch(/^\d+ sec$/);
  },
};

/** Open for two hours: the counter reads in hours and minutes. */
export const StreamingForHours: Story = {
  args: { message: openFor((2 * 60 + 5) * 60_000) },
  play: async ({ canvasElement }) => {
    await expect(liveElapsed(canvasElement)).toMatch(/^2 hr, [56] min$/);
  },
};

/** Still open days after it started (most likely abandoned): when it started, not a counter. */
export const OpenForDays: Story = {
  args: { message: openFor(84 * 24 * 60 * 60_000) },
  play: async ({ canvasElement }) => {
    const elapsed = canvasElement.querySelector('[data-slot="message-elapsed"]');
    await expect(elapsed?.hasAttribute('data-since')).toBe(true);
    await expect(elapsed?.textContent).toMatch(/^Started \w{3} \d{1,2}, \d{4}/);
    await expect(canvasElement.querySelector('[data-slot="message-time"]')?.textContent).toBe(
      '84 days ago',
    );
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

/** A framework that names the sender after its role (`user`) gets one name in the header. */
export const NameSameAsRole: Story = {
  args: {
    message: userMsg('What is the weather in Paris?', {
      name: 'user',
      created_at: '2026-09-01T12:00:00',
    }),
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="message-name"]')?.textContent).toBe(
      'You',
    );
    await expect(canvasElement.querySelector('[data-slot="message-role"]')).toBeNull();
  },
};

/**
 * A sender named `admin` + U+202E (right-to-left override) + `resu`, which a browser draws as
 * "adminuser": the override shows as a marker, and the name reads as what it is.
 */
export const HostileName: Story = {
  args: {
    message: { ...done, name: 'admin\u202Eresu' },
  },
  play: async ({ canvasElement }) => {
    const name = canvasElement.querySelector('[data-slot="message-name"]');
    await expect(name?.textContent).toBe('admin[U+202E]resu');
    await expect(name?.textContent).not.toContain('\u202E');
  },
};

const compaction = fromOperatorUseMessage({
  role: 'compaction_summary',
  summary:
    '## Goal\nRefactor the parser.\n\n## Done\n- Split the tokenizer into `tokenizer.py`\n- Read `parser.py`',
  tokens_before: 48211,
  timestamp: 1718000106,
}).message;

const branchSummary = fromOperatorUseMessage({
  role: 'branch_summary',
  summary: 'Tried a regex approach; it failed on nested input, so the branch was abandoned.',
  from_id: 'e0000004',
  label: 'regex attempt',
  timestamp: 1718000107,
}).message;

/** Older turns summarised to free context: a notice, its summary closed. */
export const CompactionNotice: Story = {
  args: { message: compaction },
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', {
      name: 'Context compacted — 48,211 tokens summarised',
    });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(canvasElement.querySelector('[data-variant="notice"]')).not.toBeNull();
  },
};

export const CompactionNoticeOpen: Story = {
  args: { message: compaction },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /^Context compacted/ }));
    await expect(canvas.getByRole('heading', { name: 'Goal' })).toBeVisible();
    await expect(canvasElement.querySelector('[data-open]')).not.toBeNull();
  },
};

/** The summary of a branch the session left, titled with its label. */
export const BranchSummaryNotice: Story = {
  args: { message: branchSummary },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: 'Branch summary: regex attempt' }),
    ).toHaveAttribute('aria-expanded', 'false');
  },
};

export const BranchSummaryNoticeOpen: Story = {
  args: { message: branchSummary },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Branch summary: regex attempt' }));
    await expect(canvas.getByText(/failed on nested input/)).toBeVisible();
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
