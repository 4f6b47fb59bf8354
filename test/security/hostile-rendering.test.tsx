import * as React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { page, userEvent } from 'vitest/browser';
import type { Citation } from '../../src/core/model/block.js';
import type { Msg } from '../../src/core/model/message.js';
import { textBlock } from '../../src/core/model/factories.js';
import { Message } from '../../src/components/message/message.js';
import { AgentMessagesProvider } from '../../src/components/provider/agent-messages-provider.js';
import { MessageList } from '../../src/components/message-list/message-list.js';
import { TextBlockView } from '../../src/components/blocks/text/text-block-view.js';
import { chatMessage, messageOf, streamingReply, toolCall } from '../list/helpers.js';

/*
 * Hostile rendering input, counted in the DOM rather than timed: a text that is one giant block,
 * thousands of sources, and names that reorder themselves. Each check is what would otherwise
 * hang the tab (characters or list items in the page) or mislead the reader (a name that reads
 * as another).
 */

const T = '2026-09-01T12:00:00';

const done = (text: string, citations?: Citation[]) =>
  textBlock(text, { id: 't1', finished_at: T, ...(citations ? { citations } : {}) });

function content(container: HTMLElement): HTMLElement {
  const element = container.querySelector('[data-slot="text-block-content"]');
  if (!(element instanceof HTMLElement)) throw new Error('no text block content');
  return element;
}

/** The longest text node under `root`: what one layout pass of a paragraph has to shape. */
function longestTextNode(root: Node): number {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let longest = 0;
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode())
    longest = Math.max(longest, node.nodeValue?.length ?? 0);
  return longest;
}

describe('a text that is one giant block', () => {
  it('shows the first 100,000 characters of a 20 MB line, and reveals 200,000 more per click', async () => {
    const text = 'word '.repeat(4_000_000);
    const { container } = await render(<TextBlockView block={done(text)} />);
    const root = container.querySelector('[data-slot="text-block"]') as HTMLElement;
    await expect
      .element(page.getByText('Showing the first 100,000 characters of 20,000,000'))
      .toBeVisible();
    expect(root.hasAttribute('data-truncated')).toBe(true);
    const shown = () => content(container).textContent?.length ?? 0;
    expect(shown()).toBe(100_000);
    // In pieces: no one text node holds the whole start.
    expect(longestTextNode(content(container))).toBeLessThanOrEqual(10_000);
    expect(content(container).textContent).toBe(text.slice(0, 100_000));

    await userEvent.click(page.getByRole('button', { name: 'Show 200,000 more' }));
    await expect
      .element(page.getByText('Showing the first 300,000 characters of 20,000,000'))
      .toBeVisible();
    expect(shown()).toBe(300_000);
    expect(content(container).textContent).toBe(text.slice(0, 300_000));
    expect(longestTextNode(content(container))).toBeLessThanOrEqual(10_000);
  });

  it('offers "Show all" when the rest fits in one more step, and then shows the block whole', async () => {
    const text = 'x'.repeat(150_000);
    const { container } = await render(<TextBlockView block={done(text)} />);
    await expect
      .element(page.getByRole('button', { name: 'Show all (50,000 characters)' }))
      .toBeVisible();
    expect(content(container).textContent?.length).toBe(100_000);
    await userEvent.click(page.getByRole('button', { name: /Show all/ }));
    await expect.poll(() => content(container).textContent?.length).toBe(150_000);
    expect(content(container).textContent).toBe(text);
    expect(page.getByRole('button', { name: /Show/ }).query()).toBeNull();
  });

  it('clips a giant block after short ones, and keeps the blocks before it whole', async () => {
    const head = 'A first paragraph.\n\n';
    const text = `${head}${'y'.repeat(500_000)}`;
    const { container } = await render(<TextBlockView block={done(text)} />);
    await expect
      .element(
        page.getByText(
          `Showing the first 100,000 characters of ${(500_020).toLocaleString('en-US')}`,
        ),
      )
      .toBeVisible();
    expect(content(container).textContent).toBe(
      `A first paragraph.${'y'.repeat(100_000 - head.length)}`,
    );
  });

  it('stays clipped while a giant block streams on, without touching what it shows', async () => {
    const streamingBlock = (text: string) => textBlock(text, { id: 't1' });
    let text = 'z'.repeat(350_000);
    const screen = await render(<TextBlockView block={streamingBlock(text)} streaming />);
    await expect.element(page.getByText(/Showing the first 100,000 characters/)).toBeVisible();
    const pieces = () => [...content(screen.container).querySelectorAll('[data-piece]')];
    const before = pieces();
    expect(before.length).toBeGreaterThan(1);
    for (let token = 0; token < 5; token++) {
      text += 'z'.repeat(50_000);
      await screen.rerender(<TextBlockView block={streamingBlock(text)} streaming />);
    }
    await expect
      .element(page.getByText('Showing the first 100,000 characters of 600,000'))
      .toBeVisible();
    // The very same elements: a token past the limit re-renders nothing that is shown.
    expect(pieces()).toEqual(before);
    expect(content(screen.container).textContent?.length).toBe(100_000);
  });
});

