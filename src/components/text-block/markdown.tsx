'use client';

import * as React from 'react';
import type { Components, ExtraProps } from 'hast-util-to-jsx-runtime';
import { useLabels } from '../../react/agent-messages-provider.js';
import { InvisibleMarker, RevealedText } from '../invisible/revealed-text.js';
import { splitCitationMarkers } from './citation-markers.js';
import { CitationMarker } from './citations.js';
import { CodeBlock } from './code-block.js';
import { hastText, languageOf } from './hast-text.js';
import { MarkdownLink } from './link.js';
import type { MarkdownChunk } from './group-blocks.js';
import { groupBlocks } from './group-blocks.js';
import { MarkdownImage } from './markdown-image.js';
import type { MarkdownProcessor } from './markdown-processor.js';
import { renderMarkdown } from './markdown-processor.js';
import { readOpenFence } from './open-fence.js';
import { repairMarkdownTail } from './repair-markdown.js';
import { CITATION, INVISIBLE_CHAR, STREAM_TAIL } from './sanitize.js';
import type { MarkdownBlock } from './split-blocks.js';
import type { TailAnchor } from './tail-anchor.js';
import { followTail, holdTrailingMarkup } from './tail-anchor.js';

/** What a text block decides once for all its chunks: the processor, with its plugins. */
export interface MarkdownPipeline {
  processor: MarkdownProcessor;
}

/** True when the code in the current block is final (so it may be highlighted). */
const BlockCompleteContext = React.createContext(true);

/* -------------------------------------------------------------------------------------------------
 * MarkdownBlocks
 * -----------------------------------------------------------------------------------------------*/

interface MarkdownBlocksProps {
  blocks: readonly MarkdownBlock[];
  streaming: boolean;
  pipeline: MarkdownPipeline;
}

/**
 * The text's blocks, grouped into chunks, each through its own memoised renderer keyed by index:
 * while the text streams only the last chunk changes, so only it re-parses.
 */
function MarkdownBlocks({ blocks, streaming, pipeline }: MarkdownBlocksProps) {
  const chunks = groupBlocks(blocks, streaming);
  return chunks.map((chunk, index) => (
    <MarkdownChunkView
      key={index}
      source={chunk.source}
      plain={chunk.plain}
      tail={chunk.tail}
      complete={chunk.complete}
      fence={chunk.fence}
      pipeline={pipeline}
    />
  ));
}

interface MarkdownChunkViewProps extends MarkdownChunk {
  pipeline: MarkdownPipeline;
}

const MarkdownChunkView = React.memo(function MarkdownChunkView(props: MarkdownChunkViewProps) {
  const { source, plain, tail, complete, fence, pipeline } = props;
  if (plain) return <PlainText source={source} />;
  if (tail && !complete) {
    return fence ? (
      <StreamingFence source={source} />
    ) : (
      <StreamingTail source={source} pipeline={pipeline} />
    );
  }
  return <ParsedChunk markdown={source} source={source} complete={complete} pipeline={pipeline} />;
});

interface ParsedChunkProps {
  /** What the parser reads. */
  markdown: string;
  /** The model's text it comes from, shown as is if the parser fails. */
  source: string;
  complete: boolean;
  pipeline: MarkdownPipeline;
}

const ParsedChunk = React.memo(function ParsedChunk(props: ParsedChunkProps) {
  const { markdown, source, complete, pipeline } = props;
  return (
    <BlockCompleteContext.Provider value={complete}>
      <MarkdownBoundary source={source}>
        <MarkdownContent markdown={markdown} processor={pipeline.processor} />
      </MarkdownBoundary>
    </BlockCompleteContext.Provider>
  );
});

/** The parsed elements; a component of its own so that `MarkdownBoundary` catches a parser failure. */
function MarkdownContent({
  markdown,
  processor,
}: {
  markdown: string;
  processor: MarkdownProcessor;
}) {
  return renderMarkdown(processor, markdown, components);
}

/* -------------------------------------------------------------------------------------------------
 * The streaming tail
 * -----------------------------------------------------------------------------------------------*/

/** Text typed since the tail's anchor was parsed (see tail-anchor.ts). */
const TailTextContext = React.createContext('');

/** Internal: `false` parses the whole tail on every token (the reference the tests compare with). */
const TailAnchoringContext = React.createContext(true);

/** How long a pause in the stream shows markup held back at the end of the text. */
const SHOW_HELD_MARKUP_AFTER_MS = 150;

/**
 * The unfinished end of a streaming text, repaired before parsing. While tokens only add prose,
 * the parse at the anchor stays and only the text after it re-renders. Blanks at the very end are
 * held back until the next character: they never show, and the repair treats them differently by
 * context (it closes emphasis before them, backticks after them, and inline code trims them).
 * A short run of markup at the end is held back too until a word follows it, or the stream
 * pauses (see tail-anchor.ts).
 */
