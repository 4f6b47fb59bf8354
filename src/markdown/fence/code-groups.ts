/*
 * A code block is rendered as groups of lines, each its own element: a group that is full never
 * changes again while the code grows at its end, so a streaming fence re-renders and re-lays out
 * only its last group, not every line above it (appending to one long text node costs the whole
 * node's layout per token). 32 lines keeps that last group small (about 1–2 KB of text to lay
 * out per token) while a 64 KiB fence is still only some 50 groups for React to walk past.
 */

/** Lines in one group of a code block. */
export const CODE_GROUP_LINES = 32;

/**
 * `code` in groups of `CODE_GROUP_LINES` lines: every group but the last holds its lines each
 * with its newline, the last holds the rest (never empty). `splitCodeGroups(c).join('') === c`,
 * and a full group (one with `CODE_GROUP_LINES` newlines) stays the same while `c` grows.
 */
export function splitCodeGroups(code: string): string[] {
  const groups: string[] = [];
  let start = 0;
  let lines = 0;
  for (let index = code.indexOf('\n'); index !== -1; index = code.indexOf('\n', index + 1)) {
    if (++lines < CODE_GROUP_LINES) continue;
    groups.push(code.slice(start, index + 1));
    start = index + 1;
    lines = 0;
  }
  if (start < code.length) groups.push(code.slice(start));
  return groups;
}
