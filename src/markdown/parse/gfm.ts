import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm as gfmSyntax } from 'micromark-extension-gfm';
import type { Processor } from 'unified';

/**
 * GFM (tables, task lists, strikethrough, autolinks, footnotes) for parsing only. `remark-gfm`
 * also registers the serialiser's extensions, which pull `mdast-util-to-markdown` into the
 * bundle (7 KB gzipped) for a text block that never turns a tree back into markdown.
 */
function remarkGfmSyntax(this: Processor): undefined {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(gfmSyntax());
  (data.fromMarkdownExtensions ??= []).push(gfmFromMarkdown());
}

export { remarkGfmSyntax };
