/* eslint-disable no-control-regex -- the hidden characters checked for include controls */
/*
 * Hidden characters that used to reach the screen raw: zero-width, word-joiner, BOM and
 * invisible-operator characters and blank-looking letters in markdown prose and code (finished
 * and streaming), the same plus C0/C1 controls in tool output, a NUL in a file name, and media
 * types in upper case or with parameters (which must select the same allow-list entry, and
 * nothing more). Each hidden character shows as a marker, the block says it held some, and the
 * page holds none of them.
 */
import { expect } from 'vitest';
import type { Case } from './case.js';
import {
  PNG,
  all,
  base64,
  done,
  live,
  media,
  result,
  streamingText,
  text,
  textOf,
  url,
} from './case.js';

const ZERO_WIDTH = ['\u200B', '\u200C', '\u200D', '\u200E', '\u200F'];
const JOINERS_AND_OPERATORS = ['\u2060', '\u2061', '\u2062', '\u2063', '\u2064', '\uFEFF'];
const BLANK_LETTERS = ['\u3164', '\uFFA0', '\u115F', '\u1160', '\u2800'];
const CONTROLS = ['\u0000', '\u0007', '\u0008', '\u001B', '\u007F', '\u0085', '\u009F'];
const ALL_HIDDEN = [...ZERO_WIDTH, ...JOINERS_AND_OPERATORS, ...BLANK_LETTERS];

const markerOf = (char: string) =>
  `[U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}]`;
/** `ab<char>cd` for each character, one per word: no character has a joining neighbour. */
const sprinkle = (chars: readonly string[]) => chars.map((char) => `ab${char}cd`).join(' ');

/** Every character marked, none left in the text, and the block flagged with its note. */
function expectRevealed(scope: Element | null, chars: readonly string[], flagged: string) {
  expect(scope).not.toBeNull();
  const shown = textOf(scope as Element);
  for (const char of chars) {
    expect(shown, markerOf(char)).toContain(`ab${markerOf(char)}cd`);
    expect(shown.includes(char), `raw ${markerOf(char)}`).toBe(false);
  }
  expect(scope?.closest(flagged)?.hasAttribute('data-hidden-characters')).toBe(true);
  expect(
    scope?.closest(flagged)?.querySelector('[data-slot="hidden-characters-note"]'),
  ).not.toBeNull();
}

const content = (root: HTMLElement) => root.querySelector('[data-slot="text-block-content"]');

