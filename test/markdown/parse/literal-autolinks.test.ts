/*
 * Text that cannot hold a GFM literal autolink parses with a twin processor that lacks them, which
 * allocates far less (parse/literal-autolinks.ts). That is an optimisation, never a change in what
 * is rendered: on random text full of near misses (`www`, `http:/`, `mailto`, dots and dashes),
 * the tree must be the full processor's.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../src/markdown/index.js';
import { createMarkdownPipeline } from '../../../src/markdown/parse/pipeline.js';
import { fuzzRuns, fuzzTimeout } from '../../fuzz-runs.js';

const processor = createMarkdownPipeline({
  idPrefix: 'p-',
  footnoteLabel: 'Footnotes',
  footnoteBackLabel: () => 'Back',
});
const full = (markdown: string) => processor.runSync(processor.parse(markdown));

const PIECES = [
  'word',
  'Www',
  'www',
  'WWW',
  'http',
  'https:',
  ':/',
  '/',
  ':',
  'mailto',
  'xmpp',
  'example',
  'a.b.co',
  '.',
  '-',
  '_',
  '+',
  '@',
  ' ',
  ' ',
  '\n',
  '\n\n',
  '*',
  '`',
  '~~',
  '[',
  ']',
  '(',
  ')',
  '<',
  '>',
  '| a | b |\n| - | - |\n',
  '- ',
  '1. ',
  '# ',
  '[^1]',
  '[^1]: note\n',
  '\\',
  '&amp;',
  'é',
  '42',
];

describe('text without a literal autolink', () => {
  it(
    'parses to the tree of the full processor',
    () => {
      fc.assert(
        fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }), (pieces) => {
          const markdown = pieces.join('');
          expect(parseMarkdown(processor, markdown)).toEqual(full(markdown));
        }),
        { numRuns: fuzzRuns(300) },
      );
    },
    fuzzTimeout(30_000),
  );

  it('still links every kind of literal autolink', () => {
    const text = 'See www.example.com, https://example.org/a and me@example.net.';
    const tree = JSON.stringify(parseMarkdown(processor, text));
    expect(tree).toContain('"dataRamHref":"http://www.example.com"');
    expect(tree).toContain('"dataRamHref":"https://example.org/a"');
    expect(tree).toContain('"dataRamHref":"mailto:me@example.net"');
    expect(parseMarkdown(processor, text)).toEqual(full(text));
  });
});
