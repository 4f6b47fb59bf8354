import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { UnknownBlock as UnknownBlockData } from '../../src/core.js';
import { parseContentBlock } from '../../src/core.js';
import { UnknownBlockView } from '../../src/index.js';

/** What the parser makes of JSON it does not recognise. */
function unknownBlock(raw: unknown): UnknownBlockData {
  const block = parseContentBlock(raw);
  if (block.type !== 'unknown') throw new Error(`expected an unknown block, got ${block.type}`);
  return block;
}

const meta = {
  title: 'Blocks/UnknownBlockView',
  component: UnknownBlockView,
} satisfies Meta<typeof UnknownBlockView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Done: Story = {
  args: {
    block: unknownBlock({
      type: 'citation_card',
      id: 'c1',
      title: 'Quarterly report',
      pages: [3, 4],
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText('Unsupported content: citation_card'));
    await expect(canvas.getByText(/Quarterly report/)).toBeVisible();
  },
};

export const Empty: Story = {
  args: { block: unknownBlock(null) },
};

export const Huge: Story = {
  args: {
    block: unknownBlock({
      type: 'table_dump',
      id: 'h1',
      rows: Array.from({ length: 2000 }, (_, i) => ({ i })),
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText('Unsupported content: table_dump'));
    await userEvent.click(canvas.getByRole('button', { name: /Show all/ }));
    await expect(canvas.queryByRole('button', { name: /Show all/ })).toBeNull();
  },
};

export const Hostile: Story = {
  args: {
    block: unknownBlock({
      type: '<img src=x onerror=alert(1)>',
      id: 'x1',
      html: '<script>window.__pwned = true</script>',
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText(/Unsupported content/));
    await expect(canvas.getByText(/<script>window.__pwned = true<\/script>/)).toBeVisible();
    await expect(canvasElement.querySelector('script, img')).toBeNull();
    await expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  },
};
