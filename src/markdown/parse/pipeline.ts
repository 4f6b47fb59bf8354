import type { PluggableList } from 'unified';
import { remarkGfmSyntax, remarkGfmSyntaxWithoutLiteralAutolinks } from './gfm.js';
import type { MathPlugins } from './math.js';
import { mathPipeline } from './math.js';
import { markBlockLocal } from './chunk-tree.js';
import type { MarkdownProcessor } from './processor.js';
import { withLighterTwin } from './processor.js';
import { createMarkdownProcessor } from './create-processor.js';
import { rehypeFinalize, rehypeGuard, remarkHtmlAsText } from './sanitize.js';

/** What a text block's processor is built from. */
export interface MarkdownPipelineOptions {
  /** The app's `remark-math` and `rehype-katex`, for `$…$` and `$$…$$`; no math without them. */
  math?: MathPlugins | undefined;
  /** Extra remark plugins; they run before the sanitising steps and cannot disable them. */
  remarkPlugins?: PluggableList | undefined;
  /** Extra rehype plugins; they run before the sanitising steps and cannot disable them. */
  rehypePlugins?: PluggableList | undefined;
  /** Prefix of every `id` in the output, unique per text block, so footnotes never clash. */
  idPrefix: string;
  /** The footnotes section's heading. */
  footnoteLabel: string;
  /** The label of a footnote's link back to its reference, by the reference's index (from 0). */
  footnoteBackLabel: (referenceIndex: number) => string;
}

/**
 * The processor for one text block. The plugin order is the security boundary: GFM and math
 * first, then the app's plugins, then our sanitising steps last (KaTeX runs after them, on math
 * already sanitised, with `trust: false`, and a guard follows it). Build it once per set of
 * options, not per render: building costs more than parsing a streaming tail. Without the app's
 * plugins (math included) every step reads one block at a time, so a chunk that grows parses only
 * its new blocks (see chunk-tree.ts).
 */
export function createMarkdownPipeline(options: MarkdownPipelineOptions): MarkdownProcessor {
  const math = mathPipeline(options.math);
  const processor = build(options, math, remarkGfmSyntax);
  const ours = math === null && !options.remarkPlugins?.length && !options.rehypePlugins?.length;
  if (!ours) return processor;
  // Our steps only: none reads GFM's extensions, so the twin without literal autolinks gives the
  // same tree for text that cannot hold one (an app's plugin might look for them).
  withLighterTwin(processor, () =>
    markBlockLocal(build(options, null, remarkGfmSyntaxWithoutLiteralAutolinks)),
  );
  return markBlockLocal(processor);
}

function build(
  options: MarkdownPipelineOptions,
  math: ReturnType<typeof mathPipeline>,
  gfm: typeof remarkGfmSyntax,
): MarkdownProcessor {
  const { idPrefix } = options;
  return createMarkdownProcessor({
    remarkPlugins: [
      gfm,
      ...(math?.remark ?? []),
      ...(options.remarkPlugins ?? []),
      remarkHtmlAsText,
    ],
    remarkRehypeOptions: {
      clobberPrefix: idPrefix,
      footnoteLabel: options.footnoteLabel,
      footnoteBackLabel: options.footnoteBackLabel,
    },
    rehypePlugins: [
      ...(options.rehypePlugins ?? []),
      [rehypeFinalize, { idPrefix }],
      ...(math ? [...math.rehype, rehypeGuard] : []),
    ],
  });
}
