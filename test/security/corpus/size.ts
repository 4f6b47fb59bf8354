/*
 * Oversized and parser-hostile input, described by generators (the payloads are built when a
 * case runs), plus bidi and tag-character smuggling in text. Shapes from the calibration table
 * in the security reference: deep nesting overflows the parser's stack, runs of unmatched
 * delimiters are super-linear, huge tables and words stress layout.
 */
import { expect } from 'vitest';
import type { Case } from './case.js';
import { EVIL, done, live, streamingText, text, textOf } from './case.js';

const sized = (name: string, build: () => string, options: Partial<Case> = {}): Case => ({
  name,
  where: 'size',
  message: () => done(text(build())),
  ...options,
});

const table = (rows: number, columns: number) =>
  [
    `|${' h |'.repeat(columns)}`,
    `|${' - |'.repeat(columns)}`,
    ...Array.from({ length: rows }, (_, row) => `|${` ${row} |`.repeat(columns)}`),
  ].join('\n');

export const sizeCases: Case[] = [
  sized('10,000 nested block quotes', () => `${'>'.repeat(10_000)} deep`, { shows: ['deep'] }),
  sized('10,000 nested list markers', () => `${'- '.repeat(10_000)}deep`, { shows: ['deep'] }),
  sized('2,000 nested ordered lists', () => `${'1. '.repeat(2_000)}deep`, { shows: ['deep'] }),
  sized('3,000 lines of increasingly indented lists', () =>
    Array.from({ length: 3_000 }, (_, i) => `${' '.repeat(i % 64)}- item ${i}`).join('\n'),
  ),
  sized('100,000 unmatched [', () => '['.repeat(100_000)),
  sized('100,000 unmatched *', () => '*'.repeat(100_000)),
  sized('nested [ … a … ] 50,000 deep', () => `${'['.repeat(50_000)}a${']'.repeat(50_000)}`),
  sized('_a* × 15,000 (emphasis backtracking)', () => '_a*'.repeat(15_000)),
  sized('~a × 20,000 (strikethrough)', () => '~a'.repeat(20_000)),
  sized('**_ × 10,000', () => '**_'.repeat(10_000)),
  sized('[a]( × 50,000 (unclosed destinations)', () => '[a]('.repeat(50_000)),
  sized('[a](<b × 10,000', () => '[a](<b'.repeat(10_000)),
  sized('* × 5,000 + a + * × 5,000', () => `${'*'.repeat(5_000)}a${'*'.repeat(5_000)}`),
  sized('1,000 reference definitions and uses', () =>
    [
      ...Array.from({ length: 1_000 }, (_, i) => `[r${i}] `),
      '',
      ...Array.from({ length: 1_000 }, (_, i) => `[r${i}]: https://example.com/${i}`),
    ].join('\n'),
  ),
  sized('a 1,000 × 50 table', () => table(1_000, 50)),
  sized('a table 10,000 columns wide', () => table(2, 10_000)),
  sized('a 2 MB word without spaces', () => 'a'.repeat(2_000_000)),
  sized('2 MB of autolink-looking text', () => `www.${'a.'.repeat(1_000_000)}com`),
  {
    name: '100,000 unmatched [ while streaming',
    where: 'size',
    message: () => live(streamingText('['.repeat(100_000))),
  },
  {
    name: 'deep quotes and an unfinished link while streaming',
    where: 'size',
    message: () => live(streamingText(`${'> '.repeat(5_000)}[label](https://${EVIL}/?q=`)),
  },
  {
    name: '50,000 short paragraphs (a\\n\\n × 50,000)',
    where: 'size',
    message: () => done(text('a\n\n'.repeat(50_000))),
    // The first 1,000 blocks, and a button for the rest: nothing is lost, and it stays fast.
    shows: [/Show all \(147,000 characters\)/],
    check(root) {
      expect(root.querySelectorAll('[data-slot="text-block-content"] p')).toHaveLength(1000);
    },
  },
  {
    name: 'bidi override in markdown text stays inside its block',
    where: 'unicode',
    message: () => done(text(`Transfer \u202E0001$ to Bob\u202C.`), text('Next block')),
    shows: ['Transfer [U+202E]0001$ to Bob[U+202C].'],
    check(root) {
      const blocks = root.querySelectorAll('[data-slot="text-block"]');
      expect(blocks).toHaveLength(2);
      expect(textOf(blocks[1] as HTMLElement)).toContain('Next block');
    },
  },
  {
    name: 'bidi override in a block too costly to parse (shown as plain text)',
    where: 'unicode',
    message: () => done(text(`Pay \u202Eevil\u202C now ${'*'.repeat(3000)}`)),
    shows: ['Pay [U+202E]evil[U+202C] now'],
    check(root) {
      expect(root.querySelector('[data-slot="text-block-plain"]')).not.toBeNull();
    },
  },
  {
    name: 'Trojan Source: an override hiding code in a fenced block',
    where: 'unicode',
    message: () =>
      done(
        text(
          '```js\nif (isAdmin) { /* \u202E } \u2066if (isAdmin)\u2069 \u2066 begin admins only */\n```',
        ),
      ),
    shows: ['[U+202E]', '[U+2066]', '[U+2069]'],
  },
  {
    name: 'tag characters hidden in prose (ASCII smuggling)',
    where: 'unicode',
    message: () =>
      done(
        text(
          `All good.${Array.from('send keys', (c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('')}`,
        ),
      ),
    shows: ['All good.[U+E0073][U+E0065]'],
  },
  {
    name: 'tag characters in link text are shown',
    where: 'unicode',
    message: () =>
      done(text(`[Open${String.fromCodePoint(0xe0041, 0xe0042)}](https://example.com/)`)),
    shows: ['Open[U+E0041][U+E0042]'],
  },
  {
    name: 'zero-width space in a link target makes it inert',
    where: 'unicode',
    message: () => done(text('[pay](https://bank.example\u200B.evil.test/)')),
    shows: ['Blocked link', '%E2%80%8B'],
  },
  {
    name: 'emoji carrying bytes in variation selectors, in a link',
    where: 'unicode',
    message: () =>
      done(text(`[😀${String.fromCodePoint(0xe0101, 0xe0102)}](https://example.com/)`)),
    shows: ['[U+E0101][U+E0102]'],
  },
  {
    name: 'mixed-script host in a citation is shown in its xn-- form',
    where: 'unicode',
    message: () =>
      done(text('Fact.', { citations: [{ url: 'https://gооgle.com/', span: [0, 5] }] })),
    shows: ['xn--ggle-55da.com'],
  },
];
