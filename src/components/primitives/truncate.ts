import { SHOW_ALL_LIMITS } from './show-all-limits.js';

/** The start of a text, from {@link truncateText}. */
export interface TruncatedText {
  /** The start of the text, at most `maxCharacters` long and `maxLines` lines. */
  text: string;
  /** True when `text` is shorter than the input. */
  truncated: boolean;
}

/**
 * The start of `text` up to `maxCharacters` or `maxLines` lines, whichever comes first. It
 * reads only the part it keeps, so a 10 MB string costs the same as a 4 KB one.
 */
export function truncateText(
  text: string,
  maxCharacters: number = SHOW_ALL_LIMITS.toolOutput.preview.characters,
  maxLines: number = SHOW_ALL_LIMITS.toolOutput.preview.lines,
): TruncatedText {
  let end = Math.min(text.length, maxCharacters);
  let lines = 1;
  let newline = text.indexOf('\n');
  while (newline !== -1 && newline < end) {
    if (lines >= maxLines) {
      end = newline;
      break;
    }
    lines += 1;
    newline = text.indexOf('\n', newline + 1);
  }
  // Never split a surrogate pair: half an emoji renders as a replacement character.
  if (end < text.length && end > 0 && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
  return end < text.length
    ? { text: text.slice(0, end), truncated: true }
    : { text, truncated: false };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

// CSI sequences (colours, cursor moves, `ESC[2J`) and OSC sequences (titles, OSC 8 hyperlinks
// whose label hides the target), ended by BEL or ST.
/* eslint-disable no-control-regex -- matching control characters is the point */
const ANSI =
  /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u009b[0-?]*[ -/]*[@-~]/g;
/* eslint-enable no-control-regex */

/** `text` without terminal escape sequences, which tool output (logs, shells) often carries. */
export function stripAnsi(text: string): string {
  return text.includes('\u001b') || text.includes('\u009b') ? text.replace(ANSI, '') : text;
}

const REMINDER_OPEN = '<system-reminder>';
const REMINDER_CLOSE = '</system-reminder>';

/** A run of tool output: ordinary text, or the body of a `<system-reminder>` wrapper. */
export interface OutputSegment {
  kind: 'text' | 'reminder';
  text: string;
}

/**
 * Splits AgentScope's `<system-reminder>…</system-reminder>` wrappers out of tool output, so the
 * runtime's notices ("the tool call has been interrupted") read as notices, not as raw tags. An
 * unclosed wrapper (still streaming) runs to the end.
 */
export function splitSystemReminders(text: string): OutputSegment[] {
  let open = text.indexOf(REMINDER_OPEN);
  if (open === -1) return [{ kind: 'text', text }];
  const segments: OutputSegment[] = [];
  let position = 0;
  while (open !== -1) {
    if (open > position) segments.push({ kind: 'text', text: text.slice(position, open) });
    const bodyStart = open + REMINDER_OPEN.length;
    const close = text.indexOf(REMINDER_CLOSE, bodyStart);
    const bodyEnd = close === -1 ? text.length : close;
    segments.push({ kind: 'reminder', text: text.slice(bodyStart, bodyEnd).trim() });
    position = close === -1 ? text.length : close + REMINDER_CLOSE.length;
    open = text.indexOf(REMINDER_OPEN, position);
  }
  const rest = text.slice(position);
  if (rest.trim() !== '') segments.push({ kind: 'text', text: rest });
  return segments.filter((segment) => segment.kind === 'reminder' || segment.text.trim() !== '');
}

/** Characters of a name (a tool, a hint source, an error code) shown before it is cut. */
export const MAX_NAME_CHARACTERS = 200;

/** `text` cut to `max` characters with `…` at the end, never splitting a surrogate pair. */
export function clipText(text: string, max = MAX_NAME_CHARACTERS): string {
  if (text.length <= max) return text;
  const end = isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max;
  return `${text.slice(0, end)}…`;
}
