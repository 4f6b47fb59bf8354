/*
 * A code block renders its lines in groups, of which only the last may change while a fence
 * streams. Pinned here at every prefix of random streams: the groups join to the code the fence
 * shows, a full group keeps its string (so its memoised element never re-renders), and the split
 * resumed through an open fence, token by token, gives exactly the blocks of a full split.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitCitationMarkers } from '../../../src/markdown/source/citation-markers.js';
import { CODE_GROUP_LINES, splitCodeGroups } from '../../../src/markdown/fence/code-groups.js';
import type { OpenFenceLines } from '../../../src/markdown/fence/open-fence.js';
import { readOpenFence, readOpenFenceLines } from '../../../src/markdown/fence/open-fence.js';
import { CITATION_END, CITATION_START, hasMark } from '../../../src/markdown/marks.js';
import type { MarkdownSplit } from '../../../src/markdown/split/split-blocks.js';
import {
  hasDefinitions,
  resumeMarkdownBlocks,
  splitMarkdownBlocks,
} from '../../../src/markdown/split/split-blocks.js';

const newlines = (text: string) => text.split('\n').length - 1;

/** What the fence showed before line groups: its code and citations, read whole. */
function readWhole(source: string) {
  const parts = splitCitationMarkers(source);
  const { code, language } = readOpenFence(parts.filter((p) => typeof p === 'string').join(''));
  return { code, language, citations: parts.filter((p) => typeof p === 'number') };
}

// Short lines, so that random streams fill many groups.
const codePieces = fc.constantFrom(
  'x',
  'let a = 1;',
  ' ',
  '  ',
  '\t',
  '\n',
  '\n',
  '\n',
  '\n\n',
  '\n  ',
  '```',
  '~~',
  '\u200b',
  `${CITATION_START}0${CITATION_END}`,
  '[ref]: u',
);

/** Cuts `text` into prefixes, `cuts` giving the sizes of the steps in turn. */
function* prefixes(text: string, cuts: readonly number[]): Generator<string> {
  let at = 0;
  for (let index = 0; at < text.length; index++) {
    at = Math.min(text.length, at + (cuts[index % cuts.length] ?? 3));
    yield text.slice(0, at);
  }
}

const streams = fc.record({
  opening: fc.constantFrom('```js\n', '  ~~~~ py x\n', '\n\n```\n', '```', ' ``` ts'),
  body: fc.array(codePieces, { maxLength: 400 }).map((parts) => parts.join('')),
  cuts: fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 8 }),
});

describe('splitCodeGroups', () => {
  it('cuts code into full groups of lines and a last group, joining back to the code', () => {
    fc.assert(
      fc.property(fc.array(codePieces, { maxLength: 400 }), (parts) => {
        const code = parts.join('');
        const groups = splitCodeGroups(code);
        expect(groups.join('')).toBe(code);
        groups.slice(0, -1).forEach((group) => {
          expect(newlines(group)).toBe(CODE_GROUP_LINES);
          expect(group.endsWith('\n')).toBe(true);
        });
        if (groups.length > 0) expect(groups.at(-1)).not.toBe('');
      }),
      { numRuns: 300 },
    );
  });
});

describe('readOpenFenceLines', () => {
  it('reads at every prefix what a whole read gives, keeping each full group', () => {
    fc.assert(
      fc.property(streams, ({ opening, body, cuts }) => {
        let read: OpenFenceLines | null = null;
        const full: string[] = [];
        for (const source of prefixes(opening + body, cuts)) {
          read = readOpenFenceLines(read, source);
          const whole = readWhole(source);
          expect(read.groups.join('')).toBe(whole.code);
          expect([...read.groups]).toEqual(splitCodeGroups(whole.code));
          expect(read.language).toBe(whole.language);
          expect([...read.citations]).toEqual(whole.citations);
          // A group once full keeps its text from then on (while no marker forces a whole read).
          if (!hasMark(source)) {
            full.forEach((group, index) => expect(read?.groups[index]).toBe(group));
          }
          read.groups.forEach((group, index) => {
            if (newlines(group) === CODE_GROUP_LINES) full[index] ??= group;
          });
        }
      }),
      { numRuns: 300 },
    );
  });

  it('gives back the same read for the same source', () => {
    const read = readOpenFenceLines(null, '```\na\nb');
    expect(readOpenFenceLines(read, '```\na\nb')).toBe(read);
  });
});

describe('resumeMarkdownBlocks through an open fence', () => {
  const pieces = fc.constantFrom(
    'Para ',
    '\n',
    '\n\n',
    '- item\n',
    '```js\n',
    '```\n',
    ' ```',
    '~~~\n',
    '````\n',
    'code();',
    '[ref]: https://example.com\n',
    '`',
  );

  it('splits a text ending in an open fence exactly as a full split does', () => {
    fc.assert(
      fc.property(
        fc.array(pieces, { maxLength: 60 }),
        fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 6 }),
        (parts, cuts) => {
          let split: MarkdownSplit | null = null;
          for (const text of prefixes(parts.join(''), cuts)) {
            const previous: MarkdownSplit | null = split;
            split = resumeMarkdownBlocks(previous, text);
            expect(split.blocks).toEqual(splitMarkdownBlocks(text));
            // Every block cut before the last line is kept as it was: before an open fence
            // whose opening line is complete, every block but the fence (a definition makes
            // the whole text one block, so nothing is kept then).
            if (previous?.resume && !hasDefinitions(text)) {
              previous.blocks.slice(0, previous.resume.blocks).forEach((block, index) => {
                expect((split as MarkdownSplit).blocks[index]).toBe(block);
              });
            }
          }
        },
      ),
      { numRuns: 500 },
    );
  }, 60_000);

  it('extends a fence that is the whole reply, and closes it', () => {
    const previous = resumeMarkdownBlocks(null, '```js\nconst a');
    const extended = resumeMarkdownBlocks(previous, '```js\nconst a = 1;\n');
    expect(extended.blocks).toEqual([
      { source: '```js\nconst a = 1;\n', fence: true, closed: false },
    ]);
    expect(resumeMarkdownBlocks(extended, '```js\nconst a = 1;\n```').blocks).toEqual([
      { source: '```js\nconst a = 1;\n```', fence: true, closed: true },
    ]);
  });
});
