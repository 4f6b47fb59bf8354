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

function reveal(text: string): string {
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
 * repeat no key, otherwise the raw input; never throws, whatever the size or depth. Memoised
 * on the input, which the prompt and each call read.
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
    return { text: reveal(input), value: undefined, parsed: false, duplicateKeys: false };
  }
  if (hasDuplicateKeys(input)) {
    return { text: reveal(input), value, parsed: true, duplicateKeys: true };
  }
  try {
    return {
      text: reveal(JSON.stringify(value, null, 2)),
      value,
      parsed: true,
      duplicateKeys: false,
    };
  } catch {
    // Nesting deep enough to exhaust the stack: the raw text is still exact.
    return { text: reveal(input), value, parsed: true, duplicateKeys: false };
  }
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
