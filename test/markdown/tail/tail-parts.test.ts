/*
 * A streaming table or list is parsed in parts (finished rows or items, each parsed once) and a
 * live row or item (parsed per token). That is an optimisation, never a change in output: at
 * every prefix of a random stream, the parts joined must be exactly the tree one parse of the
 * whole repaired tail gives, and the parse work per token must not grow with the table.
 */
import fc from 'fast-check';
import type { Root, RootContent } from 'hast';
import { describe, expect, it } from 'vitest';
import type { LastChunkTail } from '../../../src/markdown/index.js';
import {
  createMarkdownPipeline,
  parseMarkdown,
  streamMarkdown,
} from '../../../src/markdown/index.js';
import { followLastChunkTail } from '../../../src/markdown/tail/last-chunk-tail.js';
import type { MarkdownProcessor } from '../../../src/markdown/parse/processor.js';
import {
  closeInlineSyntax,
  repairMarkdownTail,
} from '../../../src/markdown/repair/repair-markdown.js';
import { splitMarkdownBlocks } from '../../../src/markdown/split/split-blocks.js';
import { joinTailTree, parseTailTree } from '../../../src/markdown/tail/tail-parts-tree.js';
import type { TailSplit } from '../../../src/markdown/tail/tail-parts.js';
import { followTailSplit, partMarkdown } from '../../../src/markdown/tail/tail-parts.js';

function pipeline(plugins: (() => (tree: Root) => void)[] = []): MarkdownProcessor {
  return createMarkdownPipeline({
    idPrefix: 'p-',
    footnoteLabel: 'Footnotes',
    footnoteBackLabel: () => 'Back',
    rehypePlugins: plugins,
  });
}

const TABLE_ELEMENTS = new Set(['table', 'thead', 'tbody', 'tr']);

/** The tree without source positions, and without the whitespace a table never renders. */
function normalized(node: Root | RootContent): unknown {
  const { position: _position, ...rest } = node as RootContent & { position?: unknown };
  if (!('children' in rest)) return rest;
  const table = rest.type === 'element' && TABLE_ELEMENTS.has(rest.tagName);
  const children = (rest.children as RootContent[])
    .filter((child) => !(table && child.type === 'text' && child.value.trim() === ''))
    .map(normalized);
  return { ...rest, children };
}

function withoutTrailingBlanks(text: string): string {
  return text.replace(/[ \t]+$/, '');
}

/** What a cell or an item's text holds: prose and markup, and now and then markup left open. */
const INLINE = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.constantFrom(
      'words',
      'more words',
      '**bold**',
      '*em*',
      '`code`',
      '[link](https://x.example)',
      '~~gone~~',
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '**',
      '*',
      '_',
      '`',
      '[',
      '](https://x.example)',
      '<b>',
      '\\|',
      '&amp;',
      '$',
      '~~',
      'snake_case',
    ),
  },
);
const inline = fc.array(INLINE, { minLength: 1, maxLength: 4 }).map((p) => p.join(' '));

/** Lines that end a table or a list, or continue it oddly. */
const BREAKERS = [
  '\n',
  '> q\n',
  'text\n',
  '# h\n',
  '---\n',
  '    code\n',
  '- - -\n',
  '|---|---|\n',
];

const tableRow = fc
  .array(inline, { minLength: 1, maxLength: 3 })
  .map((cells) => `| ${cells.join(' | ')} |\n`);
const tableLine = fc.oneof(
  { weight: 8, arbitrary: tableRow },
  { weight: 1, arbitrary: fc.constantFrom(...BREAKERS) },
);

const listItem = (marker: string) =>
  fc
    .tuple(
      inline,
      fc.array(
        fc.oneof(
          inline.map((text) => `  - ${text}\n`),
          inline.map((text) => `    ${text}\n`),
          fc.constantFrom('\n', '  ```\n  code\n  ```\n', '  > q\n', 'lazy\n', '- [ ] task\n'),
        ),
        { maxLength: 2 },
      ),
    )
    .map(([text, lines]) => `${marker} ${text}\n${lines.join('')}`);
