import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { page, userEvent } from 'vitest/browser';
import type { Msg } from '../../src/index.js';
import { AgentMessagesProvider, Message, userMsg } from '../../src/index.js';
import { fromOperatorUseMessage, fromOperatorUseSession } from '../../src/operator-use.js';

const compaction = fromOperatorUseMessage({
  role: 'compaction_summary',
  summary: '## Goal\nRefactor the parser.',
  tokens_before: 48211,
  timestamp: 1718000106,
}).message;

function root(container: HTMLElement): HTMLElement {
  const element = container.querySelector<HTMLElement>('[data-slot="message"]');
  if (!element) throw new Error('no message');
  return element;
}

describe('Message header', () => {
  it.each([
    ['user', 'user', 'You'],
    ['USER', 'user', 'You'],
    ['You', 'user', 'You'],
    ['assistant', 'assistant', 'Assistant'],
    ['', 'assistant', 'Assistant'],
    ['', 'constructor', 'constructor'],
  ])('names a sender once when name %j says what role %j says', async (name, role, shown) => {
    const message: Msg = { ...userMsg('hi', { name }), role };
    const { container } = await render(<Message message={message} />);
    expect(container.querySelector('[data-slot="message-name"]')?.textContent).toBe(shown);
    expect(container.querySelector('[data-slot="message-role"]')).toBeNull();
    expect(root(container).getAttribute('data-role')).toBe(role);
  });

  it('shows a real name with the role next to it', async () => {
    const { container } = await render(<Message message={userMsg('hi', { name: 'Ada' })} />);
    expect(container.querySelector('[data-slot="message-name"]')?.textContent).toBe('Ada');
    expect(container.querySelector('[data-slot="message-role"]')?.textContent).toBe('You');
  });
});

describe('Message notices', () => {
  it('shows a compaction as a closed one-line notice whose summary opens on demand', async () => {
    const { container } = await render(<Message message={compaction} />);
    const notice = root(container);
    expect(notice.getAttribute('data-variant')).toBe('notice');
    expect(notice.getAttribute('data-notice')).toBe('compaction');
    expect(notice.getAttribute('data-role')).toBe('compaction_summary');
    expect(notice.hasAttribute('data-open')).toBe(false);
    // No bubble header naming the role.
    expect(container.querySelector('[data-slot="message-header"]')).toBeNull();

    const trigger = page.getByRole('button', {
      name: 'Context compacted — 48,211 tokens summarised',
    });
    await expect.element(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect.element(page.getByText('Refactor the parser.')).not.toBeInTheDocument();

    await userEvent.click(trigger);
    await expect.element(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(notice.hasAttribute('data-open')).toBe(true);
    // The summary is markdown.
    await expect.element(page.getByRole('heading', { name: 'Goal' })).toBeVisible();
    await expect.element(page.getByText('Refactor the parser.')).toBeVisible();

    await userEvent.click(trigger);
    expect(notice.hasAttribute('data-open')).toBe(false);
  });

  it('formats the token count for the locale, and leaves out a count it does not know', async () => {
    const screen = await render(
      <AgentMessagesProvider locale="de">
        <Message message={compaction} />
      </AgentMessagesProvider>,
    );
    await expect
      .element(page.getByRole('button', { name: 'Context compacted — 48.211 tokens summarised' }))
      .toBeVisible();
    const unknown = fromOperatorUseMessage({
      role: 'compaction_summary',
      summary: 'Earlier turns.',
      timestamp: 1718000106,
    }).message;
    await screen.rerender(<Message message={unknown} />);
    await expect.element(page.getByRole('button', { name: 'Context compacted' })).toBeVisible();
  });

  it('titles a branch summary with its label', async () => {
    const session = [
      { type: 'session', version: 3, id: 's', timestamp: 1718000300, cwd: '/w' },
      {
        id: 'b1',
        timestamp: 1718000301,
        type: 'message',
        message: { role: 'user', contents: [{ type: 'text', content: 'Fix it' }], timestamp: 1 },
      },
      {
        id: 'b2',
        timestamp: 1718000302,
        parent_id: 'b1',
        type: 'branch_summary',
        from_id: 'b9',
        summary: 'Tried a regex; it failed on nested input.',
      },
      {
        id: 'b3',
        timestamp: 1718000303,
        parent_id: 'b2',
        type: 'label',
        target_id: 'b2',
        label: 'regex',
      },
    ]
      .map((line) => JSON.stringify(line))
      .join('\n');
    const branch = fromOperatorUseSession(session).messages.find(
      (message) => message.role === 'branch_summary',
    );
    if (!branch) throw new Error('no branch summary');
    const { container } = await render(<Message message={branch} />);
    expect(root(container).getAttribute('data-notice')).toBe('branch');
    const trigger = page.getByRole('button', { name: 'Branch summary: regex' });
    await userEvent.click(trigger);
    await expect.element(page.getByText('Tried a regex; it failed on nested input.')).toBeVisible();
  });

  it('shows a summary with no text as a title alone, and ignores metadata of the wrong type', async () => {
    const odd: Msg = {
      ...compaction,
      content: [],
      metadata: { notice: 'branch', label: 42 },
    };
    const { container } = await render(<Message message={odd} />);
    expect(container.querySelector('button')).toBeNull();
    await expect.element(page.getByText('Branch summary')).toBeVisible();
  });
});
