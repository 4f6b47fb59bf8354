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

/** The constructs of GFM's literal autolinks (`www.x.com`, `https://x.com`, `a@b.com`). */
const LITERAL_AUTOLINKS = new Set(['wwwAutolink', 'protocolAutolink', 'emailAutolink']);

/**
 * GFM as `remarkGfmSyntax` parses it, less the literal autolinks: for text that cannot hold one
 * (literal-autolinks.ts), where it gives the same tree. They try a construct at the start of
 * every word, which is most of what parsing prose allocates (about three fifths of it).
 */
function remarkGfmSyntaxWithoutLiteralAutolinks(this: Processor): undefined {
  const data = this.data();
  const syntax = gfmSyntax();
  const text: NonNullable<ReturnType<typeof gfmSyntax>['text']> = {};
  for (const [code, list] of Object.entries(syntax.text ?? {})) {
    const kept = [list]
      .flat()
      .flatMap((construct) =>
        construct === undefined || LITERAL_AUTOLINKS.has(construct.name ?? '') ? [] : [construct],
      );
    if (kept.length > 0) text[code as unknown as number] = kept;
  }
  (data.micromarkExtensions ??= []).push({ ...syntax, text });
  (data.fromMarkdownExtensions ??= []).push(
    gfmFromMarkdown().filter((extension) => !('literalAutolink' in (extension.enter ?? {}))),
  );
}

export { remarkGfmSyntax, remarkGfmSyntaxWithoutLiteralAutolinks };
