import type { Element, ElementContent } from 'hast';
import { INVISIBLE_CHAR, STREAM_TAIL } from '../parse/hast-properties.js';
import type { TypedText } from '../tail/typed-spans.js';
import { literalText } from '../tail/typed-spans.js';

/** The streaming tail's text that a parse at its anchor leaves out (see tail/tail-anchor.ts). */
export interface TailText extends TypedText {
  /** Shown in place of `CLOSED_MARK`. */
  readonly closed: string;
  /** Shown in place of each `CELL_MARK`, in order. */
  readonly cells: readonly TypedText[];
}

/** The typed text a streaming tail's mark (`STREAM_TAIL`) stands for; null after the closers. */
export function tailMarkText(tail: TailText, mark: string): TypedText | null {
  if (mark === 'closed') return null;
  if (mark.startsWith('cell ')) return tail.cells[Number(mark.slice(5))] ?? EMPTY;
  return tail;
}

const EMPTY: TypedText = { after: '', spans: [] };

/**
 * The text content of a hast element (iterative: deep trees cannot overflow the stack), with
 * `tail`'s text as typed in place of the streaming tail's elements and each invisible character's
 * element read as the character (the code block shows it as a marker again, and copies the text
 * without it).
 */
export function hastText(node: Element, tail: TailText | null = null): string {
  let text = '';
  const stack: ElementContent[] = [...node.children].reverse();
  for (let child = stack.pop(); child !== undefined; child = stack.pop()) {
    if (child.type === 'text') text += child.value;
    else if (child.type === 'element') {
      const invisible = child.properties[INVISIBLE_CHAR];
      if (typeof invisible === 'string') {
        text += invisible;
        continue;
      }
      const mark = child.properties[STREAM_TAIL];
      if (mark !== undefined && tail !== null) {
        const typed = tailMarkText(tail, String(mark));
        text += typed === null ? tail.closed : literalText(typed);
      }
      for (let i = child.children.length - 1; i >= 0; i--) {
        const grandchild = child.children[i];
        if (grandchild !== undefined) stack.push(grandchild);
      }
    }
  }
  return text;
}

/** The language of a `code` element, from its `language-*` class. */
export function languageOf(node: Element): string | undefined {
  const classes = node.properties['className'];
  if (!Array.isArray(classes)) return undefined;
  for (const name of classes) {
    if (typeof name === 'string' && name.startsWith('language-')) return name.slice(9);
  }
  return undefined;
}
