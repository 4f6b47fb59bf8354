import type { MarkdownBlock } from './split-blocks.js';

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

/** True when `block` should be shown as plain text rather than parsed as markdown. */
export function exceedsMarkdownLimits(block: MarkdownBlock): boolean {
  const { source } = block;
  if (block.fence) return source.length > MAX_CODE_BLOCK_LENGTH;
  if (source.length > MAX_MARKDOWN_BLOCK_LENGTH) return true;
  let lines = 0;
  let delimiters = 0;
  let pipes = 0;
  let lineStart = true;
  for (let index = 0; index < source.length; index++) {
    const char = source[index];
    if (lineStart) {
      if (++lines > MAX_LINES) return true;
      if (nestingAt(source, index) > MAX_NESTING) return true;
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
        if (++delimiters > MAX_DELIMITERS) return true;
        break;
      case '|':
        if (++pipes > MAX_PIPES) return true;
        break;
    }
  }
  return false;
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
