import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { BlockGrouping } from '../../../src/markdown/chunk/group-blocks.js';
import { groupBlocks, resumeGrouping } from '../../../src/markdown/chunk/group-blocks.js';
import type { LimitScan } from '../../../src/markdown/chunk/parse-limits.js';
import {
  exceedsMarkdownLimits,
  scanMarkdownLimits,
} from '../../../src/markdown/chunk/parse-limits.js';
import {
  hasDefinitions,
  resumeMarkdownBlocks,
  splitMarkdownBlocks,
} from '../../../src/markdown/split/split-blocks.js';
import { fuzzRuns, fuzzTimeout } from '../../fuzz-runs.js';

const sources = (text: string) => splitMarkdownBlocks(text).map((block) => block.source);

describe('splitMarkdownBlocks', { timeout: fuzzTimeout(60_000) }, () => {
  it('splits paragraphs at blank lines, keeping the blank lines with the block before', () => {
    expect(sources('One.\n\nTwo\nlines.\n\n\nThree.')).toEqual([
      'One.\n\n',
      'Two\nlines.\n\n\n',
      'Three.',
    ]);
  });

  it('keeps a fence that contains blank lines in one block, and marks it closed', () => {
    const text = 'Intro.\n\n```python\ndef f():\n\n    return 1\n\n```\nAfter.';
    const blocks = splitMarkdownBlocks(text);
    expect(blocks.map((block) => block.source)).toEqual([
      'Intro.\n\n',
      '```python\ndef f():\n\n    return 1\n\n```\n',
      'After.',
    ]);
    expect(blocks[1]).toMatchObject({ fence: true, closed: true });
  });

  it('runs an unclosed fence to the end of the text, marked open', () => {
    const blocks = splitMarkdownBlocks('Text.\n\n```js\nconst a = 1;\n\nconst b');
    expect(blocks).toHaveLength(2);
    expect(blocks[1]).toMatchObject({
      source: '```js\nconst a = 1;\n\nconst b',
      fence: true,
      closed: false,
    });
  });

  it('keeps a loose list, its indented paragraphs and nested fences in one block', () => {
    const list = '- one\n\n- two\n\n  more about two\n\n  ```\n  code\n\n  ```\n\n1. three\n';
    expect(sources(`${list}\nAfter.`)).toEqual([`${list}\n`, 'After.']);
  });

  it('starts a new block at a fence that interrupts a paragraph', () => {
    expect(sources('Look:\n```\nx\n```\nDone.')).toEqual(['Look:\n', '```\nx\n```\n', 'Done.']);
  });

  it('keeps a table in one block', () => {
    const table = '| a | b |\n| --- | --- |\n| 1 | 2 |\n';
    expect(sources(`Intro.\n\n${table}\nEnd.`)).toEqual(['Intro.\n\n', `${table}\n`, 'End.']);
  });

  it('keeps a document with reference definitions or footnotes whole', () => {
    const text = 'See [the docs][docs].\n\nMore.\n\n[docs]: https://example.com\n';
    expect(sources(text)).toEqual([text]);
    expect(sources('A[^1].\n\nB.\n\n[^1]: Note.')).toHaveLength(1);
  });

  it('returns nothing for empty text', () => {
    expect(splitMarkdownBlocks('')).toEqual([]);
  });

  it('gives the text back when the blocks are joined', () => {
    const alphabet = [
      'a',
      ' ',
      '\n',
      '\n\n',
      '```',
      '~~~',
      '- ',
      '1. ',
      '> ',
      '|',
      '[x]: y',
      '$$',
      '    ',
      '\t',
      '*',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...alphabet), { maxLength: 60 }), (parts) => {
        const text = parts.join('');
        expect(sources(text).join('')).toBe(text);
      }),
      { numRuns: fuzzRuns(500) },
    );
  });

  it('splits a 200 KB document in linear time', () => {
    const section =
      '## Heading\n\nSome *prose* with `code` and [a link](https://example.com).\n\n- a\n- b\n\n```ts\nconst x = 1;\n```\n\n';
    const text = section.repeat(Math.ceil(200_000 / section.length));
    const lines = text.split('\n').length;
    // Counted, not timed: the splitter looks for each line's end once, and the check for
    // definitions once more; anything that re-reads earlier lines would count per block.
    const lineSearches = vi.spyOn(String.prototype, 'indexOf');
    let blocks;
    let searches;
    try {
      blocks = splitMarkdownBlocks(text);
      searches = lineSearches.mock.calls.length;
    } finally {
      lineSearches.mockRestore();
    }
    expect(searches).toBeLessThanOrEqual(2 * lines);
    expect(blocks.length).toBeGreaterThan(1000);
  });
});

