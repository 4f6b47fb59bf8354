import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import {
  Chat,
  ShadcnApp,
  arabic,
  showcase,
  streamingCode,
  streamingTable,
} from '../fixtures/look.js';

/*
 * The default look and the shadcn/ui preset, light and dark, on one conversation: text, a table,
 * a code block, a tool call asking approval and the composer. `npm run screenshots` shoots these
 * into docs/.
 */
const meta = {
  title: 'Theming/Look',
  component: Chat,
  args: { messages: showcase() },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Chat>;

export default meta;
type Story = StoryObj<typeof meta>;

function one(canvasElement: HTMLElement, selector: string): HTMLElement {
  const element = canvasElement.querySelector<HTMLElement>(selector);
  if (!element) throw new Error(`no ${selector}`);
  return element;
}

/** The user's bubble is as tall as its text and header: nothing under it. */
async function expectSnugBubble(canvasElement: HTMLElement) {
  const bubble = one(canvasElement, '[data-slot="message"][data-role="user"]');
  const content = one(bubble, '[data-slot="message-content"]');
  const below = bubble.getBoundingClientRect().bottom - content.getBoundingClientRect().bottom;
  const { paddingBlockEnd, borderBlockEndWidth } = getComputedStyle(bubble);
  await expect(below).toBeCloseTo(parseFloat(paddingBlockEnd) + parseFloat(borderBlockEndWidth), 0);
}

/** The default look, light. */
export const DefaultLight: Story = {
  globals: { theme: 'light' },
  play: async ({ canvasElement }) => {
    await expectSnugBubble(canvasElement);
    const send = one(canvasElement, '[data-slot="composer-button"]');
    await expect(getComputedStyle(send).backgroundColor).toBe('rgb(24, 24, 27)');
  },
};

/** The default look, dark (`data-theme="dark"` on an ancestor). */
export const DefaultDark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expectSnugBubble(canvasElement);
    const bubble = one(canvasElement, '[data-slot="message"][data-role="user"]');
    await expect(getComputedStyle(bubble).backgroundColor).toBe('rgb(39, 39, 42)');
    await expect(getComputedStyle(bubble).colorScheme).toBe('dark');
  },
};

/** In an app on shadcn/ui with the preset imported: the theme's colours and radius. */
export const ShadcnLight: Story = {
  render: (args) => (
    <ShadcnApp dark={false}>
      <Chat {...args} surface="var(--background)" />
    </ShadcnApp>
  ),
  play: async ({ canvasElement }) => {
    const send = one(canvasElement, '[data-slot="composer-button"]');
    await expect(getComputedStyle(send).backgroundColor).toMatch(/^oklch\(0\.49 0\.22 264/);
    await expectSnugBubble(canvasElement);
  },
};

/** The same app with `.dark`, as shadcn/ui switches it. */
export const ShadcnDark: Story = {
  render: (args) => (
    <ShadcnApp dark>
      <Chat {...args} surface="var(--background)" />
    </ShadcnApp>
  ),
  play: async ({ canvasElement }) => {
    const bubble = one(canvasElement, '[data-slot="message"][data-role="user"]');
    await expect(getComputedStyle(bubble).backgroundColor).toMatch(/^oklch\(0\.3 0\.05 264/);
    await expect(getComputedStyle(bubble).colorScheme).toBe('dark');
  },
};

/** A reply streaming a code block: the fence is still open. */
export const StreamingCode: Story = {
  args: { messages: streamingCode() },
  play: async ({ canvasElement }) => {
    await expect(one(canvasElement, '[data-slot="code-block"]')).toBeInTheDocument();
    await expect(
      one(canvasElement, '[data-slot="message"][data-role="assistant"]'),
    ).toHaveAttribute('data-status', 'streaming');
  },
};

/** A reply streaming a table: the finished rows, and the third one arriving. */
export const StreamingTable: Story = {
  args: { messages: streamingTable() },
  play: async ({ canvasElement }) => {
    await expect(one(canvasElement, '[data-slot="text-block-table"]')).toHaveTextContent(
      'ap-south',
    );
  },
};

/**
 * Right to left (`dir="rtl"` on an ancestor): the user's bubble moves to the left, the cards,
 * the prompt and the composer mirror; the tool's name and arguments stay left to right.
 */
export const RightToLeft: Story = {
  args: { messages: arabic(), dir: 'rtl', placeholder: 'اكتب سؤالك…' },
  play: async ({ canvasElement }) => {
    const bubble = one(canvasElement, '[data-slot="message"][data-role="user"]');
    const column = one(canvasElement, '[dir="rtl"] > div');
    // The bubble sits at the inline end of a right-to-left line: its left edge.
    await expect(bubble.getBoundingClientRect().left).toBeCloseTo(
      column.getBoundingClientRect().left,
      0,
    );
    // The time is one phrase in its own direction, not "days ago 11".
    const time = one(canvasElement, '[data-slot="message-time"]');
    await expect(getComputedStyle(time).unicodeBidi).toBe('plaintext');
    const send = one(canvasElement, '[data-slot="composer-button"]');
    const input = one(canvasElement, '[data-slot="composer-input"]');
    await expect(send.getBoundingClientRect().right).toBeLessThan(
      input.getBoundingClientRect().left + 1,
    );
    await expectSnugBubble(canvasElement);
  },
};
