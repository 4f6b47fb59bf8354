/*
 * What the block splitter needs to know of one line: its indentation, whether it opens or closes
 * a fence, whether it is a definition. A line still arriving is read on from where the previous
 * token stopped, never from its start again, so one huge line streamed token by token costs each
 * token its own characters. The read stops early once no character still to come can change an
 * answer (a line starting with a letter is settled at that letter).
 */

import {
  BACKTICK,
  CARRIAGE_RETURN,
  CLOSE_BRACKET,
  COLON,
  DOLLAR,
  OPEN_BRACKET,
  SPACE,
  TAB,
  TILDE,
} from '../../core/text/char-codes.js';

/** An open fence: its marker character and how many of them opened it. */
export interface Fence {
  marker: string;
  length: number;
}

/** One line read so far; a longer version of the line resumes from it. */
export interface LineScan {
  /** Where the line starts in the text. */
  readonly start: number;
  /** Where the read stopped (the line's end so far, or where it settled). */
  readonly read: number;
  /** True when no further character of the line can change an answer. */
  readonly settled: boolean;
  /** Spaces, tabs and carriage returns at its start. */
  readonly indent: number;
  /** The char code of the first other character, or -1 while the line is blank. */
  readonly lead: number;
  /** How many `lead` characters follow one another from `start + indent`. */
  readonly run: number;
  /** True once another character ended that run. */
  readonly runEnded: boolean;
  /** True while everything after the run is a space, tab or carriage return. */
  readonly restBlank: boolean;
  /** True once a backtick follows the run. */
  readonly restBacktick: boolean;
  /** For a line starting with `[`: where its first `]` is, or -1 until one arrives. */
  readonly bracket: number;
}

function isSpaceCode(code: number): boolean {
  return code === SPACE || code === TAB || code === CARRIAGE_RETURN;
}

/** True when nothing after the read can change what the line's tests answer. */
function isSettled(
  lead: number,
  run: number,
  runEnded: boolean,
  restBlank: boolean,
  restBacktick: boolean,
  bracket: number,
): boolean {
  if (lead === -1) return false;
  if (lead === OPEN_BRACKET) return bracket !== -1;
  if (lead === BACKTICK) return runEnded && (run < 3 || (!restBlank && restBacktick));
  if (lead === TILDE) return runEnded && (run < 3 || !restBlank);
  if (lead === DOLLAR) return runEnded && (run !== 2 || !restBlank);
  return true;
}

/**
 * The line starting at `start` and ending at `end` (excluding its newline), read on from
 * `previous` (a read of the same line when it was shorter) or from its start.
 */
export function scanLine(
  text: string,
  previous: LineScan | null,
  start: number,
  end: number,
): LineScan {
  if (previous !== null && (previous.settled || previous.read === end)) return previous;
  let at = previous?.read ?? start;
  let indent = previous?.indent ?? 0;
  let lead = previous?.lead ?? -1;
  let run = previous?.run ?? 0;
  let runEnded = previous?.runEnded ?? false;
  let restBlank = previous?.restBlank ?? true;
  let restBacktick = previous?.restBacktick ?? false;
  let bracket = previous?.bracket ?? -1;
  let settled = false;
  for (; at < end; at++) {
    const code = text.charCodeAt(at);
    if (lead === -1) {
      if (isSpaceCode(code)) indent++;
      else {
        lead = code;
        run = 1;
      }
    } else if (lead === OPEN_BRACKET) {
      if (code === CLOSE_BRACKET) bracket = at;
    } else if (!runEnded && code === lead) {
      run++;
    } else {
      runEnded = true;
      if (!isSpaceCode(code)) restBlank = false;
      if (code === BACKTICK) restBacktick = true;
    }
    if (isSettled(lead, run, runEnded, restBlank, restBacktick, bracket)) {
      settled = true;
      at++;
      break;
    }
  }
  return {
    start,
    read: at,
    settled,
    indent,
    lead,
    run,
    runEnded,
    restBlank,
    restBacktick,
    bracket,
  };
}

/** True when the line holds only spaces, tabs and carriage returns. */
export function isBlankLine(scan: LineScan): boolean {
  return scan.lead === -1;
}

/** The fence the line opens (``` / ~~~ of three or more, or `$$` alone), or null. */
export function fenceOfLine(scan: LineScan): Fence | null {
  const { lead, run } = scan;
  if (lead === DOLLAR) return run === 2 && scan.restBlank ? { marker: '$', length: 2 } : null;
  if ((lead !== BACKTICK && lead !== TILDE) || run < 3) return null;
  // A backtick fence's info string cannot hold a backtick (it would be inline code).
  if (lead === BACKTICK && scan.restBacktick) return null;
  return { marker: lead === BACKTICK ? '`' : '~', length: run };
}

/** True when the line closes `fence`: its marker, at least as many, then only spaces. */
export function closesFenceLine(scan: LineScan, fence: Fence): boolean {
  if (scan.lead !== fence.marker.charCodeAt(0) || !scan.restBlank) return false;
  return fence.marker === '$' ? scan.run === 2 : scan.run >= fence.length;
}

/** True when the line (up to three spaces in) starts with `[label]:`, a definition or footnote. */
export function isDefinitionLine(text: string, scan: LineScan): boolean {
  const at = scan.start + scan.indent;
  return (
    scan.lead === OPEN_BRACKET &&
    scan.indent <= 3 &&
    scan.bracket > at + 1 &&
    text.charCodeAt(scan.bracket + 1) === COLON
  );
}
