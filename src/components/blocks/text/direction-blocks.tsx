'use client';

import * as React from 'react';
import { readOwnDirection } from '../../../markdown/render/direction.js';
import type { HastComponents, HastNodeProps } from './hast-to-react.js';
import { TailTextContext } from './tail-text-context.js';

/*
 * Paragraphs, headings, list items, cells and quotes with the direction of their own text
 * (src/markdown/render/direction.ts has the rules): `dir="auto"` once the text holds a strong
 * character, no `dir` before (the block follows its surroundings rather than flipping to `ltr`
 * and back). A block of the streaming tail whose parsed text has none yet also reads the text
 * typed since the tail's anchor, so it takes `dir="auto"` on the token that brings the first
 * letter; every other block decides once, from its parsed tree.
 */

type BlockTag = 'p' | 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6' | 'li' | 'td' | 'th' | 'blockquote';
type BlockProps = React.HTMLAttributes<HTMLElement> & HastNodeProps;

/** True inside a list item or quote: its direct paragraphs leave their direction to it. */
const CarrierContext = React.createContext(false);

function directionBlock(tag: BlockTag, carrier: boolean) {
  function DirectionBlock({ node, ...props }: BlockProps) {
    const carried = React.useContext(CarrierContext) && tag === 'p';
    const tail = React.useContext(TailTextContext);
    const own = React.useMemo(
      () => (node === undefined || carried ? null : readOwnDirection(node)),
      [node, carried],
    );
    const strong =
      own !== null &&
      (own.strong ||
        (own.hasTailMark &&
          tail !== null &&
          node !== undefined &&
          readOwnDirection(node, tail).strong));
    // Keyed by its `dir`: a block that gains one is made anew, with the attribute where a
    // fresh parse puts it (an update would append it after the others), once per block.
    const element = React.createElement(tag, {
      ...props,
      key: strong ? 'auto' : 'none',
      dir: strong ? 'auto' : undefined,
    });
    // Markdown puts paragraphs only in list items and quotes (each a carrier of its own).
    return carrier ? <CarrierContext.Provider value>{element}</CarrierContext.Provider> : element;
  }
  DirectionBlock.displayName = `DirectionBlock(${tag})`;
  return DirectionBlock;
}

/** The direction-taking elements of a parsed chunk. */
export const directionComponents: HastComponents = {
  p: directionBlock('p', false),
  h1: directionBlock('h1', false),
  h2: directionBlock('h2', false),
  h3: directionBlock('h3', false),
  h4: directionBlock('h4', false),
  h5: directionBlock('h5', false),
  h6: directionBlock('h6', false),
  li: directionBlock('li', true),
  td: directionBlock('td', false),
  th: directionBlock('th', false),
  blockquote: directionBlock('blockquote', true),
};