describe('exceedsMarkdownLimits', { timeout: fuzzTimeout(60_000) }, () => {
  const block = (source: string) => ({ source, fence: false, closed: true });

  it('lets ordinary markdown through', () => {
    expect(exceedsMarkdownLimits(block('Some **bold** and [link](https://example.com).'))).toBe(
      false,
    );
  });

  it('sends runs of unmatched delimiters, deep nesting and huge blocks to plain text', () => {
    expect(exceedsMarkdownLimits(block('*'.repeat(100_000)))).toBe(true);
    expect(exceedsMarkdownLimits(block('['.repeat(100_000)))).toBe(true);
    expect(exceedsMarkdownLimits(block(`${'>'.repeat(2000)} a`))).toBe(true);
    expect(exceedsMarkdownLimits(block(`${'- '.repeat(1000)}a`))).toBe(true);
    expect(exceedsMarkdownLimits(block('word '.repeat(10_000)))).toBe(true);
  });

  it('gives the same answer resumed token by token as read whole, at every prefix', () => {
    // Pieces repeated up to a few hundred times reach every limit: lines, delimiters, pipes
    // and nesting (`> ` and `- ` at a line start), also on a line still arriving.
    const piece = fc.constantFrom('> ', '- ', '1. ', '\n', '*', '[', '|', 'word ', '  ', '`');
    const text = fc
      .array(fc.tuple(piece, fc.integer({ min: 1, max: 700 })), { maxLength: 8 })
      .map((runs) => runs.map(([part, count]) => part.repeat(count)).join(''));
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 97 }), (source, step) => {
        let scan: LimitScan | null = null;
        for (let end = 0; end <= source.length; end += step) {
          scan = scanMarkdownLimits(scan, block(source.slice(0, end)));
          expect(scan.exceeded).toBe(exceedsMarkdownLimits(block(source.slice(0, end))));
        }
      }),
      { numRuns: fuzzRuns(80) },
    );
  });

  it('measures a fenced code block by its length only', () => {
    const code = `\`\`\`\n${'*['.repeat(10_000)}\n\`\`\`\n`;
    expect(exceedsMarkdownLimits({ source: code, fence: true, closed: true })).toBe(false);
  });
});

describe('groupBlocks', { timeout: fuzzTimeout(60_000) }, () => {
  const blocksOf = (text: string) => splitMarkdownBlocks(text);

  it('groups finished blocks into chunks that join back to the text', () => {
    const text = 'Paragraph.\n\n'.repeat(1000);
    const chunks = groupBlocks(blocksOf(text), false);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.length).toBeLessThan(20);
    expect(chunks.map((chunk) => chunk.source).join('')).toBe(text);
  });

  it('keeps the streaming tail, and blocks too costly to parse, in chunks of their own', () => {
    const text = `One.\n\n${'*'.repeat(5000)}\n\nTwo.\n\nThree`;
    const chunks = groupBlocks(blocksOf(text), true);
    expect(chunks.map((chunk) => [chunk.plain, chunk.tail])).toEqual([
      [false, false],
      [true, false],
      [false, false],
      [false, true],
    ]);
    expect(chunks[3]).toMatchObject({ source: 'Three', complete: false });
  });

  it('keeps earlier chunks unchanged while the text grows', () => {
    const text = 'Some words here.\n\n'.repeat(400);
    const before = groupBlocks(blocksOf(text), true).map((chunk) => chunk.source);
    const after = groupBlocks(blocksOf(`${text}More words.\n\nAnd more`), true).map(
      (chunk) => chunk.source,
    );
    expect(after.slice(0, before.length - 2)).toEqual(before.slice(0, -2));
  });

  it('groups the same resumed token by token as from scratch, reading only the last chunks', () => {
    // Paragraphs long enough to close chunks, blocks too costly to parse, fences, lists.
    const piece = fc.constantFrom(
      `${'Words in a long paragraph. '.repeat(30)}\n\n`,
      'Short.\n\n',
      `${'*'.repeat(2100)}\n\n`,
      '```js\ncode();\n```\n\n',
      '- item\n- item\n\n',
      'more words',
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 30 }),
        fc.integer({ min: 5, max: 400 }),
        (pieces, step) => {
          const text = pieces.join('');
          let split = resumeMarkdownBlocks(null, '');
          let grouping: BlockGrouping | null = null;
          for (let end = 0; end <= text.length; end += step) {
            split = resumeMarkdownBlocks(split, text.slice(0, end));
            const previous: BlockGrouping | null = grouping;
            const streaming = end < text.length;
            grouping = resumeGrouping(previous, split.blocks, streaming);
            expect(grouping.chunks).toEqual(groupBlocks(split.blocks, streaming));
            // A finished run kept is the same chunk, so its memoised renderer skips.
            const first = previous?.chunks[0];
            if (previous !== null && previous.chunks.length > 2 && first?.plain === false) {
              expect(grouping.chunks[0]).toBe(first);
            }
          }
        },
      ),
      { numRuns: fuzzRuns(100) },
    );
  });
});

describe('resumeMarkdownBlocks', { timeout: fuzzTimeout(60_000) }, () => {
  const pieces = fc.constantFrom(
    'Para text ',
    'more words',
    '\n',
    '\n\n',
    '- item\n',
    '1. first\n',
    '```js\n',
    '```\n',
    '~~~\n',
    '| a | b |\n',
    '|---|---|\n',
    '# Heading\n',
    '===\n',
    '---\n',
    '> quote\n',
    '    indented\n',
    '[ref]: https://example.com\n',
    '*',
    '`',
  );

  it('streams to the same blocks as splitting the whole text, keeping finished blocks', () => {
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 40 }), (parts) => {
        let split = resumeMarkdownBlocks(null, '');
        let text = '';
        for (const part of parts) {
          text += part;
          const previous = split;
          split = resumeMarkdownBlocks(previous, text);
          expect(split.blocks).toEqual(splitMarkdownBlocks(text));
          // Every block but the last two of the previous split is the same object (a definition
          // makes the whole text one block, so nothing is kept then).
          if (!hasDefinitions(text)) {
            previous.blocks.slice(0, -2).forEach((block, index) => {
              expect(split.blocks[index]).toBe(block);
            });
          }
        }
      }),
      { numRuns: fuzzRuns(300) },
    );
  });

  it('starts over when the text is not an extension of the previous one', () => {
    const first = resumeMarkdownBlocks(null, 'a\n\nb\n\nc\n\nd');
    expect(resumeMarkdownBlocks(first, 'x\n\ny').blocks).toEqual(splitMarkdownBlocks('x\n\ny'));
  });
});
