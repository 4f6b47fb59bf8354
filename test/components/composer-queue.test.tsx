/*
 * The Composer's queue by keyboard, as a component: Enter queues while a reply streams, the
 * queued items are reachable by Tab with their buttons, and the first goes when `status` says the
 * reply ended. Each row shows its state (queued, sent until its reply ends, cancelled until
 * dismissed), each change is announced, and focus never falls off a row that changes. No axe
 * violations with a queue, running, paused, or holding sent and cancelled rows. A row whose steer
 * failed says so and can still be sent.
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
import '../../src/styles/visually-hidden.css';
import { POLL, announced, queued } from '../react/queue-page.js';

/**
 * A chat in miniature: a send starts a reply (`streaming`) that lasts until `status` changes, and
 * Stop ends it (`idle`, as `useMessageStream`'s `stop()` does) after calling `onStop`.
 */
function Harness({
  status,
  onSend,
  onStop = () => {},
  onSteer,
}: {
  status: RunStatus;
  onSend(text: string): void;
  onStop?(): void;
  onSteer?(text: string): unknown;
}) {
  const [current, setCurrent] = React.useState(status);
  const [given, setGiven] = React.useState(status);
  if (status !== given) {
    setGiven(status);
    setCurrent(status);
  }
  const send = (text: string) => {
    onSend(text);
    setCurrent('streaming');
  };
  const stop = () => {
    onStop();
    setCurrent('idle');
  };
  return (
    <Composer
      queue
      status={current}
      onSend={send}
      onStop={stop}
      {...(onSteer ? { onSteer } : {})}
    />
  );
}

