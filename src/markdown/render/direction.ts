import type { Element, ElementContent } from 'hast';
import type { TailText } from './hast-text.js';
import { tailMarkText } from './hast-text.js';
import { INVISIBLE_CHAR, STREAM_TAIL } from '../parse/hast-properties.js';
import type { TypedText } from '../tail/typed-spans.js';

/*
 * Which rendered blocks take their direction from their own text (`dir="auto"`: the browser
 * reads the first strong character). Two things the browser does decide the rules here:
 *   - `dir="auto"` on a block without a strong character resolves to `ltr`, whatever the page's
 *     direction: a streaming paragraph that starts "2024: " would show left to right, then flip
 *     when its first Arabic letter arrives. A block with no strong character yet gets no `dir`,
 *     so it follows its surroundings until one arrives (and a right-to-left page shows it right
 *     to left from the first digit).
 *   - the browser skips descendants that carry a `dir` of their own (and `<bdi>`): inline code
 *     (`dir="ltr"`) never sets a paragraph's direction, and a list item whose text sits in
 *     paragraphs (a loose list) would find none. So a paragraph directly in a list item or a
 *     quote carries no `dir`: the item or the quote reads it.
 */

/** Elements that take their direction from their own text. */
const DIRECTION_BLOCKS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'li',
  'td',
  'th',
  'blockquote',
  'dt',
  'dd',
  'caption',
]);

/** Elements rendered left to right and isolated, whose text never sets a block's direction. */
const ISOLATED = new Set(['code', 'pre', 'kbd', 'samp', 'math', 'svg']);

/** Containers whose direct paragraphs are read by the container, not on their own. */
const CARRIERS = new Set(['li', 'blockquote']);

/**
 * A letter with a strong bidirectional class: letters, less the spacing modifier letters
 * (U+02B9–U+02FF), which are neutral. Digits, punctuation, symbols and marks are weak or neutral.
 */
const STRONG = /[^\P{L}\u02B9-\u02FF]/u;

/** Whether `text` holds a character that decides a direction. */
export function hasStrongCharacter(text: string): boolean {
  return STRONG.test(text);
}

/** Whether an element of this tag takes its direction from its text. */
export function isDirectionBlock(tagName: string): boolean {
  return DIRECTION_BLOCKS.has(tagName);
}

/** Whether a paragraph inside `parent` leaves its direction to it (a list item, a quote). */
export function isCarriedBy(parent: Element): boolean {
  return CARRIERS.has(parent.tagName);
}

/**
 * Whether `node`'s own text — what the browser reads for its `dir="auto"`, so without nested
 * blocks other than carried paragraphs, and without code — holds a strong character. Elements
 * marking the streaming tail's text count as `tail`'s text when given; `false` with `hasTailMark`
 * set means the answer may change as the tail grows.
 */
export function readOwnDirection(
  node: Element,
  tail: TailText | null = null,
): { strong: boolean; hasTailMark: boolean } {
  let hasTailMark = false;
  const stack: { child: ElementContent; parent: Element }[] = [];
  const push = (parent: Element) => {
    for (let index = parent.children.length - 1; index >= 0; index--) {
      const child = parent.children[index];
      if (child !== undefined) stack.push({ child, parent });
    }
  };
  push(node);
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    const { child, parent } = entry;
    if (child.type === 'text') {
      if (hasStrongCharacter(child.value)) return { strong: true, hasTailMark };
      continue;
    }
    if (child.type !== 'element') continue;
    if (ISOLATED.has(child.tagName) || child.properties['dir'] !== undefined) continue;
    if (child.properties[INVISIBLE_CHAR] !== undefined) continue;
    const carried = child.tagName === 'p' && isCarriedBy(parent) && parent === node;
    if (DIRECTION_BLOCKS.has(child.tagName) && !carried) continue;
    const mark = child.properties[STREAM_TAIL];
    if (mark !== undefined) {
      hasTailMark = true;
      if (tail !== null && typedHasStrong(tail, String(mark))) {
        return { strong: true, hasTailMark };
      }
    }
    push(child);
  }
  return { strong: false, hasTailMark };
}

/** Whether the tail text a mark stands for holds a strong character outside code spans. */
function typedHasStrong(tail: TailText, mark: string): boolean {
  const typed: TypedText | null = tailMarkText(tail, mark);
  if (typed === null) return hasStrongCharacter(tail.closed);
  // Text in a `literal` mark sits in code: isolated.
  if (mark === 'literal') return false;
  if (hasStrongCharacter(typed.after)) return true;
  return typed.spans.some(
    (span) =>
      (span.delimiter[0] !== '`' && hasStrongCharacter(span.text)) ||
      hasStrongCharacter(span.after),
  );
}
