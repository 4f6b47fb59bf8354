'use client';

import * as React from 'react';
import type { ElementContent, RootContent } from 'hast';
import type {
  MarkdownProcessor,
  StreamingTail,
  TailSplit,
  TailTree,
} from '../../markdown/index.js';
import { parseTailTree, TAIL_PARTS_SLOT } from '../../markdown/index.js';
import type { HastComponents } from './hast-to-react.js';
import { hastToReact } from './hast-to-react.js';
import { markdownComponents, TailTextContext } from './markdown-elements.js';

/*
 * A streaming table or list, rendered from its parts (src/markdown/tail-parts.ts): the table or
 * list element once, each finished part's rows through its own memoised renderer (the same
 * arrays while the tail grows, so they never render again), and only the live row or item per
 * token. What shows is what one parse of the whole tail shows (a property test pins it).
 */

interface SplitTailViewProps {
  split: TailSplit;
  /** The live part's tail: its repaired markdown, and the text after its anchor. */
  tail: StreamingTail;
  processor: MarkdownProcessor;
  /** Shown instead when a piece does not parse as the split expects: the tail, whole. */
  renderWhole: () => React.ReactNode;
}

const PartsContext = React.createContext<TailTree | null>(null);

/** The table or list, its rows from the parts and the live part. */
function SplitTailView({ split, tail, processor, renderWhole }: SplitTailViewProps) {
  const { parts, head, kind } = split;
  const markdown = tail.markdown;
  const tree = React.useMemo(
    () => parseTailTree(processor, { ...split, parts, head, kind }, markdown),
    // The split is new per token; what the tree is parsed from is its parts and the live text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [processor, parts, head, kind, markdown],
  );
  // The same element while the wrapper stays: React skips the table's header, or the list.
  const wrapperNode = tree?.wrapper ?? null;
  const wrapper = React.useMemo(
    () =>
      wrapperNode === null ? null : hastToReact({ type: 'root', children: [wrapperNode] }, slotted),
    [wrapperNode],
  );
  if (tree === null) return renderWhole();
  return (
    <TailTextContext.Provider value={tail.anchor === null ? '' : tail.after}>
      <PartsContext.Provider value={tree}>{wrapper}</PartsContext.Provider>
      <HastNodes nodes={tree.after} />
    </TailTextContext.Provider>
  );
}

/** Stands for the rows inside the table or list element. */
function PartsSlot() {
  const tree = React.useContext(PartsContext);
  if (tree === null) return null;
  return (
    <>
      {/* Finished parts hold no tail text: a constant value keeps them from re-rendering. */}
      <TailTextContext.Provider value="">
        {tree.parts.map((nodes, index) => (
          <HastNodes key={index} nodes={nodes} />
        ))}
      </TailTextContext.Provider>
      <HastNodes nodes={tree.live} />
    </>
  );
}

const slotted = { ...markdownComponents, [TAIL_PARTS_SLOT]: PartsSlot } as HastComponents;

/** Hast nodes as elements; memoised on the array, which a finished part keeps. */
const HastNodes = React.memo(function HastNodes({
  nodes,
}: {
  nodes: readonly (ElementContent | RootContent)[];
}) {
  return hastToReact({ type: 'root', children: nodes as RootContent[] }, markdownComponents);
});

export { SplitTailView };
