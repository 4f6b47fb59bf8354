import remend from 'remend';
import { insideOpenFence } from './inside-open-fence.js';

/*
 * Closing a streaming tail's unfinished emphasis, inline code, strikethrough and links, with
 * remend, where the closers cannot show. remend reads the whole text as one run of inline
 * content; markdown does not: a heading and a table row end their inline content at their line,
 * a blank line ends a paragraph, and code shows everything as written. So remend reads only the
 * inline content the text ends in, and none in an open fence. Math is never closed: `$$` is text
 * without the app's math plugins, and with them an open `$$` block runs to the end of the text.
 */

const OPTIONS = { linkMode: 'text-only', inlineKatex: false, katex: false } as const;
/** One or two tildes before a character that is neither a tilde nor blank: GFM may strike. */
const TILDES_THAT_OPEN = /(?:^|[^~])~{1,2}(?=[^~\s])/;

/** `source` with its unfinished emphasis, inline code, strikethrough and links closed. */
export function closeInlineSyntax(source: string): string {
  // remend puts closers before a final line end, where they cannot be told from the text's own.
  const end = source.length - (/\n+$/.exec(source)?.[0].length ?? 0);
  return end === source.length
    ? closeLastInlineContent(source)
    : closeLastInlineContent(source.slice(0, end)) + source.slice(end);
}

function closeLastInlineContent(source: string): string {
  const from = inlineContentStart(source);
  if (from === -1) return source;
  const content = from === 0 ? source : source.slice(from);
  let closed = remend(content, OPTIONS);
  if (!lastUnderscoreOpens(content)) closed = withoutStrayClosers(content, closed, '_');
  if (!TILDES_THAT_OPEN.test(content)) closed = withoutStrayClosers(content, closed, '~');
  return from === 0 ? closed : source.slice(0, from) + closed;
}

/**
 * `closed` without the `char` closers remend added for a run that cannot open: a `_` that
 * cannot open emphasis (`a_`, `_ b`, a lone `_`), or tildes when no run of one or two opens
 * (GFM strikes through with one or two, never three). They would show. Closers end the text, after any
 * other change remend made (an unfinished link shown as its text).
 */
function withoutStrayClosers(content: string, closed: string, char: '_' | '~'): string {
  let extra = count(closed, char) - count(content, char);
  if (extra <= 0) return closed;
  let end = closed.length;
  let kept = '';
  while (end > 0 && '*_~`'.includes(closed[end - 1] as string)) {
    const last = closed[--end] as string;
    if (last === char && extra > 0) extra--;
    else kept = last + kept;
  }
  return closed.slice(0, end) + kept;
}

function count(text: string, char: string): number {
  let found = 0;
  for (let at = text.indexOf(char); at !== -1; at = text.indexOf(char, at + 1)) found++;
  return found;
}

/**
 * Where the inline content at the end of `source` starts: its last line when that is a heading
 * or a table row, else after the last blank line, heading, table row or closing fence above it;
 * -1 inside an open fence or math block.
 */
function inlineContentStart(source: string): number {
  let start = source.lastIndexOf('\n') + 1;
  if (insideOpenFence(source, start)) return -1;
  if (endsInlineContent(source.slice(start))) return start;
  while (start > 0) {
    const above = source.lastIndexOf('\n', start - 2) + 1;
    if (endsInlineContent(source.slice(above, start - 1))) return start;
    start = above;
  }
  return 0;
}

/** A line after which inline content starts anew: blank, a heading, a table row, a fence. */
function endsInlineContent(line: string): boolean {
  return /^\s*$|^ {0,3}(?:#{1,6}(?:[ \t]|$)|\||`{3,}|~{3,}|\${2,})/.test(line);
}

/** True when the last run of `_` in `source` can open emphasis (CommonMark's flanking rules). */
function lastUnderscoreOpens(source: string): boolean {
  const last = source.lastIndexOf('_');
  let first = last;
  while (first > 0 && source[first - 1] === '_') first--;
  const before = source[first - 1];
  const after = source[last + 1];
  if (before === '\\' || after === undefined || isBlank(after)) return false;
  const leftFlanking =
    !isPunctuation(after) || before === undefined || isBlank(before) || isPunctuation(before);
  const rightFlanking =
    before !== undefined &&
    !isBlank(before) &&
    (!isPunctuation(before) || isBlank(after) || isPunctuation(after));
  return leftFlanking && (!rightFlanking || isPunctuation(before as string));
}

function isBlank(char: string): boolean {
  return /\s/.test(char);
}

function isPunctuation(char: string): boolean {
  return /[\p{P}\p{S}]/u.test(char);
}
