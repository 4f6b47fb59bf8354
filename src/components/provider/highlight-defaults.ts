/*
 * The grammars and themes code highlighting ships with. Every loader is its own `import()` of a
 * literal path: a bundler then emits one small chunk per grammar here and nothing else (a computed
 * path would make it emit every grammar shiki has). The paths go through `shiki`, the package's
 * declared dependency, so they resolve under strict installs too.
 */
import type { HighlightLanguageLoader, HighlightThemeLoader } from './highlight-loaders.js';

/** The fence names highlighted out of the box. */
export type DefaultHighlightLanguage =
  | 'typescript'
  | 'ts'
  | 'mts'
  | 'cts'
  | 'tsx'
  | 'javascript'
  | 'js'
  | 'mjs'
  | 'cjs'
  | 'jsx'
  | 'json'
  | 'shellscript'
  | 'bash'
  | 'sh'
  | 'shell'
  | 'zsh'
  | 'python'
  | 'py'
  | 'html'
  | 'css'
  | 'markdown'
  | 'md'
  | 'yaml'
  | 'yml'
  | 'toml'
  | 'sql'
  | 'diff'
  | 'go'
  | 'rust'
  | 'rs'
  | 'java'
  | 'docker'
  | 'dockerfile';

/**
 * The languages highlighted out of the box, by fence name (aliases included): the ones agents
 * write most. Each grammar loads the first time a finished fence needs it. Spread it into
 * `highlight.languages` to add languages, or pick from it to keep fewer.
 */
export const defaultHighlightLanguages: Readonly<
  Record<DefaultHighlightLanguage, HighlightLanguageLoader>
> = byFenceName([
  [() => import('shiki/langs/typescript.mjs'), 'typescript', 'ts', 'mts', 'cts'],
  [() => import('shiki/langs/tsx.mjs'), 'tsx'],
  [() => import('shiki/langs/javascript.mjs'), 'javascript', 'js', 'mjs', 'cjs'],
  [() => import('shiki/langs/jsx.mjs'), 'jsx'],
  [() => import('shiki/langs/json.mjs'), 'json'],
  [() => import('shiki/langs/shellscript.mjs'), 'shellscript', 'bash', 'sh', 'shell', 'zsh'],
  [() => import('shiki/langs/python.mjs'), 'python', 'py'],
  [() => import('shiki/langs/html.mjs'), 'html'],
  [() => import('shiki/langs/css.mjs'), 'css'],
  [() => import('shiki/langs/markdown.mjs'), 'markdown', 'md'],
  [() => import('shiki/langs/yaml.mjs'), 'yaml', 'yml'],
  [() => import('shiki/langs/toml.mjs'), 'toml'],
  [() => import('shiki/langs/sql.mjs'), 'sql'],
  [() => import('shiki/langs/diff.mjs'), 'diff'],
  [() => import('shiki/langs/go.mjs'), 'go'],
  [() => import('shiki/langs/rust.mjs'), 'rust', 'rs'],
  [() => import('shiki/langs/java.mjs'), 'java'],
  [() => import('shiki/langs/docker.mjs'), 'docker', 'dockerfile'],
]);

/**
 * Each grammar's loader under every fence name it answers to (one loader per grammar, so an alias
 * does not load it twice). A name of `DefaultHighlightLanguage` left out does not compile.
 */
function byFenceName<Name extends DefaultHighlightLanguage>(
  grammars: readonly (readonly [HighlightLanguageLoader, ...Name[]])[],
): Readonly<Record<Name, HighlightLanguageLoader>> {
  const loaders = {} as Record<Name, HighlightLanguageLoader>;
  for (const [loader, ...names] of grammars) {
    for (const name of names) loaders[name] = loader;
  }
  return Object.freeze(loaders);
}

/** GitHub's high-contrast pair: the stylesheet shows one or the other with the colour scheme. */
export const defaultHighlightThemes: Readonly<{
  light: HighlightThemeLoader;
  dark: HighlightThemeLoader;
}> = Object.freeze({
  light: () => import('shiki/themes/github-light-high-contrast.mjs'),
  dark: () => import('shiki/themes/github-dark-high-contrast.mjs'),
});