function StreamingTail({ source, pipeline }: { source: string; pipeline: MarkdownPipeline }) {
  const whole = withoutTrailingBlanks(source);
  const [anchor, setAnchor] = React.useState<TailAnchor | null>(null);
  const [paused, setPaused] = React.useState<string | null>(null);
  const anchoring = React.useContext(TailAnchoringContext);
  let next = anchoring ? followTail(anchor, whole, repairMarkdownTail) : null;
  let shown = whole;
  if (next === null && anchor !== null && paused !== whole) {
    const held = holdTrailingMarkup(anchor, whole);
    if (held !== null) [next, shown] = [anchor, held];
  }
  // Derived from the previous render's anchor, as React documents for such state.
  if (next !== anchor) setAnchor(next);
  // Keyed by the held text only: an update that holds nothing schedules no effect.
  const holding = shown !== whole ? whole : null;
  React.useEffect(() => {
    if (holding === null) return;
    const timer = setTimeout(() => setPaused(holding), SHOW_HELD_MARKUP_AFTER_MS);
    return () => clearTimeout(timer);
  }, [holding]);
  if (next === null) {
    return (
      <ParsedChunk
        markdown={repairMarkdownTail(shown)}
        source={shown}
        complete={false}
        pipeline={pipeline}
      />
    );
  }
  return (
    <TailTextContext.Provider value={shown.slice(next.source.length)}>
      <ParsedChunk
        markdown={next.markdown}
        source={next.source}
        complete={false}
        pipeline={pipeline}
      />
    </TailTextContext.Provider>
  );
}

function withoutTrailingBlanks(source: string): string {
  let end = source.length;
  while (end > 0 && (source[end - 1] === ' ' || source[end - 1] === '\t')) end--;
  return end === source.length ? source : source.slice(0, end);
}

/** The text since the anchor: prose only, which holds no invisible character (see tail-anchor.ts). */
function TailText() {
  return React.useContext(TailTextContext);
}

/** An unclosed fence at the end of a streaming text, read without the parser. */
function StreamingFence({ source }: { source: string }) {
  const parts = splitCitationMarkers(source);
  const { code, language } = readOpenFence(
    parts.filter((part) => typeof part === 'string').join(''),
  );
  return (
    <>
      <CodeBlock code={code} language={language} complete={false} />
      {parts.map((part, index) =>
        typeof part === 'number' ? <CitationMarker key={index} entryKey={part} /> : null,
      )}
    </>
  );
}

/* -------------------------------------------------------------------------------------------------
 * Plain text: the fallback for input too costly to parse, or that the parser chokes on
 * -----------------------------------------------------------------------------------------------*/

function PlainText({ source }: { source: string }) {
  return (
    <p data-slot="text-block-plain">
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

interface MarkdownBoundaryProps {
  source: string;
  children: React.ReactNode;
}

interface MarkdownBoundaryState {
  failed: boolean;
  /** The source that was tried: a new source (the stream moved on) gets another try. */
  source: string;
}

/** Shows a block as plain text when the parser throws (say, a stack overflow on deep nesting). */
class MarkdownBoundary extends React.Component<MarkdownBoundaryProps, MarkdownBoundaryState> {
  override state: MarkdownBoundaryState = { failed: false, source: this.props.source };

  static getDerivedStateFromError(): Partial<MarkdownBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: MarkdownBoundaryProps,
    state: MarkdownBoundaryState,
  ): Partial<MarkdownBoundaryState> | null {
    return props.source !== state.source ? { failed: false, source: props.source } : null;
  }

  override render() {
    return this.state.failed ? <PlainText source={this.props.source} /> : this.props.children;
  }
}

/* -------------------------------------------------------------------------------------------------
 * Element renderers
 * -----------------------------------------------------------------------------------------------*/

function MarkdownPre({ node, children }: React.ComponentPropsWithoutRef<'pre'> & ExtraProps) {
  const complete = React.useContext(BlockCompleteContext);
  const tail = React.useContext(TailTextContext);
  const code = node?.children.find((child) => child.type === 'element' && child.tagName === 'code');
  if (code === undefined || code.type !== 'element') return <pre>{children}</pre>;
  const text = hastText(code, tail);
  return (
    <CodeBlock
      code={text.endsWith('\n') ? text.slice(0, -1) : text}
      language={languageOf(code)}
      complete={complete}
    />
  );
}

function MarkdownSpan({ node, ...props }: React.ComponentPropsWithoutRef<'span'> & ExtraProps) {
  const key = node?.properties[CITATION];
  if (key !== undefined) return <CitationMarker entryKey={Number(key)} />;
  if (node?.properties[INVISIBLE_CHAR] !== undefined) {
    return <InvisibleMarker marker={String(props.children)} />;
  }
  if (node?.properties[STREAM_TAIL] !== undefined) return <TailText />;
  return <span {...props} />;
}

function TaskCheckbox({
  node: _node,
  ...props
}: React.ComponentPropsWithoutRef<'input'> & ExtraProps) {
  const labels = useLabels();
  return (
    <input
      {...props}
      readOnly
      disabled
      aria-label={props.checked === true ? labels.taskDone : labels.taskOpen}
    />
  );
}

function MarkdownTable({
  node: _node,
  ...props
}: React.ComponentPropsWithoutRef<'table'> & ExtraProps) {
  return (
    // Wide tables scroll sideways: the scrolling region must be reachable by keyboard.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div data-slot="text-block-table" tabIndex={0}>
      <table {...props} />
    </div>
  );
}

const components: Components = {
  a: MarkdownLink,
  img: MarkdownImage,
  pre: MarkdownPre,
  span: MarkdownSpan,
  input: TaskCheckbox,
  table: MarkdownTable,
};

export { MarkdownBlocks, TailAnchoringContext };
