import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { DataBlock, DataSource } from '../../src/core.js';
import { DataBlockView } from '../../src/components/media/data-block-view.js';
import type { AgentMessagesProviderProps } from '../../src/components/provider/agent-messages-provider.js';
import { AgentMessagesProvider } from '../../src/components/provider/agent-messages-provider.js';

/* -------------------------------------------------------------------------------------------------
 * Fixtures: tiny media made here, so no story sends a request
 * -----------------------------------------------------------------------------------------------*/

/** A 24×16 PNG (sky over grass). */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAIAAACDRijCAAAAIElEQVR4nGNwmfyDKohh1KBRgwaVQbpL/KiCRg2io0EARBVTn04HUzkAAAAASUVORK5CYII=';

/** 0.25 s of 8 kHz, 8-bit mono silence as a WAV file. */
const WAV_BASE64 = (() => {
  const samples = 2000;
  const bytes = new Uint8Array(44 + samples);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) =>
    [...text].forEach((char, i) => view.setUint8(offset + i, char.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, 8000, true);
  view.setUint32(28, 8000, true);
  view.setUint16(32, 1, true);
  view.setUint16(34, 8, true);
  ascii(36, 'data');
  view.setUint32(40, samples, true);
  bytes.fill(128, 44);
  return btoa(String.fromCharCode(...bytes));
})();

let counter = 0;
function data(
  source: DataSource,
  init: Partial<Omit<DataBlock, 'type' | 'source'>> = {},
): DataBlock {
  counter += 1;
  return {
    type: 'data',
    id: `data-${counter}`,
    source,
    name: null,
    created_at: '2025-01-01T00:00:00Z',
    finished_at: '2025-01-01T00:00:01Z',
    ...init,
  };
}

const png = (): DataSource => ({ type: 'base64', data: PNG_BASE64, media_type: 'image/png' });
const url = (href: string, mediaType: string): DataSource => ({
  type: 'url',
  url: href,
  media_type: mediaType,
});

function withProvider(settings: Omit<AgentMessagesProviderProps, 'children'>): Decorator {
  return (Story) => (
    <AgentMessagesProvider {...settings}>
      <Story />
    </AgentMessagesProvider>
  );
}

const meta = {
  title: 'Blocks/DataBlockView',
  component: DataBlockView,
} satisfies Meta<typeof DataBlockView>;

export default meta;
type Story = StoryObj<typeof meta>;

/* -------------------------------------------------------------------------------------------------
 * One story per media kind
 * -----------------------------------------------------------------------------------------------*/

