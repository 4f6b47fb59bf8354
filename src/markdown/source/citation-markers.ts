import type { Citation } from '../../core/model/block.js';
import { extendsText } from '../extends-text.js';
import { CITATION_END, CITATION_START, hasMark, withoutMarks } from '../marks.js';

/*
 * Citations are placed in the markdown source, not in the rendered tree: a span indexes the raw
 * text, and only the source still has raw offsets. Each citation becomes a marker
 * `U+E000 <entry index> U+E001` inserted at the end of its span; the final rehype step turns the
 * markers into citation elements (and moves any that landed inside a link, code or a URL to just
 * after that element). Both characters are private-use code points that are removed from the
 * model's text first, so the text cannot forge a marker. An insertion point is moved back over
 * trailing whitespace, emphasis delimiters and structural lines (a closing fence, a table
 * delimiter row) so that a marker never breaks the syntax it follows.
 */

/** One citation as shown: its marker number (shared by citations of the same source). */
export interface CitationEntry {
  /** The number shown in the marker and the sources list. */
  number: number;
  /** The citation as the model gave it. */
  citation: Citation;
}

/** Numbers citations by source (same URL, file or title → same number), in order of first use. */
export function numberCitations(citations: readonly Citation[] | undefined): CitationEntry[] {
  const numbers = new Map<string, number>();
  return (citations ?? []).map((citation, index) => {
    const key = citation.url ?? citation.file_id ?? citation.title ?? `#${index}`;
    let number = numbers.get(key);
    if (number === undefined) {
      number = numbers.size + 1;
      numbers.set(key, number);
    }
    return { number, citation };
  });
}

/** The first entry of each number, in number order: the "Sources" list. */
export function uniqueSources(entries: readonly CitationEntry[]): CitationEntry[] {
  const seen = new Set<number>();
  return entries.filter((entry) => !seen.has(entry.number) && seen.add(entry.number));
}

/**
 * `text` without any marker character, with a marker for each entry at the end of its span. A
 * span the text has not reached yet (it is still streaming), and an entry without a span, are
 * placed after the text, unless the text already marks their source at a span of its own (a
 * provider sends a source once as a list entry and again as a citation of a span).
 */
export function placeCitationMarkers(text: string, entries: readonly CitationEntry[]): string {
  const clean = withoutMarks(text);
  if (entries.length === 0) return clean;
  const placed: { at: number; key: number }[] = [];
  const seen = new Set<string>();
  const inText = entries.map(({ citation: { span } }) => {
    if (span === undefined) return false;
    const [start, end] = span;
    return isOffset(start) && isOffset(end) && start <= end && end <= text.length;
  });
  const markedInline = new Set(entries.filter((_, key) => inText[key]).map((e) => e.number));
  entries.forEach((entry, key) => {
    const [start, end] = entry.citation.span ?? [0, text.length];
    const inline = inText[key] === true;
    if (!inline && markedInline.has(entry.number)) return;
    // Offsets index the raw text; removed marker characters shift them.
    const rawEnd = inline ? end : text.length;
    const at = insertionPoint(
      clean,
      cleanOffset(text, rawEnd),
      inline ? cleanOffset(text, start) : 0,
    );
    const id = `${at}:${entry.number}`;
    if (seen.has(id)) return;
    seen.add(id);
    placed.push({ at, key });
  });
  placed.sort((a, b) => a.at - b.at || a.key - b.key);
  let result = '';
  let from = 0;
  for (const { at, key } of placed) {
    result += `${clean.slice(from, at)}${CITATION_START}${key}${CITATION_END}`;
    from = at;
  }
  return result + clean.slice(from);
}