const listLine = (marker: string) =>
  fc.oneof(
    { weight: 8, arbitrary: listItem(marker) },
    { weight: 1, arbitrary: fc.constantFrom(...BREAKERS, '* other\n', '1) other\n', '2. two\n') },
  );

const TABLE_HEAD = '| h1 | h2 |\n| :--- | ---: |\n';

interface Counts {
  split: number;
  joined: number;
}

/** Streams `text` a few characters at a time, checking the join at every prefix. */
function checkStream(processor: MarkdownProcessor, text: string, cuts: number[], counts: Counts) {
  let previous: TailSplit | null = null;
  let previousStart = -1;
  let at = 0;
  for (let index = 0; at < text.length; index++) {
    at = Math.min(text.length, at + (cuts[index % cuts.length] ?? 1));
    const prefix = text.slice(0, at);
    const blocks = splitMarkdownBlocks(prefix);
    const last = blocks.at(-1);
    if (last === undefined || last.fence) continue;
    const start = prefix.length - last.source.length;
    const tail = withoutTrailingBlanks(last.source);
    const resumed = start === previousStart ? previous : null;
    const split = followTailSplit(resumed, tail, closeInlineSyntax);
    // Resuming gives the split a fresh start gives.
    const fresh = followTailSplit(null, tail, closeInlineSyntax);
    expect(split?.parts.map((part) => part.source)).toEqual(
      fresh?.parts.map((part) => part.source),
    );
    expect(split?.live).toEqual(fresh?.live);
    if (resumed !== null && split !== null) {
      // Closed parts keep their objects.
      resumed.parts.slice(0, -1).forEach((part, position) => {
        expect(split.parts[position]).toBe(part);
      });
    }
    [previous, previousStart] = [split, start];
    if (split === null) continue;
    counts.split++;
    expect(split.parts.map((part) => part.source).join('') + split.live).toBe(
      split.kind === 'table' ? tail.slice(split.head.length) : tail,
    );
    const tree = parseTailTree(
      processor,
      split,
      repairMarkdownTail(partMarkdown(split, split.live)),
    );
    if (tree === null) continue;
    counts.joined++;
    const whole = parseMarkdown(processor, repairMarkdownTail(tail));
    expect(normalized(joinTailTree(tree)), JSON.stringify(prefix)).toEqual(normalized(whole));
  }
}

describe('streaming tables and lists in parts', () => {
  const processor = pipeline();
  const streams = (lines: fc.Arbitrary<string>, head: fc.Arbitrary<string>) =>
    fc.record({
      text: fc
        .tuple(head, fc.array(lines, { minLength: 1, maxLength: 24 }))
        .map(([start, rest]) => start + rest.join('')),
      cuts: fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 20 }),
    });

  it('joins a table to what one parse of the whole tail gives, at every prefix', () => {
    const counts = { split: 0, joined: 0 };
    fc.assert(
      fc.property(
        streams(tableLine, fc.constantFrom(TABLE_HEAD, '| a |\n|---|\n', 'a | b\n--|--\n')),
        ({ text, cuts }) => checkStream(processor, text, cuts, counts),
      ),
      { numRuns: 30, seed: 15 },
    );
    // The property would hold with nothing split: the streams do exercise the parts.
    expect(counts.joined).toBeGreaterThan(150);
  }, 120_000);

  it('joins a list to what one parse of the whole tail gives, at every prefix', () => {
    const counts = { split: 0, joined: 0 };
    fc.assert(
      fc.property(
        fc
          .constantFrom('-', '*', '1.', '3)')
          .chain((marker) => streams(listLine(marker), fc.constant(''))),
        ({ text, cuts }) => checkStream(processor, text, cuts, counts),
      ),
      { numRuns: 60, seed: 15 },
    );
    expect(counts.joined).toBeGreaterThan(150);
  }, 120_000);
});

