/*
 * Where a streaming text's caret goes, read from the markdown of its last block rather than from
 * the rendered elements: a stylesheet rule that looked at the elements (`:has()` on the content)
 * made the browser re-check the whole text on every token, about 3 % of a long answer's time.
 *
 * Only the block's opening lines decide, as they decide what the block is. A text kept in one
 * block because of reference definitions may end in something else than it starts with; then no
 * caret shows, which is the only cost of reading the source.
 */

/** A table's delimiter row: `| :--- | ---: |`, `--- | ---`. */
const DELIMITER_ROW = /^ {0,3}\|?(?: *:?-+:? *\|)*(?: *:?-+:? *)\|? *$/;
/** A thematic break: three or more of the same `-`, `*` or `_`, spaces between allowed. */
const THEMATIC_BREAK = /^ {0,3}([-*_])(?: *\1){2,} *$/;
/** Opens a heading or a list item: text, whatever follows. */
const OPENS_TEXT = /^ {0,3}(?:#{1,6}|[-+*]|\d{1,9}[.)])(?: |$)/;
/** Underlines a setext heading rather than delimiting a one-column table. */
const SETEXT_UNDERLINE = /^ {0,3}-+ *$/;
/** Opens a fence, a block quote, display math, or (four spaces in) indented code. */
const OPENS_BOX = /^(?: {0,3}(?:`{3}|~{3}|>|\$\$)| {4}|\t)/;

/**
 * True when a streaming text whose last block is `block` shows its caret on the block's last
 * line (a paragraph, heading or list), false when below it (code, a table, a quote, a rule).
 */
export function caretFollowsText(block: string): boolean {
  const start = block.search(/\S/);
  if (start < 0) return true;
  const lineStart = block.lastIndexOf('\n', start) + 1;
  const firstEnd = block.indexOf('\n', lineStart);
  const first = block.slice(lineStart, firstEnd < 0 ? undefined : firstEnd);
  if (OPENS_BOX.test(first) || THEMATIC_BREAK.test(first)) return false;
  if (firstEnd < 0 || OPENS_TEXT.test(first)) return true;
  const secondEnd = block.indexOf('\n', firstEnd + 1);
  const second = block.slice(firstEnd + 1, secondEnd < 0 ? undefined : secondEnd);
  // A table needs a delimiter row with as many cells as its header; `---` alone underlines a
  // heading instead.
  const isTable =
    DELIMITER_ROW.test(second) &&
    !SETEXT_UNDERLINE.test(second) &&
    cellCount(second) === cellCount(first);
  return !isTable;
}

/** The cells of a table row, roughly: escaped pipes and pipes in code are rare enough here. */
function cellCount(row: string): number {
  const trimmed = row.trim();
  if (trimmed === '|') return 0;
  return trimmed.replace(/^\|/, '').replace(/\|$/, '').split('|').length;
}