/** The pieces of `value`: text, and the entry index of every marker in it. */
export function splitCitationMarkers(value: string): (string | number)[] {
  const parts: (string | number)[] = [];
  let from = 0;
  for (;;) {
    const start = value.indexOf(CITATION_START, from);
    if (start === -1) break;
    const end = value.indexOf(CITATION_END, start + 1);
    if (end === -1) break;
    if (start > from) parts.push(value.slice(from, start));
    const key = Number(value.slice(start + 1, end));
    if (Number.isInteger(key)) parts.push(key);
    from = end + 1;
  }
  const rest = withoutMarks(value.slice(from));
  if (rest !== '') parts.push(rest);
  return parts;
}

/** A text's markdown source with its citation markers, kept so a longer text can resume from it. */
export interface CitationPlacement {
  /** The model's text. */
  readonly text: string;
  /** `placeCitationMarkers(text, entries)`. */
  readonly source: string;
  /** True when markers were placed: the next text is placed anew, not resumed. */
  readonly cited: boolean;
}

/**
 * `placeCitationMarkers(text, entries)`, resumed from the placement of an earlier text when `text`
 * extends it. Without citations (the usual case while a reply streams) only the characters added
 * since `previous` are checked for marker characters, so a token costs the token, not the text.
 * Pure: `previous` is read, never changed.
 */
export function resumeCitationMarkers(
  previous: CitationPlacement | null,
  text: string,
  entries: readonly CitationEntry[],
): CitationPlacement {
  if (entries.length > 0) return { text, source: placeCitationMarkers(text, entries), cited: true };
  if (previous === null || previous.cited || !extendsText(text, previous.text)) {
    return { text, source: withoutMarks(text), cited: false };
  }
  if (text === previous.text) return previous;
  const added = text.slice(previous.text.length);
  // Nothing removed so far, nothing to remove now: the text itself, as a full strip returns.
  const source =
    previous.source === previous.text && !hasMark(added)
      ? text
      : previous.source + withoutMarks(added);
  return { text, source, cited: false };
}

/** True when `value` holds the start of a citation marker. */
export function hasCitationMarker(value: string): boolean {
  return value.includes(CITATION_START);
}

function isOffset(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function cleanOffset(raw: string, offset: number): number {
  if (!hasMark(raw)) return offset;
  let removed = 0;
  for (let index = 0; index < offset; index++) {
    if (hasMark(raw[index] as string)) removed++;
  }
  return offset - removed;
}

/* -------------------------------------------------------------------------------------------------
 * Where a marker goes
 * -----------------------------------------------------------------------------------------------*/

function isWhitespace(char: string | undefined): boolean {
  return char === ' ' || char === '\t' || char === '\n' || char === '\r';
}

/** Moves `at` back (never before `floor`) out of places where a marker would break syntax. */
export function insertionPoint(text: string, at: number, floor: number): number {
  let point = at;
  for (let guard = 0; guard < 8; guard++) {
    while (point > floor && isWhitespace(text[point - 1])) point--;
    const lineStart = text.lastIndexOf('\n', point - 1) + 1;
    if (point > lineStart && lineStart > floor && isStructuralLine(text, lineStart, point)) {
      point = lineStart;
      continue;
    }
    break;
  }
  while (
    point > floor &&
    (text[point - 1] === '*' || text[point - 1] === '_' || text[point - 1] === '~')
  )
    point--;
  if (point > floor && text[point - 1] === '|') {
    point--;
    while (point > floor && (text[point - 1] === ' ' || text[point - 1] === '\t')) point--;
  }
  return point;
}

/** A closing fence, a table delimiter row, a setext underline or a thematic break. */
function isStructuralLine(text: string, start: number, end: number): boolean {
  let index = start;
  while (index < end && (text[index] === ' ' || text[index] === '\t')) index++;
  const first = text[index];
  if (first === undefined) return false;
  const sets = ['`~', '|:- \t', '=-*_ \t'];
  return sets.some((set) => {
    if (!set.includes(first)) return false;
    for (let i = index; i < end; i++) {
      const char = text[i];
      if (char === undefined || !set.includes(char)) return false;
    }
    return true;
  });
}
