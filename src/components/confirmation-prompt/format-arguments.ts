import { revealInvisible } from '../../core/safety/invisible.js';
import type { TruncatedText } from '../tool-result/truncate.js';
import { SHOW_ALL_CHARACTERS, truncateText } from '../tool-result/truncate.js';

/** A tool call's arguments as the confirmation prompt shows them. */
export interface FormattedArguments {
  /** What to display: pretty JSON, or the raw input; invisible and control characters marked. */
  text: string;
  /** The parsed arguments, or `undefined` when the input is not valid JSON. */
  value: unknown;
  /** True when the input parsed as JSON. */
  parsed: boolean;
  /** True when an object repeats a key: `JSON.parse` keeps the last, other parsers the first. */
  duplicateKeys: boolean;
}

// C0 and C1 controls other than tab, newline and carriage return: JSON.stringify escapes them,
// but raw input shown as is would hide them (or, for ESC, start a terminal sequence on copy).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/**
 * `text` with invisible, bidi-control and control characters (other than tab and line breaks)
 * shown as markers like `[U+202E]`: what the prompt, and a tool card's summary, show.
 */
export function revealHidden(text: string): string {
  return revealInvisible(text).replace(
    CONTROL,
    (char) => `[U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}]`,
  );
}

/** Characters and lines of arguments shown before the user must ask for the rest. */
const PREVIEW_CHARACTERS = 20_000;
const PREVIEW_LINES = 500;

/**
 * What the prompt shows of formatted arguments: the start, or with `all` everything up to
 * 1,000,000 characters (past that `truncated` stays true, and the prompt says so).
 */
export function argumentsShown(text: string, all: boolean): TruncatedText {
  return all
    ? truncateText(text, SHOW_ALL_CHARACTERS, Number.POSITIVE_INFINITY)
    : truncateText(text, PREVIEW_CHARACTERS, PREVIEW_LINES);
}

/** True when the prompt cannot show `input` whole without the user asking: Allow waits for that. */
export function needsReview(input: string): boolean {
  return argumentsShown(formatArguments(input).text, false).truncated;
}

const CACHE_SIZE = 16;
const cache = new Map<string, FormattedArguments>();

/**
 * The arguments exactly as they will be approved: pretty-printed when they parse as JSON and
 * repeat no key (every number and key order as written), otherwise the raw input; never throws,
 * whatever the size or depth. Memoised on the input, which the prompt and each call read.
 */
export function formatArguments(input: string): FormattedArguments {
  const cached = cache.get(input);
  if (cached !== undefined) return cached;
  const result = format(input);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(input, result);
  return result;
}

function format(input: string): FormattedArguments {
  let value: unknown;
  try {
    value = JSON.parse(input);
  } catch {
    return { text: revealHidden(input), value: undefined, parsed: false, duplicateKeys: false };
  }
  if (hasDuplicateKeys(input)) {
    return { text: revealHidden(input), value, parsed: true, duplicateKeys: true };
  }
  // Nested too deep to indent: the raw text is exact too.
  return {
    text: revealHidden(prettyPrint(input) ?? input),
    value,
    parsed: true,
    duplicateKeys: false,
  };
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;

function isWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

/** True when some object in `json` (already known to be valid JSON) names a key twice. */
export function hasDuplicateKeys(json: string): boolean {
  const scopes: (Set<string> | null)[] = [];
  let index = 0;
  while (index < json.length) {
    const code = json.charCodeAt(index);
    if (code === QUOTE) {
      let end = index + 1;
      while (end < json.length && json.charCodeAt(end) !== QUOTE) {
        end += json.charCodeAt(end) === BACKSLASH ? 2 : 1;
      }
      const token = json.slice(index, end + 1);
      index = end + 1;
      const keys = scopes[scopes.length - 1];
      if (!keys) continue;
      let next = index;
      while (next < json.length && isWhitespace(json.charCodeAt(next))) next++;
      if (json.charCodeAt(next) !== COLON) continue;
      const key = JSON.parse(token) as string;
      if (keys.has(key)) return true;
      keys.add(key);
      continue;
    }
    const char = json[index];
    if (char === '{') scopes.push(new Set());
    else if (char === '[') scopes.push(null);
    else if (char === '}' || char === ']') scopes.pop();
    index++;
  }
  return false;
}

/** Past this depth indentation helps no one, and its size grows with the square of the depth. */
const MAX_PRETTY_DEPTH = 64;

/** Characters that end a number or a literal (`true`, `false`, `null`) in valid JSON. */
function endsLiteral(code: number): boolean {
  return isWhitespace(code) || code === 0x2c || code === 0x5d || code === 0x7d;
}

/**
 * `json` (already known to be valid JSON) laid out as `JSON.stringify(value, null, 2)` would,
 * but from its own tokens: a round trip through numbers turns `1e400` into `null`, rounds
 * integers past 2^53 and drops `.0`, and a round trip through objects moves integer-like keys
 * first. Strings are re-serialised, which spells out their escapes. `undefined` when nested
 * deeper than `MAX_PRETTY_DEPTH`.
 */
function prettyPrint(json: string): string | undefined {
  const parts: string[] = [];
  const indents = ['\n'];
  let depth = 0;
  let index = 0;
  const newline = () => (indents[depth] ??= `\n${'  '.repeat(depth)}`);
  while (index < json.length) {
    const code = json.charCodeAt(index);
    if (isWhitespace(code)) {
      index++;
    } else if (code === QUOTE) {
      let end = index + 1;
      while (end < json.length && json.charCodeAt(end) !== QUOTE) {
        end += json.charCodeAt(end) === BACKSLASH ? 2 : 1;
      }
      const token = json.slice(index, end + 1);
      parts.push(ESCAPED.test(token) ? JSON.stringify(JSON.parse(token)) : token);
      index = end + 1;
    } else if (code === 0x7b || code === 0x5b) {
      const [open, close] = code === 0x7b ? ['{', '}'] : ['[', ']'];
      let next = index + 1;
      while (isWhitespace(json.charCodeAt(next))) next++;
      if (json[next] === close) {
        parts.push(open + close);
        index = next + 1;
      } else {
        if (++depth > MAX_PRETTY_DEPTH) return undefined;
        parts.push(open, newline());
        index++;
      }
    } else if (code === 0x7d || code === 0x5d) {
      depth--;
      parts.push(newline(), code === 0x7d ? '}' : ']');
      index++;
    } else if (code === 0x2c) {
      parts.push(',', newline());
      index++;
    } else if (code === COLON) {
      parts.push(': ');
      index++;
    } else {
      let end = index + 1;
      while (end < json.length && !endsLiteral(json.charCodeAt(end))) end++;
      parts.push(json.slice(index, end));
      index = end;
    }
  }
  return parts.join('');
}

/** A string token that `JSON.stringify` would spell differently: escapes or lone surrogates. */
const ESCAPED = /[\\\ud800-\udfff]/;