const active = () => document.activeElement as HTMLElement | null;
const find = <T extends Element>(selector: string): T => {
  const found = document.querySelector<T>(selector);
  if (found === null) throw new Error(`no ${selector}`);
  return found;
};
const input = () => find<HTMLTextAreaElement>('[data-slot="composer-input"]');
const violations = async (root: HTMLElement) =>
  (await axe.run(root)).violations.map((violation) => violation.id);

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
    expect(announced(root)).toBe('Queued message 2: waiting');
    expect(onSend).not.toHaveBeenCalled();
    expect(input().value).toBe('');

    // The queue sits above the input: Shift+Tab walks back into it, last item's Remove first.
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
    expect(active()?.getAttribute('aria-label')).toBe('Remove queued message 2');
    await userEvent.keyboard('{Enter}');
    // Cancelled, not gone: the row says so and Restore takes the focus Remove had.
    expect(queued(root)).toEqual([
      { state: 'queued', text: 'First follow-up' },
      { state: 'cancelled', text: 'Second follow-up' },
    ]);
    expect(root.querySelectorAll('[data-slot="composer-queue-state"]')[1]?.textContent).toBe(
      'Cancelled',
    );
    expect(announced(root)).toBe('Queued message 2: cancelled');
    expect(active()?.getAttribute('aria-label')).toBe('Restore queued message 2');
    await userEvent.keyboard('{Tab}');
    expect(active()?.getAttribute('aria-label')).toBe('Dismiss queued message 2');
    await userEvent.keyboard('{Enter}');
    expect(queued(root).map((item) => item.text)).toEqual(['First follow-up']);
    // The dismissed row took the focus with it: the composer has it back.
    expect(active()).toBe(input());

    await userEvent.click(find('[data-slot="composer-queue-input"]'));
    await userEvent.keyboard('{End}, briefly');
    await userEvent.keyboard('{Tab}');
    expect(active()?.getAttribute('aria-label')).toBe('Send now: queued message 1');

    await screen.rerender(<Harness status="done" onSend={onSend} />);
    await expect
      .poll(() => onSend.mock.calls.map((call) => call[0]), POLL)
      .toEqual(['First follow-up, briefly']);
    // Sent, and shown so until its reply has run and ended; the focus it held goes to the input.
    expect(queued(root)).toEqual([{ state: 'sent', text: 'First follow-up, briefly' }]);
    expect(announced(root)).toBe('Queued message 1: sent');
    expect(active()).toBe(input());
    await screen.rerender(<Harness status="streaming" onSend={onSend} />);
    expect(queued(root)).toEqual([{ state: 'sent', text: 'First follow-up, briefly' }]);
    await screen.rerender(<Harness status="done" onSend={onSend} />);
    await expect.poll(() => queued(root), POLL).toEqual([]);
  });

  it('keyboard only: queue, cancel, restore, then Send now stops the reply and sends', async () => {
    const onSend = vi.fn();
    const onStop = vi.fn();
    const screen = await render(<Harness status="streaming" onSend={onSend} onStop={onStop} />);
    const root = screen.container;
    // From the top of the page: Tab reaches the composer's input first (the queue is empty).
    await userEvent.keyboard('{Tab}');
    expect(active()).toBe(input());
    await userEvent.keyboard('Use the staging data{Enter}');
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
    expect(active()?.getAttribute('aria-label')).toBe('Remove queued message 1');
    await userEvent.keyboard('{Enter}');
    expect(queued(root)).toEqual([{ state: 'cancelled', text: 'Use the staging data' }]);
    await userEvent.keyboard(' ');
    expect(queued(root)).toEqual([{ state: 'queued', text: 'Use the staging data' }]);
    expect(active()?.getAttribute('aria-label')).toBe('Queued message 1');
    await userEvent.keyboard('{Tab}');
    expect(active()?.getAttribute('aria-label')).toBe('Send now: queued message 1');
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    expect(onStop).toHaveBeenCalledTimes(1);
    await expect
      .poll(() => onSend.mock.calls.map((call) => call[0]), POLL)
      .toEqual(['Use the staging data']);
    expect(queued(root)).toEqual([{ state: 'sent', text: 'Use the staging data' }]);
    // The row that held the focus went read-only: the focus is back in the composer.
    expect(active()).toBe(input());
    expect(await violations(root)).toEqual([]);
  });

  it('Restore puts a cancelled message back in its place, and it goes in its turn', async () => {
    const onSend = vi.fn();
    const screen = await render(<Harness status="streaming" onSend={onSend} />);
    const root = screen.container;
    await userEvent.click(input());
    await userEvent.keyboard('One{Enter}Two{Enter}');
    await userEvent.click(find('[aria-label="Remove queued message 1"]'));
    expect(queued(root).map((item) => item.state)).toEqual(['cancelled', 'queued']);
    await userEvent.keyboard('{Enter}');
    expect(queued(root).map((item) => item.state)).toEqual(['queued', 'queued']);
    expect(announced(root)).toBe('Queued message 1: waiting');
    // Restore's row is editable again, and has the focus.
    expect(active()?.getAttribute('aria-label')).toBe('Queued message 1');

    await screen.rerender(<Harness status="done" onSend={onSend} />);
    await expect.poll(() => onSend.mock.calls.map((call) => call[0]), POLL).toEqual(['One']);
    expect(queued(root)).toEqual([
      { state: 'sent', text: 'One' },
      { state: 'queued', text: 'Two' },
    ]);
  });

  it('a cancelled message is never sent, and stays until dismissed', async () => {
    const onSend = vi.fn();
    const screen = await render(<Harness status="streaming" onSend={onSend} />);
    const root = screen.container;
    await userEvent.click(input());
    await userEvent.keyboard('Never mind{Enter}');
    await userEvent.click(find('[aria-label="Remove queued message 1"]'));
    await screen.rerender(<Harness status="done" onSend={onSend} />);
    await screen.rerender(<Harness status="idle" onSend={onSend} />);
    expect(onSend).not.toHaveBeenCalled();
    expect(queued(root)).toEqual([{ state: 'cancelled', text: 'Never mind' }]);
    expect(await violations(root)).toEqual([]);
    // Nothing waits, so a new message goes at once.
    await userEvent.click(input());
    await userEvent.keyboard('Something else{Enter}');
    await expect
      .poll(() => onSend.mock.calls.map((call) => call[0]), POLL)
      .toEqual(['Something else']);
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
    expect(await violations(screen.container)).toEqual([]);
    await userEvent.click(find('[data-slot="composer-queue-resume"]'));
    await expect.poll(() => onSend.mock.calls.length, POLL).toBe(1);
  });

  it('has no axe violations with queued, sent and cancelled rows', async () => {
    const onSend = vi.fn();
    const screen = await render(<Harness status="streaming" onSend={onSend} />);
    await userEvent.click(input());
    await userEvent.keyboard('One{Enter}Two{Enter}Three{Enter}');
    expect(queued(screen.container)).toHaveLength(3);
    expect(await violations(screen.container)).toEqual([]);
    await userEvent.click(find('[aria-label="Remove queued message 2"]'));
    await screen.rerender(<Harness status="done" onSend={onSend} />);
    await expect.poll(() => onSend.mock.calls.length, POLL).toBe(1);
    await screen.rerender(<Harness status="streaming" onSend={onSend} />);
    expect(queued(screen.container).map((item) => item.state)).toEqual([
      'sent',
      'cancelled',
      'queued',
    ]);
    expect(await violations(screen.container)).toEqual([]);
  });

  it('a failed steer shows its alert on the row, which waits and can still be sent now', async () => {
    const onSend = vi.fn();
    const onStop = vi.fn();
    const onSteer = vi.fn(() => Promise.reject(new Error('not delivered')));
    const screen = await render(
      <Harness status="streaming" onSend={onSend} onStop={onStop} onSteer={onSteer} />,
    );
    const root = screen.container;
    await userEvent.click(input());
    await userEvent.keyboard('Shorter please{Enter}');
    await userEvent.click(find('[aria-label="Steer: queued message 1"]'));
    expect(onSteer).toHaveBeenCalledWith('Shorter please', []);
    const row = () => find<HTMLElement>('[data-slot="composer-queue-item"]');
    await expect.poll(() => row().dataset['steerFailed'], POLL).toBe('');
    expect(queued(root)).toEqual([{ state: 'queued', text: 'Shorter please' }]);
    expect(announced(root)).toBe('Queued message 1: waiting');
    const alert = row().querySelector('[data-slot="composer-queue-error"]');
    expect(alert?.getAttribute('role')).toBe('alert');
    expect(alert?.textContent).toBe('Not added to the running reply; it waits in the queue.');
    expect(await violations(root)).toEqual([]);

    // Send now still works on it: the reply stops and the message goes, no longer marked failed.
    await userEvent.click(find('[aria-label="Send now: queued message 1"]'));
    expect(onStop).toHaveBeenCalledTimes(1);
    await expect
      .poll(() => onSend.mock.calls.map((call) => call[0]), POLL)
      .toEqual(['Shorter please']);
    expect(queued(root)).toEqual([{ state: 'sent', text: 'Shorter please' }]);
    await expect.poll(() => row().dataset['steerFailed'], POLL).toBeUndefined();
    expect(root.querySelector('[data-slot="composer-queue-error"]')).toBeNull();
  });
});
