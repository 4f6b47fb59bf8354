import type { ParsedArguments } from '../../primitives/json/parse-arguments.js';
import { revealHidden } from '../../primitives/reveal-hidden.js';
import { truncateText } from '../../primitives/truncate.js';

/** Characters a summary shows before it is cut with an ellipsis (CSS may cut it sooner). */
export const SUMMARY_CHARACTERS = 80;

/**
 * Keys whose value names what a call acts on, most telling first: a shell tool's command, a
 * file tool's path, a search's query, a fetch's URL.
 */
const KEY_ARGUMENTS = [
  'command',
  'cmd',
  'path',
  'file_path',
  'filePath',
  'filename',
  'query',
  'q',
  'url',
  'pattern',
] as const;

/** Without a key argument, the first string at most this long stands for the call. */
const SHORT_STRING = 200;
/** Keys and array items looked at: a summary never walks a whole large object. */
const MAX_SCANNED = 100;

/**
 * The one-line summary of a call's arguments for its card header, from the value read so far: the first key argument (`command`, `path`, `query`, …; a command given as an array of
 * words is joined), else the first short string. `null` when there is none.
 */
export function summarizeArgs(value: unknown): string | null {
  if (typeof value === 'string') return summaryText(value);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const args = value as Record<string, unknown>;
  for (const key of KEY_ARGUMENTS) {
    if (!Object.hasOwn(args, key)) continue;
    const text = wordsOf(args[key]);
    if (text !== null) return summaryText(text);
  }
  let scanned = 0;
  for (const key in args) {
    if (!Object.hasOwn(args, key)) continue;
    if (++scanned > MAX_SCANNED) break;
    const field = args[key];
    // The length first: a long string still streaming is not read.
    if (typeof field === 'string' && field.length <= SHORT_STRING && field.trim() !== '') {
      return summaryText(field);
    }
  }
  return null;
}

/** A string, or an array of strings (an argv) joined with spaces; `null` for anything else. */
function wordsOf(field: unknown): string | null {
  if (typeof field === 'string') return field;
  if (!Array.isArray(field) || field.length === 0) return null;
  const words: string[] = [];
  for (let index = 0; index < field.length && index < MAX_SCANNED; index++) {
    const word: unknown = field[index];
    if (typeof word !== 'string') return null;
    words.push(word);
  }
  return words.join(' ');
}

/**
 * `text` as one line for a summary: hidden characters marked, every run of whitespace (line
 * breaks included) made one space, and cut at `SUMMARY_CHARACTERS` with an ellipsis, never
 * inside a marker. Reads only the start of a long text. `null` when nothing visible is left.
 */
export function summaryText(text: string): string | null {
  // Markers and collapsed whitespace change the length: read enough to fill the line anyway.
  const head = truncateText(text, SUMMARY_CHARACTERS * 4, Number.POSITIVE_INFINITY);
  const line = revealHidden(head.text).replace(/\s+/g, ' ').trim();
  if (line === '') return null;
  const cut = truncateText(line, SUMMARY_CHARACTERS, Number.POSITIVE_INFINITY);
  if (!cut.truncated && !head.truncated) return line;
  let shown = cut.text;
  const marker = shown.lastIndexOf('[U+');
  if (marker !== -1 && !shown.includes(']', marker)) shown = shown.slice(0, marker);
  return `${shown.trimEnd()}…`;
}

/**
 * The built-in summary of a call's arguments as read so far (a path given before a long
 * `content` shows while the content streams). A finished call whose arguments are not complete
 * JSON has none: they are not what they seem.
 */
export function summarizeArguments(args: ParsedArguments, streaming: boolean): string | null {
  if (!args.complete && !streaming) return null;
  return summarizeArgs(args.value);
}
