'use client';

import * as React from 'react';
import type {
  MarkdownBlock,
  MarkdownChunk,
  MarkdownProcessor,
  AnchoredTail,
  TailSplit,
} from '../../../markdown/index.js';
import { caretFollowsText } from '../../../markdown/render/caret-placement.js';
import { hasStrongCharacter } from '../../../markdown/render/direction.js';
import { shownTailSource, splitCitationMarkers } from '../../../markdown/index.js';
import { ResettableBoundary } from '../../primitives/resettable-boundary.js';
import { RevealedText } from '../../primitives/revealed-text.js';
import { CitationMarker } from './citations.js';
import { CodeBlock } from './code-block.js';
import { BlockCompleteContext, markdownComponents, TailTextContext } from './markdown-elements.js';
import { hastToReact } from './hast-to-react.js';
import { useChunkTree } from './use-chunk-tree.js';
import { SplitTailView } from './split-tail.js';
import { useOpenFenceLines } from './use-open-fence-lines.js';

/** Internal: `false` parses the whole tail on every token (the reference the tests compare with). */
const TailAnchoringContext = React.createContext(true);

/* -------------------------------------------------------------------------------------------------
 * MarkdownBlocks
 * -----------------------------------------------------------------------------------------------*/

interface MarkdownBlocksProps {
  /** The chunks to render, from `streamMarkdown`. */
  chunks: readonly MarkdownChunk[];
  /** How to render the last chunk when it is the streaming tail. */
  tail: AnchoredTail | null;
  /** The streaming tail as rows or items, when it is such a table or list. */
  tailSplit: TailSplit | null;
  /** Null while a browser loads the markdown engine: the chunks show as plain text meanwhile. */
  processor: MarkdownProcessor | null;
}

/**
 * The text's chunks, each through its own memoised renderer keyed by index: while the text
 * streams only the last chunk changes, so only it re-parses.
 *
 * Each chunk sits in an element of its own (`text-block-chunk`, a plain block: margins collapse
 * through it as if it were not there). The browser lays out a changed block's parent by walking
 * every child of it; grouped, a token walks the chunks, not every paragraph of the answer (about
 * a fifth of the layout time on a long answer, and flat as it grows).
 */
function MarkdownBlocks({ chunks, tail, tailSplit, processor }: MarkdownBlocksProps) {
  return chunks.map((chunk, index) => {
    if (processor === null) {
      // An open fence is read without the parser; the rest waits for it as text.
      const fence = chunk.tail && !chunk.complete && chunk.fence;
      return (
        <div
          key={index}
          data-slot="text-block-chunk"
          data-caret={chunk.tail ? (fence ? 'block' : 'inline') : undefined}
          data-piece={chunk.piece ? '' : undefined}
        >
          {fence ? <StreamingFence source={chunk.source} /> : <PlainText source={chunk.source} />}
        </div>
      );
    }
    const anchoredTail = tail !== null && index === chunks.length - 1 ? tail : null;
    return (
      <MarkdownChunkView
        key={index}
        caret={caretOf(chunk, anchoredTail)}
        source={chunk.source}
        plain={chunk.plain}
        tail={chunk.tail}
        complete={chunk.complete}
        fence={chunk.fence}
        piece={chunk.piece}
        blocks={chunk.blocks}
        processor={processor}
        anchoredTail={anchoredTail}
        tailSplit={anchoredTail !== null ? tailSplit : null}
      />
    );
  });
}

/**
 * Where the streaming tail's caret goes (see `caretFollowsText`): after its last line of text, or
 * on a line below a code block, table or quote, as the tail is shown (without the markup it holds
 * back). Only the tail has one.
 */
function caretOf(chunk: MarkdownChunk, tail: AnchoredTail | null): 'inline' | 'block' | undefined {
  if (!chunk.tail) return undefined;
  // Plain text is one paragraph.
  if (chunk.plain) return 'inline';
  if (chunk.fence) return 'block';
  const shown = tail === null ? chunk.source : shownTailSource(chunk.source, tail);
  return caretFollowsText(shown) ? 'inline' : 'block';
}

interface MarkdownChunkViewProps extends MarkdownChunk {
  /** The tail's caret placement; absent on every other chunk. */
  caret: 'inline' | 'block' | undefined;
  processor: MarkdownProcessor;
  /**
   * How to render the chunk when it is the streaming tail (new per token); of its live row or
   * item only when `tailSplit` is set.
   */
  anchoredTail: AnchoredTail | null;
  /** The tail as rows or items (new per token). */
  tailSplit: TailSplit | null;
}

