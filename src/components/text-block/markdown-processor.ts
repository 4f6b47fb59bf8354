import type { Root as HastRoot } from 'hast';
import type { Components } from 'hast-util-to-jsx-runtime';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import type * as React from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import remarkParse from 'remark-parse';
import type { Options as RemarkRehypeOptions } from 'remark-rehype';
import remarkRehype from 'remark-rehype';
import type { PluggableList } from 'unified';
import { unified } from 'unified';

/*
 * Markdown to React with unified: remark parses, remark-rehype turns mdast into hast, the rehype
 * steps run, hast-util-to-jsx-runtime makes elements. react-markdown does the same, but attaches
 * and freezes every plugin again on each call, which costs more than parsing a streaming tail of a
 * few hundred characters (about 190 µs a call, measured). A text block builds its processor once
 * for its set of plugins and runs it for each chunk.
 */

/** The plugins of a processor, in the order they run. */
export interface MarkdownSteps {
  remarkPlugins: PluggableList;
  remarkRehypeOptions: RemarkRehypeOptions;
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

export type MarkdownProcessor = ReturnType<typeof createMarkdownProcessor>;

/** Parses `markdown` and returns its elements, with `components` for the elements they name. */
export function renderMarkdown(
  processor: MarkdownProcessor,
  markdown: string,
  components: Components,
): React.ReactElement {
  const tree = processor.runSync(processor.parse(markdown)) as HastRoot;
  return toJsxRuntime(tree, {
    Fragment,
    jsx,
    jsxs,
    components,
    passKeys: true,
    passNode: true,
    ignoreInvalidStyle: true,
  });
}
