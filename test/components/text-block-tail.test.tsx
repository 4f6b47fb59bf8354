/*
 * The streaming tail keeps its parse while tokens only add prose (tail-anchor.ts). That is an
 * optimisation, never a change in what the user sees: at every token of a random stream, the
 * text block must show exactly what a full parse of the tail shows, or of the tail without a
 * short run of markup at its very end (held back until a word follows it, or the stream pauses).
 */
import fc from 'fast-check';
import * as React from 'react';
import { flushSync } from 'react-dom';
import { describe, expect, it } from 'vitest';
import { TailAnchoringContext } from '../../src/components/blocks/text/markdown.js';
import {
  closeInlineSyntax,
  repairMarkdownTail,
} from '../../src/markdown/repair/repair-markdown.js';
import type { MarkdownStream } from '../../src/markdown/stream.js';
import { streamMarkdown } from '../../src/markdown/stream.js';
import type { LastChunkTail } from '../../src/markdown/tail/last-chunk-tail.js';
import { followLastChunkTail } from '../../src/markdown/tail/last-chunk-tail.js';
import { TAIL_MARK } from '../../src/markdown/marks.js';
import { textBlock } from '../../src/core.js';
import { TextBlockView } from '../../src/index.js';
import { mount } from './mount-root.js';
import { fuzzRuns, fuzzTimeout } from '../fuzz-runs.js';

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
  '4.65',
  '1,000',
  '😀',
  // Hidden characters, each shown as a marker element: letters and marks (Hangul fillers, a
  // variation selector) that would otherwise pass for prose, and a character reference.
  '\u3164',
  '\u115F',
  '\uFE0F',
  '\u200B',
  '\u2800',
  '&#8203;',
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
  '2) ',
  '+ ',
  '* ',
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

// Spans of emphasis, strikethrough and code amid prose, mostly closed with the delimiters that
// opened them and followed by a space or punctuation: typed after an anchor (typed-spans.ts), or
// the closers the repair added, typed.
const word = fc.constantFrom('alpha', 'beta', 'été', '中文', '42', '4.65');
const prose = fc
  .array(
    fc.tuple(
      fc.constantFrom('', '', '', '('),
      word,
      fc.constantFrom('', '', '', '.', ',', ')', "'s", ':', '!', '-'),
    ),
    { minLength: 1, maxLength: 5 },
  )
  .map((words) => words.map((parts) => parts.join('')).join(' '));
const delimiter = fc.constantFrom('`', '``', '*', '**', '***', '_', '__', '~~', '~');
const span = fc
  .tuple(
    delimiter,
    prose,
    fc.constantFrom('', '', '', '', ' '),
    fc.option(delimiter, { freq: 5 }),
    fc.constantFrom(' ', ' ', ' ', '. ', ', ', '', ')'),
  )
  .map(([open, inner, blank, close, next]) => ` ${open}${inner}${blank}${close ?? open}${next}`);
const spanStreams = fc.record({
  text: fc
    .array(
      fc.oneof(
        { arbitrary: prose, weight: 2 },
        { arbitrary: span, weight: 3 },
        // A table, then its rows' cells, typed after the anchor too.
        fc.constantFrom('\n\n| a | b | c |\n| - | :-: | - |\n| x | y | z |\n| ', ' | ', ' |\n| '),
        // Line starts, and places where markdown shows as written (code blocks, raw HTML).
        fc.constantFrom(
          '\n',
          '\n\n',
          '\n- ',
          '| ',
          '[',
          '](x)',
          '# ',
          '\n\n    ',
          '<i>',
          '\n- ```\n  ',
        ),
      ),
      { minLength: 1, maxLength: 16 },
    )
    .map((pieces) => pieces.join('')),
  cuts: fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 30 }),
});

/** The engine's repair, for counting what the view shows after closers. */
const repair = { repairMarkdownTail, closeInlineSyntax };

function* fragments(text: string, cuts: readonly number[]): Generator<string> {
  let at = 0;
  for (let index = 0; at < text.length; index++) {
    const size = cuts[index % cuts.length] ?? 4;
    yield text.slice(0, (at = Math.min(text.length, at + size)));
  }
}

/** `text` without the link destination still arriving, or the run of ASCII markup, at its end. */
function withoutTrailingMarkup(text: string): string {
  const link = /\]\([^\s()]*$/.exec(text);
  if (link) return text.slice(0, link.index);
  const run = /[^0-9A-Za-z\u0080-\uFFFF]+$/.exec(text);
  if (run && run[0].length > 8)
    throw new Error(`more than 8 characters held: ${JSON.stringify(text)}`);
  return run ? text.slice(0, run.index) : text;
}

/**
 * Streams `text` in fragments of `cuts` characters into an anchored view and a reference that
 * parses the whole tail per token, and compares them at every token; returns how many tokens
 * showed the tail without its last markup (which must match the reference without it).
 */
function compareAtEveryToken(text: string, cuts: readonly number[]): number {
  const anchored = mount();
  const reference = mount();
  const renderReference = (source: string) => {
    flushSync(() =>
      reference.root.render(
        <TailAnchoringContext.Provider value={false}>
          <TextBlockView block={textBlock(source, { id: 'tail' })} streaming />
        </TailAnchoringContext.Provider>,
      ),
    );
    return shown(reference.element);
  };
  let held = 0;
  try {
    for (const prefix of fragments(text, cuts)) {
      const block = textBlock(prefix, { id: 'tail' });
      flushSync(() => anchored.root.render(<TextBlockView block={block} streaming />));
      const actual = shown(anchored.element);
      if (actual === renderReference(prefix)) continue;
      // Otherwise only the end may be missing: a link destination still arriving, or at most
      // 8 characters of markup before the trailing blanks (which never show).
      const before = withoutTrailingMarkup(prefix.replace(/[ \t]+$/, ''));
      expect(actual, JSON.stringify(prefix)).toBe(renderReference(before));
      held++;
    }
  } finally {
    anchored.root.unmount();
    reference.root.unmount();
  }
  return held;
}

