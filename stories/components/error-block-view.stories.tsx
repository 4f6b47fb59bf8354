import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { ErrorBlock } from '../../src/core.js';
import { ErrorBlockView } from '../../src/components/blocks/error/error-block-view.js';

function error(fields: Partial<ErrorBlock> = {}): ErrorBlock {
  return {
    type: 'error',
    id: 'e-1',
    message: 'The model provider rejected the request: rate limit exceeded.',
    code: 'rate_limited',
    data: { retry_after_s: 30, provider: 'example-llm', request_id: 'req_8f2a' },
    ...fields,
  };
}

const meta = {
  title: 'Blocks/ErrorBlockView',
  component: ErrorBlockView,
  args: { block: error() },
} satisfies Meta<typeof ErrorBlockView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An error loaded with the conversation's history: shown, not announced. */
export const Done: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.getByText('rate_limited')).toBeVisible();
    await userEvent.click(canvas.getByText('Show raw'));
    await expect(canvas.getByText(/"retry_after_s": 30/)).toBeVisible();
  },
};

/** An error that arrives while the reply streams: announced once as an alert. */
export const Error: Story = {
  args: { streaming: true },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole('alert');
    await expect(alert).toHaveTextContent(/rate limit exceeded/);
  },
};

export const Empty: Story = {
  args: { block: { type: 'error', id: 'e-empty', message: '' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Error')).toBeVisible();
    await expect(canvas.queryByText('Show raw')).toBeNull();
  },
};

const STACK = Array.from(
  { length: 400 },
  (_, i) => `  at step${i} (/srv/agent/runtime/pipeline.py:${100 + i})`,
).join('\n');

export const Huge: Story = {
  args: {
    block: error({
      message: `Traceback (most recent call last):\n${STACK}`,
      data: { frames: Array.from({ length: 2000 }, (_, i) => ({ i, file: 'pipeline.py' })) },
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText('Show raw'));
    await expect(canvas.getByText(/"i": 1999/)).toBeVisible();
  },
};

export const Hostile: Story = {
  args: {
    block: error({
      message: `<img src=x onerror="window.__pwned=true"> refund of \u202E0001$ approved ${'z'.repeat(10_000)}`,
      code: 'E\u200BVIL',
      data: { html: '<script>window.__pwned = true</script>' },
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/<img src=x onerror/)).toBeVisible();
    await expect(canvas.getByText('E[U+200B]VIL')).toBeVisible();
    await userEvent.click(canvas.getByText('Show raw'));
    await expect(canvasElement.querySelector('script, img')).toBeNull();
    await expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
    const root = canvasElement.querySelector<HTMLElement>('[data-slot="error-block"]');
    await expect(root?.scrollWidth).toBeLessThanOrEqual(root?.clientWidth ?? 0);
  },
};

export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 16 }}>
      <ErrorBlockView block={error()} />
      <ErrorBlockView block={error({ id: 'e-2' })} streaming />
      <ErrorBlockView block={{ type: 'error', id: 'e-3', message: 'Tool crashed.' }} />
      <ErrorBlockView block={{ type: 'error', id: 'e-4', message: '', code: 'E_UNKNOWN' }} />
      <ErrorBlockView block={{ type: 'error', id: 'e-5', message: 'Line one\nLine two' }} />
    </div>
  ),
};
