import { extendsText } from '../extends-text.js';
import type { MarkdownBlock } from '../split/split-blocks.js';

/*
 * Markdown parsers are super-linear on some inputs: long runs of unmatched `*`, `[` or `_`, deep
 * `>`/list nesting (a stack overflow at a few thousand levels), huge tables. A block that looks
 * like one of those is shown as plain text instead of being parsed: the user still sees exactly
 * what the model wrote, and the tab does not freeze. One linear pass, no regex.
 */

/** Characters in one non-code block above which it is shown as plain text. */
export const MAX_MARKDOWN_BLOCK_LENGTH = 32 * 1024;
/** Characters in one fenced code block above which it is shown as plain text. */
export const MAX_CODE_BLOCK_LENGTH = 512 * 1024;
const MAX_LINES = 1000;
const MAX_DELIMITERS = 2000;
const MAX_PIPES = 5000;
const MAX_NESTING = 32;

/**
 * A limit check of a block that may still grow: its counts up to the start of its last line,
 * which is read again when the block grows, since a line still arriving may change its nesting.
 */
export interface LimitScan {
  /** The block's source as checked. */
  readonly source: string;
  /** True when the block is too costly to parse (`exceedsMarkdownLimits`). */
  readonly exceeded: boolean;
  /** Where the last line begins, and the counts before it. */
  readonly lastLine: number;
  readonly lines: number;
  readonly delimiters: number;
  readonly pipes: number;
}

/** True when `block` should be shown as plain text rather than parsed as markdown. */
export function exceedsMarkdownLimits(block: MarkdownBlock): boolean {
  return scanMarkdownLimits(null, block).exceeded;
}

/**
 * `exceedsMarkdownLimits(block)`, resumed from the check of an earlier source that `block`'s
 * source extends (the streaming tail a token ago), so a token costs its own line, not the block: a
 * growing table or list is otherwise read whole per token. The result depends on the source
 * alone, so any earlier check of a prefix resumes exactly.
 */
export function scanMarkdownLimits(previous: LimitScan | null, block: MarkdownBlock): LimitScan {
  const { source } = block;
  if (block.fence) return finished(source, source.length > MAX_CODE_BLOCK_LENGTH);
  if (source.length > MAX_MARKDOWN_BLOCK_LENGTH) return finished(source, true);
  const resumed = previous !== null && extendsText(source, previous.source);
  // Every count only grows as the text does: once too costly, a longer text is too.
  if (resumed && previous.exceeded) return finished(source, true);
  let lines = resumed ? previous.lines : 0;
  let delimiters = resumed ? previous.delimiters : 0;
  let pipes = resumed ? previous.pipes : 0;
  let lastLine = resumed ? previous.lastLine : 0;
  // The counts before the last line begun, which the next, longer source resumes from.
  let [linesBefore, delimitersBefore, pipesBefore] = [lines, delimiters, pipes];
  let lineStart = true;
  for (let index = lastLine; index < source.length; index++) {
    const char = source[index];
    if (lineStart) {
      lastLine = index;
      [linesBefore, delimitersBefore, pipesBefore] = [lines, delimiters, pipes];
      if (++lines > MAX_LINES) return finished(source, true);
      if (nestingAt(source, index) > MAX_NESTING) return finished(source, true);
      lineStart = false;
    }
    switch (char) {
      case '\n':
        lineStart = true;
        break;
      case '*':
      case '_':
      case '~':
      case '[':
      case ']':
      case '<':
      case '`':
        if (++delimiters > MAX_DELIMITERS) return finished(source, true);
        break;
      case '|':
        if (++pipes > MAX_PIPES) return finished(source, true);
        break;
    }
  }
  return {
    source,
    exceeded: false,
    lastLine,
    lines: linesBefore,
    delimiters: delimitersBefore,
    pipes: pipesBefore,
  };
}

function finished(source: string, exceeded: boolean): LimitScan {
  return { source, exceeded, lastLine: 0, lines: 0, delimiters: 0, pipes: 0 };
}

/** How many block quote and list markers open the line at `start`. */
function nestingAt(text: string, start: number): number {
  let depth = 0;
  let index = start;
  for (;;) {
    if (depth > MAX_NESTING) return depth;
    while (text[index] === ' ' || text[index] === '\t') index++;
    const char = text[index];
    if (char === '>') {
      depth++;
      index++;
      continue;
    }
    if ((char === '-' || char === '*' || char === '+') && isGap(text[index + 1])) {
      depth++;
      index += 2;
      continue;
    }
    let digits = index;
    while (digits - index < 9 && isDigit(text[digits])) digits++;
    if (
      digits > index &&
      (text[digits] === '.' || text[digits] === ')') &&
      isGap(text[digits + 1])
    ) {
      depth++;
      index = digits + 2;
      continue;
    }
    return depth;
  }
}

function isDigit(char: string | undefined): boolean {
  return char !== undefined && char >= '0' && char <= '9';
}

function isGap(char: string | undefined): boolean {
  return char === ' ' || char === '\t';
}
