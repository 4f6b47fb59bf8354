import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { ThinkingBlock } from '../../src/core.js';
import { ThinkingBlockView } from '../../src/components/blocks/thinking/thinking-block-view.js';

const REASONING = [
  'The user wants the quarterly revenue compared with last year.',
  'I should read the two reports first, then compute the difference.',
  '',
  'Q3 2024: 4.2 M. Q3 2025: 5.1 M.',
  'Growth = (5.1 - 4.2) / 4.2 ≈ 21 %.',
  '',
  'I will answer with the percentage and cite both reports.',
].join('\n');

function thinking(fields: Partial<ThinkingBlock> = {}): ThinkingBlock {
  return {
    type: 'thinking',
    id: 'th-1',
    thinking: REASONING,
    created_at: '2025-06-01T10:00:00.000Z',
    finished_at: '2025-06-01T10:00:12.000Z',
    ...fields,
  };
}

const meta = {
  title: 'Blocks/ThinkingBlockView',
  component: ThinkingBlockView,
  args: { block: thinking() },
} satisfies Meta<typeof ThinkingBlockView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Reasoning that grows while the model thinks, as a live reply delivers it. */
function LiveThinking() {
  const [length, setLength] = React.useState(24);
  React.useEffect(() => {
    const timer = setInterval(
      () => setLength((current) => Math.min(REASONING.length, current + 6)),
      80,
    );
    return () => clearInterval(timer);
  }, []);
  const block = React.useMemo(
    () => thinking({ thinking: REASONING.slice(0, length), finished_at: null }),
    [length],
  );
  return <ThinkingBlockView block={block} streaming />;
}

export const Streaming: Story = {
  render: () => <LiveThinking />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('button', { name: 'Thinking…' });
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(canvas.getByText(/read the two reports/)).toBeVisible());
  },
};

export const Done: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('button', { name: 'Thought for 12 seconds' });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByText(/quarterly revenue/)).toBeNull();
    await userEvent.click(trigger);
    await expect(canvas.getByText(/quarterly revenue/)).toBeVisible();
  },
};

export const WithDetails: Story = {
  args: {
    block: thinking({ details: ['Read report-2024.pdf', 'Read report-2025.pdf'] }),
    defaultOpen: true,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
  },
};

export const Redacted: Story = {
  args: {
    block: thinking({
      thinking: '',
      redacted_thinking_data: 'EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlx',
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Reasoning hidden by the provider')).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const Empty: Story = {
  args: { block: thinking({ thinking: '', created_at: '', finished_at: '' }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Thoughts')).toBeVisible();
  },
};

/** A format that keeps no block timing stamps the block with the message's time: no duration. */
export const NoTiming: Story = {
  args: {
    block: thinking({
      created_at: '2025-06-01T10:00:00.000Z',
      finished_at: '2025-06-01T10:00:00.000Z',
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Thoughts' })).toBeVisible();
    await expect(canvas.queryByText(/Thought for/)).toBeNull();
  },
};

const HUGE = Array.from(
  { length: 720 },
  (_, i) => `Step ${i + 1}: checking the next candidate against every constraint so far.`,
).join('\n');

export const Huge: Story = {
  args: { block: thinking({ thinking: HUGE, finished_at: '2025-06-01T10:03:05.000Z' }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(HUGE.length).toBeGreaterThan(50_000);
    await userEvent.click(canvas.getByRole('button', { name: 'Thought for 3 minutes, 5 seconds' }));
    // Past 50,000 characters the reasoning is cut; "Show all" puts the rest on the page.
    await expect(canvas.queryByText(/Step 720:/)).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: /^Show all/ }));
    await expect(canvas.getByText(/Step 720:/)).toBeVisible();
  },
};

const LONG_WORD = 'a'.repeat(10_000);

export const Hostile: Story = {
  args: {
    block: thinking({
      thinking: `<img src=x onerror="window.__pwned=true"><script>window.__pwned = true</script>\ninvoice_\u202Efdp.exe\n**not markdown**\n${LONG_WORD}`,
    }),
    defaultOpen: true,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/<script>window.__pwned = true<\/script>/)).toBeVisible();
    await expect(canvas.getByText(/\*\*not markdown\*\*/)).toBeVisible();
    await expect(canvasElement.querySelector('script, img, strong')).toBeNull();
    await expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
    const root = canvasElement.querySelector<HTMLElement>('[data-slot="thinking-block"]');
    await expect(root?.scrollWidth).toBeLessThanOrEqual(root?.clientWidth ?? 0);
  },
};

export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 16 }}>
      <ThinkingBlockView block={thinking({ finished_at: null })} streaming />
      <ThinkingBlockView block={thinking({ thinking: '', finished_at: null })} streaming />
      <ThinkingBlockView block={thinking()} />
      <ThinkingBlockView block={thinking()} defaultOpen />
      <ThinkingBlockView block={thinking({ created_at: 'yesterday-ish' })} />
      <ThinkingBlockView block={thinking({ thinking: '', signature: 'c2lnbmF0dXJl' })} />
      <ThinkingBlockView block={thinking({ details: ['Searched the web'] })} defaultOpen />
      <ThinkingBlockView block={thinking({ thinking: '' })} />
    </div>
  ),
};
