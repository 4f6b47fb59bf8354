/*
 * What a strict Content-Security-Policy has to allow for this library's output. In the browser
 * React sets `style` through the CSSOM, which CSP does not govern; in server-rendered HTML every
 * `style` is an attribute, which `style-src` without 'unsafe-inline' refuses. This file renders
 * the corpus (and math) to static markup and lists each inline style it finds, so the README's
 * CSP guidance is a test result, not a guess.
 */
import rehypeKatex from 'rehype-katex';
import remarkMath from 'remark-math';
import { renderToStaticMarkup } from 'react-dom/server';
import type * as React from 'react';
import { describe, expect, it } from 'vitest';
import type { BlockProps, Msg, TextBlock } from '../../src/index.js';
import { AgentMessagesProvider, Message, TextBlockView } from '../../src/index.js';
import { asking, call, done, text } from './corpus/case.js';
import { corpus } from './corpus/index.js';
import { scanDom } from './harness.js';
import { SAFETY } from './run-case.js';

function markup(message: Msg, text?: React.ComponentType<BlockProps<TextBlock>>) {
  return renderToStaticMarkup(
    <AgentMessagesProvider safety={SAFETY} {...(text ? { components: { text } } : {})}>
      <Message message={message} onDecision={() => undefined} />
    </AgentMessagesProvider>,
  );
}

/** `html` parsed into an inert document (nothing in it runs or loads). */
function parse(html: string): HTMLElement {
  return new DOMParser().parseFromString(html, 'text/html').body;
}

/** The value of every `style` attribute in `html`. */
function inlineStyles(html: string): string[] {
  return Array.from(
    parse(html).querySelectorAll('[style]'),
    (el) => el.getAttribute('style') ?? '',
  );
}

function MathText(props: BlockProps<TextBlock>) {
  return <TextBlockView {...props} math={{ remarkMath, rehypeKatex }} />;
}

// Each test renders the whole hostile corpus to markup: seconds on a busy machine.
describe('server-rendered output under a strict CSP', { timeout: 90_000 }, () => {
  const cases = corpus.filter((entry) => entry.where !== 'size' && entry.where !== 'thinking');

  it('has no script, inline handler, javascript: URL or remote resource in any hostile case', () => {
    for (const entry of cases) {
      expect(scanDom(parse(markup(entry.message()))), entry.name).toEqual([]);
    }
  });

  it('sets inline styles only for the confirmation prompt’s arm-delay variable', () => {
    const found = new Set<string>();
    for (const entry of cases)
      for (const style of inlineStyles(markup(entry.message()))) found.add(style);
    found.add(inlineStyles(markup(asking(call('Bash', '{"command":"ls"}')))).join(''));
    expect([...found].filter((style) => style !== '')).toEqual([
      '--ram-confirmation-arm-delay:500ms',
    ]);
  });

  it('math (KaTeX, MathML output) sets no inline style, not even for a parse error', () => {
    const html = markup(done(text('$x^2 + \\color{red}{y}$ and $\\rule{1em}{1em}$')), MathText);
    expect(html).toContain('<math');
    // KaTeX colours a parse error with `style="color:…"`; the guard after math removes it.
    const errorHtml = markup(done(text('$\\frac{$')), MathText);
    expect(errorHtml).toContain('\\frac{');
    expect(inlineStyles(html)).toEqual([]);
    expect(inlineStyles(errorHtml)).toEqual([]);
  });
});
