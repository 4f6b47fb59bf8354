import remarkParse from 'remark-parse';
import type { Options as RemarkRehypeOptions } from 'remark-rehype';
import remarkRehype from 'remark-rehype';
import type { PluggableList } from 'unified';
import { unified } from 'unified';

/*
 * Markdown to a sanitised hast tree with unified: remark parses, remark-rehype turns mdast into
 * hast, the rehype steps run. react-markdown does the same, but attaches and freezes every plugin
 * again on each call, which costs more than parsing a streaming tail of a few hundred characters
 * (about 190 µs a call, measured). A text block builds its processor once for its set of plugins
 * and runs it for each chunk (processor.ts); the view turns the tree into elements. Only the
 * engine (engine/engine.ts) reaches this file, so browsers load unified with it, lazily.
 */

/** The plugins of a processor, in the order they run. */
export interface MarkdownSteps {
  /** Remark plugins, run on the markdown tree (mdast). */
  remarkPlugins: PluggableList;
  /** Options of the step that turns mdast into hast. */
  remarkRehypeOptions: RemarkRehypeOptions;
  /** Rehype plugins, run on the HTML tree (hast). */
  rehypePlugins: PluggableList;
}

/** A frozen processor: markdown in, sanitised hast out. */
export function createMarkdownProcessor(steps: MarkdownSteps) {
  return unified()
    .use(remarkParse)
    .use(steps.remarkPlugins)
    .use(remarkRehype, steps.remarkRehypeOptions)
    .use(steps.rehypePlugins)
    .freeze();
}