describe('thousands of sources', () => {
  const citations = (count: number): Citation[] =>
    Array.from({ length: count }, (_, index) => ({
      url: `https://example.com/${index + 1}`,
      title: `Source ${index + 1}`,
    }));

  it('lists the first 50 of 10,000 sources, without `value` attributes, and adds 500 per click', async () => {
    const { container } = await render(
      <TextBlockView block={done('An answer with many sources.', citations(10_000))} />,
    );
    const items = () => container.querySelectorAll('[data-slot="text-block-source"]');
    await expect.poll(() => items().length).toBe(50);
    expect(container.querySelector('li[value]')).toBeNull();
    expect(items()[49]?.textContent).toContain('Source 50');
    const more = page.getByRole('button', { name: 'Show 500 more' });
    await userEvent.click(more);
    await expect.poll(() => items().length).toBe(550);
    expect(container.querySelector('li[value]')).toBeNull();
    // The list counts its items, and the sources are numbered in order: item n is source n.
    const list = container.querySelector(
      '[data-slot="text-block-sources-list"]',
    ) as HTMLOListElement;
    expect(list.start).toBe(1);
    expect(items()[549]?.textContent).toContain('Source 550');
    // 10,000 citation markers in the text are most of the time: generous on a busy machine.
  }, 120_000);

  it('cuts a megabyte title at 300 characters, in the list and in the card', async () => {
    const title = `${'T'.repeat(1_000_000)}`;
    const { container } = await render(
      <TextBlockView
        block={done('Cited.', [{ url: 'https://example.com/a', title, snippet: 's'.repeat(1e6) }])}
      />,
    );
    const link = container.querySelector('[data-slot="text-block-source-link"]');
    await expect.poll(() => link?.textContent?.startsWith('TTT')).toBe(true);
    expect(
      container.querySelector('[data-slot="text-block-sources"]')?.textContent?.length,
    ).toBeLessThan(400);
    const card = container.querySelector('[data-slot="citation-card"]');
    expect(card?.textContent?.length).toBeLessThan(2_400);
    expect(card?.textContent).toContain(`${'T'.repeat(300)}…`);
  });

  it('lists a few sources whole, with no button', async () => {
    const { container } = await render(
      <TextBlockView block={done('Three sources.', citations(3))} />,
    );
    await expect
      .poll(() => container.querySelectorAll('[data-slot="text-block-source"]').length)
      .toBe(3);
    expect(page.getByRole('button', { name: /more/ }).query()).toBeNull();
  });
});

describe('names that hide characters', () => {
  const RLO = '\u202E';

  it('shows a right-to-left override in a sender’s name as a marker', async () => {
    const message: Msg = { ...messageOf('m1', 'assistant', []), name: `admin${RLO}resu` };
    const { container } = await render(<Message message={message} />);
    const name = container.querySelector('[data-slot="message-name"]');
    expect(name?.textContent).toBe('admin[U+202E]resu');
    expect(container.textContent).not.toContain(RLO);
  });

  it('marks hidden characters in an unknown role shown next to a name', async () => {
    const message: Msg = { ...messageOf('m1', `admin\u200Bistrator`, []), name: 'Friday' };
    const { container } = await render(<Message message={message} />);
    expect(container.querySelector('[data-slot="message-role"]')?.textContent).toBe(
      'admin[U+200B]istrator',
    );
  });

  it('shows the override in a subagent group’s agent name as a marker', async () => {
    const parent = messageOf('parent', 'assistant', [toolCall('spawn', 'research')]);
    const child: Msg = {
      ...messageOf('s1', 'assistant', []),
      name: `Research${RLO}reganaM`,
      metadata: {
        ag_ui: { role: 'assistant', subagent_run_id: 'run-1', parent_tool_call_id: 'spawn' },
      },
    };
    await render(
      <MessageList messages={[chatMessage(0), parent, child]} style={{ height: 500 }} />,
    );
    await expect
      .element(page.getByRole('button', { name: 'Subagent Research[U+202E]reganaM: 1 message' }))
      .toBeVisible();
  });

  it('shows the override in the type of a block whose renderer failed', async () => {
    const message = messageOf('m1', 'assistant', [
      { type: 'unknown', id: 'u1', original_type: `image${RLO}exe.fdp`, raw: {} },
    ]);
    function Broken(): React.ReactNode {
      throw new Error('renderer bug');
    }
    // React reports errors caught by boundaries on the console; that is expected here.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { container } = await render(
      <AgentMessagesProvider components={{ unknown: Broken }}>
        <Message message={message} />
      </AgentMessagesProvider>,
    );
    await expect
      .element(page.getByText('This image[U+202E]exe.fdp block could not be displayed.'))
      .toBeVisible();
    expect(container.querySelector('[data-slot="block-error-message"]')?.textContent).not.toContain(
      RLO,
    );
    consoleError.mockRestore();
  });

  it('shows the override in the name of an agent that is thinking', async () => {
    const pending: Msg = { ...streamingReply('r', ''), name: `admin${RLO}resu` };
    await render(<MessageList messages={[chatMessage(0), pending]} style={{ height: 500 }} />);
    await expect.element(page.getByText('admin[U+202E]resu is thinking…')).toBeVisible();
  });

  it('shows the override in a branch summary’s label and in an error’s type and message', async () => {
    const notice: Msg = {
      ...messageOf('n1', 'branch_summary', []),
      metadata: { label: `main${RLO}gub` },
    };
    const failed: Msg = {
      ...messageOf('e1', 'assistant', []),
      finished_reason: 'error',
      error: { type: `rate${RLO}limit`, message: `Retry${RLO} later` },
    };
    const { container } = await render(
      <>
        <Message message={notice} />
        <Message message={failed} />
      </>,
    );
    await expect.element(page.getByText('Branch summary: main[U+202E]gub')).toBeVisible();
    expect(container.querySelector('[data-slot="message-error-type"]')?.textContent).toBe(
      'rate[U+202E]limit',
    );
    expect(container.querySelector('[data-slot="message-error"]')?.textContent).toContain(
      'Retry[U+202E] later',
    );
    expect(container.textContent).not.toContain(RLO);
  });
});
