/*
 * The tail repair (repair-markdown.ts) closes unfinished markdown so that it never flashes raw
 * syntax; it must never show markup the model did not write. At every prefix of real answers and
 * generated ones, the text a streaming text block shows, less the library's own furniture
 * (citation markers, footnote labels, code-block chrome, hidden-character markers, link and
 * image notes), is a subsequence of the text written, blanks aside. Each prefix is rendered as a
 * stream paused on it shows it (the whole tail parsed, held-back markup released: what the
 * reference of text-block-tail.test.tsx shows), and as it streams (anchored). Deeper runs:
 * `FUZZ_RUNS=… npm run fuzz`.
 */
import fc from 'fast-check';
import rehypeKatex from 'rehype-katex';
import remarkMath from 'remark-math';
import * as React from 'react';
import { flushSync } from 'react-dom';
import { describe, expect, it } from 'vitest';
import { TailAnchoringContext } from '../../src/components/blocks/text/markdown.js';
import type { Citation } from '../../src/core.js';
import { textBlock } from '../../src/core.js';
import { TextBlockView } from '../../src/index.js';
import {
  HELP,
  LONG_STORY_PARAGRAPHS,
  MARKDOWN_REPORT,
  THINKING_ANSWER,
} from '../../demo/server/scenario-text.js';
import { FUZZING, fuzzRuns, fuzzTimeout } from '../fuzz-runs.js';
import { fixtureTexts } from './fixture-texts.js';
import { mount } from './mount-root.js';

const math = { remarkMath, rehypeKatex };
const CITATIONS: Citation[] = [
  { url: 'https://a.example/', title: 'A', span: [0, 12] },
  { url: 'https://b.example/', title: 'B' },
];

/** What the library adds around the model's text: never the model's words. */
const FURNITURE = [
  '[data-slot="citation"]',
  '[data-slot="invisible-char"]',
  '[data-slot="text-block-visually-hidden"]',
  '[data-slot="text-block-link-host"]',
  '[data-slot="text-block-link-target"]',
  '[data-slot="code-block-header"]',
  // An image shows a label naming its host; only one still streaming shows its alt text alone.
  '[data-slot="text-block-image"]:not([data-state="pending"])',
  // A footnote's number and its way back: in-page links to `…fn-…` and `…fnref-…`.
  'sup > a[href*="-fn-"]',
  'a[href*="-fnref-"]',
  '[id$="footnote-label"]',
].join(', ');

/**
 * The text a block shows, blanks left out, in reading order: the content, then each footnote
 * (gathered at the end of the text, so each is checked on its own).
 */
function shownTexts(element: HTMLElement): string[] {
  const content = element.querySelector('[data-slot="text-block-content"]');
  if (content === null) return [];
  const copy = content.cloneNode(true) as HTMLElement;
  for (const node of copy.querySelectorAll(FURNITURE)) node.remove();
  // Math shows its TeX source (the annotation KaTeX keeps), not the MathML built from it; a
  // hidden character in it is a marker in the text (MathML has no element for one).
  for (const node of copy.querySelectorAll('math')) {
    const tex = node.querySelector('annotation')?.textContent ?? '';
    node.replaceWith(tex.replace(/\[U\+[0-9A-F]{4,6}\]/g, ''));
  }
  // So does TeX that KaTeX could not read, shown as written.
  for (const node of copy.querySelectorAll('.katex-error')) {
    node.replaceWith((node.textContent ?? '').replace(/\[U\+[0-9A-F]{4,6}\]/g, ''));
  }
  const footnotes = [...copy.querySelectorAll('[data-footnotes] li')].map((item) => {
    item.remove();
    return item.textContent ?? '';
  });
  for (const section of copy.querySelectorAll('[data-footnotes]')) section.remove();
  return [copy.textContent ?? '', ...footnotes].map((text) => text.replace(/\s+/g, ''));
}

/**
 * How much of `shown` can be read in `written`, in order, skipping characters: all of it when
 * `shown` is a subsequence of `written`.
 */
function matchedLength(shown: string, written: string): number {
  let at = 0;
  let matched = 0;
  for (const char of shown) {
    at = written.indexOf(char, at);
    if (at === -1) return matched;
    at += char.length;
    matched += char.length;
  }
  return matched;
}

