import fc from 'fast-check';
import { Allow, parse } from 'partial-json';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { PartialJson } from '../../../src/core/partial-json/partial-json-types.js';
import { readPartialJson } from '../../../src/core/partial-json/read-partial-json.js';

/*
 * The oracle is the `partial-json` package (written by others), read on the prefix cut back to
 * what our reader promises to show (see `PartialJson['value']`):
 * - an escape cut by the end of the text (`\`, `\u00`) waits for the rest;
 * - a high surrogate (raw, or `\uD83D`) at the end of an open string waits for its pair;
 * - an open number shows as its longest valid prefix (`1.` as 1, `1e+` as 1, a lone `-` not at all);
 * - `true`, `false` and `null` show once all their letters came.
 * On such prefixes `partial-json` and our reader mean the same thing by "partial". An open
 * string is closed for it (`partial-json` trims the text, which would drop a trailing U+2028).
 */
function stablePrefix(prefix: string): string {
  let inString = false;
  let lastEscape = -1;
  let index = 0;
  while (index < prefix.length) {
    const char = prefix[index];
    if (!inString) {
      if (char === '"') inString = true;
      index += 1;
    } else if (char === '\\') {
      const size = prefix[index + 1] === 'u' ? 6 : 2;
      if (index + size > prefix.length) return `${trimHigh(prefix.slice(0, index), lastEscape)}"`;
      lastEscape = index;
      index += size;
    } else {
      if (char === '"') inString = false;
      index += 1;
    }
  }
  if (inString) return `${trimHigh(prefix, lastEscape)}"`;
  const number = /-?[0-9][0-9.eE+-]*$|-$/.exec(prefix);
  if (number) {
    const valid = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(number[0]);
    return prefix.slice(0, number.index) + (valid ? valid[0] : '');
  }
  const literal = /[a-z]+$/.exec(prefix);
  if (literal && !['true', 'false', 'null'].includes(literal[0])) {
    return prefix.slice(0, literal.index);
  }
  return prefix;
}

/** The open string's text without a trailing high surrogate. */
function trimHigh(text: string, lastEscape: number): string {
  const isHigh = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
  if (lastEscape === text.length - 6 && isHigh(parseInt(text.slice(-4), 16))) {
    return text.slice(0, -6);
  }
  const last = text.charCodeAt(text.length - 1);
  const escapedBefore = lastEscape !== -1 && lastEscape + 6 > text.length - 1;
  return isHigh(last) && !escapedBefore ? text.slice(0, -1) : text;
}

function reference(prefix: string): unknown {
  const stable = stablePrefix(prefix);
  return stable.trim() === '' ? undefined : parse(stable, Allow.ALL);
}

/** A code unit per character: raw, as `\uXXXX`, or with its short escape. */
function writeString(text: string, choice: number): string {
  let out = '"';
  let seed = choice;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    const raw = String.fromCharCode(unit);
    const short = JSON.stringify(raw).slice(1, -1);
    if (seed % 3 === 0 || unit < 0x20 || (unit >= 0xd800 && unit <= 0xdfff && short !== raw)) {
      out += `\\u${unit
        .toString(16)
        .padStart(4, seed % 2 ? '0' : '0')
        .toUpperCase()}`;
    } else if (raw === '/' && seed % 2) {
      out += '\\/';
    } else {
      out += short;
    }
  }
  return `${out}"`;
}

const SPACES = ['', '', '', ' ', '\n', '\t', '\r\n  '];

/** JSON text of `value` with whitespace between tokens and strings escaped in varied ways. */
function writeJson(value: unknown, seed: number): string {
  let step = seed;
  const space = () => SPACES[(step = (step * 31 + 7) % 997) % SPACES.length] as string;
  const write = (node: unknown): string => {
    if (typeof node === 'string') return writeString(node, (step = (step + 1) % 9973));
    // `partial-json` misreads `[ ]` inside another value: whitespace only around items.
    if (Array.isArray(node) && node.length === 0) return '[]';
    if (Array.isArray(node))
      return `[${space()}${node.map(write).join(`${space()},${space()}`)}${space()}]`;
    if (node !== null && typeof node === 'object') {
      const entries = Object.entries(node).map(
        ([key, item]) => `${writeString(key, step)}${space()}:${space()}${write(item)}`,
      );
      return `{${space()}${entries.join(`,${space()}`)}${space()}}`;
    }
    return JSON.stringify(node);
  };
  return `${space()}${write(value)}${space()}`;
}

