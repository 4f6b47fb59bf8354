import { extendsText } from '../extends-text.js';
import { CELL_MARK, CLOSED_MARK, TAIL_MARK } from '../marks.js';
import { charLength, isProse, isProsePunctuation, isWordCharacter } from './prose.js';
import { withoutTrailingBlanks } from './trailing-blanks.js';
import { cellsToCome, readTypedCells } from './typed-cells.js';
import type { TypedText } from './typed-spans.js';
import { pendingCloser, readTypedText } from './typed-spans.js';

/*
 * The streaming tail of a text is parsed again on every token, and a parse costs far more than
 * the token. Most tokens, though, are prose appended to a word of prose, which cannot change
 * anything parsed before them: only the last piece of text grows. So the tail is parsed once at
 * an *anchor* — its source at some token, followed by TAIL_MARK, a private-use character that the
 * parser and the repair treat as one more letter, so it lands exactly where the next characters
 * would — and until a token brings something other than prose, the text that arrived since is
 * shown in place of the mark, with no parse at all.
 *
 * The rules keep this exact (a property test compares it with a full parse at every token):
 *   - an anchor ends in a word made only of letters, digits and combining marks (after at most a
 *     run of opening delimiters: `` `code``, `**bold`, `[link`), so no closing delimiter, link
 *     destination, autolink or entity is open at its end; a number (`4.65`) counts as one word,
 *     but only on a line that holds more than list markers before it (`1` + `.` opens a list);
 *     its line has begun, so no other block can start;
 *   - what follows the anchor is prose: letters, digits, marks, spaces and `. , ; ? ! ' - : / "
 *     ( )`, none of which opens or closes markdown syntax on a line that has begun, except `www.`
 *     and `://`, which make an autolink, and parentheses in a tail with `](` (a link destination,
 *     as the repair reads it);
 *   - prose that ends in punctuation shows without it when the repair adds anything after the
 *     mark: delimiters it closes emphasis with flank differently after punctuation than after a
 *     letter (`shownFromAnchor`);
 *   - `$` anywhere refuses an anchor, since the app's math plugin would read the mark as math,
 *     and so does `![`: an image's alt text is an attribute, where the mark cannot be replaced;
 *   - a letter or mark that may be shown as a hidden-character marker (a Hangul filler, a
 *     variation selector) is not prose: the parse shows it as a marker element, while the text
 *     after the anchor is shown as it is, so it never holds one.
 *
 * When the repair closes emphasis or code after the mark (`` `code`` + mark + `` ` ``), the parse
 * also holds CLOSED_MARK after those closers and a space: once the model types the same closers,
 * then prose, the text between shows in place of TAIL_MARK and the prose after the closers in
 * place of CLOSED_MARK, still without a parse (`closedAt`). The closers then flank as they did
 * at the anchor (after a letter, the mark; before a space), which holds when what precedes them
 * is not a blank and what follows is a space, or prose punctuation after a letter; and the repair
 * of the text must be the anchor's, plus the text (checked once, when the closers arrive).
 *
 * When the repair adds nothing after the mark, the mark ends the repaired text, in running text,
 * and the model may go on with spans of emphasis or code (`**bold**`, `` `code` ``) as well as
 * prose: typed-spans.ts reads them and the view renders them, again without a parse. The repair
 * of the text must be the anchor's, plus the text, plus the closers of a span still open (checked
 * when a span opens or closes). Where the mark lands in text the parser shows as written (a code
 * block, raw HTML), the pipeline turns it into LITERAL_MARK, and the text shows as typed. In a
 * table's live row, the anchor's markdown also puts a CELL_MARK in each cell still to come, and
 * the cells typed after the anchor show there (typed-cells.ts).
 *
 * Markup at the very end (`| `, `\n- `, `**`) cannot extend an anchor, and parsing the tail for
 * it is usually wasted: the next word makes a new anchor, which parses again, and the repaired
 * markup alone mostly shows as nothing (an empty emphasis) or an empty cell or bullet. So a short
 * run of ASCII markup after the anchor's prose is held back, like trailing blanks, and the text
 * before it is shown from the anchor (`holdTrailingMarkup`); the text block shows the run once a
 * word follows it, or after a pause in the stream. So is a link destination still arriving,
 * which the repair would not show anyway.
 */

