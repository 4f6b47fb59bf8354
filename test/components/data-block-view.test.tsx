import type * as React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { page, userEvent } from 'vitest/browser';
import type { DataBlock, DataSource } from '../../src/core.js';
import { DataBlockView } from '../../src/components/media/data-block-view.js';
import type { AgentMessagesProviderProps } from '../../src/components/provider/agent-messages-provider.js';
import { AgentMessagesProvider } from '../../src/components/provider/agent-messages-provider.js';

/** A 24×16 PNG. */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAIAAACDRijCAAAAIElEQVR4nGNwmfyDKohh1KBRgwaVQbpL/KiCRg2io0EARBVTn04HUzkAAAAASUVORK5CYII=';

let counter = 0;
function data(
  source: DataSource,
  init: Partial<Omit<DataBlock, 'type' | 'source'>> = {},
): DataBlock {
  counter += 1;
  return {
    type: 'data',
    id: `d${counter}`,
    source,
    name: null,
    created_at: '2025-01-01T00:00:00Z',
    finished_at: '2025-01-01T00:00:01Z',
    ...init,
  };
}

const url = (href: string, mediaType: string): DataSource => ({
  type: 'url',
  url: href,
  media_type: mediaType,
});

function withSettings(
  settings: Omit<AgentMessagesProviderProps, 'children'>,
  element: React.ReactElement,
) {
  return <AgentMessagesProvider {...settings}>{element}</AgentMessagesProvider>;
}

/** Every attribute value in the subtree. */
function attributeValues(root: Element): string[] {
  return [root, ...root.querySelectorAll('*')].flatMap((el) =>
    [...el.attributes].map((a) => a.value),
  );
}

describe('DataBlockView: remote media waits for the user', () => {
  it('shows no <img> for a remote image that is not allow-listed, only a button naming the host', async () => {
    const { container } = await render(
      <DataBlockView
        block={data(url('https://cdn.example.com/cat.png?q=secret', 'image/png'), {
          name: 'cat.png',
        })}
      />,
    );
    await expect
      .element(page.getByRole('button', { name: 'Load from cdn.example.com' }))
      .toBeVisible();
    expect(container.querySelectorAll('img')).toHaveLength(0);
    expect(attributeValues(container).some((value) => value.includes('cdn.example.com'))).toBe(
      false,
    );
    expect(container.querySelector('[data-slot="data-block"]')?.getAttribute('data-status')).toBe(
      'click-to-load',
    );
  });

  it('puts exactly one <img> on the page after the click, and focuses it', async () => {
    // The app's policy makes this (local) URL click-to-load, so the click fetches nothing remote.
    const { container } = await render(
      withSettings(
        {
          safety: {
            urlPolicy: (_url, _use, decision) =>
              decision.allowed
                ? { ...decision, autoLoad: false, host: 'images.example.org' }
                : decision,
          },
        },
        <DataBlockView
          block={data(url(`data:image/png;base64,${PNG_BASE64}`, 'image/png'), { name: 'sky.png' })}
        />,
      ),
    );
    expect(container.querySelectorAll('img')).toHaveLength(0);
    await userEvent.click(page.getByRole('button', { name: 'Load from images.example.org' }));
    expect(container.querySelectorAll('img')).toHaveLength(1);
    await expect.element(page.getByRole('button', { name: 'Open image: sky.png' })).toHaveFocus();
  });

  it('loads a same-origin path only after the click, then shows "could not load" when it fails', async () => {
    const { container } = await render(
      withSettings(
        {
          safety: {
            urlPolicy: (_url, _use, decision) =>
              decision.allowed ? { ...decision, autoLoad: false } : decision,
          },
        },
        <DataBlockView
          block={data(url('/__ram_test__/missing.png', 'image/png'), { name: 'missing.png' })}
        />,
      ),
    );
    expect(container.querySelector('img')).toBeNull();
    await userEvent.click(page.getByRole('button', { name: /^Load from / }));
    await expect.element(page.getByText('Could not load missing.png')).toBeVisible();
    expect(container.querySelector('img')).toBeNull();
  });

  it('previews an allow-listed PDF at once, opened at the cited page', async () => {
    const { container } = await render(
      withSettings(
        { safety: { mediaAllowlist: [`${location.origin}/__ram_test__/docs/`] } },
        <DataBlockView
          block={data(url('/__ram_test__/docs/q3.pdf', 'application/pdf'), {
            name: 'q3.pdf',
            pages: [2, 5],
          })}
        />,
      ),
    );
    await expect.element(page.getByText('Pages 2, 5')).toBeVisible();
    const frame = container.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe('/__ram_test__/docs/q3.pdf#page=2');
    expect(frame?.getAttribute('title')).toBe('Preview of q3.pdf');
  });

  it('never frames a PDF outside the allow-list, even after a click: it opens in a new tab', async () => {
    const { container } = await render(
      <DataBlockView
        block={data(url('https://docs.example.com/q3.pdf', 'application/pdf'), { name: 'q3.pdf' })}
      />,
    );
    const open = page.getByRole('link', { name: 'Open on docs.example.com (opens in new tab)' });
    await expect.element(open).toHaveAttribute('href', 'https://docs.example.com/q3.pdf');
    await expect.element(open).toHaveAttribute('target', '_blank');
    await expect.element(open).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    expect(page.getByRole('button').elements()).toHaveLength(0);
    expect(container.querySelector('iframe')).toBeNull();
  });

  it('never frames a same-origin URL that content chose, whatever its media type says', async () => {
    const { container } = await render(
      <DataBlockView
        block={data(url('/uploads/x.html', 'application/pdf'), { name: 'invoice.pdf' })}
      />,
    );
    await expect
      .element(page.getByRole('link', { name: 'Download invoice.pdf' }))
      .toHaveAttribute('download', 'invoice.pdf');
    expect(
      container.querySelectorAll('iframe, button, [data-slot="data-block-open"]'),
    ).toHaveLength(0);
  });
});

