'use client';

import * as React from 'react';
import type { ElementContent, RootContent } from 'hast';
import type { MarkdownProcessor, AnchoredTail, TailSplit } from '../../../markdown/index.js';
import { TAIL_PARTS_SLOT } from '../../../markdown/index.js';
import { hastToReact } from './hast-to-react.js';
import { markdownComponents, TailTextContext } from './markdown-elements.js';
import { StreamingTable } from './streaming-table.js';
import { MarkdownEngineContext } from './use-markdown-engine.js';

/*
 * A streaming table or list, rendered from its parts (src/markdown/tail/tail-parts.ts): the table or
 * list element, each finished part's rows through its own memoised renderer (the same arrays
 * while the tail grows, so they never render again), and only the live row or item per token.
 * What shows is what one parse of the whole tail shows (a property test pins it); a long table
 * shows its live row in a table of its own below it (streaming-table.tsx).
 */

interface SplitTailViewProps {
  split: TailSplit;
  /** The live part's tail: its repaired markdown, and the text after its anchor. */
  tail: AnchoredTail;
  processor: MarkdownProcessor;
  /** Shown instead when a piece does not parse as the split expects: the tail, whole, repaired. */
  renderWhole: (markdown: string) => React.ReactNode;
}

/** The table or list, its rows from the parts and the live part. */
function SplitTailView({ split, tail, processor, renderWhole }: SplitTailViewProps) {
  const { parts, head, kind } = split;
  const markdown = tail.markdown;
  // The engine is there: `processor` came from it (and parsing pieces comes with it).
  const engine = React.useContext(MarkdownEngineContext).current();
  const parse = engine?.parseTailTree;
  const tree = React.useMemo(
    () => parse?.(processor, { ...split, parts, head, kind }, markdown) ?? null,
    // The split is new per token; what the tree is parsed from is its parts and the live text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [parse, processor, parts, head, kind, markdown],
  );
  if (tree === null) return renderWhole(engine?.repairMarkdownTail(split.source) ?? split.source);
  const text = tail.anchor === null ? null : tail;
  // The rows go straight into the table or list element, rebuilt per token (a few elements
  // down to the rows). A context carrying them past a memoised element would be cheaper to
  // render, but React looks for a changed context's readers through everything below its
  // provider: every finished row, on every token.
  const rows = (
    // Finished parts hold no tail text: a constant value keeps them from re-rendering.
    <TailTextContext.Provider value={null}>
      {tree.parts.map((nodes, index) => (
        <HastNodes key={index} nodes={nodes} />
      ))}
    </TailTextContext.Provider>
  );
  // None right after a line end.
  const live =
    tree.live.length === 0 ? null : (
      <TailTextContext.Provider value={text}>
        <HastNodes nodes={tree.live} />
      </TailTextContext.Provider>
    );
  return (
    <>
      {kind === 'table' ? (
        <StreamingTable
          table={tree.wrapper}
          rows={rows}
          finishedRows={parts.reduce((sum, part) => sum + part.rows, 0)}
          live={live}
        />
      ) : (
        hastToReact({ type: 'root', children: [tree.wrapper] }, markdownComponents, {
          [TAIL_PARTS_SLOT]: (
            <>
              {rows}
              {live}
            </>
          ),
        })
      )}
      <TailTextContext.Provider value={text}>
        <HastNodes nodes={tree.after} />
      </TailTextContext.Provider>
    </>
  );
}

/** Hast nodes as elements; memoised on the array, which a finished part keeps. */
const HastNodes = React.memo(function HastNodes({
  nodes,
}: {
  nodes: readonly (ElementContent | RootContent)[];
}) {
  return hastToReact({ type: 'root', children: nodes as RootContent[] }, markdownComponents);
});

export { SplitTailView };
