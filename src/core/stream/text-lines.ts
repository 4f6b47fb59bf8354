/*
 * Whole texts (a saved log, a JSONL session) read line by line the way the streaming readers
 * read them (`LineSplitter`): one leading byte-order mark dropped, CRLF, LF and a lone CR each end
 * a line, blank lines skipped. Every adapter's text reader goes through here, so a BOM cannot
 * hide a first line in one protocol and not in another.
 */

const BOM = '\uFEFF';

/** One non-blank line of a text, numbered from 1 as an editor counts them. */
export interface TextLine {
  readonly number: number;
  readonly text: string;
}

/** The text without the byte-order mark it may start with. */
export function withoutBom(text: string): string {
  return text.startsWith(BOM) ? text.slice(1) : text;
}

/** The lines of a text that hold more than whitespace, as they are (not trimmed). */
export function textLines(text: string): TextLine[] {
  const lines: TextLine[] = [];
  withoutBom(text)
    .split(/\r\n|\r|\n/)
    .forEach((line, index) => {
      if (line.trim() !== '') lines.push({ number: index + 1, text: line });
    });
  return lines;
}
