import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { userMsg } from '../../src/core.js';
import { Message } from '../../src/index.js';
import { foldedReply } from '../fixtures/conversations.js';

/*
 * How an app picks the components' theme: they are light unless an ancestor says otherwise, and
 * the nearest ancestor decides. (The toolbar's own `data-theme` wraps each story; the wrappers
 * below sit inside it, so they decide.)
 */
const reply = foldedReply();
const question = userMsg('Will it rain in Paris?', { name: 'Ada', created_at: reply.created_at });

function Conversation() {
  return (
    <>
      <Message message={question} />
      <Message message={reply} />
    </>
  );
}

/** The shadcn / Tailwind convention: `class="dark"` on an ancestor (usually `<html>`). */
function DarkClassApp() {
  return (
    <div className="dark">
      <Conversation />
    </div>
  );
}

/** A light panel inside a dark page: the nearest `data-theme` wins. */
function NestedApp() {
  return (
    <div className="dark">
      <Message message={question} />
      <div data-theme="light">
        <Message message={reply} />
      </div>
    </div>
  );
}

const meta = {
  title: 'Theming/Theme',
  component: Conversation,
} satisfies Meta<typeof Conversation>;

export default meta;
type Story = StoryObj<typeof meta>;

const DARK_BACKGROUND = 'rgb(9, 9, 11)';
const LIGHT_BACKGROUND = 'rgb(255, 255, 255)';

function backgrounds(canvasElement: HTMLElement): string[] {
  return [...canvasElement.querySelectorAll<HTMLElement>('[data-slot="message"]')].map(
    (message) => getComputedStyle(message).backgroundColor,
  );
}

export const DarkClass: Story = {
  render: () => <DarkClassApp />,
  play: async ({ canvasElement }) => {
    await expect(backgrounds(canvasElement)[1]).toBe(DARK_BACKGROUND);
    const root = canvasElement.querySelector<HTMLElement>('[data-slot="message"]');
    await expect(root && getComputedStyle(root).colorScheme).toBe('dark');
  },
};

export const NestedLightInDark: Story = {
  render: () => <NestedApp />,
  play: async ({ canvasElement }) => {
    const [outer, inner] = [
      ...canvasElement.querySelectorAll<HTMLElement>('[data-slot="message"]'),
    ];
    await expect(outer && getComputedStyle(outer).colorScheme).toBe('dark');
    await expect(inner && getComputedStyle(inner).backgroundColor).toBe(LIGHT_BACKGROUND);
    await expect(inner && getComputedStyle(inner).colorScheme).toBe('light');
  },
};

/** `data-theme="auto"` (from the toolbar) follows `prefers-color-scheme`. */
export const Auto: Story = {
  globals: { theme: 'auto' },
  play: async ({ canvasElement }) => {
    const dark = matchMedia('(prefers-color-scheme: dark)').matches;
    await expect(backgrounds(canvasElement)[1]).toBe(dark ? DARK_BACKGROUND : LIGHT_BACKGROUND);
  },
};