export const hiddenCases: Case[] = [
  {
    name: 'zero-width, word-joiner, BOM and invisible operators in finished prose',
    where: 'unicode',
    message: () => done(text(`Pay ${sprinkle([...ZERO_WIDTH, ...JOINERS_AND_OPERATORS])} now.`)),
    check(root) {
      expectRevealed(
        content(root),
        [...ZERO_WIDTH, ...JOINERS_AND_OPERATORS],
        '[data-slot="text-block"]',
      );
    },
  },
  {
    name: 'blank-looking letters (Hangul fillers, blank Braille) in finished prose and emphasis',
    where: 'unicode',
    message: () => done(text(`Blank **${sprinkle(BLANK_LETTERS)}** here.`)),
    check(root) {
      expectRevealed(content(root), BLANK_LETTERS, '[data-slot="text-block"]');
    },
  },
  {
    name: 'hidden characters in streaming prose, the anchored tail included',
    where: 'unicode',
    message: () =>
      live(streamingText(`Streaming words then ${sprinkle(ALL_HIDDEN)} and more words`)),
    check(root) {
      expectRevealed(content(root), ALL_HIDDEN, '[data-slot="text-block"]');
    },
  },
  {
    name: 'a Hangul filler used as a name in code, and zero-width characters in inline code',
    where: 'unicode',
    message: () =>
      done(text('Run `ab\u200Bcd` or:\n\n```js\nconst { timeout,\u3164} = req.query;\n```\n')),
    shows: ['ab[U+200B]cd', 'timeout,[U+3164]}'],
    check(root) {
      expect(textOf(content(root) as Element)).not.toMatch(/[\u200B\u3164]/);
    },
  },
  {
    name: 'ordinary writing keeps its joiners: emoji sequences, Persian, Devanagari, Hangul jamo, Braille',
    where: 'unicode',
    message: () =>
      done(
        text(
          'Family 👨\u200D👩\u200D👧, heart ❤\uFE0F, 1\uFE0F\u20E3, می\u200Cخواهم, क्\u200Dष, ' +
            '\u1100\u1160\u11A8 \u115F\u1161, ⠓⠑⠇⠇⠕\u2800⠺⠕⠗⠇⠙',
        ),
      ),
    shows: ['👨\u200D👩\u200D👧', 'می\u200Cخواهم', '⠓⠑⠇⠇⠕\u2800⠺⠕⠗⠇⠙'],
    check(root) {
      expect(all(root, '[data-slot="invisible-char"]')).toHaveLength(0);
      expect(root.querySelector('[data-hidden-characters]')).toBeNull();
    },
  },
  {
    name: 'hidden characters and C0/C1 controls (NUL, BEL, ESC, DEL, NEL) in tool output text',
    where: 'tool-output',
    message: () =>
      done(result(`line one\n${sprinkle([...ALL_HIDDEN, ...CONTROLS])}\r\nlast\tline`)),
    check(root) {
      const output = root.querySelector('[data-slot="tool-result-text-content"]');
      expectRevealed(output, [...ALL_HIDDEN, ...CONTROLS], '[data-slot="tool-result-text"]');
      // Tabs and line ends stay what they are.
      expect(textOf(output as Element)).toContain('last\tline');
    },
  },
  {
    name: 'hidden characters and a NUL in a JSON tool result',
    where: 'tool-output',
    message: () =>
      done(result('', { value: { [`ab\u200Bcd`]: `ab\u0000cd`, list: [`ab\u3164cd`] } })),
    shows: ['"ab[U+200B]cd"', '"ab[U+0000]cd"', '"ab[U+3164]cd"'],
    check(root) {
      expect(textOf(root)).not.toMatch(/[\u200B\u0000\u3164]/);
    },
  },
  {
    name: 'a NUL, a newline and a Hangul filler in file names',
    where: 'file-name',
    message: () =>
      done(
        media(url('https://files.example.com/f', 'application/pdf'), {
          name: 'image.png\u0000.html',
        }),
        media(url('https://files.example.com/g', 'application/pdf'), { name: 'a\nb\u3164.pdf' }),
      ),
    shows: ['image.png[U+0000].html', 'a[U+000A]b[U+3164].pdf'],
    check(root) {
      expect(textOf(root)).not.toMatch(/[\u0000\u3164]/);
      for (const link of all(root, 'a[download]')) {
        expect(link.getAttribute('download') ?? '').not.toMatch(/[\u0000-\u001f\u3164]/);
      }
    },
  },
  {
    name: 'upper-case and parameterised raster types render as images',
    where: 'mime-type',
    message: () =>
      done(
        media(base64(PNG, 'IMAGE/PNG'), { name: 'a.png' }),
        media(base64(PNG, 'Image/Png; charset=binary'), { name: 'b.png' }),
        media(url(`data:IMAGE/PNG;base64,${PNG}`, 'image/png'), { name: 'c.png' }),
      ),
    check(root) {
      const sources = all(root, 'img').map((image) => image.getAttribute('src') ?? '');
      expect(sources.filter((src) => src.startsWith('data:'))).toHaveLength(3);
    },
  },
  {
    name: 'case and parameters open no other type: SVG, HTML, a path, a control, a non-ASCII letter',
    where: 'mime-type',
    message: () =>
      done(
        media(base64(PNG, 'IMAGE/SVG+XML'), { name: 'a.svg' }),
        media(base64(PNG, 'text/html; charset=image/png'), { name: 'b.html' }),
        media(base64(PNG, 'image/png/../html'), { name: 'c' }),
        media(base64(PNG, 'image/png\u0000'), { name: 'd' }),
        media(base64(PNG, 'image/png \u000b'), { name: 'e' }),
        media(base64(PNG, '\u0130MAGE/PNG'), { name: 'f' }),
        media(url(`data:IMAGE/SVG+XML;base64,${PNG}`, 'image/png'), { name: 'g.png' }),
      ),
    check(root) {
      expect(all(root, 'img, iframe, object, embed')).toHaveLength(0);
    },
  },
];
