/*
 * Reading and driving the Composer's queue as a user does: typing into the composer, pressing
 * Enter, reading the queued items, and the buttons on them.
 */
import { expect } from 'vitest';
import { userEvent } from 'vitest/browser';

export const POLL = { timeout: 10_000 };

const composerInput = (root: HTMLElement) => {
  const input = root.querySelector<HTMLTextAreaElement>('[data-slot="composer-input"]');
  if (input === null) throw new Error('no composer');
  return input;
};

/** Types `text` into the composer and presses Enter. */
export async function submit(root: HTMLElement, text: string): Promise<void> {
  const input = composerInput(root);
  await userEvent.click(input);
  await userEvent.fill(input, text);
  await userEvent.keyboard('{Enter}');
}

/** The queue's rows: their state (`queued`, `sent`, `cancelled`) and text, top to bottom. */
export function queued(root: HTMLElement): { state: string | undefined; text: string }[] {
  return [...root.querySelectorAll<HTMLElement>('[data-slot="composer-queue-item"]')].map(
    (item) => ({
      state: item.dataset['state'],
      text:
        item.querySelector('textarea')?.value ??
        item.querySelector('[data-slot="composer-queue-text"]')?.textContent ??
        '',
    }),
  );
}

/** The text of every user message in the list. */
export function userTexts(root: HTMLElement): string[] {
  return [
    ...root.querySelectorAll(
      '[data-slot="message"][data-role="user"] [data-slot="message-content"]',
    ),
  ].map((node) => node.textContent?.trim() ?? '');
}

/** Clicks the button named `name` once it is enabled. */
export async function press(root: HTMLElement, name: string): Promise<void> {
  const find = () =>
    [...root.querySelectorAll<HTMLButtonElement>('button:not([disabled])')].find(
      (button) => (button.getAttribute('aria-label') ?? button.textContent) === name,
    ) ?? null;
  await expect.poll(find, POLL).not.toBeNull();
  await userEvent.click(find() as HTMLButtonElement);
}

/** Replaces the text of queued message `position` (1-based). */
export async function editQueued(root: HTMLElement, position: number, text: string) {
  const items = root.querySelectorAll<HTMLTextAreaElement>('[data-slot="composer-queue-input"]');
  const item = items[position - 1];
  if (item === undefined) throw new Error(`no queued message ${position}`);
  await userEvent.fill(item, text);
}

/** What the queue last announced (its polite status region). */
export function announced(root: HTMLElement): string {
  return root.querySelector('[data-slot="composer-queue-status"]')?.textContent ?? '';
}
