import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { LongHistory } from '../fixtures/long-history.js';

/**
 * A window of a longer history: the list opens at the last page, pages older and newer messages
 * in as the reader scrolls, jumps to a message that is not loaded, and searches all of it.
 */
const meta = {
  title: 'List/MessageList History',
  component: LongHistory,
  args: { total: 10_000, size: 60, latency: 30 },
} satisfies Meta<typeof LongHistory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The row showing `text` as its first paragraph is rendered and inside the list's viewport. */
function inView(canvas: HTMLElement, text: string): boolean {
  const log = canvas.querySelector('[data-slot="message-list"]');
  if (!log) return false;
  const view = log.getBoundingClientRect();
  return [...log.querySelectorAll('[data-slot="message-list-item"]')].some((row) => {
    const box = row.getBoundingClientRect();
    return (
      row.querySelector('p')?.textContent === text && box.bottom > view.top && box.top < view.bottom
    );
  });
}

/** 10,000 messages, 60 loaded: jump to the first message and back to the latest. */
export const Huge: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(inView(canvasElement, 'Message 9999.')).toBe(true));
    await userEvent.click(canvas.getByRole('button', { name: 'Jump to the first message' }));
    await waitFor(() => expect(inView(canvasElement, 'Message 0.')).toBe(true), { timeout: 5000 });
    await userEvent.click(canvas.getByRole('button', { name: 'Jump to the latest message' }));
    await waitFor(() => expect(inView(canvasElement, 'Message 9999.')).toBe(true), {
      timeout: 5000,
    });
  },
};

/** Searching finds loaded messages at once and asks the "server" for the rest. */
export const Search: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(inView(canvasElement, 'Message 9999.')).toBe(true));
    await userEvent.type(canvas.getByRole('searchbox'), 'Message 42.');
    await userEvent.click(await canvas.findByRole('button', { name: 'Message 42.' }));
    await waitFor(() => expect(inView(canvasElement, 'Message 42.')).toBe(true), { timeout: 5000 });
  },
};

/** A slow server: the loading row shows over the top while the older page is on its way. */
export const SlowServer: Story = {
  args: { total: 400, latency: 1500 },
};

/** No history at all. */
export const Empty: Story = {
  args: { total: 0 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No messages yet')).toBeVisible();
  },
};
