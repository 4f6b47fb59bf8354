import type { TailAnchor } from './tail-anchor.js';
import { closedAt, followTail, holdTrailingMarkup, shownFromAnchor } from './tail-anchor.js';
import { withoutTrailingBlanks } from './trailing-blanks.js';
import { extendsText } from '../extends-text.js';
import { isProse } from './prose.js';
import type { TypedSpan, TypedText } from './typed-spans.js';
import { readTypedText } from './typed-spans.js';
import { appendToCells, readTypedCells } from './typed-cells.js';

/*
 * One unfinished text, parsed at an anchor, as the view renders it: the stream's last chunk, or
 * the live row or item of a table or list in it, as last-chunk-tail.ts hands it over (this file
 * knows no stream). The text is repaired before parsing; while tokens only add prose, the parse
 * at the anchor stays and only the text after it changes (see tail-anchor.ts). Blanks at the very
 * end are held back until the next character: they never show, and the repair treats them
 * differently by context (it closes emphasis before them, backticks after them, and inline code
 * trims them). A short run of markup at the end is held back too until a word follows it, or the
 * stream pauses on it (`release`).
 */

/** How to render one unfinished text, and what the next token resumes from. */
export interface AnchoredTail {
  /** What the parser reads: the repaired tail, ending in `TAIL_MARK` when anchored. */
  readonly markdown: string;
  /** The model's text the parse comes from, shown as it is if the parser fails. */
  readonly source: string;
  /**
   * Text that arrived after the anchor: shown in place of `TAIL_MARK`, without a parse; up to the
   * first span typed after it (see typed-spans.ts).
   */
  readonly after: string;
  /** Emphasis and code typed after the anchor, each with the prose after it. */
  readonly spans: readonly TypedSpan[];
  /** In a table's live row, the text typed in each cell after the anchor's (typed-cells.ts). */
  readonly cells: readonly TypedText[];
  /** Text after the closers the anchor's repair added, once typed: shown for `CLOSED_MARK`. */
  readonly closed: string;
  /** The anchor the parse was made at; null when the tail is parsed as it is. */
  readonly anchor: TailAnchor | null;
  /**
   * The whole tail while markup at its end is held back, else null. When the stream pauses on
   * it, pass it back as `release` and the markup shows.
   */
  readonly holding: string | null;
  /**
   * The text the anchor shows ('' when there is none): the next token checks only what follows.
   */
  readonly checked: string;
}

/** What decides how the tail shows, besides its text. */
export interface AnchoredTailOptions {
  /** Closes the tail's unfinished syntax (`repairMarkdownTail`, which comes with the engine). */
  repair: (markdown: string) => string;
  /** False parses the whole tail on every token (the reference the tests compare with). */
  anchoring: boolean;
  /** A tail (as `holding` gave it) whose held-back markup is to be shown now. */
  release: string | null;
  /** The header's cells when `source` is a table's live row below its head, else 0. */
  columns?: number;
}

/**
 * The tail to render for `source` (the last block of a streaming text), following `previous`,
 * the tail rendered for the text before this token. Pure: `previous` is read, never changed.
 */
export function followAnchoredTail(
  previous: AnchoredTail | null,
  source: string,
  options: AnchoredTailOptions,
): AnchoredTail {
  const whole = withoutTrailingBlanks(source);
  const anchor = previous?.anchor ?? null;
  const checked = previous?.checked;
  let next = options.anchoring
    ? followTail(anchor, whole, options.repair, checked, options.columns)
    : null;
  let shown = whole;
  let typed: TypedTail | null = null;
  if (next !== null) {
    typed = typedAfter(previous, next, whole);
    const fromAnchor = shownFromAnchor(next, whole, typed?.cells?.at(-1) ?? typed);
    // Released, held punctuation shows through a parse.
    if (fromAnchor === null || (fromAnchor !== whole && options.release === whole)) next = null;
    else shown = fromAnchor;
  }
  if (next === null && anchor !== null && options.release !== whole) {
    const held = holdTrailingMarkup(anchor, whole, options.repair, checked);
    if (held !== null) [next, shown] = [anchor, held];
  }
  const holding = shown !== whole ? whole : null;
  if (next !== null && shown !== whole) typed = typedAfter(previous, next, shown);
  if (next === null || typed === null) {
    return {
      markdown: options.repair(shown),
      source: shown,
      after: '',
      spans: [],
      cells: [],
      closed: '',
      anchor: null,
      holding,
      checked: '',
    };
  }
  const closers = closersIn(next, shown, previous);
  return {
    markdown: next.markdown,
    source: next.source,
    after: typed.after.slice(0, closers === -1 ? undefined : closers - next.source.length),
    spans: typed.spans,
    cells: typed.cells ?? [],
    closed: closers === -1 ? '' : shown.slice(closers + next.closers.length),
    anchor: next,
    holding,
    checked: shown,
  };
}

/** The text after an anchor: typed text, and in a table's row the cells after the anchor's. */
type TypedTail = TypedText & { readonly cells?: readonly TypedText[] };

/**
 * The text after `anchor` in `shown`: typed text after an anchor whose repair adds nothing after
 * the mark (typed-spans.ts), by cells in a table's row (typed-cells.ts), else the prose, closers
 * and prose after it, as one piece (`after`, which `closersIn` cuts). Resumed from `previous`
 * when it was shown from the same anchor and only prose follows, so a token reads its own
 * characters.
 */
function typedAfter(
  previous: AnchoredTail | null,
  anchor: TailAnchor,
  shown: string,
): TypedTail | null {
  const from = anchor.source.length;
  if (anchor.closers !== '') return { after: shown.slice(from), spans: [] };
  if (
    previous?.anchor === anchor &&
    extendsText(shown, previous.checked) &&
    isProse(shown, previous.checked.length)
  ) {
    return appendToCells(previous, shown.slice(previous.checked.length));
  }
  if (anchor.cells > 0 && shown.includes('|', from)) return readTypedCells(shown, from);
  return readTypedText(shown, from);
}

/**
 * Where the closers start in `shown` (see `closedAt`), read from where the previous token's text
 * ended when it was shown from the same anchor: a token reads its own characters, not the text
 * after the anchor again. Prose holds no closer, so they are new, or where they were.
 */
function closersIn(next: TailAnchor, shown: string, previous: AnchoredTail | null): number {
  if (next.closers === '') return -1;
  if (previous?.anchor !== next || !extendsText(shown, previous.checked)) {
    return closedAt(next, shown);
  }
  if (previous.closed !== '') return next.source.length + previous.after.length;
  return shown.indexOf(next.closers, previous.checked.length);
}

/**
 * `source`, the block the tail ends (or the table or list whose live row or item it is), as
 * shown: without the markup that `tail` holds back at its end. The caret is placed from it.
 */
export function shownTailSource(source: string, tail: AnchoredTail): string {
  if (tail.holding === null) return source;
  // Only an anchored tail holds markup back, and what it shows is `checked`.
  const held = tail.holding.length - tail.checked.length;
  const whole = withoutTrailingBlanks(source);
  return whole.slice(0, whole.length - held);
}