describe('DataBlockView: hostile sources', () => {
  it('never puts a javascript: or data:text/html source on any attribute', async () => {
    const { container } = await render(
      <div>
        <DataBlockView block={data(url('javascript:alert(1)', 'image/png'), { name: 'a.png' })} />
        <DataBlockView block={data(url('JaVaScRiPt:alert(1)', 'video/mp4'))} />
        <DataBlockView block={data(url('data:text/html,<script>alert(1)</script>', 'image/png'))} />
        <DataBlockView
          block={data(url('javascript:alert(1)', 'application/pdf'), { name: 'x.pdf' })}
        />
        <DataBlockView block={data(url('data:text/html;base64,PHNjcmlwdD4=', 'application/zip'))} />
      </div>,
    );
    const values = attributeValues(container);
    expect(values.some((value) => /javascript:|data:text\/html/i.test(value))).toBe(false);
    expect(container.querySelectorAll('img, video, iframe, a')).toHaveLength(0);
    expect(
      container.querySelectorAll('[data-slot="data-block"][data-status="blocked"]'),
    ).toHaveLength(5);
    await expect
      .element(page.getByText(/the javascript: scheme is not allowed/).first())
      .toBeVisible();
  });

  it('blocks SVG, whether as a data: URL or as base64', async () => {
    const { container } = await render(
      <div>
        <DataBlockView
          block={data(url('data:image/svg+xml;base64,PHN2Zy8+', 'image/svg+xml'), {
            name: 'a.svg',
          })}
        />
        <DataBlockView
          block={data(
            { type: 'base64', data: 'PHN2Zy8+', media_type: 'image/svg+xml' },
            { name: 'b.svg' },
          )}
        />
      </div>,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(attributeValues(container).some((value) => value.includes('svg+xml'))).toBe(false);
    await expect
      .element(page.getByText('Blocked: image/svg+xml is not shown inline as an image'))
      .toBeVisible();
    await expect
      .element(page.getByText(/^Blocked: data: URLs of type image\/svg\+xml/))
      .toBeVisible();
  });

  it('blocks base64 over the size cap before decoding it', async () => {
    const { container } = await render(
      withSettings(
        { safety: { maxDataUrlLength: 64 } },
        <DataBlockView
          block={data({ type: 'base64', data: PNG_BASE64, media_type: 'image/png' })}
        />,
      ),
    );
    expect(container.querySelector('img')).toBeNull();
    await expect.element(page.getByText('Blocked: the data is too large')).toBeVisible();
  });

  it('shows a hostile file name with its bidi override revealed and a safe download name', async () => {
    const name = `invoice\u202Efdp.exe<script>x</script>${'-'.repeat(80)}.exe`;
    const { container } = await render(
      <DataBlockView
        block={data(url('https://files.example.com/f', 'application/octet-stream'), { name })}
      />,
    );
    const shown = container.querySelector('[data-slot="data-block-name"]');
    expect(shown?.textContent).toContain('[U+202E]');
    expect(shown?.textContent).toContain('<script>');
    expect(shown?.textContent?.endsWith('.exe')).toBe(true);
    expect(shown?.getAttribute('title')).toContain('[U+202E]');
    const link = container.querySelector('a[download]');
    expect(link?.getAttribute('download')).not.toMatch(/[\u202E<>/\\:]/);
    expect(container.querySelector('script')).toBeNull();
  });
});

describe('DataBlockView: images', () => {
  it('renders base64 PNG as a lazy <img> with a data:image/png URL and the declared size', async () => {
    const { container } = await render(
      <DataBlockView
        block={data(
          { type: 'base64', data: PNG_BASE64, media_type: 'image/png' },
          { alt: 'A tiny landscape', width: 240, height: 160 },
        )}
      />,
    );
    const image = container.querySelector('img');
    expect(image?.getAttribute('src')).toBe(`data:image/png;base64,${PNG_BASE64}`);
    expect(image?.getAttribute('alt')).toBe('A tiny landscape');
    expect(image?.getAttribute('loading')).toBe('lazy');
    expect([image?.getAttribute('width'), image?.getAttribute('height')]).toEqual(['240', '160']);
  });

  it('shows a placeholder, not a broken image, while a base64 image streams', async () => {
    const block = data(
      { type: 'base64', data: PNG_BASE64.slice(0, 20), media_type: 'image/png' },
      { finished_at: null },
    );
    const { container } = await render(<DataBlockView block={block} streaming />);
    expect(container.querySelector('img')).toBeNull();
    expect(
      container.querySelector('[data-slot="data-block"]')?.hasAttribute('data-streaming'),
    ).toBe(true);
    await expect.element(page.getByText('Loading…')).toBeVisible();
  });

  it('opens the viewer on click and on Enter, closes it on Escape and returns focus to the thumbnail', async () => {
    await render(
      <DataBlockView
        block={data(
          { type: 'base64', data: PNG_BASE64, media_type: 'image/png' },
          { name: 'sky.png' },
        )}
      />,
    );
    const thumbnail = page.getByRole('button', { name: 'Open image: sky.png' });
    await userEvent.click(thumbnail);
    await expect.element(page.getByRole('dialog', { name: 'sky.png' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    await expect.element(thumbnail).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('dialog', { name: 'sky.png' })).toBeVisible();
    await userEvent.click(page.getByRole('button', { name: 'Close' }));
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    await expect.element(thumbnail).toHaveFocus();
  });
});

describe('DataBlockView: audio, video, files', () => {
  it('gives audio native controls with preload="none", its duration and a transcript disclosure', async () => {
    const { container } = await render(
      <DataBlockView
        block={data(url('/__ram_test__/note.mp3', 'audio/mpeg'), {
          name: 'note.mp3',
          duration_ms: 65_000,
          transcript: 'Hello there',
        })}
      />,
    );
    const audio = container.querySelector('audio');
    expect(audio?.getAttribute('preload')).toBe('none');
    expect(audio?.hasAttribute('controls')).toBe(true);
    await expect.element(page.getByText('1:05')).toBeVisible();
    await userEvent.click(page.getByText('Transcript'));
    await expect.element(page.getByText('Hello there')).toBeVisible();
  });

  it('gives video no poster when the thumbnail may not load by itself', async () => {
    const { container } = await render(
      <DataBlockView
        block={data(url('/__ram_test__/clip.mp4', 'video/mp4'), {
          thumbnail: url('https://thumbs.example.com/clip.jpg', 'image/jpeg'),
        })}
      />,
    );
    const video = container.querySelector('video');
    expect(video?.getAttribute('preload')).toBe('none');
    expect(video?.hasAttribute('poster')).toBe(false);
  });

  it('shows an unresolved file_id as a labelled placeholder, never a broken image', async () => {
    const { container } = await render(
      <DataBlockView
        block={data(
          { type: 'file_id', file_id: 'f-1', media_type: 'application/pdf' },
          { name: 'report.pdf' },
        )}
      />,
    );
    await expect.element(page.getByText('report.pdf (not available)')).toBeVisible();
    expect(container.querySelector('img, iframe, a')).toBeNull();
  });

  it('waits for an async resolver and sends its URL through the policy; a rejection is unresolved', async () => {
    const resolveMedia = vi.fn((source: { file_id: string }) =>
      source.file_id === 'ok'
        ? Promise.resolve(`data:image/png;base64,${PNG_BASE64}`)
        : Promise.reject(new Error('gone')),
    );
    const { container } = await render(
      withSettings(
        { resolveMedia },
        <div>
          <DataBlockView
            block={data(
              { type: 'file_id', file_id: 'ok', media_type: 'image/png' },
              { name: 'ok.png' },
            )}
          />
          <DataBlockView
            block={data(
              { type: 'file_id', file_id: 'bad', media_type: 'image/png' },
              { name: 'bad.png' },
            )}
          />
        </div>,
      ),
    );
    await expect.element(page.getByRole('button', { name: 'Open image: ok.png' })).toBeVisible();
    await expect.element(page.getByText('bad.png (not available)')).toBeVisible();
    expect(container.querySelectorAll('img')).toHaveLength(1);
    expect(resolveMedia).toHaveBeenCalledTimes(2);
  });

  it('shows a download card with the formatted size, type and a sanitised download link', async () => {
    const { container } = await render(
      <DataBlockView
        block={data(url('https://files.example.com/exports/data.zip', 'application/zip'), {
          name: '../../etc/data.zip',
          size_bytes: 1_536,
        })}
      />,
    );
    await expect.element(page.getByText('1.5 KB')).toBeVisible();
    await expect.element(page.getByText('application/zip')).toBeVisible();
    const link = page.getByRole('link', { name: 'Download ../../etc/data.zip' });
    await expect
      .element(link)
      .toHaveAttribute('href', 'https://files.example.com/exports/data.zip');
    await expect.element(link).toHaveAttribute('download', 'data.zip');
    expect(container.querySelector('[data-slot="data-block"]')?.getAttribute('data-media')).toBe(
      'file',
    );
  });

  it('downloads base64 bytes through an octet-stream blob made on click', async () => {
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:test';
    });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await render(
      <DataBlockView
        block={data(
          { type: 'base64', data: 'JVBERi0xLjQK', media_type: 'application/pdf' },
          { name: 'brief.pdf', size_bytes: 9 },
        )}
      />,
    );
    expect(created).toHaveLength(0);
    await userEvent.click(page.getByRole('button', { name: 'Download brief.pdf' }));
    expect(created).toHaveLength(1);
    expect(created[0]?.type).toBe('application/octet-stream');
    expect(clicked).toHaveBeenCalledTimes(1);
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('brief.pdf');
  });

  it('treats a media type that is not type/subtype as a generic file', async () => {
    const { container } = await render(
      <DataBlockView
        block={data({ type: 'base64', data: PNG_BASE64, media_type: 'image' }, { name: 'x' })}
      />,
    );
    expect(container.querySelector('[data-slot="data-block"]')?.getAttribute('data-media')).toBe(
      'file',
    );
    expect(container.querySelector('img')).toBeNull();
  });
});
