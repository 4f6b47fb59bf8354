import { extendsText } from './extends-text.js';
import type { MarkdownSplit } from './split-blocks.js';
import { closesFence, hasDefinitions, indentOf, opensFence } from './split-blocks.js';

/*
 * While the text ends in an open code fence, a token only adds code to it: every line after the
 * opening one is code until a closing line arrives. The split of the longer text is then the
 * previous split with its last block longer, found by reading only the lines the token touched
 * (the previous last line, still arriving, and the new ones) instead of splitting the fence
 * again: a long code answer would otherwise cost its whole length per token.
 */

/**
 * `splitMarkdownBlocks(text)` when `previous` ends in an open fence (its opening line complete)
 * and `text` extends it without closing it or adding a definition line; `null` otherwise (split
 * as usual then). Reads the characters added and the previous last line.
 */
export function extendOpenFence(
  previous: MarkdownSplit | null,
  text: string,
): MarkdownSplit | null {
  const last = previous?.blocks.at(-1);
  if (previous == null || last === undefined || !last.fence || last.closed) return null;
  if (text === previous.text || !extendsText(text, previous.text)) return null;
  const blockStart = previous.text.length - last.source.length;
  const fence = openingOf(previous.text, blockStart);
  if (fence === null) return null;
  // Lines before the previous last one are settled: re-read that one and what follows.
  const from = Math.max(fence.next, previous.text.lastIndexOf('\n') + 1);
  for (let lineStart = from; lineStart <= text.length;) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    if (closesFence(text, lineStart, lineEnd, fence.fence)) return null;
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  // A definition anywhere keeps the whole document in one block.
  if (hasDefinitions(text.slice(from))) return null;
  const block = { source: text.slice(blockStart), fence: true, closed: false };
  return { text, blocks: previous.blocks.slice(0, -1).concat(block) };
}

/** The fence opening the block at `start`, and where its code begins; null while incomplete. */
function openingOf(text: string, start: number) {
  let lineStart = start;
  for (;;) {
    const newline = text.indexOf('\n', lineStart);
    if (newline === -1) return null;
    const at = lineStart + indentOf(text, lineStart, newline);
    if (at < newline) {
      const fence = opensFence(text, at, newline);
      return fence === null ? null : { fence, next: newline + 1 };
    }
    lineStart = newline + 1;
  }
}
