/*
 * Right-to-left text as it streams: each paragraph, heading, list item, cell and quote takes the
 * direction of its first strong character and keeps it token after token — a leading date, digits
 * or punctuation do not show it left to right first, a Latin word or inline code mid-sentence
 * does not turn it around — while code stays left to right. Chromium computes the directions.
 */
import { flushSync } from 'react-dom';
import { describe, expect, it } from 'vitest';
import { textBlock } from '../../src/core.js';
import { TextBlockView } from '../../src/index.js';
import { mount } from './mount-root.js';

const ARABIC = [
  '2024: مرحباً بك، هذا **نص** عربي مع كلمة React في الوسط و `npm install` ثم 42 نقطة.',
  '',
  '## ٣ خطوات سريعة',
  '',
  '1. (أولاً) ثبّت الحزمة',
  '',
  '2. شغّل API الخادم',
  '',
  '| 10 | اللون |',
  '| - | - |',
  '| 7 | أحمر |',
  '',
  '> «اقتباس» من الوثائق: v2 أسرع',
  '',
  '```ts',
  'const answer = 42;',
  '```',
  '',
  '... ومرة أخرى: ١٢٣ شكراً',
].join('\n');

const HEBREW = [
  '- 3 פריטים: שלום עולם',
  '- פריט שני עם `code` ו-JSON',
  '',
  '"ציטוט" 100% בעברית, עם Hello באמצע.',
].join('\n');

/** The blocks that take a direction, and the code that must not. */
const BLOCKS = 'p, li, td, th, h1, h2, h3, h4, h5, h6, blockquote';
const CODE = 'code, pre';

function* tokens(text: string, size: number): Generator<string> {
  for (let end = size; end < text.length + size; end += size) yield text.slice(0, end);
}

/** Text that decides a direction, as the browser reads it for `dir="auto"` (code left out). */
function strongText(element: Element): boolean {
  const copy = element.cloneNode(true) as Element;
  for (const isolated of copy.querySelectorAll('[dir="ltr"]')) isolated.remove();
  return /\p{L}/u.test(copy.textContent ?? '');
}

function direction(element: Element | null | undefined): string {
  if (!element) throw new Error('no such element');
  return getComputedStyle(element).direction;
}

function contentOf(element: HTMLElement): Element {
  const content = element.querySelector('[data-slot="text-block-content"]');
  if (content === null) throw new Error('no text block content');
  return content;
}

/** Streams `text` into a text block under `dir`, calling `check` on the shown blocks at every token. */
function stream(
  text: string,
  pageDirection: 'rtl' | 'ltr',
  size: number,
  check: (blocks: Element[], code: Element[], prefix: string) => void,
) {
  const { root, element } = mount();
  element.dir = pageDirection;
  for (const prefix of tokens(text, size)) {
    flushSync(() =>
      root.render(<TextBlockView block={textBlock(prefix, { id: 'rtl' })} streaming />),
    );
    const content = contentOf(element);
    check([...content.querySelectorAll(BLOCKS)], [...content.querySelectorAll(CODE)], prefix);
  }
  flushSync(() => root.render(<TextBlockView block={textBlock(text, { id: 'rtl' })} />));
  const content = contentOf(element);
  check([...content.querySelectorAll(BLOCKS)], [...content.querySelectorAll(CODE)], text);
}

describe('the direction of streamed text', () => {
  it.each([
    ['Arabic', ARABIC, 1],
    ['Arabic', ARABIC, 3],
    ['Hebrew', HEBREW, 1],
  ])('%s in a right-to-left page stays right to left at every token (%#)', (_, text, size) => {
    let checked = 0;
    stream(text, 'rtl', size, (blocks, code, prefix) => {
      for (const block of blocks) {
        expect(direction(block), `${block.tagName} at ${JSON.stringify(prefix)}`).toBe('rtl');
        expect(block.matches(':dir(rtl)')).toBe(true);
        checked++;
      }
      for (const element of code) {
        expect(direction(element), `${element.tagName} at ${JSON.stringify(prefix)}`).toBe('ltr');
      }
    });
    expect(checked).toBeGreaterThan(100);
  });

  it.each([
    ['Arabic', ARABIC],
    ['Hebrew', HEBREW],
  ])(
    '%s in a left-to-right page turns right to left with its first letter, and stays',
    (_, text) => {
      // Each element is followed by its position among the blocks: once right to left, always.
      const turned = new Set<string>();
      let strong = 0;
      stream(text, 'ltr', 1, (blocks, code, prefix) => {
        blocks.forEach((block, index) => {
          const at = `${index}:${block.tagName}`;
          if (strongText(block)) {
            strong++;
            expect(direction(block), `${at} at ${JSON.stringify(prefix)}`).toBe('rtl');
            turned.add(at);
          } else if (turned.has(at)) {
            expect(direction(block), `${at} at ${JSON.stringify(prefix)}`).toBe('rtl');
          }
        });
        for (const element of code) expect(direction(element)).toBe('ltr');
      });
      expect(strong).toBeGreaterThan(100);
    },
  );

  it('isolates inline code and code blocks, and leaves Latin paragraphs left to right', () => {
    const { root, element } = mount();
    element.dir = 'rtl';
    flushSync(() =>
      root.render(
        <TextBlockView
          block={textBlock('قبل `a -> b` بعد\n\nEnglish first, ثم عربي\n\n```\nx\n```')}
        />,
      ),
    );
    const [arabic, english] = element.querySelectorAll('p');
    expect(arabic?.getAttribute('dir')).toBe('auto');
    expect(direction(arabic)).toBe('rtl');
    expect(arabic?.querySelector('code')?.getAttribute('dir')).toBe('ltr');
    expect(direction(english)).toBe('ltr');
    expect(direction(element.querySelector('[data-slot="code-block-pre"]'))).toBe('ltr');
    // The code block's header (its Copy button) follows the page.
    expect(direction(element.querySelector('[data-slot="code-block-copy"]'))).toBe('rtl');
  });

  it('reads a paragraph after a hidden character by its first letter, not by the marker', () => {
    const { root, element } = mount();
    element.dir = 'ltr';
    flushSync(() => root.render(<TextBlockView block={textBlock('\u200Bمرحبا بك')} />));
    const paragraph = element.querySelector('p');
    expect(paragraph?.querySelector('[data-slot="invisible-char"]')).not.toBeNull();
    expect(direction(paragraph)).toBe('rtl');
  });
});