export const Done: Story = {
  args: {
    block: data(png(), {
      name: 'landscape.png',
      alt: 'A blue sky over green grass',
      width: 240,
      height: 160,
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const image = canvas.getByRole('button', { name: 'Open image: A blue sky over green grass' });
    await expect(canvasElement.querySelector('img')?.getAttribute('src')).toMatch(
      /^data:image\/png;base64,/,
    );
    await userEvent.click(image);
    const dialog = within(document.body).getByRole('dialog', {
      name: 'A blue sky over green grass',
    });
    await expect(dialog).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(document.querySelector('dialog')).toBeNull());
    await expect(image).toHaveFocus();
  },
};

export const ImageUrl: Story = {
  args: {
    block: data(url(`data:image/png;base64,${PNG_BASE64}`, 'image/png'), {
      name: 'chart.png',
      width: 240,
      height: 160,
    }),
  },
  decorators: [withProvider({ safety: { mediaAllowlist: ['https://cdn.example.com/images/'] } })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Open image: chart.png' })).toBeVisible();
  },
};

export const AudioBase64: Story = {
  args: {
    block: data(
      { type: 'base64', data: WAV_BASE64, media_type: 'audio/wav' },
      { name: 'silence.wav', duration_ms: 250, transcript: '(a quarter of a second of silence)' },
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvasElement.querySelector('audio')?.getAttribute('preload')).toBe('none');
    await userEvent.click(canvas.getByText('Transcript'));
    await expect(canvas.getByText('(a quarter of a second of silence)')).toBeVisible();
  },
};

export const Video: Story = {
  args: {
    block: data(url('/__ram_stories__/clip.webm', 'video/webm'), {
      name: 'walkthrough.webm',
      duration_ms: 95_000,
      thumbnail: png(),
      width: 480,
      height: 320,
    }),
  },
  play: async ({ canvasElement }) => {
    const video = canvasElement.querySelector('video');
    await expect(video?.getAttribute('preload')).toBe('none');
    await expect(video?.getAttribute('poster')).toMatch(/^data:image\/png;base64,/);
  },
};

export const PdfDocument: Story = {
  args: {
    block: data(url('https://docs.example.com/reports/q3.pdf', 'application/pdf'), {
      name: 'q3-report.pdf',
      size_bytes: 2_411_725,
      pages: [3, 4],
      excerpt: 'Revenue grew 12% quarter over quarter, driven by the new subscription tier.',
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('link', { name: 'Open on docs.example.com (opens in new tab)' }),
    ).toBeVisible();
    await expect(canvasElement.querySelector('iframe, button')).toBeNull();
    await expect(canvas.getByText('Pages 3, 4')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Download q3-report.pdf' })).toBeVisible();
  },
};

export const OtherDocument: Story = {
  args: {
    block: data(
      url(
        'https://files.example.com/plans/roadmap.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ),
      {
        name: 'roadmap.docx',
        size_bytes: 48_213,
        excerpt: 'Milestones for the next two quarters.',
      },
    ),
  },
};

export const GenericFile: Story = {
  args: {
    block: data(
      { type: 'base64', data: 'UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==', media_type: 'application/zip' },
      {
        name: 'results.zip',
        size_bytes: 22,
      },
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Download results.zip' })).toBeVisible();
    await expect(canvas.getByText('22 B')).toBeVisible();
  },
};

/* -------------------------------------------------------------------------------------------------
 * States
 * -----------------------------------------------------------------------------------------------*/

export const Streaming: Story = {
  args: {
    block: data(
      { type: 'base64', data: PNG_BASE64.slice(0, 40), media_type: 'image/png' },
      { finished_at: null },
    ),
    streaming: true,
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('img')).toBeNull();
    await expect(within(canvasElement).getByText('Loading…')).toBeVisible();
  },
};

export const ClickToLoad: Story = {
  args: {
    block: data(url('https://images.example.net/cat.png', 'image/png'), { name: 'cat.png' }),
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: 'Load from images.example.net' }),
    ).toBeVisible();
    await expect(canvasElement.querySelector('img')).toBeNull();
  },
};

const blockedBlocks = [
  data(url('javascript:alert(document.domain)', 'image/png'), { name: 'javascript.png' }),
  data(url('data:text/html,<script>alert(1)</script>', 'image/png'), { name: 'html.png' }),
  data(url('data:image/svg+xml;base64,PHN2Zy8+', 'image/svg+xml'), { name: 'vector.svg' }),
  data({ type: 'base64', data: 'PHN2Zy8+', media_type: 'image/svg+xml' }, { name: 'inline.svg' }),
];

export const Blocked: Story = {
  args: { block: blockedBlocks[0] as DataBlock },
  render: () => (
    <div>
      {blockedBlocks.map((block) => (
        <DataBlockView key={block.id} block={block} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByText(/^Blocked: /)).toHaveLength(4);
    await expect(canvasElement.querySelector('img, iframe')).toBeNull();
    const attributes = [...canvasElement.querySelectorAll('*')].flatMap((el) =>
      [...el.attributes].map((a) => a.value),
    );
    await expect(
      attributes.some((value) => /javascript:|data:text|data:image\/svg/i.test(value)),
    ).toBe(false);
  },
};

export const Error: Story = {
  args: { block: data(url('/__ram_stories__/missing.png', 'image/png'), { name: 'missing.png' }) },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('Could not load missing.png'),
    ).toBeVisible();
    await expect(canvasElement.querySelector('img')).toBeNull();
  },
};

export const Unresolved: Story = {
  args: {
    block: data(
      { type: 'file_id', file_id: 'file-123', media_type: 'application/pdf' },
      { name: 'report.pdf' },
    ),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('report.pdf (not available)')).toBeVisible();
  },
};

