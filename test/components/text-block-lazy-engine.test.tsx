import * as React from 'react';
import type { Root } from 'react-dom/client';
import { hydrateRoot } from 'react-dom/client';
import { renderToReadableStream, renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { page, userEvent } from 'vitest/browser';
import { TextBlockView } from '../../src/components/blocks/text/text-block-view.js';
import { MarkdownEngineContext } from '../../src/components/blocks/text/use-markdown-engine.js';
import { textBlock } from '../../src/core/model/factories.js';
import type { MarkdownEngineSource } from '../../src/markdown/engine/engine-source.js';
import {
  lazyMarkdownEngine,
  presentMarkdownEngine,
} from '../../src/markdown/engine/engine-source.js';
import * as engine from '../../src/markdown/engine/engine.js';

/*
 * Browsers load the markdown engine lazily (package.json "browser" maps the loader to
 * engine-loader.browser.ts; the tests import src/, where it is there from the start). Here a lazy
 * source whose loading the test ends stands in for it: before it lands the text shows at once as
 * plain text, then renders exactly as with the engine present; hydrating server HTML keeps the
 * server's markup untouched until it lands.
 */

const TEXT = [
  '# Plan',
  '',
  'Some **bold** text, a [link](https://example.com) and a note.[^1]',
  '',
  '| A | B |',
  '| - | - |',
  '| 1 | 2 |',
  '',
  '- [x] Draft',
  '- [ ] Ship',
  '',
  '```',
  'print("hi")',
  '```',
  '',
  '[^1]: The note.',
].join('\n');

const done = (text: string) => textBlock(text, { id: 't1', finished_at: '2025-01-01T00:00:00Z' });

/** A lazy engine that lands when the test says. */
function gatedEngine() {
  let land: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (land = resolve));
  const source = lazyMarkdownEngine(() => gate.then(() => engine));
  return { source, land };
}

function View({ source, text, streaming = false }: ViewProps) {
  return (
    <MarkdownEngineContext.Provider value={source}>
      <TextBlockView
        block={streaming ? textBlock(text, { id: 't1' }) : done(text)}
        streaming={streaming}
      />
    </MarkdownEngineContext.Provider>
  );
}

interface ViewProps {
  source: MarkdownEngineSource;
  text: string;
  streaming?: boolean;
}

/** The markup, with the per-block id prefix (from `useId`, new per root) made the same. */
const markup = (container: Element) =>
  container.innerHTML.replace(/user-content-[A-Za-z0-9_]*-/g, 'user-content-ID-');

const present = presentMarkdownEngine(engine);

let roots: Root[] = [];
let containers: HTMLElement[] = [];

afterEach(() => {
  for (const root of roots) root.unmount();
  for (const container of containers) container.remove();
  roots = [];
  containers = [];
});

