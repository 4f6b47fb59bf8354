import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm as gfmSyntax } from 'micromark-extension-gfm';
import type { Processor } from 'unified';

/** The constructs of GFM's literal autolinks (`www.x.com`, `https://x.com`, `a@b.com`). */
const LITERAL_AUTOLINKS = new Set(['wwwAutolink', 'protocolAutolink', 'emailAutolink']);

type SyntaxExtension = ReturnType<typeof gfmSyntax>;

/** GFM's parsing extensions, with and without the literal autolinks. */
interface GfmExtensions {
  syntax: SyntaxExtension;
  fromMarkdown: ReturnType<typeof gfmFromMarkdown>;
}

/*
 * Built once for every processor: each text block has its own processor (its ids have their own
 * prefix), and building GFM's extension tables again for each was about a twentieth of what a
 * live stream allocated. They hold no state of a parse (micromark and mdast keep that in the tokenizer and
 * the compiler), so processors can share them, as one processor shares them across its parses.
 */
let full: GfmExtensions | undefined;
let withoutLiteralAutolinks: GfmExtensions | undefined;

function gfmExtensions(): GfmExtensions {
  return (full ??= { syntax: gfmSyntax(), fromMarkdown: gfmFromMarkdown() });
}

function gfmExtensionsWithoutLiteralAutolinks(): GfmExtensions {
  if (withoutLiteralAutolinks !== undefined) return withoutLiteralAutolinks;
  const { syntax, fromMarkdown } = gfmExtensions();
  const text: NonNullable<SyntaxExtension['text']> = {};
  for (const [code, list] of Object.entries(syntax.text ?? {})) {
    const kept = [list]
      .flat()
      .flatMap((construct) =>
        construct === undefined || LITERAL_AUTOLINKS.has(construct.name ?? '') ? [] : [construct],
      );
    if (kept.length > 0) text[code as unknown as number] = kept;
  }
  return (withoutLiteralAutolinks = {
    syntax: { ...syntax, text },
    fromMarkdown: fromMarkdown.filter(
      (extension) => !('literalAutolink' in (extension.enter ?? {})),
    ),
  });
}

function register(processor: Processor, extensions: GfmExtensions): undefined {
  const data = processor.data();
  (data.micromarkExtensions ??= []).push(extensions.syntax);
  (data.fromMarkdownExtensions ??= []).push(extensions.fromMarkdown);
}

/**
 * GFM (tables, task lists, strikethrough, autolinks, footnotes) for parsing only. `remark-gfm`
 * also registers the serialiser's extensions, which pull `mdast-util-to-markdown` into the
 * bundle (7 KB gzipped) for a text block that never turns a tree back into markdown.
 */
function remarkGfmSyntax(this: Processor): undefined {
  register(this, gfmExtensions());
}

/**
 * GFM as `remarkGfmSyntax` parses it, less the literal autolinks: for text that cannot hold one
 * (literal-autolinks.ts), where it gives the same tree. They try a construct at the start of
 * every word, which is most of what parsing prose allocates (about three fifths of it).
 */
function remarkGfmSyntaxWithoutLiteralAutolinks(this: Processor): undefined {
  register(this, gfmExtensionsWithoutLiteralAutolinks());
}

export { remarkGfmSyntax, remarkGfmSyntaxWithoutLiteralAutolinks };
