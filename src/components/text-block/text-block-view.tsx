'use client';

import * as React from 'react';
import { remarkGfmSyntax } from './gfm.js';
import type { PluggableList } from 'unified';
import type { TextBlock } from '../../core/model/block.js';
import { useLabels } from '../../react/agent-messages-provider.js';
import type { BlockProps } from '../message/block-props.js';
import { CitationMarkerPlacer, numberCitations } from './citation-markers.js';
import { CitationContext, CitationSources } from './citations.js';
import type { MarkdownPipeline } from './markdown.js';
import { MarkdownBlocks } from './markdown.js';
import { createMarkdownProcessor } from './markdown-processor.js';
import type { MathPlugins } from './math.js';
import { mathPipeline } from './math.js';
import { rehypeFinalize, rehypeGuard, remarkHtmlAsText } from './sanitize.js';
import { HiddenCharacterScanner } from './hidden-characters.js';
import { countShownBlocks } from './limit-blocks.js';
import type { MarkdownBlock } from './split-blocks.js';
import { MarkdownSplitter } from './split-blocks.js';

/* -------------------------------------------------------------------------------------------------
 * TextBlockView
 * -----------------------------------------------------------------------------------------------*/

const TEXT_BLOCK_VIEW_NAME = 'TextBlockView';

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
 * @selector [data-truncated] present while very long text shows only its start ("Show all")
 * @selector [data-hidden-characters] present when the text holds invisible, blank-looking or
 * control characters: each shows as a marker such as `[U+200B]`, and a note says so
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
    // One placer per block, like the splitter below: it resumes from the previous text.
    const [placer] = React.useState(() => new CitationMarkerPlacer());
    const source = placer.place(block.text, entries);
    const blocks = useMarkdownBlocks(source);
    // One scanner per block, like the splitter: it reads only the text added since the last render.
    const [scanner] = React.useState(() => new HiddenCharacterScanner());
    const hidden = scanner.scan(source);
    const [showAll, setShowAll] = React.useState(false);
    const shownCount = showAll ? blocks.length : countShownBlocks(blocks, source.length);
    const shown = shownCount === blocks.length ? blocks : blocks.slice(0, shownCount);
    const labels = useLabels();
    return (
      <div
        data-slot="text-block"
        data-block-type="text"
        data-streaming={streaming ? '' : undefined}
        data-truncated={shown !== blocks ? '' : undefined}
        data-hidden-characters={hidden ? '' : undefined}
        {...rootProps}
        ref={ref}
      >
        <CitationContext.Provider value={entries}>
          {blocks.length > 0 ? (
            <div data-slot="text-block-content">
              <MarkdownBlocks
                blocks={shown}
                // Once cut, the last block shown is a finished one, not the streaming tail.
                streaming={streaming && shown === blocks}
                pipeline={pipeline}
              />
            </div>
          ) : null}
          {shown !== blocks ? (
            <button type="button" data-slot="text-block-show-all" onClick={() => setShowAll(true)}>
              {labels.showAll(source.length - charactersOf(shown))}
            </button>
          ) : null}
          {hidden ? (
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

function charactersOf(blocks: readonly MarkdownBlock[]): number {
  return blocks.reduce((sum, block) => sum + block.source.length, 0);
}

/* -------------------------------------------------------------------------------------------------
 * useMarkdownBlocks
 * -----------------------------------------------------------------------------------------------*/

/** The text's top-level blocks, resumed from the previous render's split while the text grows. */
function useMarkdownBlocks(source: string): MarkdownBlock[] {
  // One splitter per block, not state set during render: that would render the block twice a token.
  const [splitter] = React.useState(() => new MarkdownSplitter());
  return splitter.split(source);
}

/* -------------------------------------------------------------------------------------------------
 * useMarkdownPipeline
 * -----------------------------------------------------------------------------------------------*/

/**
 * The plugin order is the security boundary: GFM and math first, then the app's plugins, then
 * our sanitising steps last (KaTeX runs after them, on math we already sanitised, with
 * `trust: false`, and a guard follows it). Ids are prefixed per block so two blocks' footnotes
 * never share an id. The processor is built once per set of plugins, not per render.
 */
function useMarkdownPipeline(
  math: MathPlugins | undefined,
  remarkPlugins: PluggableList | undefined,
  rehypePlugins: PluggableList | undefined,
): MarkdownPipeline {
  const labels = useLabels();
  const mathPlugins = React.useMemo(() => mathPipeline(math), [math]);
  const idPrefix = `user-content-${React.useId().replace(/[^A-Za-z0-9_-]/g, '')}-`;
  return React.useMemo(
    () => ({
      processor: createMarkdownProcessor({
        remarkPlugins: [
          remarkGfmSyntax,
          ...(mathPlugins?.remark ?? []),
          ...(remarkPlugins ?? []),
          remarkHtmlAsText,
        ],
        remarkRehypeOptions: {
          clobberPrefix: idPrefix,
          footnoteLabel: labels.footnotes,
          footnoteBackLabel: (referenceIndex: number) => labels.backToReference(referenceIndex + 1),
        },
        rehypePlugins: [
          ...(rehypePlugins ?? []),
          [rehypeFinalize, { idPrefix }],
          ...(mathPlugins ? [...mathPlugins.rehype, rehypeGuard] : []),
        ],
      }),
    }),
    [mathPlugins, remarkPlugins, rehypePlugins, idPrefix, labels],
  );
}

export { TextBlockView };
export type { TextBlockViewProps };
