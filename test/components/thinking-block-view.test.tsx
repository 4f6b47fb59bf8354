import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { page, userEvent } from 'vitest/browser';
import type { ThinkingBlock } from '../../src/core.js';
import { ThinkingBlockView } from '../../src/components/blocks/thinking/thinking-block-view.js';

const streamingBlock: ThinkingBlock = {
  type: 'thinking',
  id: 't1',
  thinking: 'First I compare the two totals.\nThen I compute the growth.',
  created_at: '2025-06-01T10:00:00.000Z',
  finished_at: null,
};
const finishedBlock: ThinkingBlock = { ...streamingBlock, finished_at: '2025-06-01T10:00:12.000Z' };

describe('ThinkingBlockView', () => {
  it('is open while streaming and collapses by itself once the thinking is finished', async () => {
    const screen = await render(<ThinkingBlockView block={streamingBlock} streaming />);
    const live = page.getByRole('button', { name: 'Thinking…' });
    await expect.element(live).toHaveAttribute('aria-expanded', 'true');
    await expect.element(page.getByText(/compare the two totals/)).toBeVisible();

    await screen.rerender(<ThinkingBlockView block={finishedBlock} streaming={false} />);
    const done = page.getByRole('button', { name: 'Thought for 12 seconds' });
    await expect.element(done).toHaveAttribute('aria-expanded', 'false');
    await expect.element(page.getByText(/compare the two totals/)).not.toBeInTheDocument();
    expect(
      screen.container.querySelector('[data-slot="thinking-block"]')?.hasAttribute('data-open'),
    ).toBe(false);
  });

  it('keeps the reasoning open after it finishes when the user reopened it during the stream', async () => {
    const screen = await render(<ThinkingBlockView block={streamingBlock} streaming />);
    const trigger = page.getByRole('button', { name: 'Thinking…' });
    await userEvent.click(trigger);
    await expect.element(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(trigger);

    await screen.rerender(<ThinkingBlockView block={finishedBlock} streaming={false} />);
    await expect
      .element(page.getByRole('button', { name: 'Thought for 12 seconds' }))
      .toHaveAttribute('aria-expanded', 'true');
    await expect.element(page.getByText(/compute the growth/)).toBeVisible();
  });

  it('keeps it closed after it finishes when the user closed it during the stream', async () => {
    const onOpenChange = vi.fn();
    const screen = await render(
      <ThinkingBlockView block={streamingBlock} streaming onOpenChange={onOpenChange} />,
    );
    await userEvent.click(page.getByRole('button', { name: 'Thinking…' }));
    await screen.rerender(
      <ThinkingBlockView block={finishedBlock} streaming={false} onOpenChange={onOpenChange} />,
    );
    await expect
      .element(page.getByRole('button', { name: 'Thought for 12 seconds' }))
      .toHaveAttribute('aria-expanded', 'false');
    expect(onOpenChange.mock.calls).toEqual([[false]]);
  });

  it('asks a controlling parent to close when the stream ends, and obeys its `open` prop', async () => {
    const onOpenChange = vi.fn();
    const screen = await render(
      <ThinkingBlockView block={streamingBlock} streaming open onOpenChange={onOpenChange} />,
    );
    await screen.rerender(
      <ThinkingBlockView
        block={finishedBlock}
        streaming={false}
        open
        onOpenChange={onOpenChange}
      />,
    );
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    await expect
      .element(page.getByRole('button', { name: 'Thought for 12 seconds' }))
      .toHaveAttribute('aria-expanded', 'true');
  });

  it('says how long the model thought from the stored timestamps, in any format a framework sends', async () => {
    const block: ThinkingBlock = {
      ...finishedBlock,
      created_at: '2025-06-01 10:00:00.123456',
      finished_at: '2025-06-01 10:00:42.400000',
    };
    await render(<ThinkingBlockView block={block} />);
    await expect
      .element(page.getByRole('button', { name: 'Thought for 42 seconds' }))
      .toBeVisible();
  });

  it('shows no duration when a timestamp is missing', async () => {
    await render(<ThinkingBlockView block={{ ...finishedBlock, created_at: '' }} />);
    await expect.element(page.getByRole('button', { name: 'Thoughts' })).toBeVisible();
    await expect.element(page.getByText(/Thought for/)).not.toBeInTheDocument();
  });

  it('says "Thoughts", not "Thought for 1 second", when both timestamps are the message time', async () => {
    // Formats without block timing (Operator-Use, AgentScope 1.x history) stamp every block so.
    const stamped = '2025-06-01T10:00:00.000Z';
    await render(
      <ThinkingBlockView block={{ ...finishedBlock, created_at: stamped, finished_at: stamped }} />,
    );
    await expect.element(page.getByRole('button', { name: 'Thoughts' })).toBeVisible();
    await expect.element(page.getByText(/Thought for/)).not.toBeInTheDocument();
  });

  it('still says how long a sub-second thought took', async () => {
    await render(
      <ThinkingBlockView block={{ ...finishedBlock, finished_at: '2025-06-01T10:00:00.400Z' }} />,
    );
    await expect.element(page.getByRole('button', { name: 'Thought for 1 second' })).toBeVisible();
  });

  it('labels reasoning the provider withheld instead of showing an empty disclosure', async () => {
    const block: ThinkingBlock = {
      ...finishedBlock,
      thinking: '',
      redacted_thinking_data: 'EmwKAhgBEgy3va3pzix',
    };
    const screen = await render(<ThinkingBlockView block={block} />);
    await expect.element(page.getByText('Reasoning hidden by the provider')).toBeVisible();
    expect(screen.container.querySelector('button')).toBeNull();
    expect(
      screen.container.querySelector('[data-slot="thinking-block"]')?.hasAttribute('data-redacted'),
    ).toBe(true);
  });

  it('lists the details and renders the text as plain text', async () => {
    const block: ThinkingBlock = {
      ...finishedBlock,
      thinking: '**bold?** <b>no</b>',
      details: ['Read report.pdf', 'Searched the web'],
    };
    const screen = await render(<ThinkingBlockView block={block} defaultOpen />);
    await expect.element(page.getByRole('listitem').nth(1)).toHaveTextContent('Searched the web');
    await expect.element(page.getByText('**bold?** <b>no</b>')).toBeVisible();
    expect(screen.container.querySelector('b, strong')).toBeNull();
  });
});
