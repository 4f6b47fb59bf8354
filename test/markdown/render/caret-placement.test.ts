import fc from 'fast-check';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import { caretFollowsText } from '../../../src/markdown/render/caret-placement.js';
import { fuzzRuns, fuzzTimeout } from '../../fuzz-runs.js';

/** What the parser makes of `block`'s first element: where the rendered caret would go. */
function parsedFollowsText(block: string): boolean {
  const tree = fromMarkdown(block, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const first = tree.children[0];
  return first === undefined || ['paragraph', 'heading', 'list'].includes(first.type);
}

const word = fc.constantFrom(
  'alpha',
  'beta',
  'x',
  '`code`',
  '**bold**',
  'a|b',
  '-',
  '1.',
  '#',
  '|',
);
const words = fc.array(word, { minLength: 1, maxLength: 4 }).map((list) => list.join(' '));

/** The opening lines of every kind of block an agent writes, and near misses of each. */
const block = fc.oneof(
  words,
  words.map((text) => `# ${text}`),
  words.map((text) => `${text}\n---`),
  words.map((text) => `${text}\n===`),
  fc
    .tuple(words, fc.constantFrom('---', ':--', '--:', '-|-', '| -- |', '--- |', '|---', '-'))
    .map(([text, line]) => `${text}\n${line}`),
  words.map((text) => `- ${text}\n- ${text}`),
  words.map((text) => `3. ${text}`),
  words.map((text) => `> ${text}`),
  words.map((text) => `\`\`\`ts\n${text}`),
  words.map((text) => `~~~\n${text}\n~~~`),
  words.map((text) => `    ${text}`),
  fc.constantFrom('---', '***', '_ _ _', '- - -', '--', '**'),
  fc
    .tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 4 }), fc.boolean(), words)
    .map(([head, delimiter, pipes, text]) => {
      const row = (cell: string, n: number) => {
        const inner = Array.from({ length: n }, () => cell).join(' | ');
        return pipes ? `| ${inner} |` : inner;
      };
      return `${row(text.replaceAll('|', ''), head)}\n${row(':---', delimiter)}\n${row('v', head)}`;
    }),
);

describe('caretFollowsText', { timeout: fuzzTimeout(60_000) }, () => {
  it('puts the caret on the last line of prose, headings and lists, below everything else', () => {
    expect(caretFollowsText('Some text that is still arr')).toBe(true);
    expect(caretFollowsText('## A heading')).toBe(true);
    expect(caretFollowsText('1. First\n2. Sec')).toBe(true);
    expect(caretFollowsText('```python\ndef f():')).toBe(false);
    expect(caretFollowsText('| a | b |\n| --- | --- |\n| 1 |')).toBe(false);
    expect(caretFollowsText('> quoted')).toBe(false);
    expect(caretFollowsText('$$\nx^2')).toBe(false);
    expect(caretFollowsText('')).toBe(true);
  });

  it('reads a table only once its delimiter row matches the header', () => {
    expect(caretFollowsText('| a | b |')).toBe(true);
    expect(caretFollowsText('| a | b |\n| --')).toBe(true);
    expect(caretFollowsText('| a | b |\n| -- | -')).toBe(false);
    // `---` under a line is a heading's underline, not a one-column delimiter row.
    expect(caretFollowsText('a | b\n---')).toBe(true);
    expect(caretFollowsText('alpha\n:---')).toBe(false);
  });

  it('agrees with the parser on what the block is (property)', () => {
    fc.assert(
      fc.property(block, (source) => {
        expect(caretFollowsText(source)).toBe(parsedFollowsText(source));
      }),
      { numRuns: fuzzRuns(400) },
    );
  });
});
