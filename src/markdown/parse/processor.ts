import type { Root as HastRoot } from 'hast';
import type { createMarkdownProcessor } from './create-processor.js';

/*
 * Running a text block's processor (built by the engine, create-processor.ts) on a chunk. This
 * file imports nothing from unified, so the view can parse with a processor it was handed without
 * reaching the engine itself, which browsers load lazily.
 */

/** A processor made by `createMarkdownProcessor`. */
export type MarkdownProcessor = ReturnType<typeof createMarkdownProcessor>;

/** Parses `markdown` and runs every step: the sanitised hast tree. */
export function parseMarkdown(processor: MarkdownProcessor, markdown: string): HastRoot {
  return processor.runSync(processor.parse(markdown)) as HastRoot;
}
