import { splitCitationMarkers } from '../source/citation-markers.js';
import { CODE_GROUP_LINES, splitCodeGroups } from './code-groups.js';
import { extendsText } from '../extends-text.js';
import { hasMark } from '../marks.js';

/*
 * A fenced code block that is still streaming needs no markdown parser: everything after its
 * opening line is code (CommonMark runs an open fence to the end of the text). Reading it
 * directly keeps a long streaming code block at the cost of its last lines, instead of a full
 * parse of the block per token, and keeps the repair step away from the code.
 */

/** The code and language of an unclosed fence. */
export interface OpenFence {
  code: string;
  language: string | undefined;
}

/**
 * Reads `block`, an unclosed ``` or ~~~ fence (up to three spaces in), after any blank lines the
 * splitter kept in front of it.
 */
export function readOpenFence(block: string): OpenFence {
  const source = block.slice(firstLineWithContent(block));
  const newline = source.indexOf('\n');
  const { language, indent } = readOpening(newline === -1 ? source : source.slice(0, newline));
  if (newline === -1) return { code: '', language };
  const lines = source.slice(newline + 1).split('\n');
  // The fence's own indentation is removed from each code line, as CommonMark does.
  const code = lines.map((line) => stripIndent(line, indent)).join('\n');
  return { code: code.endsWith('\n') ? code.slice(0, -1) : code, language };
}

/** The language (first word of the info string) and indentation of a fence's opening line. */
function readOpening(opening: string): { language: string | undefined; indent: number } {
  const indent = opening.length - opening.trimStart().length;
  const marker = opening.trimStart();
  let infoStart = 0;
  while (infoStart < marker.length && marker[infoStart] === marker[0]) infoStart++;
  const language = marker.slice(infoStart).trim().split(/\s/, 1)[0] || undefined;
  return { language, indent };
}

/*
 * While the fence streams, each token adds a few characters to its last line. The read below
 * resumes from the previous token's: the full groups of lines are kept as they are (the same
 * strings, so the renderer skips them), and only the lines after them are read again.
 */

/** An unclosed fence read for rendering: pass it back as `previous` with the next source. */
export interface OpenFenceLines {
  /** The fence's source as read (the block, citation markers included). */
  readonly source: string;
  readonly language: string | undefined;
  /**
   * The code in groups of lines (see `splitCodeGroups`): joining them gives `readOpenFence`'s
   * code, and a full group keeps its string while the fence grows.
   */
  readonly groups: readonly string[];
  /** The entries of the citation markers in the fence, in order: shown after it. */
  readonly citations: readonly number[];
}

/** Where a read stopped: the full groups, and the lines of the group still filling. */
interface Progress {
  indent: number;
  /** Where in the source the first line not read yet starts (the last, unfinished one). */
  next: number;
  full: readonly string[];
  /** The finished lines after the full groups, each with its newline. */
  current: string;
  lines: number;
}

const progress = new WeakMap<OpenFenceLines, Progress>();

/**
 * `readOpenFence` of `source` in line groups, resumed from `previous` (the read of the source
 * before this token) when `source` extends it: a token costs the lines after the last full
 * group, not the fence. Pure: `previous` is never changed. A fence holding a citation marker
 * (rare) is read whole.
 */
export function readOpenFenceLines(
  previous: OpenFenceLines | null,
  source: string,
): OpenFenceLines {
  if (previous !== null && previous.source === source) return previous;
  const state = previous === null ? undefined : progress.get(previous);
  // A resumed read had no citation marker after `state.next`: only the added text may hold one.
  if (
    previous !== null &&
    state !== undefined &&
    extendsText(source, previous.source) &&
    !hasMark(source.slice(previous.source.length))
  ) {
    return advance(state, previous.language, source);
  }
  if (hasMark(source)) {
    const parts = splitCitationMarkers(source);
    const { code, language } = readOpenFence(
      parts.filter((part) => typeof part === 'string').join(''),
    );
    const citations = parts.filter((part) => typeof part === 'number');
    return { source, language, groups: splitCodeGroups(code), citations };
  }
  const start = firstLineWithContent(source);
  const newline = source.indexOf('\n', start);
  const { language, indent } = readOpening(
    source.slice(start, newline === -1 ? undefined : newline),
  );
  if (newline === -1) return { source, language, groups: [], citations: [] };
  return advance({ indent, next: newline + 1, full: [], current: '', lines: 0 }, language, source);
}

/** Reads the lines of `source` from `state.next` on. */
function advance(state: Progress, language: string | undefined, source: string): OpenFenceLines {
  const { indent } = state;
  let { next, full, current, lines } = state;
  for (let newline = source.indexOf('\n', next); newline !== -1;) {
    current += `${stripIndent(source.slice(next, newline), indent)}\n`;
    next = newline + 1;
    if (++lines === CODE_GROUP_LINES) {
      full = full.concat(current);
      current = '';
      lines = 0;
    }
    newline = source.indexOf('\n', next);
  }
  const last = stripIndent(source.slice(next), indent);
  let groups: readonly string[];
  if (last !== '') groups = full.concat(current + last);
  else if (lines > 0) groups = full.concat(current.slice(0, -1));
  else if (full.length > 0) {
    // The code ends with the last full group's newline, which `readOpenFence` drops: until the
    // next line starts, that group shows without it.
    const end = full.length - 1;
    groups = full.slice(0, end).concat((full[end] as string).slice(0, -1));
  } else groups = full;
  const read: OpenFenceLines = {
    source,
    language,
    groups: groups.filter((group) => group !== ''),
    citations: [],
  };
  progress.set(read, { indent, next, full, current, lines });
  return read;
}

function firstLineWithContent(text: string): number {
  let start = 0;
  for (;;) {
    const newline = text.indexOf('\n', start);
    if (newline === -1 || text.slice(start, newline).trim() !== '') return start;
    start = newline + 1;
  }
}

function stripIndent(line: string, indent: number): string {
  let index = 0;
  while (index < indent && line[index] === ' ') index++;
  return line.slice(index);
}