describe('the streaming tail', { timeout: fuzzTimeout(240_000) }, () => {
  it('shows at every token what a full parse of the tail shows, or holds back its last markup', () => {
    let held = 0;
    fc.assert(
      fc.property(streams, ({ text, cuts }) => {
        held += compareAtEveryToken(text, cuts);
      }),
      // A fixed seed: how often markup is held back depends on the streams drawn, and the count
      // below must not depend on chance.
      { numRuns: fuzzRuns(200), seed: 2024 },
    );
    // The property would hold with nothing held back: the streams do exercise holding.
    expect(held).toBeGreaterThan(50);
  });

  it('shows what a full parse shows as spans and cells are typed after the anchor', () => {
    let closed = 0;
    let typed = 0;
    let cells = 0;
    fc.assert(
      fc.property(spanStreams, ({ text, cuts }) => {
        compareAtEveryToken(text, cuts);
        let stream: MarkdownStream | null = null;
        let tail: LastChunkTail | null = null;
        for (const prefix of fragments(text, cuts)) {
          stream = streamMarkdown(stream, {
            text: prefix,
            citations: [],
            streaming: true,
            reveals: 0,
          });
          tail = followLastChunkTail(tail, stream, { repair, anchoring: true, release: null });
          if (tail.tail?.closed) closed++;
          if (tail.tail?.spans.length) typed++;
          if (tail.tail?.cells.length) cells++;
        }
      }),
      { numRuns: fuzzRuns(120), seed: 7 },
    );
    // The property would hold if nothing were shown after closers, and no span or cell were
    // typed after an anchor: the streams do exercise all three.
    expect(closed).toBeGreaterThan(10);
    expect(typed).toBeGreaterThan(100);
    expect(cells).toBeGreaterThan(10);
  });

  it.each([
    // Punctuation before the closers the repair adds changes how they flank (`-***_`).
    '****_alpha- beta',
    '**alpha, ~~beta. gamma',
    // A link destination still arriving after a blank, in an indented code block.
    '    _alpha1. ](alpha',
    // `)` after a `_` that the repair would close, until the `)` makes it a destination.
    '](_ alpha)alpha',
    'alpha```\n:-',
    // The closers the repair added, typed; its repair then closes the first `**` as well.
    '**a ***b*** c',
    // Backticks typed after an anchor, in a list item below a paragraph with a run as long.
    ' **alpha` \n\n ``alpha__ \n-  ``alpha** alpha ``alpha`` alpha',
    // A list right below a streaming table's rows: no cells to type in it.
    ' `alpha` \n\n| a | b | c |\n| - | :-: | - |\n| x | y | z |\n| \n- alpha',
  ])('shows what a full parse shows in a stream that once broke the rules: %j', (text) => {
    compareAtEveryToken(text, [1]);
  });

  it('shows the same under StrictMode, which renders twice and throws one render away', () => {
    const strict = mount();
    const plain = mount();
    fc.assert(
      fc.property(streams, ({ text, cuts }) => {
        const key = Math.random();
        for (const prefix of fragments(text, cuts)) {
          const block = textBlock(prefix, { id: 'tail' });
          flushSync(() => {
            strict.root.render(
              <React.StrictMode>
                <TextBlockView key={key} block={block} streaming />
              </React.StrictMode>,
            );
            plain.root.render(<TextBlockView key={key} block={block} streaming />);
          });
          expect(shown(strict.element), JSON.stringify(prefix)).toBe(shown(plain.element));
        }
      }),
      { numRuns: fuzzRuns(50) },
    );
  });

  it('shows each hidden character as a marker at every token, never raw, with the note', () => {
    const { root, element } = mount();
    const text = 'Words then ab\u3164cd more words and ef\u200Bgh then words\u2800 and the end';
    const content = () => element.querySelector('[data-slot="text-block-content"]');
    for (let end = 1; end <= text.length; end++) {
      const prefix = text.slice(0, end);
      flushSync(() => root.render(<TextBlockView block={textBlock(prefix)} streaming />));
      const shownText = content()?.textContent ?? '';
      expect(shownText, JSON.stringify(prefix)).not.toMatch(/[\u3164\u200B\u2800]/);
      if (end > 'Words then ab\u3164'.length) {
        expect(shownText).toContain('ab[U+3164]');
        expect(element.querySelector('[data-hidden-characters]')).not.toBeNull();
      }
    }
    expect(content()?.textContent).toContain('ef[U+200B]gh then words[U+2800] and the end');
    expect(element.querySelector('[data-slot="hidden-characters-note"]')).not.toBeNull();
  });

  it('shows held-back markup when the next word arrives, or after a pause', async () => {
    const { root, element } = mount();
    const render = (text: string) =>
      flushSync(() => root.render(<TextBlockView block={textBlock(text)} streaming />));
    const content = () =>
      element.querySelector('[data-slot="text-block-content"]')?.textContent?.trim();
    render('Some text');
    render('Some text &');
    expect(content()).toBe('Some text');
    render('Some text & see');
    expect(content()).toBe('Some text & see');
    render('Some text & see it');
    render('Some text & see it |');
    expect(content()).toBe('Some text & see it');
    await expect.poll(content, { timeout: 1000 }).toBe('Some text & see it |');
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
