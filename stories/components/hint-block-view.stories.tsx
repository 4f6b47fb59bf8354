import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { DataBlock, HintBlock } from '../../src/core.js';
import { HintBlockView } from '../../src/components/blocks/hint/hint-block-view.js';

function hint(fields: Partial<HintBlock> = {}): HintBlock {
  return {
    type: 'hint',
    id: 'h-1',
    hint: 'The user prefers short answers. Reply in French.',
    source: null,
    created_at: '2025-06-01T10:00:00.000Z',
    finished_at: '2025-06-01T10:00:00.000Z',
    ...fields,
  };
}

function file(name: string | null, mediaType: string): DataBlock {
  return {
    type: 'data',
    id: `d-${name ?? mediaType}`,
    name,
    source: { type: 'url', url: 'https://files.example.com/x', media_type: mediaType },
    created_at: '2025-06-01T10:00:00.000Z',
    finished_at: '2025-06-01T10:00:00.000Z',
  };
}

const meta = {
  title: 'Blocks/HintBlockView',
  component: HintBlockView,
  args: { block: hint() },
} satisfies Meta<typeof HintBlockView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Done: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('note', { name: 'Note' })).toHaveTextContent(/short answers/);
  },
};

export const JsonSource: Story = {
  args: { block: hint({ source: '{"label": "System", "sublabel": "Reminder"}' }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('System')).toBeVisible();
    await expect(canvas.getByText('Reminder')).toBeVisible();
    await expect(canvas.queryByText(/"label"/)).toBeNull();
  },
};

export const RawSource: Story = {
  args: { block: hint({ source: 'memory-compaction' }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('memory-compaction')).toBeVisible();
  },
};

export const WithFiles: Story = {
  args: {
    block: hint({
      source: '{"label": "Attached context"}',
      hint: [
        {
          type: 'text',
          id: 't-1',
          text: 'The user shared these files earlier:',
          created_at: '2025-06-01T10:00:00.000Z',
          finished_at: '2025-06-01T10:00:00.000Z',
        },
        file('q3-report.pdf', 'application/pdf'),
        file('chart.png', 'image/png'),
        file(null, 'audio/mpeg'),
      ],
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('q3-report.pdf')).toBeVisible();
    await expect(canvas.getByText('(Document)')).toBeVisible();
    await expect(canvas.getByText('Audio')).toBeVisible();
    await expect(canvasElement.querySelector('img, audio, a')).toBeNull();
  },
};

export const Empty: Story = {
  args: { block: hint({ hint: '', source: '' }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('note', { name: 'Note' })).toBeVisible();
  },
};

const HUGE = Array.from(
  { length: 200 },
  (_, i) => `Rule ${i + 1}: keep the answer grounded in the attached report.`,
).join('\n');

export const Huge: Story = {
  args: { block: hint({ hint: HUGE, source: '{"label": "Runtime state"}' }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(HUGE.length).toBeGreaterThan(10_000);
    await expect(canvas.queryByText(/Rule 200:/)).toBeNull();
    const toggle = canvas.getByRole('button', { name: /Show all/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    await expect(canvas.getByText(/Rule 200:/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Show less' }));
    await expect(canvas.queryByText(/Rule 200:/)).toBeNull();
  },
};

const LONG_WORD = 'x'.repeat(10_000);

export const Hostile: Story = {
  args: {
    block: hint({
      source: '{"label": "<img src=x onerror=alert(1)>", "sublabel": "admin\u202Egnp.exe"}',
      hint: `<script>window.__pwned = true</script> ${LONG_WORD}`,
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('<img src=x onerror=alert(1)>')).toBeVisible();
    await expect(canvas.getByText('admin[U+202E]gnp.exe')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /Show all/ }));
    await expect(canvasElement.querySelector('script, img')).toBeNull();
    await expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
    const root = canvasElement.querySelector<HTMLElement>('[data-slot="hint-block"]');
    await expect(root?.scrollWidth).toBeLessThanOrEqual(root?.clientWidth ?? 0);
  },
};

export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 16 }}>
      <HintBlockView block={hint()} />
      <HintBlockView block={hint({ source: '{"label": "System", "sublabel": "Reminder"}' })} />
      <HintBlockView block={hint({ source: '{"sublabel": "Only a sublabel"}' })} />
      <HintBlockView block={hint({ source: '{"label": 42}' })} />
      <HintBlockView block={hint({ source: '{not json' })} />
      <HintBlockView block={hint({ hint: HUGE.slice(0, 600) })} />
      <HintBlockView block={hint({ hint: [file('notes.txt', 'text/plain')] })} />
      <HintBlockView block={hint({ hint: '' })} />
    </div>
  ),
};