interface Views {
  paused: ReturnType<typeof mount>;
  streaming: ReturnType<typeof mount>;
}

function render(views: Views, text: string, streaming: boolean, options: Options) {
  const block = textBlock(text, {
    id: 'repairs',
    ...(options.citations ? { citations: options.citations } : {}),
  });
  const view = (
    <TextBlockView block={block} streaming={streaming} {...(options.math ? { math } : {})} />
  );
  flushSync(() => {
    views.paused.root.render(
      <TailAnchoringContext.Provider value={false}>{view}</TailAnchoringContext.Provider>,
    );
    if (options.anchored) views.streaming.root.render(view);
  });
}

interface Options {
  /** Render each prefix as it streams too, not only as a pause shows it. */
  anchored?: boolean;
  math?: boolean;
  citations?: Citation[];
}

/**
 * Renders every prefix of `text` (every `step` characters) as a streaming block, then the whole
 * text finished, and asserts that each shows only text written: the first prefix that does not
 * fails with what it showed.
 */
function expectOnlyWrittenText(text: string, options: Options = {}, step = 1) {
  const views = { paused: mount(), streaming: mount() };
  const check = (prefix: string, streaming: boolean) => {
    render(views, prefix, streaming, options);
    const written = prefix.replace(/\s+/g, '');
    for (const element of options.anchored ? [views.paused, views.streaming] : [views.paused]) {
      for (const shown of shownTexts(element.element)) {
        const matched = matchedLength(shown, written);
        if (matched < shown.length) {
          expect.fail(
            `shows ${JSON.stringify(shown.slice(Math.max(0, matched - 40)))} (not written ` +
              `from ${JSON.stringify(shown.slice(matched, matched + 10))}) for ` +
              `${JSON.stringify(prefix.slice(-120))} (${prefix.length} characters)`,
          );
        }
      }
    }
  };
  try {
    for (let end = 1; end <= text.length; end += step) check(text.slice(0, end), true);
    check(text, true);
    check(text, false);
  } finally {
    views.paused.root.unmount();
    views.streaming.root.unmount();
  }
}

/* -------------------------------------------------------------------------------------------------
 * Generated markdown
 * -----------------------------------------------------------------------------------------------*/

const word = fc.constantFrom('alpha', 'beta', 'été', '中文', '42', '4.65', 'a_b', 'x');
const inline = fc.oneof(
  { arbitrary: word, weight: 6 },
  fc.constantFrom(
    '**bold**',
    '*em*',
    '_em_',
    '***both***',
    '`code`',
    '``a ` b``',
    '~~gone~~',
    '[label](https://example.com/a)',
    '[ref][1]',
    '![alt text](https://img.example/a.png)',
    '<https://auto.example>',
    'www.example.com',
    'a@b.co',
    '$x^2$',
    '$$a+b$$',
    '[^1]',
    '\\*',
    '\\|',
    '&amp;',
    '&#8203;',
    '\u200B',
    '<b>raw</b>',
    '20:17.',
    ':',
    '|',
    '(',
    ')',
    '!',
  ),
);
const line = fc.array(inline, { minLength: 1, maxLength: 6 }).map((parts) => parts.join(' '));
const cells = (count: number) =>
  fc.array(line, { minLength: count, maxLength: count }).map((row) => `| ${row.join(' | ')} |`);
const table = fc
  .integer({ min: 1, max: 3 })
  .chain((count) =>
    fc.tuple(
      cells(count),
      fc.constantFrom('---', ':-:', '--:', ':--'),
      fc.array(cells(count), { maxLength: 2 }),
    ),
  )
  .map(
    ([head, align, rows]) =>
      `${head}\n|${` ${align} |`.repeat(head.split(' | ').length)}\n${rows.join('\n')}`,
  );
