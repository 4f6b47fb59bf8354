import type { Pluggable, PluggableList } from 'unified';

/*
 * Math is opt-in and brought by the app: `import remarkMath from 'remark-math'` and
 * `import rehypeKatex from 'rehype-katex'`, passed as `math={{ remarkMath, rehypeKatex }}`. The
 * library never imports them itself, because a bundler fails on an import of a package the app
 * has not installed, even a dynamic one. KaTeX runs untrusted (`trust: false`, bounded expansion)
 * and outputs MathML only, which browsers lay out without KaTeX's stylesheet.
 */

/** The two plugins math needs, from the app's own `remark-math` and `rehype-katex`. */
export interface MathPlugins {
  /** `remark-math`'s default export. */
  remarkMath: Pluggable;
  /** `rehype-katex`'s default export (its options are replaced by untrusted settings). */
  rehypeKatex: Pluggable;
}

const KATEX_OPTIONS = {
  output: 'mathml',
  trust: false,
  strict: 'ignore',
  throwOnError: false,
  maxExpand: 1000,
  maxSize: 20,
} as const;

/** The remark and rehype steps for math, with KaTeX locked to untrusted settings. */
export function mathPipeline(
  math: MathPlugins | undefined,
): { remark: PluggableList; rehype: PluggableList } | null {
  if (!math) return null;
  const rehypeKatex = Array.isArray(math.rehypeKatex) ? math.rehypeKatex[0] : math.rehypeKatex;
  return { remark: [math.remarkMath], rehype: [[rehypeKatex, KATEX_OPTIONS] as Pluggable] };
}
