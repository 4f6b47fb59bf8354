import type { Root as HastRoot } from 'hast';
import type { createMarkdownProcessor } from './create-processor.js';
import { mayHoldLiteralAutolink } from './literal-autolinks.js';

/*
 * Running a text block's processor (built by the engine, create-processor.ts) on a chunk. This
 * file imports nothing from unified, so the view can parse with a processor it was handed without
 * reaching the engine itself, which browsers load lazily.
 */

/** A processor made by `createMarkdownProcessor`. */
export type MarkdownProcessor = ReturnType<typeof createMarkdownProcessor>;

/** Per processor, how to build its twin without GFM's literal autolinks, then the twin. */
const lighter = new WeakMap<
  MarkdownProcessor,
  { make: () => MarkdownProcessor; twin: MarkdownProcessor | null }
>();

/**
 * Gives `processor` a twin, the same steps without GFM's literal autolinks, built on first use:
 * text that cannot hold one parses with it, to the same tree, allocating far less.
 */
export function withLighterTwin(
  processor: MarkdownProcessor,
  twin: () => MarkdownProcessor,
): MarkdownProcessor {
  lighter.set(processor, { make: twin, twin: null });
  return processor;
}

/** `processor`'s twin without literal autolinks (see `withLighterTwin`), if it has one. */
export function twinOf(processor: MarkdownProcessor): MarkdownProcessor | undefined {
  const entry = lighter.get(processor);
  if (entry === undefined) return undefined;
  return (entry.twin ??= entry.make());
}

/** Parses `markdown` and runs every step: the sanitised hast tree. */
export function parseMarkdown(processor: MarkdownProcessor, markdown: string): HastRoot {
  const run = (!mayHoldLiteralAutolink(markdown) && twinOf(processor)) || processor;
  return run.runSync(run.parse(markdown)) as HastRoot;
}