const unit = fc.oneof(
  fc.constantFrom('a', 'é', '😀', '"', '\\', '/', '\n', '\u0000', '\u2028', 'u', 'e', ' '),
  fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
);
const text = fc.string({ unit, maxLength: 12 });
const number = fc.oneof(
  fc.integer({ min: -1e6, max: 1e6 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, 1e21, 1.5e-7, -1e-300),
);
const { json } = fc.letrec((tie) => ({
  json: fc.oneof(
    { depthSize: 'small' },
    text,
    number,
    fc.constantFrom(true, false, null),
    fc.array(tie('json'), { maxLength: 4 }),
    fc.dictionary(
      text.filter((key) => key !== '__proto__'),
      tie('json'),
      { maxKeys: 4 },
    ),
  ),
}));
const document = fc.record({
  value: fc.oneof(fc.array(json, { maxLength: 4 }), fc.dictionary(text, json, { maxKeys: 4 })),
  seed: fc.nat(10_000),
});

/** The reads of `text` fed in pieces that end at `cuts`, each resumed from the last. */
function readInPieces(input: string, cuts: number[]): PartialJson[] {
  const ends = [...new Set(cuts.map((cut) => cut % (input.length + 1)))].sort((a, b) => a - b);
  const reads: PartialJson[] = [];
  let read: PartialJson | null = null;
  for (const end of [...ends, input.length]) {
    read = readPartialJson(read, input.slice(0, end));
    reads.push(read);
  }
  return reads;
}

const TIMEOUT = 120_000;

describe('readPartialJson', () => {
  it(
    'reads every prefix of a document as the reference partial parse does, and the whole as JSON.parse',
    () => {
      fc.assert(
        fc.property(document, ({ value, seed }) => {
          const input = writeJson(value, seed);
          let read: PartialJson | null = null;
          for (let end = 0; end <= input.length; end++) {
            const prefix = input.slice(0, end);
            read = readPartialJson(read, prefix);
            expect(read.value, prefix).toStrictEqual(reference(prefix));
            expect(read.error).toBeNull();
          }
          expect(read?.complete).toBe(true);
          expect(read?.value).toStrictEqual(JSON.parse(input));
          expect(read?.fields.streamingPath).toBeNull();
        }),
        { numRuns: 150 },
      );
    },
    TIMEOUT,
  );

  it(
    'gives the same read in random pieces as read at once',
    () => {
      fc.assert(
        fc.property(document, fc.array(fc.nat(), { maxLength: 30 }), ({ value, seed }, cuts) => {
          const input = writeJson(value, seed);
          for (const read of readInPieces(input, cuts)) {
            const fresh = readPartialJson(null, read.text);
            expect(read.value).toStrictEqual(fresh.value);
            expect(read.fields.streamingPath).toStrictEqual(fresh.fields.streamingPath);
          }
        }),
        { numRuns: 150 },
      );
    },
    TIMEOUT,
  );

  it(
    'never throws on garbage in any pieces, and is complete exactly when JSON.parse accepts the text',
    () => {
      const garbage = fc.string({
        unit: fc.oneof(
          fc.constantFrom(...'{}[]":,\\ \n0123456789.eE+-truefalsn\u0000'.split('')),
          unit,
        ),
        maxLength: 40,
      });
      fc.assert(
        fc.property(
          fc.oneof(
            garbage,
            document.map(({ value, seed }) => writeJson(value, seed)),
          ),
          garbage,
          fc.nat(60),
          fc.array(fc.nat(), { maxLength: 10 }),
          (start, noise, at, cuts) => {
            const input = start.slice(0, at) + noise + start.slice(at);
            const reads = readInPieces(input, cuts);
            const last = reads[reads.length - 1] as PartialJson;
            let parsed: { value: unknown } | null = null;
            try {
              parsed = { value: JSON.parse(input) as unknown };
            } catch {
              // not JSON
            }
            expect(last.complete).toBe(parsed !== null);
            if (parsed) expect(last.value).toStrictEqual(parsed.value);
            const fresh = readPartialJson(null, input);
            expect(last.value).toStrictEqual(fresh.value);
            expect(last.error).toStrictEqual(fresh.error);
          },
        ),
        { numRuns: 300 },
      );
    },
    TIMEOUT,
  );

  it('reports nesting past the depth limit instead of overflowing the stack', () => {
    const deep = `${'['.repeat(10_000)}1${']'.repeat(10_000)}`;
    const read = readPartialJson(null, deep);
    expect(read.error).toEqual({ reason: 'depth', offset: 512 });
    expect(read.complete).toBe(false);
    let value = read.value;
    let depth = 0;
    while (Array.isArray(value)) {
      value = value[0];
      depth += 1;
    }
    expect(depth).toBe(512);
    expect(readPartialJson(null, '[[[]]]', { maxDepth: 2 }).error?.reason).toBe('depth');
    expect(readPartialJson(null, '[[[]]]', { maxDepth: 3 }).complete).toBe(true);
  });

  it('says which fields are still streaming and which are done', () => {
    const input = '{"path":"a.txt","content":"Hello","tags":["x"]}';
    const states = (end: number) => {
      const { fields } = readPartialJson(null, input.slice(0, end));
      return [fields.state('path'), fields.state('content'), fields.state(['tags', 0])];
    };
    expect(states(12)).toEqual(['streaming', undefined, undefined]);
    expect(states(28)).toEqual(['done', 'streaming', undefined]);
    expect(states(input.indexOf('"x"') + 2)).toEqual(['done', 'done', 'streaming']);
    expect(states(input.length - 1)).toEqual(['done', 'done', 'done']);
    const whole = readPartialJson(null, input).fields;
    expect([whole.streamingPath, whole.state([]), whole.state('missing')]).toEqual([
      null,
      'done',
      undefined,
    ]);
    expect(readPartialJson(null, '{"a":[1,{"b":12').fields.streamingPath).toEqual(['a', 1, 'b']);
  });

  it('holds back half an escape, half a surrogate pair, half a literal and an unfinished number', () => {
    expect(readPartialJson(null, '["a\\u00').value).toEqual(['a']);
    expect(readPartialJson(null, '["a\\uD83D').value).toEqual(['a']);
    expect(readPartialJson(null, '["a\uD83D').value).toEqual(['a']);
    expect(readPartialJson(null, '["a\\uD83D\\uDE00').value).toEqual(['a😀']);
    expect(readPartialJson(null, '["\\uD83D"]').value).toEqual(['\uD83D']);
    expect(readPartialJson(null, '[tru').value).toEqual([]);
    expect(readPartialJson(null, '[-').value).toEqual([]);
    expect(readPartialJson(null, '[-1.').value).toEqual([-1]);
    expect(readPartialJson(null, '[-1.5e+').value).toEqual([-1.5]);
    // A number at the end may grow: it streams, though the text is already valid JSON.
    const root = readPartialJson(null, '12');
    expect([root.value, root.complete, root.fields.state([])]).toEqual([12, true, 'streaming']);
  });

  it('keeps `__proto__` as an own key and tells repeated keys', () => {
    const read = readPartialJson(null, '{"__proto__":{"polluted":true},"a":1,"a":2,"b":"x');
    expect(Object.getPrototypeOf(read.value)).toBe(Object.prototype);
    expect(read.value).toStrictEqual(JSON.parse('{"__proto__":{"polluted":true},"a":2,"b":"x"}'));
    expect(read.duplicateKeys).toBe(true);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('stops at invalid text, keeping what came before, and restarts on a text that does not extend the last', () => {
    const stopped = readPartialJson(null, '{"a":[1,2],"b":"x" oops');
    expect(stopped.value).toEqual({ a: [1, 2], b: 'x' });
    expect(stopped.error).toEqual({ reason: 'syntax', offset: 19 });
    const other = readPartialJson(stopped, '{"c":3}');
    expect([other.value, other.complete, other.error]).toEqual([{ c: 3 }, true, null]);
    // Longer, but not an extension of what was read: read anew.
    const replaced = readPartialJson(readPartialJson(null, '{"a":"xy'), '{"a":"zyw"}');
    expect([replaced.value, replaced.complete]).toEqual([{ a: 'zyw' }, true]);
    // The same text gives back the same read.
    expect(readPartialJson(other, '{"c":3}')).toBe(other);
  });

  it('hands out a new value per update and never changes an earlier one', () => {
    const first = readPartialJson(null, '{"list":[{"a":"x');
    const snapshot = JSON.stringify(first.value);
    const second = readPartialJson(first, '{"list":[{"a":"xy"},2');
    expect(second.value).not.toBe(first.value);
    expect(JSON.stringify(first.value)).toBe(snapshot);
    expect(second.value).toEqual({ list: [{ a: 'xy' }, 2] });
  });
});

describe('readPartialJson over a long stream', () => {
  it('keeps memory to the value, not to every version of the text it read', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    // Without escapes every token's 16 characters are one piece of the string.
    const content = 'the quick brown fox jumps over the lazy dog '.repeat(1_500).slice(0, 65_536);
    const input = JSON.stringify({ path: 'a.ts', content });
    gc();
    const before = process.memoryUsage().heapUsed;
    let text = '';
    let read: PartialJson | null = null;
    for (let index = 0; index < input.length; index += 16) {
      // As the fold does it: a new string per token, which reading flattens into a new copy.
      text += input.slice(index, index + 16);
      read = readPartialJson(read, text);
    }
    gc();
    const retained = process.memoryUsage().heapUsed - before;
    expect((read?.value as { content: string }).content).toBe(content);
    // Slices of each token's text would keep all 4,000 of them (about 130 MB here).
    expect(retained).toBeLessThan(32 * 1024 * 1024);
  });
});
