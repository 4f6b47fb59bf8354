/*
 * One huge line streamed token by token (minified JSON, a base64 blob, a model that never
 * breaks a line) must cost each token its own characters: the splitter reads the line on from
 * where the previous token stopped. Counted, not timed: every string search and character read
 * is metered while the line streams, and a scan that started over at the line's start would
 * read the line again per token (hundreds of times its length here).
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { MarkdownSplit } from '../../src/markdown/split/split-blocks.js';
import type { LineScan } from '../../src/markdown/split/line-scan.js';
import {
  closesFenceLine,
  fenceOfLine,
  isBlankLine,
  isDefinitionLine,
  scanLine,
} from '../../src/markdown/split/line-scan.js';
import {
  resumeMarkdownBlocks,
  splitMarkdownBlocks,
} from '../../src/markdown/split/split-blocks.js';
import type { MarkdownStream } from '../../src/markdown/stream.js';
import { streamMarkdown } from '../../src/markdown/stream.js';

/* -------------------------------------------------------------------------------------------------
 * A meter of characters examined
 * -----------------------------------------------------------------------------------------------*/

type Method = (this: unknown, ...args: never[]) => unknown;
const restores: (() => void)[] = [];
let examined = 0;

/** Replaces `owner[name]` with a wrapper that adds `cost(this, args)` to `examined`. */
function meter<T extends object>(
  owner: T,
  name: keyof T,
  cost: (self: string, args: unknown[]) => number,
) {
  const original = owner[name] as unknown as Method;
  (owner as Record<keyof T, unknown>)[name] = function (this: unknown, ...args: never[]) {
    examined += cost(String(this), args);
    return original.apply(this, args);
  };
  restores.push(() => {
    (owner as Record<keyof T, unknown>)[name] = original;
  });
}

/** Meters every way the markdown code reads a string's characters (slices copy nothing). */
function startMeter() {
  examined = 0;
  const from = (args: unknown[], fallback: number) =>
    typeof args[1] === 'number' ? (args[1] as number) : fallback;
  meter(String.prototype, 'indexOf', (self, args) => self.length - Math.max(0, from(args, 0)));
  meter(String.prototype, 'lastIndexOf', (self, args) => from(args, self.length));
  meter(String.prototype, 'includes', (self, args) => self.length - from(args, 0));
  meter(String.prototype, 'startsWith', (self) => self.length);
  meter(String.prototype, 'split', (self) => self.length);
  meter(String.prototype, 'charCodeAt', () => 1);
  // `test`, `match` and `replace` all go through `exec`.
  meter(RegExp.prototype, 'exec', (_, args) => String(args[0]).length);
}

afterEach(() => {
  while (restores.length > 0) restores.pop()?.();
});

/* -------------------------------------------------------------------------------------------------
 * Tests
 * -----------------------------------------------------------------------------------------------*/

const LENGTH = 200_000;
const TOKEN = 1000;

/** `start` followed by `fill` up to about `LENGTH` characters, in `TOKEN`-character steps. */
function* tokens(start: string, fill: string): Generator<string> {
  let text = start;
  while (text.length < LENGTH) {
    text += fill.repeat(Math.ceil(TOKEN / fill.length)).slice(0, TOKEN);
    yield text;
  }
}

const LINES: Record<string, [string, string]> = {
  'a paragraph': ['Here is the data: ', 'lorem ipsum '],
  'a fence opening with a long info string': ['```', 'info '],
  'a code line in an open fence': ['```json\n', '{"key":"value"},'],
  'a line starting with a bracket that never closes': ['[', 'label text '],
  'a line of spaces': ['Before.\n\n', '  '],
  'a math fence opener followed by spaces': ['$$', ' '],
};

