'use client';

import * as React from 'react';
import type { PluggableList } from 'unified';
import type { TextBlock } from '../../../core/model/block.js';
import type { MarkdownEngine } from '../../../markdown/engine/engine.js';
import type {
  MarkdownProcessor,
  MarkdownStream,
  MathPlugins,
  LastChunkTail,
} from '../../../markdown/index.js';
import { numberCitations, streamMarkdown } from '../../../markdown/index.js';
import { SHOW_MORE_CHARACTERS } from '../../../markdown/chunk/limit-blocks.js';
import { useLabels } from '../../provider/agent-messages-provider.js';
import { useBlockStreaming } from '../../provider/block-context.js';
import { ShowMoreButton } from '../../primitives/show-more-button.js';
import { useResumed } from '../../primitives/use-resumed.js';
import type { BlockProps } from '../../provider/block-props.js';
import { CitationContext, CitationSources } from './citations.js';
import { MarkdownBlocks, TailAnchoringContext } from './markdown.js';
import { useFinishInBackground } from './use-finish-in-background.js';
import { useMarkdownEngine } from './use-markdown-engine.js';

/* -------------------------------------------------------------------------------------------------
 * TextBlockView
 * -----------------------------------------------------------------------------------------------*/

const TEXT_BLOCK_VIEW_NAME = 'TextBlockView';

/** How long a pause in the stream shows markup held back at the end of the text. */
const SHOW_HELD_MARKUP_AFTER_MS = 150;

/** Props of {@link TextBlockView}: the block, its own options, and attributes for its root. */
interface TextBlockViewProps
  extends
    Omit<React.ComponentPropsWithoutRef<'div'>, 'children' | 'role'>,
    Omit<BlockProps<TextBlock>, 'block'> {
  /** The text block: markdown in `text`, and optional `citations` with spans into it. */
  block: TextBlock;
  /**
   * Renders `$…$` and `$$…$$` with KaTeX: pass the app's own plugins,
   * `{ remarkMath, rehypeKatex }` (imported from `remark-math` and `rehype-katex`). Keep it stable.
   */
  math?: MathPlugins;
  /** Extra remark plugins; they run before the sanitising step and cannot disable it. Keep the array stable. */
  remarkPlugins?: PluggableList;
  /** Extra rehype plugins; they run before the sanitising step and cannot disable it. Keep the array stable. */
  rehypePlugins?: PluggableList;
}

/**
 * Markdown text (GFM, highlighted code, optional math) with numbered citations and a list of
 * sources. Streaming-safe: the unfinished tail is repaired before parsing, and finished blocks do
 * not re-render per token. Raw HTML shows as text; every link and image goes through the URL policy.
 * Whether it streams comes from `streaming`, else from `useBlockContext()`.
 * @selector [data-slot="text-block"] [data-block-type="text"]
 * @selector [data-streaming] present while the text streams
 * @selector [data-truncated] present while very long text shows only its start ("Show all", or
 * "Show 200,000 more" past a step: each click reveals at most 200,000 more characters)
 * @selector [data-hidden-characters] present when the text holds invisible, blank-looking or
 * control characters: each shows as a marker such as `[U+200B]`, and a note says so
 */
const TextBlockView = React.memo(
  React.forwardRef<HTMLDivElement, TextBlockViewProps>(function TextBlockView(props, ref) {
    const {
      block,
      streaming: streamingProp,
      math,
      remarkPlugins,
      rehypePlugins,
      ...rootProps
    } = props;
    const streaming = useBlockStreaming(streamingProp);
    const idPrefix = `user-content-${React.useId().replace(/[^A-Za-z0-9_-]/g, '')}-`;
    const entries = React.useMemo(() => numberCitations(block.citations), [block.citations]);
    const [reveals, setReveals] = React.useState(0);
    const rendersStreaming = useFinishInBackground(streaming);
    const stream = useMarkdownStream(block.text, entries, rendersStreaming, reveals);
    const truncated = stream.omitted > 0;
    const labels = useLabels();
    return (
      <div
        data-slot="text-block"
        data-block-type="text"
        data-streaming={streaming ? '' : undefined}
        data-truncated={truncated ? '' : undefined}
        data-hidden-characters={stream.hiddenCharacters ? '' : undefined}
        {...rootProps}
        ref={ref}
      >
        <CitationContext.Provider value={entries}>
          {stream.blocks.length > 0 ? (
            <div data-slot="text-block-content">
              {/* Only hydration suspends (for an engine still loading), keeping the server's
                  markup as it is until then; no fallback ever shows. */}
              <React.Suspense fallback={null}>
                <TextBlockMarkdown
                  stream={stream}
                  math={math}
                  remarkPlugins={remarkPlugins}
                  rehypePlugins={rehypePlugins}
                  idPrefix={idPrefix}
                />
              </React.Suspense>
            </div>
          ) : null}
          {truncated ? (
            <ShowMore stream={stream} onClick={() => setReveals((count) => count + 1)} />
          ) : null}
          {stream.hiddenCharacters ? (
            <p data-slot="hidden-characters-note" role="note">
              {labels.hiddenCharacters}
            </p>
          ) : null}
          {entries.length > 0 ? <CitationSources entries={entries} /> : null}
        </CitationContext.Provider>
      </div>
    );
  }),
);
TextBlockView.displayName = TEXT_BLOCK_VIEW_NAME;

