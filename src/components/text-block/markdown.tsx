import * as React from 'react';
import type { Components, ExtraProps, Options } from 'react-markdown';
import Markdown from 'react-markdown';
import { useLabels } from '../../react/agent-messages-provider.js';
import { splitCitationMarkers } from './citation-markers.js';
import { CitationMarker } from './citations.js';
import { CodeBlock } from './code-block.js';
import { hastText, languageOf } from './hast-text.js';
import { MarkdownLink } from './link.js';
import type { MarkdownChunk } from './group-blocks.js';
import { groupBlocks } from './group-blocks.js';
import { MarkdownImage } from './markdown-image.js';
import { readOpenFence } from './open-fence.js';
import { repairMarkdownTail } from './repair-markdown.js';
import { CITATION } from './sanitize.js';
import type { MarkdownBlock } from './split-blocks.js';

/** The parts of react-markdown's options a text block decides once for all its blocks. */
export type MarkdownPipeline = Pick<
  Options,
  'remarkPlugins' | 'rehypePlugins' | 'remarkRehypeOptions' | 'urlTransform'
>;

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
  if (tail && fence && !complete) return <StreamingFence source={source} />;
  const text = tail && !complete ? repairMarkdownTail(source) : source;
  return (
    <BlockCompleteContext.Provider value={complete}>
      <MarkdownBoundary source={source}>
        <Markdown {...pipeline} skipHtml={false} components={components}>
          {text}
        </Markdown>
      </MarkdownBoundary>
    </BlockCompleteContext.Provider>
  );
});

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
        typeof part === 'string' ? part : <CitationMarker key={index} entryKey={part} />,
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
  const code = node?.children.find((child) => child.type === 'element' && child.tagName === 'code');
  if (code === undefined || code.type !== 'element') return <pre>{children}</pre>;
  const text = hastText(code);
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

export { MarkdownBlocks };