describe('the text block while the markdown engine loads', () => {
  it('shows the text at once as plain text, then the markdown once the engine lands', async () => {
    const { source, land } = gatedEngine();
    const { container } = await render(<View source={source} text={TEXT} />);
    const plain = container.querySelector('[data-slot="text-block-plain"]');
    expect(plain?.textContent).toContain('Some **bold** text');
    expect(container.querySelector('strong')).toBeNull();

    land();
    await expect.element(page.getByRole('heading', { name: 'Plan' })).toBeVisible();
    expect(container.querySelector('[data-slot="text-block-plain"]')).toBeNull();
    expect(container.querySelector('strong')?.textContent).toBe('bold');
  });

  it('renders the same markup once loaded as with the engine there from the start', async () => {
    const expected = await render(<View source={present} text={TEXT} />);
    const want = markup(expected.container);
    await expected.unmount();

    const { source, land } = gatedEngine();
    const { container } = await render(<View source={source} text={TEXT} />);
    expect(markup(container)).not.toBe(want);
    land();
    await expect.poll(() => markup(container)).toBe(want);
  });

  it('streams: every token shows at once, an open fence already as code', async () => {
    const { source, land } = gatedEngine();
    const words = 'Here is the answer: it streams word by word'.split(' ');
    const screen = await render(<View source={source} text="" streaming />);
    let text = '';
    for (const word of words) {
      text += `${word} `;
      await screen.rerender(<View source={source} text={text} streaming />);
      const shown = screen.container.querySelector('[data-slot="text-block-content"]');
      expect(shown?.textContent?.trimEnd()).toBe(text.trimEnd());
    }
    text += '\n\n```js\nconst a = 1;';
    await screen.rerender(<View source={source} text={text} streaming />);
    expect(screen.container.querySelector('[data-slot="code-block"] code')?.textContent).toBe(
      'const a = 1;',
    );

    land();
    await expect
      .poll(() => screen.container.querySelector('[data-slot="text-block-plain"]'))
      .toBeNull();
    text += '\nconst b = 2;';
    await screen.rerender(<View source={source} text={text} streaming />);
    expect(screen.container.querySelector('[data-slot="code-block"] code')?.textContent).toBe(
      'const a = 1;\nconst b = 2;',
    );
    expect(screen.container.querySelector('p')?.textContent).toBe(words.join(' '));
  });

  it('shows the text plain for good when the engine cannot load', async () => {
    const source = lazyMarkdownEngine(() => Promise.reject(new Error('offline')));
    const { container } = await render(<View source={source} text={TEXT} />);
    await expect.poll(() => source.loading()).toBeNull();
    expect(container.querySelector('[data-slot="text-block-plain"]')?.textContent).toContain(
      '# Plan',
    );
  });
});

describe("the browser's loader", () => {
  it('loads the engine as soon as it is imported', async () => {
    const { markdownEngine } = await import('../../src/markdown/engine/engine-loader.browser.js');
    await expect.poll(() => markdownEngine.current()).not.toBeNull();
    expect(markdownEngine.current()?.createMarkdownPipeline).toBe(engine.createMarkdownPipeline);
    expect(markdownEngine.loading()).toBeNull();
  });
});

describe('hydrating server HTML while the markdown engine loads', () => {
  it('keeps the server markup untouched, then hydrates it without a mismatch', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const html = renderToString(<View source={present} text={TEXT} />);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    containers.push(container);
    const served = container.innerHTML;
    const heading = container.querySelector('h1');
    expect(heading?.textContent).toBe('Plan');

    const { source, land } = gatedEngine();
    const recoverable: unknown[] = [];
    roots.push(
      hydrateRoot(container, <View source={source} text={TEXT} />, {
        onRecoverableError: (error) => recoverable.push(error),
      }),
    );
    // React has run: the text block's root is hydrated, its content waits for the engine.
    await expect
      .poll(() =>
        Object.keys(container.firstElementChild ?? {}).some((key) => key.startsWith('__react')),
      )
      .toBe(true);
    expect(container.innerHTML).toBe(served);

    land();
    await userEvent.click(page.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('print("hi")');
    // The same elements, never replaced: nothing moved.
    expect(container.querySelector('h1')).toBe(heading);
    expect(container.querySelector('[data-slot="text-block-plain"]')).toBeNull();
    expect(recoverable).toEqual([]);
  });
});

// Last: a streaming render whose boundary suspended leaves React's dev check of which renderer
// holds a context provider set, and the next render of that provider would be reported.
describe('a server that loads the engine lazily (a worker build that reads the "browser" field)', () => {
  it('streams the markdown once the engine lands', async () => {
    const { source, land } = gatedEngine();
    // The shell (the block's root) is ready without the engine; its markdown waits for it.
    const stream = await renderToReadableStream(<View source={source} text={TEXT} />);
    land();
    await stream.allReady;
    const html = await new Response(stream).text();
    expect(html).toContain('<strong>bold</strong>');
    // Each heading and paragraph takes the direction of its text (docs/i18n.md).
    expect(html).toContain('<h1 dir="auto">Plan</h1>');
  });
});
