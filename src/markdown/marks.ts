/*
 * The in-band marks: private-use characters the engine writes into the markdown source to carry
 * what markdown has no syntax for, through a parser that keeps them as text. They are declared
 * here and nowhere else. The model's text can forge none of them: `withoutMarks` removes every
 * one before the engine reads it (source/citation-markers.ts).
 */

/** Opens a citation marker (`CITATION_START <entry index> CITATION_END`) where a span ends. */
export const CITATION_START = '\uE000';
/** Closes a citation marker, so that the entry index can be read back out of the parsed text. */
export const CITATION_END = '\uE001';
/** Stands for the text that arrived after a streaming tail's anchor, shown without a new parse. */
export const TAIL_MARK = '\uE002';
/** Stands for the text after the closers an anchor's repair added, once the model typed them. */
export const CLOSED_MARK = '\uE003';
/**
 * `TAIL_MARK` where the parser shows text as written (a code block, raw HTML), so the text typed
 * after the anchor shows as typed rather than as markup.
 */
export const LITERAL_MARK = '\uE004';
/** Stands for the text typed in one cell still to come of a streaming table's live row. */
export const CELL_MARK = '\uE005';

const MARKS = [CITATION_START, CITATION_END, TAIL_MARK, CLOSED_MARK, LITERAL_MARK, CELL_MARK];
const ANY_MARK = new RegExp(`[${MARKS.join('')}]`);
const EVERY_MARK = new RegExp(ANY_MARK.source, 'g');

/** True when `text` holds any of the marks. */
export function hasMark(text: string): boolean {
  return ANY_MARK.test(text);
}

/** `text` without any of the marks: what the engine reads of the model's text. */
export function withoutMarks(text: string): string {
  return ANY_MARK.test(text) ? text.replace(EVERY_MARK, '') : text;
}