describe('the parse work per token', () => {
  /** A processor that counts the characters it parses. */
  function countingProcessor() {
    const processor = pipeline();
    const counter = { characters: 0 };
    const counting = {
      parse: (markdown: string) => {
        counter.characters += markdown.length;
        return processor.parse(markdown);
      },
      runSync: (tree: never) => processor.runSync(tree),
    } as unknown as MarkdownProcessor;
    return { counting, counter };
  }

  /**
   * Streams `body` after `head` in 4-character tokens, parsing what the view parses (the split
   * tail's pieces, or the tail whole), and gives the characters parsed per token.
   */
  function parsedPerToken(head: string, body: string): number[] {
    const { counting, counter } = countingProcessor();
    let stream = streamMarkdown(null, {
      text: head,
      citations: [],
      streaming: true,
      reveals: 1,
    });
    let lastChunkTail: LastChunkTail | null = null;
    let lastKey: unknown[] = [];
    const perToken: number[] = [];
    for (let at = 4; at <= body.length; at += 4) {
      stream = streamMarkdown(stream, { ...stream.input, text: head + body.slice(0, at) });
      counter.characters = 0;
      lastChunkTail = followLastChunkTail(lastChunkTail, stream, {
        repair: { repairMarkdownTail, closeInlineSyntax },
        anchoring: true,
        release: null,
      });
      const { tail, tailSplit } = lastChunkTail;
      // The view parses again only when what it parses from changed (its memo).
      const key = [tailSplit?.parts, tail?.markdown];
      if (tail !== null && key.some((value, index) => value !== lastKey[index])) {
        if (tailSplit === null || parseTailTree(counting, tailSplit, tail.markdown) === null) {
          counting.parse(tail.markdown);
        }
      }
      lastKey = key;
      perToken.push(counter.characters);
    }
    return perToken;
  }

  const section = '## Section\n\nSome *prose* with `code` and [a link](https://x.example).\n\n';
  const longAnswer = section.repeat(Math.ceil(200_000 / section.length));

  it('stays flat while a table grows row by row below a 200 KB answer', () => {
    const rows = Array.from(
      { length: 300 },
      (_, index) => `| row ${index} | **${index * 7}** ms | \`r${index}\` | some words here |\n`,
    ).join('');
    const head = `${longAnswer}| Name | Cost | Key | Notes |\n| :--- | ---: | :---: | --- |\n`;
    const perToken = parsedPerToken(head, rows);
    const tenth = Math.floor(perToken.length / 10);
    const first = Math.max(...perToken.slice(tenth, 2 * tenth));
    const last = Math.max(...perToken.slice(-tenth));
    // A token parses the live row below the head, or a finished part of at most 16 rows once
    // (rows get a digit longer on the way).
    expect(last).toBeLessThanOrEqual(first * 1.2);
    expect(last).toBeLessThan(2_000);
    // Spread over the rows, a part costs about its rows once: no token re-parses the table.
    const total = perToken.reduce((sum, value) => sum + value, 0);
    expect(total / perToken.length).toBeLessThan(200);
  }, 120_000);

  it('stays flat while a list grows item by item below a 200 KB answer', () => {
    const items = Array.from(
      { length: 300 },
      (_, index) =>
        `${index + 1}. Item ${index} with **bold** words and \`code\`.\n   - a nested point\n`,
    ).join('');
    const perToken = parsedPerToken(longAnswer, items);
    const tenth = Math.floor(perToken.length / 10);
    const first = Math.max(...perToken.slice(tenth, 2 * tenth));
    const last = Math.max(...perToken.slice(-tenth));
    expect(last).toBeLessThanOrEqual(first * 1.2);
    expect(last).toBeLessThan(2_000);
  }, 120_000);
});