/* -------------------------------------------------------------------------------------------------
 * ShowMore
 * -----------------------------------------------------------------------------------------------*/

/**
 * The button under a text cut at the limits: "Show all" when one more step shows the rest, else
 * how much is shown and "Show 200,000 more", so that no click lays out megabytes at once.
 */
function ShowMore({ stream, onClick }: { stream: MarkdownStream; onClick(): void }) {
  const labels = useLabels();
  const total = stream.source.length;
  if (stream.lastStep) {
    return (
      <button type="button" data-slot="text-block-show-all" onClick={onClick}>
        {labels.showAll(stream.omitted)}
      </button>
    );
  }
  return (
    <p data-slot="text-block-capped">
      {labels.outputCapped(total - stream.omitted, total)}{' '}
      <ShowMoreButton
        data-slot="text-block-show-all"
        data-more=""
        remaining={stream.omitted}
        step={SHOW_MORE_CHARACTERS}
        onShowMore={onClick}
      />
    </p>
  );
}

/* -------------------------------------------------------------------------------------------------
 * TextBlockMarkdown
 * -----------------------------------------------------------------------------------------------*/

interface TextBlockMarkdownProps {
  stream: MarkdownStream;
  math: MathPlugins | undefined;
  remarkPlugins: PluggableList | undefined;
  rehypePlugins: PluggableList | undefined;
  idPrefix: string;
}

/**
 * The chunks, parsed once the markdown engine is there. A browser loads the engine lazily; until
 * it lands, the chunks show as plain text (an open fence as code), and render again once.
 */
function TextBlockMarkdown(props: TextBlockMarkdownProps) {
  const { stream, math, remarkPlugins, rehypePlugins, idPrefix } = props;
  const engine = useMarkdownEngine();
  const processor = useMarkdownProcessor(engine, math, remarkPlugins, rehypePlugins, idPrefix);
  const [release, setRelease] = React.useState<string | null>(null);
  const anchoring = React.useContext(TailAnchoringContext);
  const tail = useLastChunkTail(stream, engine, anchoring, release);
  // Markup held back at the end of the tail shows once the stream pauses on it.
  const holding = tail?.tail?.holding ?? null;
  React.useEffect(() => {
    if (holding === null) return;
    const timer = setTimeout(() => setRelease(holding), SHOW_HELD_MARKUP_AFTER_MS);
    return () => clearTimeout(timer);
  }, [holding]);
  return (
    <MarkdownBlocks
      chunks={stream.chunks}
      tail={tail?.tail ?? null}
      tailSplit={tail?.tailSplit ?? null}
      processor={processor}
    />
  );
}

/* -------------------------------------------------------------------------------------------------
 * useMarkdownStream
 * -----------------------------------------------------------------------------------------------*/

/**
 * The text prepared for rendering, resumed from the previous result so a token costs the token
 * (see src/markdown/). The derivation is pure, so a render React throws away (or StrictMode's
 * second one) changes nothing, and the same input gives back the same object.
 */
function useMarkdownStream(
  text: string,
  citations: MarkdownStream['input']['citations'],
  streaming: boolean,
  reveals: number,
): MarkdownStream {
  return useResumed(
    (previous: MarkdownStream | null) =>
      streamMarkdown(previous, { text, citations, streaming, reveals }),
    [text, citations, streaming, reveals],
  );
}

/**
 * How the stream's last chunk renders while it streams (see `followLastChunkTail`), resumed from the
 * previous render's result as `useMarkdownStream` is; null without the engine, which brings the
 * repair (the chunks show as plain text meanwhile).
 */
function useLastChunkTail(
  stream: MarkdownStream,
  engine: MarkdownEngine | null,
  anchoring: boolean,
  release: string | null,
): LastChunkTail | null {
  return useResumed<LastChunkTail | null>(
    (previous) =>
      engine === null
        ? null
        : engine.followLastChunkTail(previous, stream, { repair: engine, anchoring, release }),
    [stream, engine, anchoring, release],
  );
}

/* -------------------------------------------------------------------------------------------------
 * useMarkdownProcessor
 * -----------------------------------------------------------------------------------------------*/

/**
 * The text block's processor, built once per set of plugins, not per render (see
 * `createMarkdownPipeline` for the order that keeps sanitising last); null without the engine.
 * Ids are prefixed per block so two blocks' footnotes never share an id.
 */
function useMarkdownProcessor(
  engine: MarkdownEngine | null,
  math: MathPlugins | undefined,
  remarkPlugins: PluggableList | undefined,
  rehypePlugins: PluggableList | undefined,
  idPrefix: string,
): MarkdownProcessor | null {
  const labels = useLabels();
  return React.useMemo(
    () =>
      engine === null
        ? null
        : engine.createMarkdownPipeline({
            math,
            remarkPlugins,
            rehypePlugins,
            idPrefix,
            footnoteLabel: labels.footnotes,
            footnoteBackLabel: (referenceIndex: number) =>
              labels.backToReference(referenceIndex + 1),
          }),
    [engine, math, remarkPlugins, rehypePlugins, idPrefix, labels],
  );
}

export { TextBlockView };
export type { TextBlockViewProps };