/** The tail as parsed at an anchor. */
export interface TailAnchor {
  /** The tail's source when it was parsed. */
  readonly source: string;
  /**
   * What is parsed: the repaired `source + TAIL_MARK`, then a space and `CLOSED_MARK` when the
   * repair closed emphasis or code after the mark.
   */
  readonly markdown: string;
  /** The delimiters the repair closed with, which `CLOSED_MARK` follows; '' when none do. */
  readonly closers: string;
  /** The cells of a table's live row still to come, each holding a `CELL_MARK` (typed-cells.ts). */
  readonly cells: number;
}

/** Delimiters whose closing CLOSED_MARK may follow: emphasis, strikethrough and code. */
const CLOSERS = /^[*_~`]+$/;

/** The longest run of trailing markup held back. */
const MAX_HELD = 8;
const OPENING_DELIMITERS = '*_`~[';

/**
 * The anchor to render `source` from: `previous` while `source` only adds prose to it (or the
 * closers its repair added, between prose: see `closedAt`), a new anchor at the last plain word
 * of `source` when only prose punctuation follows it (`repair` gives its markdown), else null
 * (parse `source` as it is). `checked`, a text `previous` is known to show (the last text it was
 * followed to), spares checking that text again, so a token costs the token.
 */
export function followTail(
  previous: TailAnchor | null,
  source: string,
  repair: (markdown: string) => string,
  checked: string = previous?.source ?? '',
  columns = 0,
): TailAnchor | null {
  if (previous !== null && showsFrom(previous, source, checked, repair)) return previous;
  // A new anchor: at the end, or before the prose punctuation that ends the text (`… the end.`).
  let end = source.length;
  while (end > 0 && isProsePunctuation(source[end - 1])) end--;
  const anchor = end === source.length ? source : source.slice(0, end);
  if (!isAnchorable(anchor) || !isProse(source, end)) return null;
  const repaired = repair(anchor + TAIL_MARK);
  const added = repaired.slice(repaired.indexOf(TAIL_MARK) + 1);
  const closers = CLOSERS.test(added) ? added : '';
  if (closers !== '') {
    return { source: anchor, markdown: `${repaired} ${CLOSED_MARK}`, closers, cells: 0 };
  }
  const cells = repaired.endsWith(TAIL_MARK) ? cellsToCome(anchor, columns) : 0;
  return { source: anchor, markdown: repaired + CELL.repeat(cells), closers, cells };
}

/** A cell still to come of a table's live row, as the anchor's markdown holds it. */
const CELL = ` | ${CELL_MARK}`;

/**
 * True when the repair added nothing after the anchor's mark: it ends the markdown, but for the
 * cells still to come of a table's row.
 */
export function endsAtMark(anchor: TailAnchor): boolean {
  const { markdown } = anchor;
  return markdown.length - markdown.indexOf(TAIL_MARK) - 1 === anchor.cells * CELL.length;
}

/**
 * Where the closers start in `source`, a text that `anchor` shows (see `followTail`), when the
 * model has typed them: the text before shows in place of TAIL_MARK, after them in place of
 * CLOSED_MARK. -1 while `source` is the anchor's text plus prose.
 */
export function closedAt(anchor: TailAnchor, source: string): number {
  return anchor.closers === '' ? -1 : source.indexOf(anchor.closers, anchor.source.length);
}

/**
 * When `source` is `previous`'s text plus prose, then a short run of ASCII markup: the text
 * without that run, which `previous` shows as it is. Else null (render `source` as usual).
 * `checked` is as for `followTail`.
 */
export function holdTrailingMarkup(
  previous: TailAnchor,
  source: string,
  repair: (markdown: string) => string,
  checked: string = previous.source,
): string | null {
  if (!extendsText(source, previous.source)) return null;
  const end =
    linkDestinationStart(source, checkedUpTo(previous, source, checked)) ?? markupRunStart(source);
  if (end === null) return null;
  // Blanks before a link destination are held back too: they never show at the end.
  const shown = withoutTrailingBlanks(source.slice(0, end));
  return showsFrom(previous, shown, checked, repair) ? shown : null;
}

/**
 * How much of `source` (the anchor's text plus prose, or typed text: `typed`) the anchor shows:
 * all of it, or all but the punctuation that ends it when the repair adds anything after the mark
 * (it closes emphasis, say). A closing `**` flanks differently after `-` than after a letter (the
 * mark), so that punctuation is held back, like markup, until a word follows; null when the run is
 * too long to hold (parse `source` as it is).
 */
export function shownFromAnchor(
  anchor: TailAnchor,
  source: string,
  typed: TypedText | null,
): string | null {
  if (isWordCharacter(source, source.length)) return source;
  // Nothing to hold once the closers are typed: the repair adds nothing more.
  const closes = endsAtMark(anchor)
    ? typed !== null && pendingCloser(typed) !== ''
    : closedAt(anchor, source) === -1;
  if (!closes) return source;
  let end = source.length;
  while (end > anchor.source.length && isProsePunctuation(source[end - 1])) end--;
  return source.length - end <= MAX_HELD ? source.slice(0, end) : null;
}

/**
 * True when `previous` shows `source`: its text plus prose, or plus prose, its closers and
 * prose (see `closedAt`). `checked` is a text it is known to show.
 */
function showsFrom(
  previous: TailAnchor,
  source: string,
  checked: string,
  repair: (markdown: string) => string,
): boolean {
  // Prose after a text the anchor shows keeps it shown, closed or not.
  return (
    extendsText(source, previous.source) &&
    (isProse(source, checkedUpTo(previous, source, checked)) ||
      closesWithProse(previous, source, repair) ||
      typesSpans(previous, source, repair) ||
      typesCells(previous, source, repair))
  );
}

/**
 * True when `source` is `anchor`'s text, then typed text in its cell and the cells after it
 * (typed-cells.ts), and the repair of the text is the anchor's, plus the text, plus the closers
 * of a span still open (checked when a cell starts, or a span opens or closes).
 */
function typesCells(
  anchor: TailAnchor,
  source: string,
  repair: (markdown: string) => string,
): boolean {
  const typed = anchor.cells > 0 ? readTypedCells(source, anchor.source.length) : null;
  const last = typed?.cells[typed.cells.length - 1] ?? typed;
  return last !== null && repairsAsTyped(anchor, source, pendingCloser(last), repair);
}

/**
 * True when `source` is `anchor`'s text and typed text with spans (typed-spans.ts), after an
 * anchor whose repair adds nothing after the mark, and the repair of the text is the anchor's,
 * plus the text, plus the open span's closers after the mark (checked when a span opens or
 * closes: prose in between changes nothing).
 */
function typesSpans(
  anchor: TailAnchor,
  source: string,
  repair: (markdown: string) => string,
): boolean {
  if (!endsAtMark(anchor)) return false;
  const typed = readTypedText(source, anchor.source.length);
  return (
    typed !== null &&
    typed.spans.length > 0 &&
    repairsAsTyped(anchor, source, pendingCloser(typed), repair)
  );
}

/**
 * True when the repair of `source` is the anchor's, plus the text typed after it, plus `pending`
 * (the closers of a span still open) after the mark: it changes nothing the parse at the anchor
 * shows. One call of the repair, made when a span or a cell starts or ends.
 */
function repairsAsTyped(
  anchor: TailAnchor,
  source: string,
  pending: string,
  repair: (markdown: string) => string,
): boolean {
  const { markdown } = anchor;
  const typed = source.slice(anchor.source.length);
  return (
    repair(source + TAIL_MARK) ===
    markdown.slice(0, markdown.indexOf(TAIL_MARK)) + typed + TAIL_MARK + pending
  );
}

/** True when `source` is `anchor`'s text, prose, its closers, then prose (the file comment). */
function closesWithProse(
  anchor: TailAnchor,
  source: string,
  repair: (markdown: string) => string,
): boolean {
  const at = closedAt(anchor, source);
  const end = at + anchor.closers.length;
  const next = source[end];
  // The closers flank as at the anchor: not after a blank, and before a space, or punctuation
  // after a letter.
  const flanks =
    source[at - 1] !== ' ' &&
    (next === ' ' || (isProsePunctuation(next) && isWordCharacter(source, at)));
  const markdown = anchor.markdown;
  return (
    at !== -1 &&
    flanks &&
    isProse(source.slice(0, at), anchor.source.length) &&
    isProse(source, end) &&
    repair(source) ===
      markdown.slice(0, markdown.indexOf(TAIL_MARK)) + source.slice(anchor.source.length)
  );
}

/** How much of `source` (which extends `previous.source`) is known to be prose already. */
function checkedUpTo(previous: TailAnchor, source: string, checked: string): number {
  return checked.length > previous.source.length && extendsText(source, checked)
    ? checked.length
    : previous.source.length;
}

/**
 * Where a link destination still arriving (`[text](https://exa`) starts, searched from `from`
 * (prose before it holds none): the repair shows such a link as its text alone, so the
 * destination changes nothing on screen until its `)`.
 */
function linkDestinationStart(source: string, from: number): number | null {
  let at = source.indexOf('](', from);
  if (at === -1) return null;
  for (let next = at; next !== -1; next = source.indexOf('](', next + 2)) at = next;
  return /[\s()]/.test(source.slice(at + 2)) ? null : at;
}

/** Where the run of at most MAX_HELD markup characters that ends `source` starts, if any. */
function markupRunStart(source: string): number | null {
  let end = source.length;
  while (end > 0 && source.length - end < MAX_HELD && isAsciiMarkup(source.charCodeAt(end - 1))) {
    end--;
  }
  if (end === source.length || (end > 0 && isAsciiMarkup(source.charCodeAt(end - 1)))) return null;
  return end;
}

/** ASCII, and neither a letter nor a digit: punctuation, symbols, spaces and line ends. */
function isAsciiMarkup(code: number): boolean {
  return code < 0x80 && !/[A-Za-z0-9]/.test(String.fromCharCode(code));
}

/** True when `source` ends in a plain word (see the file comment) and holds no `$` or `![`. */
export function isAnchorable(source: string): boolean {
  let index = source.length;
  if (index === 0 || !isWordCharacter(source, index)) return false;
  while (index > 0 && isWordCharacter(source, index)) index -= charLength(source, index);
  // A number (`4.65`, `1,000`) is one word. Digits open a list item once `.` or `)` follows
  // (`1.`, `- 1.`, `> 2)`), unless their line holds more before them than such openings.
  const lineStart = source.lastIndexOf('\n', index - 1) + 1;
  const number = /(?:[0-9]+[.,])*[0-9]+$/.exec(source.slice(lineStart));
  if (number !== null && lineStart + number.index <= index) {
    index = lineStart + number.index;
    if (LIST_OPENING.test(source.slice(lineStart, index))) return false;
  }
  // The word may open with a run of delimiters (`` `code``, `**bold`, `[link`): after a space,
  // what follows the run's first letter cannot change how it flanks.
  while (index > 0 && OPENING_DELIMITERS.includes(source[index - 1] as string)) index--;
  const before = source[index - 1];
  if (index > 0 && before !== ' ' && before !== '\t' && before !== '\n') return false;
  return !source.includes('$') && !source.includes('![');
}

/**
 * A line start that a list item's number may follow: the markers of containers and list items,
 * and opening delimiters, which the repair may drop (`[2` shows as `2`).
 */
const LIST_OPENING = /^[\s>+\-.)0-9*_`~[]*$/;