export const ResolvedFileId: Story = {
  args: {
    block: data(
      { type: 'file_id', file_id: 'img-42', media_type: 'image/png' },
      { name: 'resolved.png' },
    ),
  },
  decorators: [
    withProvider({
      resolveMedia: () =>
        new Promise((resolve) =>
          setTimeout(() => resolve(`data:image/png;base64,${PNG_BASE64}`), 50),
        ),
    }),
  ],
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('button', { name: 'Open image: resolved.png' }),
    ).toBeVisible();
  },
};

export const Empty: Story = {
  args: { block: data({ type: 'base64', data: '', media_type: 'image/png' }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Image (not available)')).toBeVisible();
  },
};

export const Huge: Story = {
  args: { block: data(png(), { name: 'declared-huge.png', width: 20_000, height: 20_000 }) },
  play: async ({ canvasElement }) => {
    const image = canvasElement.querySelector('img');
    await expect(image?.getAttribute('width')).toBe('20000');
    await expect(image?.getBoundingClientRect().width).toBeLessThanOrEqual(
      canvasElement.getBoundingClientRect().width,
    );
  },
};

export const Hostile: Story = {
  args: {
    block: data(url('https://files.example.com/x.bin', 'not a mime type <b>'), {
      name: `invoice\u202Efdp.exe<script>window.__pwned = true</script>${'padding-'.repeat(20)}.exe`,
      size_bytes: 1_536,
    }),
  },
  play: async ({ canvasElement }) => {
    const root = canvasElement.querySelector('[data-slot="data-block"]');
    await expect(root?.getAttribute('data-media')).toBe('file');
    await expect(root?.textContent).toContain('[U+202E]');
    await expect(root?.textContent).not.toContain('\u202E');
    await expect(root?.textContent).toContain('<script>');
    await expect(canvasElement.querySelector('script')).toBeNull();
    const download = within(canvasElement).getByRole('link', { name: /^Download/ });
    await expect(download.getAttribute('download')).not.toMatch(/[\u202E<>/]/);
    await expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  },
};

/* -------------------------------------------------------------------------------------------------
 * AllStates
 * -----------------------------------------------------------------------------------------------*/

const gallery: { title: string; block: DataBlock; streaming?: boolean }[] = [
  { title: 'Image', block: Done.args.block as DataBlock },
  { title: 'Audio', block: AudioBase64.args.block as DataBlock },
  { title: 'Video', block: Video.args.block as DataBlock },
  { title: 'PDF', block: PdfDocument.args.block as DataBlock },
  { title: 'Document', block: OtherDocument.args.block as DataBlock },
  { title: 'File', block: GenericFile.args.block as DataBlock },
  { title: 'Streaming', block: Streaming.args.block as DataBlock, streaming: true },
  { title: 'Click to load', block: ClickToLoad.args.block as DataBlock },
  { title: 'Blocked', block: blockedBlocks[0] as DataBlock },
  { title: 'Unresolved', block: Unresolved.args.block as DataBlock },
  { title: 'Empty', block: Empty.args.block as DataBlock },
  { title: 'Hostile', block: Hostile.args.block as DataBlock },
];

export const AllStates: Story = {
  args: { block: Done.args.block as DataBlock },
  render: () => (
    <div>
      {gallery.map(({ title, block, streaming }) => (
        <div key={title}>
          <p>
            <strong>{title}</strong>
          </p>
          <DataBlockView block={block} streaming={streaming ?? false} />
        </div>
      ))}
    </div>
  ),
};
