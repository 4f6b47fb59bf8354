/*
 * The Composer's queue by keyboard, as a component: Enter queues while a reply streams, the
 * queued items are reachable by Tab with their buttons, and the first goes when `status` says the
 * reply ended. No axe violations with a queue, running or paused.
 */
import axe from 'axe-core';
import * as React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { userEvent } from 'vitest/browser';
import type { RunStatus } from '../../src/core.js';
import { Composer } from '../../src/components/composer/composer.js';
import '../../src/styles/theme.css';
import '../../src/styles/composer.css';
import { POLL, queued } from '../react/queue-page.js';

function Harness({ status, onSend }: { status: RunStatus; onSend(text: string): void }) {
  return <Composer queue status={status} onSend={onSend} onStop={() => {}} />;
}

const active = () => document.activeElement as HTMLElement | null;
const find = <T extends Element>(selector: string): T => {
  const found = document.querySelector<T>(selector);
  if (found === null) throw new Error(`no ${selector}`);
  return found;
};
const input = () => find<HTMLTextAreaElement>('[data-slot="composer-input"]');

describe('Composer queue', () => {
  it('by keyboard: Enter queues while streaming, Tab reaches each item and its buttons', async () => {
    const onSend = vi.fn();
    const screen = await render(<Harness status="streaming" onSend={onSend} />);
    const root = screen.container;
    await userEvent.click(input());
    await userEvent.keyboard('First follow-up{Enter}Second follow-up{Enter}');
    expect(queued(root)).toEqual([
      { state: 'queued', text: 'First follow-up' },
      { state: 'queued', text: 'Second follow-up' },
    ]);
    expect(onSend).not.toHaveBeenCalled();
    expect(input().value).toBe('');

    // The queue sits above the input: Shift+Tab walks back into it, last item's Remove first.
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
    expect(active()?.getAttribute('aria-label')).toBe('Remove queued message 2');
    await userEvent.keyboard('{Enter}');
    expect(queued(root).map((item) => item.text)).toEqual(['First follow-up']);
    await userEvent.click(find('[data-slot="composer-queue-input"]'));
    await userEvent.keyboard('{End}, briefly');
    await userEvent.keyboard('{Tab}');
    expect(active()?.getAttribute('aria-label')).toBe('Send now: queued message 1');

    await screen.rerender(<Harness status="done" onSend={onSend} />);
    await expect
      .poll(() => onSend.mock.calls.map((call) => call[0]), POLL)
      .toEqual(['First follow-up, briefly']);
    await expect.poll(() => queued(root), POLL).toEqual([]);
  });

  it('an error pauses the queue, visibly, and Resume sends', async () => {
    const onSend = vi.fn();
    const screen = await render(<Harness status="streaming" onSend={onSend} />);
    await userEvent.click(input());
    await userEvent.keyboard('Next{Enter}');
    await screen.rerender(<Harness status="error" onSend={onSend} />);
    const queue = () => document.querySelector<HTMLElement>('[data-slot="composer-queue"]');
    await expect.poll(() => queue()?.dataset['state'], POLL).toBe('paused');
    expect(onSend).not.toHaveBeenCalled();
    const result = await axe.run(screen.container);
    expect(result.violations.map((violation) => violation.id)).toEqual([]);
    await userEvent.click(find('[data-slot="composer-queue-resume"]'));
    await expect.poll(() => onSend.mock.calls.length, POLL).toBe(1);
  });

  it('has no axe violations with three queued messages while streaming', async () => {
    const screen = await render(<Harness status="streaming" onSend={() => {}} />);
    await userEvent.click(input());
    await userEvent.keyboard('One{Enter}Two{Enter}Three{Enter}');
    expect(queued(screen.container)).toHaveLength(3);
    const result = await axe.run(screen.container);
    expect(result.violations.map((violation) => violation.id)).toEqual([]);
  });
});
