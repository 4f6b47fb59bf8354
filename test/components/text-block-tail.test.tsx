/*
 * The streaming tail keeps its parse while tokens only add prose (tail-anchor.ts). That is an
 * optimisation, never a change in what the user sees: at every token of a random stream, the
 * text block must show exactly what a full parse of the tail shows.
 */
import fc from 'fast-check';
import * as React from 'react';
import { flushSync } from 'react-dom';
import type { Root } from 'react-dom/client';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { TailAnchoringContext } from '../../src/components/text-block/markdown.js';
import {
  followTail,
  isAnchorable,
  TAIL_MARK,
} from '../../src/components/text-block/tail-anchor.js';
import { textBlock } from '../../src/core.js';
import { TextBlockView } from '../../src/index.js';

const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) root.unmount();
  document.body.replaceChildren();
});

function mount(): { root: Root; element: HTMLElement } {
  const element = document.createElement('div');
  document.body.append(element);
  const root = createRoot(element);
  roots.push(root);
  return { root, element };
}

/** The rendered markdown, with per-instance ids and trailing spaces (never visible) left out. */
function shown(element: HTMLElement): string {
  const content = element.querySelector('[data-slot="text-block-content"]');
  return (content?.innerHTML ?? '')
    .replace(/user-content-[A-Za-z0-9_]+-/g, 'user-content-')
    .replace(/\s+/g, ' ')
    .replace(/ <\//g, '</');
}

// Pieces that exercise every rule: prose, each kind of punctuation, delimiters, links and
// autolinks in the making, line starts, math, entities, escapes, other scripts, emoji.
const PIECES = [
  'alpha',
  'beta',
  'www',
  'com',
  'http',
  'foo_bar',
  'été',
  '中文',
  'naïve',
  'a1',
  '42',
  '😀',
  '.',
  ',',
  ';',
  '?',
  '!',
  "'",
  '-',
  ':',
  '/',
  '@',
  '(',
  ')',
  '"',
  '#',
  '$',
  '&amp;',
  '&',
  '\\',
  '|',
  '~',
  '`',
  '*',
  '_',
  '**',
  '[',
  ']',
  '<b>',
  '![',
  '](',
  'www.',
  'https://',
  'a@b.co',
  ' ',
  ' ',
  ' ',
  '  ',
  '\n',
  '\n\n',
  '- ',
  '1. ',
  '> ',
  '# ',
  '```\n',
  '| a | b |\n| - | - |\n| ',
  '    ',
];

const streams = fc.record({
  text: fc
    .array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 60 })
    .map((p) => p.join('')),
  cuts: fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 30 }),
});

function* fragments(text: string, cuts: readonly number[]): Generator<string> {
  let at = 0;
  for (let index = 0; at < text.length; index++) {
    const size = cuts[index % cuts.length] ?? 4;
    yield text.slice(0, (at = Math.min(text.length, at + size)));
  }
}

describe('the streaming tail', () => {
  it('shows at every token exactly what a full parse of the tail shows', () => {
    const anchored = mount();
    const reference = mount();
    fc.assert(
      fc.property(streams, ({ text, cuts }) => {
        // A fresh pair of trees per stream: nothing carries over from the last one.
        const key = Math.random();
        for (const prefix of fragments(text, cuts)) {
          const block = textBlock(prefix, { id: 'tail' });
          flushSync(() =>
            anchored.root.render(<TextBlockView key={key} block={block} streaming />),
          );
          flushSync(() =>
            reference.root.render(
              <TailAnchoringContext.Provider value={false}>
                <TextBlockView key={key} block={block} streaming />
              </TailAnchoringContext.Provider>,
            ),
          );
          expect(shown(anchored.element), JSON.stringify(prefix)).toBe(shown(reference.element));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('keeps the anchor while tokens add prose, and drops it at markup', () => {
    const repair = (markdown: string) => `<${markdown}>`;
    const anchor = followTail(null, 'Some text', repair);
    expect(anchor).toMatchObject({ source: 'Some text', markdown: `<Some text${TAIL_MARK}>` });
    expect(followTail(anchor, 'Some text, and more of it: ok', repair)).not.toBe(anchor);
    expect(followTail(anchor, "Some text, and more isn't it", repair)).toBe(anchor);
    expect(followTail(anchor, 'Some text and www.example', repair)).not.toBe(anchor);
    expect(followTail(anchor, 'Some text *and', repair)).toMatchObject({
      source: 'Some text *and',
    });
    expect(followTail(anchor, 'Some text *and*', repair)).toBeNull();
    expect(followTail(null, 'A **bold** end.', repair)).toMatchObject({ source: 'A **bold** end' });
    expect(followTail(null, 'A **bold**.', repair)).toBeNull();
  });

  it('anchors only after a plain word, and never in text with math', () => {
    expect(isAnchorable('A sentence that ends in a word')).toBe(true);
    expect(isAnchorable('Ünïcödé 中文')).toBe(true);
    expect(isAnchorable('ends with a space ')).toBe(false);
    expect(isAnchorable('**bold')).toBe(true);
    expect(isAnchorable('a**bold')).toBe(false);
    expect(isAnchorable('see www.example')).toBe(false);
    expect(isAnchorable('a [link')).toBe(true);
    expect(isAnchorable('a](link')).toBe(false);
    expect(isAnchorable('costs $5 each')).toBe(false);
    expect(isAnchorable('Step\n1')).toBe(false);
    expect(isAnchorable('![an image alt')).toBe(false);
    expect(isAnchorable('')).toBe(false);
  });

  it('cannot be forged by model text: the mark is removed before parsing', () => {
    const { root, element } = mount();
    flushSync(() =>
      root.render(<TextBlockView block={textBlock(`one ${TAIL_MARK} two`)} streaming />),
    );
    expect(element.textContent).toContain('one  two');
    expect(element.innerHTML).not.toContain(TAIL_MARK);
  });
});