const MarkdownChunkView = React.memo(function MarkdownChunkView(props: MarkdownChunkViewProps) {
  return (
    <div
      data-slot="text-block-chunk"
      data-caret={props.caret}
      data-piece={props.piece ? '' : undefined}
    >
      {renderChunk(props)}
    </div>
  );
});

function renderChunk(props: MarkdownChunkViewProps): React.ReactNode {
  const { source, plain, tail, complete, fence, processor, anchoredTail } = props;
  if (plain) return <PlainText source={source} />;
  if (tail && !complete && !fence && props.tailSplit !== null && anchoredTail !== null) {
    return (
      <ResettableBoundary resetKey={source} fallback={<PlainText source={source} />}>
        <BlockCompleteContext.Provider value={false}>
          <SplitTailView
            split={props.tailSplit}
            tail={anchoredTail}
            processor={processor}
            renderWhole={(markdown) => (
              <ParsedChunk
                markdown={markdown}
                source={source}
                complete={false}
                processor={processor}
              />
            )}
          />
        </BlockCompleteContext.Provider>
      </ResettableBoundary>
    );
  }
  if (tail && !complete) {
    return fence ? (
      <StreamingFence source={source} />
    ) : (
      <AnchoredTailView tail={anchoredTail} processor={processor} />
    );
  }
  return (
    <ParsedChunk
      markdown={source}
      source={source}
      complete={complete}
      blocks={props.blocks}
      processor={processor}
    />
  );
}

interface ParsedChunkProps {
  /** What the parser reads. */
  markdown: string;
  /** The model's text it comes from, shown as is if the parser fails. */
  source: string;
  complete: boolean;
  /** The finished blocks a finished chunk joins: when it grew, only the new ones are parsed. */
  blocks?: readonly MarkdownBlock[] | undefined;
  processor: MarkdownProcessor;
}

const ParsedChunk = React.memo(function ParsedChunk(props: ParsedChunkProps) {
  const { markdown, source, complete, blocks, processor } = props;
  return (
    <BlockCompleteContext.Provider value={complete}>
      {/* A parser failure (say, a stack overflow on deep nesting) shows the chunk as plain
          text; a new source (the stream moved on) gets another try. */}
      <ResettableBoundary resetKey={source} fallback={<PlainText source={source} />}>
        <MarkdownContent markdown={markdown} blocks={blocks} processor={processor} />
      </ResettableBoundary>
    </BlockCompleteContext.Provider>
  );
});

/**
 * The parsed elements; a component of its own so that the boundary catches a parser failure.
 * A finished chunk that grew by blocks parses only those (see `resumeChunkTree`).
 */
function MarkdownContent({
  markdown,
  blocks,
  processor,
}: {
  markdown: string;
  blocks: readonly MarkdownBlock[] | undefined;
  processor: MarkdownProcessor;
}) {
  const tree = useChunkTree(processor, markdown, blocks);
  return React.useMemo(() => hastToReact(tree, markdownComponents), [tree]);
}

/* -------------------------------------------------------------------------------------------------
 * The streaming tail
 * -----------------------------------------------------------------------------------------------*/

/**
 * The unfinished end of a streaming text, repaired before parsing (see src/markdown/tail/anchored-tail.ts).
 * While tokens only add prose, the parse at the anchor stays and only the text after it changes.
 */
function AnchoredTailView({
  tail,
  processor,
}: {
  tail: AnchoredTail | null;
  processor: MarkdownProcessor;
}) {
  const parsed = (
    <ParsedChunk
      markdown={tail?.markdown ?? ''}
      source={tail?.source ?? ''}
      complete={false}
      processor={processor}
    />
  );
  return tail?.anchor ? (
    <TailTextContext.Provider value={tail}>{parsed}</TailTextContext.Provider>
  ) : (
    parsed
  );
}

/** An unclosed fence at the end of a streaming text, read without the parser. */
function StreamingFence({ source }: { source: string }) {
  const { groups, language, citations } = useOpenFenceLines(source);
  return (
    <>
      <CodeBlock code={groups} language={language} complete={false} />
      {citations.map((entry, index) => (
        <CitationMarker key={index} entryKey={entry} />
      ))}
    </>
  );
}

/** The fallback for input too costly to parse, or that the parser chokes on. */
function PlainText({ source }: { source: string }) {
  return (
    <p data-slot="text-block-plain" dir={hasStrongCharacter(source) ? 'auto' : undefined}>
      {splitCitationMarkers(source).map((part, index) =>
        typeof part === 'string' ? (
          <RevealedText key={index} text={part} />
        ) : (
          <CitationMarker key={index} entryKey={part} />
        ),
      )}
    </p>
  );
}

export { MarkdownBlocks, TailAnchoringContext };