const block = fc.oneof(
  { arbitrary: line, weight: 4 },
  { arbitrary: table, weight: 3 },
  line.map((text) => `## ${text}`),
  fc
    .array(line, { minLength: 1, maxLength: 3 })
    .map((items) => items.map((i) => `- ${i}`).join('\n')),
  fc
    .array(line, { minLength: 1, maxLength: 3 })
    .map((items) => items.map((i, n) => `${n + 1}. ${i}`).join('\n')),
  line.map((text) => `- [x] ${text}\n- [ ] ${text}\n  - ${text}`),
  line.map((text) => `> ${text}`),
  fc
    .tuple(fc.constantFrom('```', '```ts', '~~~', '````md'), line)
    .map(([fence, code]) => `${fence}\n${code}\n${fence.slice(0, 3)}`),
  line.map((text) => `$$\n${text}\n$$`),
  line.map((text) => `[^1]: ${text}`),
  fc.constantFrom('---', '[1]: https://example.com/ref', '|', '| a |', '| a | b |\n|', ': a'),
);
const markdown = fc
  .array(fc.tuple(block, fc.constantFrom('\n\n', '\n\n', '\n', ' ')), {
    minLength: 1,
    maxLength: 5,
  })
  .map((blocks) =>
    blocks
      .map(([text, gap]) => text + gap)
      .join('')
      .trimEnd(),
  );

/* -------------------------------------------------------------------------------------------------
 * Tests
 * -----------------------------------------------------------------------------------------------*/

// Under a minute on a machine busy with other work; a deep run (`npm run fuzz`) is not timed.
describe('the streaming repair', { timeout: fuzzTimeout(180_000) }, () => {
  it('shows only text written at every prefix of generated markdown', () => {
    fc.assert(
      fc.property(markdown, (text) =>
        // Citations too: their markers are the library's, placed in the text as it streams.
        expectOnlyWrittenText(text, { anchored: true, citations: CITATIONS }),
      ),
      { numRuns: fuzzRuns(10) },
    );
  });

  it('shows only text written at every prefix of generated markdown, with math', () => {
    fc.assert(
      fc.property(markdown, (text) => expectOnlyWrittenText(text, { math: true })),
      { numRuns: fuzzRuns(6) },
    );
  });

  it('shows only text written at every prefix of the demo answers and the fixtures', () => {
    const story = `# The Keeper of Vell\n\n${LONG_STORY_PARAGRAPHS[0] ?? ''}`;
    for (const text of [MARKDOWN_REPORT, THINKING_ANSWER, HELP, story, ...fixtureTexts()]) {
      // Each prefix as a pause shows it: the whole tail repaired (a deep run adds the anchored
      // view, as the stream shows it between pauses).
      expectOnlyWrittenText(text, { anchored: FUZZING });
    }
  });

  it.each([
    // A table announced by its first `|`: one cell is not a table (a `| --- |` showed).
    'The time in Paris is 20:17.\n\n|',
    'The time in Paris is 20:17.\n\n| City | Time |\n|',
    // The `_` remend closes after the delimiter row the repair added, breaking it.
    '| a_b alpha |\n| --- |\n\n\n| alpha |\n| --- |',
    // A header row on a lazy line of a quote, or in a math block still open: no table there.
    '> alpha | alpha |\n| --- |',
    '$$\nalpha\n$$ | alpha |\n| --- |',
    // `$$` closed as `$$$$`, shown as text without math.
    '$$\nalpha\n$$',
    // remend's closing `_` where a `_` cannot open emphasis.
    '## _em_ a_b alpha',
    '- [x] _em_ alpha\n- [ ] _em_ alpha',
    // Backticks closed below the heading or table row whose code span they close.
    '## alpha ```\n**bold**\n```',
    '| **bold** |\n| --- |\n| **bold** | ```\nalpha\n```',
    // A header row on a lazy line of a footnote, or below a table's row without pipes.
    'alpha [^1]: alpha\n\n[^1]: alpha\n| alpha |\n| --- |',
    '| alpha |\n| --- |\n| alpha |\nalpha\n| alpha |\n| --- |',
    // A `_` closed before the line end after a header row (with a citation in it, below).
    '| **bold** a_b |\n| --- |',
    // A `_` that cannot open, closed after remend showed an unfinished link as its text.
    '- beta été a_b alpha\n- alpha - [x] alpha\n- [ ] alpha\n  - alpha\n\n| alpha |\n| --- |',
    // A hidden character in TeX that KaTeX cannot read: shown as the library's marker.
    '$$\n\u200B **bold**\n$$\n\n> alpha',
  ])('shows only text written in a stream that once broke the rule: %j', (text) => {
    expectOnlyWrittenText(text, { anchored: true });
    expectOnlyWrittenText(text, { anchored: true, math: true });
    expectOnlyWrittenText(text, { citations: CITATIONS });
  });
});
