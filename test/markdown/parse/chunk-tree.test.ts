/*
 * A chunk of finished blocks that grows while a reply streams parses only its new blocks
 * (chunk-tree.ts). That is an optimisation, never a change in what is rendered: at every token
 * of a random stream, each finished chunk's resumed tree must be the tree of a whole parse.
 */
import fc from 'fast-check';
import type { Root } from 'hast';
import { describe, expect, it, vi } from 'vitest';
import type { ChunkTree, MarkdownStream } from '../../../src/markdown/index.js';
import { parseMarkdown, resumeChunkTree, streamMarkdown } from '../../../src/markdown/index.js';
import type { MarkdownPipelineOptions } from '../../../src/markdown/parse/pipeline.js';
import { createMarkdownPipeline } from '../../../src/markdown/parse/pipeline.js';
import type { MarkdownProcessor } from '../../../src/markdown/parse/processor.js';
import { twinOf } from '../../../src/markdown/parse/processor.js';
import { fuzzRuns, fuzzTimeout } from '../../fuzz-runs.js';

const pipeline = (rest: Partial<MarkdownPipelineOptions> = {}) =>
  createMarkdownPipeline({
    idPrefix: 'p-',
    footnoteLabel: 'Footnotes',
    footnoteBackLabel: () => 'Back',
    ...rest,
  });

/** What `processor` parses, in order, its twin without literal autolinks included. */
function spyOnParse(processor: MarkdownProcessor) {
  const spies = [processor, twinOf(processor)].flatMap((p) => (p ? [vi.spyOn(p, 'parse')] : []));
  return {
    mock: {
      get calls() {
        return spies
          .flatMap((spy) =>
            spy.mock.calls.map((call, i) => ({ call, at: spy.mock.invocationCallOrder[i] ?? 0 })),
          )
          .sort((a, b) => a.at - b.at)
          .map(({ call }) => call);
      },
    },
  };
}

/** Finished blocks with these sources, as the split cuts them (new objects each time). */
const blocks = (sources: string[]) =>
  sources.map((source) => ({ source, fence: false, closed: true }));

/** A tree without source positions (a block parsed alone starts at line 1). */
function withoutPositions(tree: Root): unknown {
  return JSON.parse(
    JSON.stringify(tree, (key, value: unknown) => (key === 'position' ? undefined : value)),
  );
}

// Whole blocks and the pieces that make blocks merge or split: loose and nested lists with
// indented continuations, fences holding blank lines, tables, quotes, setext headings, rules,
// indented code, HTML, hard breaks, references and footnotes (which keep the text whole).
const PIECES = [
  'A paragraph with *emphasis*, `code` and a [link](https://example.com).\n\n',
  'Two lines\nof one paragraph.\n\n',
  '# Heading\n\n',
  'Setext\n===\n\n',
  '- one\n- two\n\n',
  '- loose\n\n- list\n\n',
  '  continued item text\n\n',
  '1. first\n2. second\n   - nested\n\n',
  '```js\nconst a = 1;\n\nconst b = 2;\n```\n\n',
  '~~~\ncode\n~~~\n\n',
  '    indented code\n\n',
  '| a | b |\n| - | - |\n| 1 | 2 |\n\n',
  '> quoted\n> more\n\n',
  '> lazy\ncontinuation\n\n',
  '---\n\n',
  '<div>html</div>\n\n',
  'hard  \nbreak\n\n',
  'www.example.com and a@b.co\n\n',
  '- [x] task\n\n',
  '~~struck~~ text\n\n',
  'See [the docs][docs].\n\n',
  '[docs]: https://example.com\n\n',
  'A note[^1].\n\n',
  '[^1]: The note.\n\n',
  '\n',
  'text',
];

describe('resumeChunkTree', { timeout: fuzzTimeout(120_000) }, () => {
  it('gives each finished chunk at every token the tree a whole parse gives', () => {
    const processor = pipeline();
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 40 }),
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 8 }),
        (pieces, cuts) => {
          const text = pieces.join('');
          let stream: MarkdownStream | null = null;
          // What each chunk view keeps, by its index, as the view does.
          const trees = new Map<number, ChunkTree>();
          let at = 0;
          for (let index = 0; at < text.length; index++) {
            at = Math.min(text.length, at + (cuts[index % cuts.length] ?? 1));
            const streaming = at < text.length;
            stream = streamMarkdown(stream, {
              text: text.slice(0, at),
              citations: [],
              streaming,
              reveals: 1,
            });
            stream.chunks.forEach((chunk, position) => {
              if (chunk.plain || (chunk.tail && !chunk.complete)) return;
              const previous = trees.get(position) ?? null;
              const next = resumeChunkTree(previous, processor, chunk.source, chunk.blocks);
              trees.set(position, next);
              // A tree handed back unchanged was compared when it was made.
              if (next === previous) return;
              expect(withoutPositions(next.tree)).toEqual(
                withoutPositions(parseMarkdown(processor, chunk.source)),
              );
            });
          }
        },
      ),
      { numRuns: fuzzRuns(150) },
    );
    // A hundred and fifty streams, each parsed whole at every token that changed a chunk: a loaded CI
    // machine runs it in several seconds.
  });

  it('parses only the blocks a chunk gained, and nothing when it did not change', () => {
    const processor = pipeline();
    const parse = spyOnParse(processor);
    const one = resumeChunkTree(null, processor, 'One.\n\n', blocks(['One.\n\n']));
    const same = resumeChunkTree(one, processor, 'One.\n\n', blocks(['One.\n\n']));
    expect(same).toBe(one);
    // The same first block cut again by the split (a new object, the same source).
    resumeChunkTree(one, processor, 'One.\n\nTwo.\n\n', blocks(['One.\n\n', 'Two.\n\n']));
    expect(parse.mock.calls.map(([file]) => String(file))).toEqual(['One.\n\n', 'Two.\n\n']);
  });

  it('parses the chunk whole when its first blocks changed, or for an app plugin', () => {
    const ours = pipeline();
    const parse = spyOnParse(ours);
    const list = resumeChunkTree(null, ours, '- a\n\n', blocks(['- a\n\n']));
    // The item went on after its blank line: its block is another now, with a block after it.
    const source = '- a\n\n  b\n\nNext.\n\n';
    const grown = resumeChunkTree(list, ours, source, blocks(['- a\n\n  b\n\n', 'Next.\n\n']));
    expect(parse.mock.calls.at(-1)?.map(String)).toEqual([source]);
    expect(withoutPositions(grown.tree)).toEqual(withoutPositions(parseMarkdown(ours, source)));

    // A heading-slug counter reads across blocks: with any app plugin, chunks parse whole.
    const withPlugin = pipeline({ rehypePlugins: [() => undefined] });
    const parseWith = spyOnParse(withPlugin);
    const first = resumeChunkTree(null, withPlugin, '# A\n\n', blocks(['# A\n\n']));
    resumeChunkTree(first, withPlugin, '# A\n\n# A\n\n', blocks(['# A\n\n', '# A\n\n']));
    expect(parseWith.mock.calls.map(([file]) => String(file))).toEqual([
      '# A\n\n',
      '# A\n\n# A\n\n',
    ]);
  });
});
