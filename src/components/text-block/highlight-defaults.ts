/*
 * The grammars and themes code highlighting ships with. Every loader is its own `import()` of a
 * literal path: a bundler then emits one small chunk per grammar here and nothing else (a computed
 * path would make it emit every grammar shiki has). The paths go through `shiki`, the package's
 * declared dependency, so they resolve under strict installs too.
 */
import type { HighlightLanguageLoader, HighlightThemeLoader } from './highlight-loaders.js';

const typescript: HighlightLanguageLoader = () => import('shiki/langs/typescript.mjs');
const javascript: HighlightLanguageLoader = () => import('shiki/langs/javascript.mjs');
const shell: HighlightLanguageLoader = () => import('shiki/langs/shellscript.mjs');
const python: HighlightLanguageLoader = () => import('shiki/langs/python.mjs');
const markdown: HighlightLanguageLoader = () => import('shiki/langs/markdown.mjs');
const yaml: HighlightLanguageLoader = () => import('shiki/langs/yaml.mjs');
const rust: HighlightLanguageLoader = () => import('shiki/langs/rust.mjs');
const docker: HighlightLanguageLoader = () => import('shiki/langs/docker.mjs');

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
> = Object.freeze({
  typescript,
  ts: typescript,
  mts: typescript,
  cts: typescript,
  tsx: () => import('shiki/langs/tsx.mjs'),
  javascript,
  js: javascript,
  mjs: javascript,
  cjs: javascript,
  jsx: () => import('shiki/langs/jsx.mjs'),
  json: () => import('shiki/langs/json.mjs'),
  shellscript: shell,
  bash: shell,
  sh: shell,
  shell,
  zsh: shell,
  python,
  py: python,
  html: () => import('shiki/langs/html.mjs'),
  css: () => import('shiki/langs/css.mjs'),
  markdown,
  md: markdown,
  yaml,
  yml: yaml,
  toml: () => import('shiki/langs/toml.mjs'),
  sql: () => import('shiki/langs/sql.mjs'),
  diff: () => import('shiki/langs/diff.mjs'),
  go: () => import('shiki/langs/go.mjs'),
  rust,
  rs: rust,
  java: () => import('shiki/langs/java.mjs'),
  docker,
  dockerfile: docker,
});

/** GitHub's high-contrast pair: the stylesheet shows one or the other with the colour scheme. */
export const defaultHighlightThemes: Readonly<{
  light: HighlightThemeLoader;
  dark: HighlightThemeLoader;
}> = Object.freeze({
  light: () => import('shiki/themes/github-light-high-contrast.mjs'),
  dark: () => import('shiki/themes/github-dark-high-contrast.mjs'),
});
