import { flushSync } from 'react-dom';
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { page, userEvent } from 'vitest/browser';
import { textBlock } from '../../src/core/model/factories.js';
import type { Citation } from '../../src/core/model/block.js';
import { TextBlockView } from '../../src/components/blocks/text/text-block-view.js';
import { AgentMessagesProvider } from '../../src/components/provider/agent-messages-provider.js';
import { mount } from './mount-root.js';

const done = (text: string, citations?: Citation[]) =>
  textBlock(text, {
    id: 't1',
    finished_at: '2025-01-01T00:00:00Z',
    ...(citations ? { citations } : {}),
  });

function root(container: HTMLElement) {
  const element = container.querySelector('[data-slot="text-block"]');
  if (!(element instanceof HTMLElement)) throw new Error('no text block root');
  return element;
}

describe('TextBlockView', () => {
  it('renders GFM: headings, task lists, tables, strikethrough and autolinks', async () => {
    const text =
      '# Plan\n\n- [x] Draft\n- [ ] Ship\n\n| A | B |\n| - | - |\n| 1 | 2 |\n\n~~old~~ see www.example.com';
    const { container } = await render(<TextBlockView block={done(text)} />);
    expect(root(container).dataset['blockType']).toBe('text');
    await expect.element(page.getByRole('heading', { name: 'Plan' })).toBeVisible();
    await expect.element(page.getByRole('checkbox', { name: 'Done', exact: true })).toBeChecked();
    await expect.element(page.getByRole('cell', { name: '2' })).toBeVisible();
    expect(container.querySelector('del')?.textContent).toBe('old');
    await expect
      .element(page.getByRole('link', { name: /www\.example\.com/ }))
      .toHaveAttribute('href', 'http://www.example.com/');
  });

  it('renders a javascript: link as inert text that shows its target', async () => {
    const { container } = await render(
      <TextBlockView block={done('[Click me](javascript:alert(1))')} />,
    );
    await expect.element(page.getByText('Click me')).toBeVisible();
    expect(page.getByRole('link').elements()).toHaveLength(0);
    expect(container.querySelector('[href]')).toBeNull();
    await expect.element(page.getByText(/Blocked link: javascript:alert\(1\)/)).toBeVisible();
  });

  it('opens allowed links in a new tab without opener, and names the real host behind a URL-looking label', async () => {
    await render(
      <TextBlockView block={done('[https://bank.example/login](https://evil.example/steal)')} />,
    );
    const link = page.getByRole('link', { name: /bank\.example/ });
    await expect.element(link).toHaveAttribute('target', '_blank');
    await expect.element(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    await expect.element(link).toHaveAccessibleName(/opens in new tab/);
    await expect.element(page.getByText('(links to evil.example)')).toBeVisible();
  });

  it('does not request a remote image before the click, and loads it after', async () => {
    const src = 'https://images.invalid/track.png?q=secret';
    const { container } = await render(<TextBlockView block={done(`![A chart](${src})`)} />);
    const button = page.getByRole('button', { name: /Load from images\.invalid/ });
    await expect.element(button).toBeVisible();
    expect(container.querySelector('img')).toBeNull();
    await userEvent.click(button);
    const image = page.getByRole('img', { name: 'A chart' });
    await expect.element(image).toHaveAttribute('src', src);
    await expect.element(image).toHaveAttribute('loading', 'lazy');
  });

  it('loads allow-listed images at once and shows a rejected image as a labelled placeholder', async () => {
    const safety = { mediaAllowlist: ['https://cdn.example.com/images/'] };
    const { container } = await render(
      <AgentMessagesProvider safety={safety}>
        <TextBlockView
          block={done('![Logo](https://cdn.example.com/images/logo.png) ![Bad](javascript:x)')}
        />
      </AgentMessagesProvider>,
    );
    await expect.element(page.getByRole('img', { name: 'Logo' })).toBeInTheDocument();
    await expect.element(page.getByText(/Blocked image: Bad/)).toBeVisible();
    expect(container.querySelectorAll('img')).toHaveLength(1);
  });

  it('copies a code block and announces "Copied"', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await render(<TextBlockView block={done('```python\nprint("hi")\n```')} />);
    await userEvent.click(page.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('print("hi")');
    await expect.element(page.getByRole('status')).toHaveTextContent('Copied');
  });

  it('highlights a closed fence once the highlighter has loaded', async () => {
    const { container } = await render(
      <TextBlockView block={done('```ts\nconst answer: number = 42;\n```')} />,
    );
    expect(container.querySelector('code')?.textContent).toBe('const answer: number = 42;');
    await expect
      .poll(() => container.querySelector('[data-slot="code-block"][data-highlighted]'), {
        timeout: 15_000,
      })
      .not.toBeNull();
    expect(container.querySelector('code')?.textContent).toBe('const answer: number = 42;');
  });

  it('renders an unclosed fence mid-stream as a code block, not as raw backticks', async () => {
    const block = textBlock('Here:\n\n```js\nconst a = 1;\n\nconst b', { id: 't2' });
    const { container } = await render(<TextBlockView block={block} streaming />);
    expect(root(container).hasAttribute('data-streaming')).toBe(true);
    const code = container.querySelector('[data-slot="code-block"]');
    expect(code?.hasAttribute('data-incomplete')).toBe(true);
    expect(code?.querySelector('code')?.textContent).toBe('const a = 1;\n\nconst b');
    expect(root(container).textContent).not.toContain('```');
  });

  it('streams a reply that opens with blank lines and a fence (it once froze the tab)', async () => {
    const view = (text: string) => (
      <TextBlockView block={textBlock(text, { id: 't10' })} streaming />
    );
    const { container, rerender } = await render(view('\n\n```'));
    for (const text of ['\n\n```\n', '\n\n```py\nprint(1)', '\n\n```py\nprint(1)\nx = 2']) {
      await rerender(view(text));
    }
    const code = container.querySelector('[data-slot="code-block"]');
    expect(code?.getAttribute('data-language')).toBe('py');
    expect(code?.querySelector('code')?.textContent).toBe('print(1)\nx = 2');
  });

  it('shows a streaming fence exactly as written, then the same code once it closes', async () => {
    const code = '  let s = "**bold [link](http";\n  `tick';
    const open = `Intro\n\n  ~~~~ts extra\n${code}\n`;
    const view = (text: string, streaming: boolean) => (
      <TextBlockView block={textBlock(text, { id: 't9' })} streaming={streaming} />
    );
    const { container, rerender } = await render(view(open, true));
    const shown = () => container.querySelector('[data-slot="code-block"]');
    expect(shown()?.getAttribute('data-language')).toBe('ts');
    expect(shown()?.querySelector('code')?.textContent).toBe(
      'let s = "**bold [link](http";\n`tick',
    );
    await rerender(view(`${open}  ~~~~\n`, false));
    expect(shown()?.hasAttribute('data-incomplete')).toBe(false);
    expect(shown()?.querySelector('code')?.textContent).toBe(
      'let s = "**bold [link](http";\n`tick',
    );
  });

  it('repairs unfinished emphasis, links and table headers at the end of a streaming text', async () => {
    const emphasis = await render(
      <TextBlockView block={textBlock('Some **bold', { id: 't3' })} streaming />,
    );
    expect(emphasis.container.querySelector('strong')?.textContent).toBe('bold');
    await emphasis.unmount();

    const link = await render(
      <TextBlockView block={textBlock('See [the docs](https://exa', { id: 't3' })} streaming />,
    );
    expect(root(link.container).textContent).toBe('See the docs');
    await link.unmount();

    const table = await render(
      <TextBlockView block={textBlock('Intro.\n\n| Name | Age |', { id: 't3' })} streaming />,
    );
    const headers = [...table.container.querySelectorAll('table th')].map(
      (cell) => cell.textContent,
    );
    expect(headers).toEqual(['Name', 'Age']);
    expect(root(table.container).textContent).not.toContain('|');
    await table.unmount();

    // An image whose URL is still streaming shows its alt text, and requests nothing.
    const image = await render(
      <TextBlockView block={textBlock('See ![a chart](https://exa', { id: 't3' })} streaming />,
    );
    const pending = image.container.querySelector('[data-slot="text-block-image"]');
    expect(pending?.getAttribute('data-state')).toBe('pending');
    expect(pending?.textContent).toBe('a chart');
    expect(image.container.querySelector('img')).toBeNull();
  });

  it('re-parses only the streaming tail on each token, and not even that for plain prose', async () => {
    let parses = 0;
    const countParses = [() => () => void parses++];
    const head =
      'First paragraph.\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n```js\nlet x = 1;\n```\n\n';
    const view = (text: string) => (
      <TextBlockView block={textBlock(text, { id: 't5' })} streaming rehypePlugins={countParses} />
    );
    const { rerender } = await render(view(`${head}Tail`));
    expect(parses).toBeGreaterThan(1);
    const steps: [token: string, parses: number][] = [
      [' grows', 0], // prose after a plain word: the parse at the anchor stays
      [', and', 0],
      [' **grows', 0], // emphasis typed after the anchor shows without a parse
      [' more', 0],
      [' words', 0],
      ['**', 0], // markup at the very end waits for the next word (or a pause in the stream)
      [' and on', 0], // the closers, typed, then prose
      [' *more', 0],
      ['* then', 0],
      [' [link', 1], // other markup: the tail, and only the tail, is parsed again
      [' text', 0], // `[link` anchored: a word may open with delimiters
      ['](x) `code', 1],
      ['` and', 0], // the closers the repair added, typed, then prose: still no parse
    ];
    let text = `${head}Tail`;
    for (const [token, expected] of steps) {
      parses = 0;
      text += token;
      await rerender(view(text));
      expect(parses, token).toBe(expected);
    }
    const content = document.body.querySelector('[data-slot="text-block-content"]');
    expect(content?.textContent).toContain(
      'Tail grows, and grows more words and on more then link text',
    );
    expect(content?.querySelector('a')?.textContent).toContain('link text');
    expect(content?.querySelector('strong')?.textContent).toBe('grows more words');
    expect(content?.querySelector('em')?.textContent).toBe('more');
    expect(content?.querySelector('p:last-child code')?.textContent).toBe('code');
  });

  it('shows raw HTML as the text the model wrote', async () => {
    const html = '<img src=x onerror=alert(1)> and <script>window.__pwned = 1</script>';
    const { container } = await render(<TextBlockView block={done(html)} />);
    expect(root(container).textContent).toContain(html);
    expect(container.querySelector('img, script')).toBeNull();
  });

  it('sanitises after the app plugins, so a plugin cannot switch it off', async () => {
    const injectHtml = () => (tree: { children: unknown[] }) => {
      tree.children.push(
        {
          type: 'element',
          tagName: 'script',
          properties: {},
          children: [{ type: 'text', value: 'window.__pwned = 1' }],
        },
        {
          type: 'element',
          tagName: 'p',
          properties: {
            id: 'config',
            style: 'position: fixed; inset: 0',
            className: ['fixed'],
            onClick: 'alert(1)',
          },
          children: [{ type: 'text', value: 'injected' }],
        },
        { type: 'raw', value: '<iframe src="https://evil.example"></iframe>' },
      );
    };
    const { container } = await render(
      <TextBlockView block={done('Hello')} rehypePlugins={[injectHtml]} />,
    );
    const injected = page.getByText('injected');
    await expect.element(injected).toBeVisible();
    const paragraph = injected.element();
    // Only the direction the view gives every paragraph (dir="auto") is left.
    expect([...paragraph.attributes].map((attribute) => attribute.name)).toEqual(['dir']);
    expect(paragraph.getAttribute('dir')).toBe('auto');
    expect(container.querySelector('script, iframe')).toBeNull();
    expect(root(container).textContent).toContain('<iframe src="https://evil.example"></iframe>');
  });

  it('renders footnotes with ids unique to the block', async () => {
    const { container } = await render(
      <>
        <TextBlockView block={done('A claim[^1].\n\n[^1]: The note.')} />
        <TextBlockView block={done('Another[^1].\n\n[^1]: Other note.')} />
      </>,
    );
    const ids = [...container.querySelectorAll('[id]')].map((element) => element.id);
    expect(ids.length).toBeGreaterThan(2);
    expect(new Set(ids).size).toBe(ids.length);
    await expect.element(page.getByText('The note.')).toBeVisible();
  });

  it('opens a citation card on focus, and checks every source link against the policy', async () => {
    const text = 'Cats sleep a lot. Dogs bark.';
    const block = done(text, [
      {
        url: 'https://docs.example/cats',
        title: 'Cat facts',
        page: 3,
        snippet: 'Cats sleep 16 hours.',
        span: [0, 17],
      },
      { url: 'javascript:alert(1)', title: 'Evil source' },
    ]);
    await render(<TextBlockView block={block} />);
    const marker = page.getByRole('button', { name: 'Source 1' });
    await userEvent.tab();
    await expect.element(marker).toHaveFocus();
    const card = page.getByRole('tooltip');
    await expect.element(card).toBeVisible();
    await expect.element(card).toHaveTextContent(/Cat facts/);
    await expect.element(card).toHaveTextContent(/docs\.example/);
    await expect.element(card).toHaveTextContent(/Page 3/);
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByRole('tooltip')).not.toBeInTheDocument();

    const sources = page.getByRole('list', { name: 'Sources' });
    await expect
      .element(sources.getByRole('link', { name: /Cat facts/ }))
      .toHaveAttribute('href', 'https://docs.example/cats');
    expect(sources.getByRole('link').elements()).toHaveLength(1);
    await expect.element(sources.getByText(/Blocked link: javascript:alert\(1\)/)).toBeVisible();
  });

  it('marks a source cited inline once, not again at the end of the text', async () => {
    // As the AI SDK reports it: the source (no span), then a citation of a span from the same one.
    const block = done('Cats sleep a lot. Dogs bark.', [
      { url: 'https://docs.example/cats', title: 'Cat facts' },
      { url: 'https://docs.example/cats', title: 'Cat facts', span: [0, 17] },
    ]);
    const { container } = await render(<TextBlockView block={block} />);
    const paragraph = container.querySelector('[data-slot="text-block-content"] p');
    const markers = paragraph?.querySelectorAll('[data-slot="citation-marker"]') ?? [];
    expect(markers).toHaveLength(1);
    expect(paragraph?.textContent?.trim().endsWith('Dogs bark.')).toBe(true);
    expect(container.querySelectorAll('[data-slot="text-block-source"]')).toHaveLength(1);
  });

  it('keeps a citation whose span the stream has not reached after the text', async () => {
    const block = textBlock('Partial answ', {
      id: 't4',
      citations: [{ url: 'https://a.example', span: [0, 40] }],
    });
    const { container } = await render(<TextBlockView block={block} streaming />);
    const paragraph = container.querySelector('p');
    expect(paragraph?.textContent?.startsWith('Partial answ')).toBe(true);
    expect(paragraph?.querySelector('[data-slot="citation"]')).not.toBeNull();
  });

  it('shows the start of a huge text and renders the rest when asked', async () => {
    const heading = '## Part\n\n';
    const { container } = await render(
      <TextBlockView block={done(heading + 'A short paragraph.\n\n'.repeat(3000))} />,
    );
    const paragraphs = () => container.querySelectorAll('[data-slot="text-block-content"] p');
    expect(paragraphs()).toHaveLength(999); // 1,000 blocks: the heading, then paragraphs
    expect(root(container).hasAttribute('data-truncated')).toBe(true);
    await page.getByRole('button', { name: 'Show all (40,020 characters)' }).click();
    await expect.poll(() => paragraphs().length).toBe(3000);
    expect(root(container).hasAttribute('data-truncated')).toBe(false);
    expect(page.getByRole('button', { name: /Show all/ }).query()).toBeNull();
  });

  it('renders nothing visible for empty text', async () => {
    const { container } = await render(<TextBlockView block={done('')} />);
    expect(root(container).childElementCount).toBe(0);
  });

  it('renders 100,000 unmatched * or [ as text without freezing', async () => {
    // Counted, not timed: such input is never handed to the parser, which is super-linear on it.
    let parses = 0;
    const plugins = [() => () => void parses++];
    for (const char of ['*', '[']) {
      const { container, unmount } = await render(
        <TextBlockView block={done(char.repeat(100_000))} rehypePlugins={plugins} />,
      );
      expect(parses).toBe(0);
      expect(root(container).textContent?.length).toBe(100_000);
      await unmount();
    }
  });
});

describe('TextBlockView when its text finishes', () => {
  it('drops the caret at once and shows the finished parse in a background render', async () => {
    const { root: reactRoot, element } = mount();
    const show = (streaming: boolean) =>
      flushSync(() =>
        reactRoot.render(
          <TextBlockView block={textBlock('Hello *world', { id: 'f1' })} streaming={streaming} />,
        ),
      );
    show(true);
    await vi.waitFor(() => expect(element.querySelector('em')?.textContent).toBe('world'));
    show(false);
    // The commit that ends the text: no longer streaming, the tail as it last showed.
    expect(root(element).hasAttribute('data-streaming')).toBe(false);
    expect(element.querySelector('em')?.textContent).toBe('world');
    // Then the finished text, parsed whole: the unclosed emphasis is plain text.
    await vi.waitFor(() => expect(element.querySelector('em')).toBeNull());
    expect(element.querySelector('p')?.textContent).toBe('Hello *world');
  });
});
