import { isProsePunctuation, isWordCharacter, proseLength, startsWithWord } from './prose.js';

/*
 * Emphasis and inline code typed after a streaming tail's anchor, shown without a parse. An
 * anchor whose repair adds nothing after the mark ends the repaired text with it, in running
 * text, so the text after it may hold spans as well as prose (tail-anchor.ts checks the repair):
 *   - a run of up to three `*` or `_`, or up to two backticks, after a space and before a letter,
 *     digit or mark opens a span. It can only open: what precedes it is a space;
 *   - the same run again closes it, after anything but a blank and before a space, or before
 *     prose punctuation after a letter: it can only close, so it pairs with the nearest opener
 *     of its kind, which is the span's own (prose holds no delimiter);
 *   - backticks open a span only when no run of as many backticks before them, in the same line
 *     or table cell, is left open, which would pair with them instead (and none before that);
 *   - what fills and follows the spans is prose; a span holds no other span.
 * The repair closes the last span if it is still open: after the mark, with the same run.
 */

/** A span of emphasis or code typed after the anchor. */
export interface TypedSpan {
  /** The run that opened it: `*`, `**` or `***`, `_`, `__` or `___`, `` ` `` or ` `` `. */
  readonly delimiter: string;
  /** The prose inside it. */
  readonly text: string;
  /** False while the closing run is still to come (the repair closes it). */
  readonly closed: boolean;
  /** The prose typed after its closing run, up to the next span. */
  readonly after: string;
}

/** The text after an anchor: prose, then the spans, each with the prose after it. */
export interface TypedText {
  /** The prose before the first span. */
  readonly after: string;
  readonly spans: readonly TypedSpan[];
}

/** Characters whose runs open and close a span. */
const DELIMITERS = '*_`';

/**
 * `source` from `from` (to `to`) as typed text, or null when it holds anything else: other
 * markup, a run that opens or closes where a span cannot, or a run at its very end (whether it
 * opens or closes depends on what follows).
 */
export function readTypedText(
  source: string,
  from: number,
  to: number = source.length,
): TypedText | null {
  let after = '';
  const spans: TypedSpan[] = [];
  let open: string | null = null;
  let start = from;
  for (let index = from; index < to;) {
    if (!DELIMITERS.includes(source[index] as string)) {
      const length = proseLength(source, index);
      if (length === 0) return null;
      index += length;
      continue;
    }
    let end = index + 1;
    while (end < to && source[end] === source[index]) end++;
    // Undecided at the end: what follows tells an opening run from a closing one.
    if (end === to) return null;
    const run = source.slice(index, end);
    const prose = source.slice(start, index);
    if (open === null) {
      if (!opensSpan(source, index, run)) return null;
      if (spans.length === 0) after = prose;
      else spans[spans.length - 1] = { ...(spans[spans.length - 1] as TypedSpan), after: prose };
      open = run;
    } else {
      if (run !== open || !closesSpan(source, index, end)) return null;
      spans.push({ delimiter: run, text: prose, closed: true, after: '' });
      open = null;
    }
    start = index = end;
  }
  const rest = source.slice(start, to);
  if (open !== null) {
    return { after, spans: [...spans, { delimiter: open, text: rest, closed: false, after: '' }] };
  }
  if (spans.length === 0) return { after: rest, spans };
  spans[spans.length - 1] = { ...(spans[spans.length - 1] as TypedSpan), after: rest };
  return { after, spans };
}

/** `typed` followed by `prose`, which goes in the open span or after the last one. */
export function appendProse(typed: TypedText, prose: string): TypedText {
  if (prose === '') return typed;
  const last = typed.spans[typed.spans.length - 1];
  if (last === undefined) return { after: typed.after + prose, spans: typed.spans };
  const grown = last.closed
    ? { ...last, after: last.after + prose }
    : { ...last, text: last.text + prose };
  return { after: typed.after, spans: [...typed.spans.slice(0, -1), grown] };
}

/** What the repair adds after the mark: the open span's run, if one is open. */
export function pendingCloser(typed: TypedText): string {
  const last = typed.spans[typed.spans.length - 1];
  return last === undefined || last.closed ? '' : last.delimiter;
}

/** The text as typed, with the open span closed: how it shows where markdown is shown as written. */
export function literalText(typed: TypedText): string {
  let text = typed.after;
  for (const span of typed.spans) text += span.delimiter + span.text + span.delimiter + span.after;
  return text;
}

function opensSpan(source: string, index: number, run: string): boolean {
  const code = run[0] === '`';
  return (
    run.length <= (code ? 2 : 3) &&
    source[index - 1] === ' ' &&
    startsWithWord(source, index + run.length) &&
    (!code || !leavesBackticksOpen(source, index, run.length))
  );
}

/** Before a space, or prose punctuation after a letter; not after a blank. */
function closesSpan(source: string, index: number, end: number): boolean {
  const next = source[end];
  return (
    source[index - 1] !== ' ' &&
    (next === ' ' ||
      (next !== undefined && isProsePunctuation(next) && isWordCharacter(source, index)))
  );
}

/**
 * True when a run of `length` backticks before `end` may pair with one at `end` (CommonMark pairs
 * a run with the next run of as many in the same inline content). Read conservatively: the text
 * from the line or table cell the run is in is read as one inline content, and any backtick
 * before it, an escaped one, or `<` (raw HTML or an autolink may hold backticks) counts as open.
 */
function leavesBackticksOpen(source: string, end: number, length: number): boolean {
  const start = Math.max(source.lastIndexOf('\n', end - 1), source.lastIndexOf('|', end - 1)) + 1;
  if (start > 0 && source.lastIndexOf('`', start - 1) !== -1) return true;
  const line = source.slice(start, end);
  if (line.includes('\\') || line.includes('<')) return true;
  for (let index = line.indexOf('`'); index !== -1;) {
    let runEnd = index + 1;
    while (line[runEnd] === '`') runEnd++;
    const closer = nextRun(line, runEnd, runEnd - index);
    if (closer === -1 && runEnd - index === length) return true;
    index = line.indexOf('`', closer === -1 ? runEnd : closer + (runEnd - index));
  }
  return false;
}

/** Where the next run of exactly `length` backticks from `from` starts, or -1. */
function nextRun(text: string, from: number, length: number): number {
  for (let index = text.indexOf('`', from); index !== -1;) {
    let runEnd = index + 1;
    while (text[runEnd] === '`') runEnd++;
    if (runEnd - index === length) return index;
    index = text.indexOf('`', runEnd);
  }
  return -1;
}