describe('one huge streaming line', () => {
  it.each(Object.entries(LINES))(
    'splits %s reading each character a bounded number of times',
    (_, [start, fill]) => {
      let split: MarkdownSplit | null = null;
      let text = '';
      startMeter();
      for (text of tokens(start, fill)) split = resumeMarkdownBlocks(split, text);
      const reads = examined;
      while (restores.length > 0) restores.pop()?.();
      expect(split?.blocks).toEqual(splitMarkdownBlocks(text));
      // Reading the line again per token would be about 100 times the length here.
      expect(reads).toBeLessThan(3 * text.length);
    },
  );

  it.each(Object.entries(LINES))(
    'prepares %s for rendering, token by token, in bounded reads',
    (_, [start, fill]) => {
      let stream: MarkdownStream | null = null;
      startMeter();
      for (const text of tokens(start, fill)) {
        stream = streamMarkdown(stream, { text, citations: [], streaming: true, reveals: 0 });
      }
      const reads = examined;
      while (restores.length > 0) restores.pop()?.();
      expect(stream?.omitted).toBeGreaterThan(0);
      // Each step (the split, the hidden-character scan, the citation markers) reads the text
      // about once in all; reading the line again per token would be about 100 times its length.
      expect(reads).toBeLessThan(8 * (stream?.source.length ?? 0));
    },
  );

  it('splits the same read on token by token as from scratch, at every prefix', () => {
    // The characters a line's tests look at, cut anywhere: a line is read on mid-fence-marker,
    // mid-indentation, between `]` and `:`.
    const characters = fc.constantFrom(
      '`',
      '~',
      '$',
      '[',
      ']',
      ':',
      ' ',
      '\t',
      '\n',
      '-',
      '1',
      '.',
      'a',
    );
    fc.assert(
      fc.property(
        fc.array(characters, { maxLength: 80 }),
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 5 }),
        (parts, cuts) => {
          const text = parts.join('');
          let split: MarkdownSplit | null = null;
          for (let at = 0, step = 0; at < text.length; step++) {
            at = Math.min(text.length, at + (cuts[step % cuts.length] as number));
            split = resumeMarkdownBlocks(split, text.slice(0, at));
            expect(split.blocks).toEqual(splitMarkdownBlocks(text.slice(0, at)));
          }
        },
      ),
      { numRuns: 1000 },
    );
  }, 60_000);

  it('answers each line test as a plain reading of the whole line would, read on in any cuts', () => {
    const characters = fc.constantFrom('`', '~', '$', '[', ']', ':', ' ', '\t', '\r', 'a');
    // What the tests mean, said as patterns over the whole line.
    const blank = /^[ \t\r]*$/;
    const backticks = /^[ \t\r]*(`{3,})[^`]*$/;
    const tildes = /^[ \t\r]*(~{3,})/;
    const math = /^[ \t\r]*\$\$[ \t\r]*$/;
    const definition = /^[ \t\r]{0,3}\[[^\]]+\]:/;
    const closing = (line: string, marker: string, length: number) =>
      marker === '$'
        ? math.test(line)
        : new RegExp(`^[ \\t\\r]*\\${marker}{${length},}[ \\t\\r]*$`).test(line);
    fc.assert(
      fc.property(
        fc.string({ unit: characters, maxLength: 24 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 4 }),
        (line, cuts) => {
          // The line sits after another one, as in a document, and is read on in steps.
          const text = `x\n${line}`;
          let scan: LineScan | null = null;
          for (let end = 2, step = 0; end < text.length; step++) {
            end = Math.min(text.length, end + (cuts[step % cuts.length] as number));
            scan = scanLine(text, scan, 2, end);
          }
          scan ??= scanLine(text, null, 2, text.length);
          const fence = backticks.exec(line) ?? tildes.exec(line);
          const expected = fence
            ? { marker: (fence[1] as string)[0], length: (fence[1] as string).length }
            : math.test(line)
              ? { marker: '$', length: 2 }
              : null;
          expect(isBlankLine(scan)).toBe(blank.test(line));
          expect(fenceOfLine(scan)).toEqual(expected);
          expect(isDefinitionLine(text, scan)).toBe(definition.test(line));
          for (const [marker, length] of [
            ['`', 3],
            ['`', 4],
            ['~', 3],
            ['$', 2],
          ] as const) {
            expect(closesFenceLine(scan, { marker, length })).toBe(closing(line, marker, length));
          }
        },
      ),
      { numRuns: 2000 },
    );
  }, 60_000);
});
