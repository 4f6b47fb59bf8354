import * as React from 'react';
import type { Options } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import type { TextBlock } from '../../core/model/block.js';
import { useLabels, useUrlPolicy } from '../../react/agent-messages-provider.js';
import type { BlockProps } from '../message/block-props.js';
import { numberCitations, placeCitationMarkers } from './citation-markers.js';
import { CitationContext, CitationSources } from './citations.js';
import type { MarkdownPipeline } from './markdown.js';
import { MarkdownBlocks } from './markdown.js';
import type { MathPlugins } from './math.js';
import { mathPipeline } from './math.js';
import { createUrlTransform, rehypeFinalize, remarkHtmlAsText } from './sanitize.js';
import type { MarkdownBlock, MarkdownSplit } from './split-blocks.js';
import { resumeMarkdownBlocks } from './split-blocks.js';

/* -------------------------------------------------------------------------------------------------
 * TextBlockView
 * -----------------------------------------------------------------------------------------------*/

const TEXT_BLOCK_VIEW_NAME = 'TextBlockView';

type PluggableList = NonNullable<Options['remarkPlugins']>;

interface TextBlockViewProps
  extends
    Omit<React.ComponentPropsWithoutRef<'div'>, 'children' | 'role'>,
    Partial<Omit<BlockProps<TextBlock>, 'block'>> {
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
 * @selector [data-slot="text-block"] [data-block-type="text"]
 * @selector [data-streaming] present while the text streams
 */
const TextBlockView = React.memo(
  React.forwardRef<HTMLDivElement, TextBlockViewProps>(function TextBlockView(props, ref) {
    const {
      block,
      streaming = false,
      messageId: _messageId,
      messageRole: _messageRole,
      math,
      remarkPlugins,
      rehypePlugins,
      ...rootProps
    } = props;
    const pipeline = useMarkdownPipeline(math, remarkPlugins, rehypePlugins);
    const entries = React.useMemo(() => numberCitations(block.citations), [block.citations]);
    const source = React.useMemo(
      () => placeCitationMarkers(block.text, entries),
      [block.text, entries],
    );
    const blocks = useMarkdownBlocks(source);
    return (
      <div
        data-slot="text-block"
        data-block-type="text"
        data-streaming={streaming ? '' : undefined}
        {...rootProps}
        ref={ref}
      >
        <CitationContext.Provider value={entries}>
          {blocks.length > 0 ? (
            <div data-slot="text-block-content">
              <MarkdownBlocks blocks={blocks} streaming={streaming} pipeline={pipeline} />
            </div>
          ) : null}
          {entries.length > 0 ? <CitationSources entries={entries} /> : null}
        </CitationContext.Provider>
      </div>
    );
  }),
);
TextBlockView.displayName = TEXT_BLOCK_VIEW_NAME;

/* -------------------------------------------------------------------------------------------------
 * useMarkdownBlocks
 * -----------------------------------------------------------------------------------------------*/

/** The text's top-level blocks, resumed from the previous render's split while the text grows. */
function useMarkdownBlocks(source: string): MarkdownBlock[] {
  // State derived from the previous render, as React documents it: when the text changed, the
  // new split resumes from the stored one and replaces it before anything is committed.
  const [split, setSplit] = React.useState<MarkdownSplit>(() => resumeMarkdownBlocks(null, source));
  if (split.text === source) return split.blocks;
  const next = resumeMarkdownBlocks(split, source);
  setSplit(next);
  return next.blocks;
}

/* -------------------------------------------------------------------------------------------------
 * useMarkdownPipeline
 * -----------------------------------------------------------------------------------------------*/

/**
 * The plugin order is the security boundary: GFM and math first, then the app's plugins, then
 * our sanitising steps last (KaTeX runs after them: it renders math we already sanitised, with
 * `trust: false`). Ids are prefixed per block so two blocks' footnotes never share an id.
 */
function useMarkdownPipeline(
  math: MathPlugins | undefined,
  remarkPlugins: PluggableList | undefined,
  rehypePlugins: PluggableList | undefined,
): MarkdownPipeline {
  const policy = useUrlPolicy();
  const labels = useLabels();
  const mathPlugins = React.useMemo(() => mathPipeline(math), [math]);
  const idPrefix = `user-content-${React.useId().replace(/[^A-Za-z0-9_-]/g, '')}-`;
  return React.useMemo(
    () => ({
      remarkPlugins: [
        remarkGfm,
        ...(mathPlugins?.remark ?? []),
        ...(remarkPlugins ?? []),
        remarkHtmlAsText,
      ],
      rehypePlugins: [
        ...(rehypePlugins ?? []),
        [rehypeFinalize, { idPrefix }],
        ...(mathPlugins?.rehype ?? []),
      ],
      remarkRehypeOptions: {
        clobberPrefix: idPrefix,
        footnoteLabel: labels.footnotes,
        footnoteBackLabel: (referenceIndex: number) => labels.backToReference(referenceIndex + 1),
      },
      urlTransform: createUrlTransform(policy),
    }),
    [mathPlugins, remarkPlugins, rehypePlugins, idPrefix, labels, policy],
  );
}

export { TextBlockView };
export type { TextBlockViewProps };
