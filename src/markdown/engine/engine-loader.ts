import * as engine from './engine.js';
import type { MarkdownEngineSource } from './engine-source.js';
import { presentMarkdownEngine } from './engine-source.js';

/*
 * The markdown engine, imported with this module: on the server (`renderToString` is synchronous
 * and must give the full markup), in Node and in tests. Bundlers that build for browsers read
 * package.json's "browser" field and take engine-loader.browser.ts instead, which loads it lazily.
 */

/** The markdown engine, there from the start. */
export const markdownEngine: MarkdownEngineSource = presentMarkdownEngine(engine);
