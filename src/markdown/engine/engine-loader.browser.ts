import type { MarkdownEngineSource } from './engine-source.js';
import { lazyMarkdownEngine } from './engine-source.js';

/*
 * The browser's markdown engine (package.json "browser" maps engine-loader.js to this file): a
 * chunk of its own, requested as soon as the package loads, so the first render does not wait
 * for it and rarely has to do without it.
 */

/** The markdown engine, loading from the moment this module runs. */
export const markdownEngine: MarkdownEngineSource = lazyMarkdownEngine(() => import('./engine.js'));
