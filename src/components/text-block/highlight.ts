/*
 * Syntax highlighting, loaded only when a closed code fence in a configured language is on screen:
 * shiki's core and its JavaScript regex engine (no WebAssembly) are imported dynamically, so they
 * stay out of the entry chunk, and each grammar and theme arrives through its own loader the first
 * time it is needed. One highlighter serves the page. Results are cached by theme, grammar and
 * code, so a block is highlighted once, not per token or per re-mount. Colours are returned as
 * data; the component hands them to CSS as custom properties.
 */
import type { HighlighterCore, LanguageRegistration, ThemeRegistrationAny } from 'shiki/core';
import type {
  HighlightConfig,
  HighlightLanguageLoader,
  HighlightThemeLoader,
} from './highlight-options.js';

/** One highlighted token: its text and its colour in the light and the dark theme. */
export interface HighlightToken {
  content: string;
  light: string | undefined;
  dark: string | undefined;
  /** Shiki's font-style bit set: 1 italic, 2 bold, 4 underline. */
  fontStyle: number;
}

export type HighlightedLines = HighlightToken[][];

/** Code longer than this stays plain: highlighting it would cost more than it helps. */
const MAX_HIGHLIGHT_LENGTH = 100_000;
const MAX_CACHE_ENTRIES = 200;

/** `null` records code that cannot be highlighted (or a failure), so it is not retried. */
const cache = new Map<string, HighlightedLines | null>();
let loadingCore: Promise<HighlighterCore> | null = null;
/** Per loader: the pending load, then its settled name (`null` when it failed), read in render. */
const grammarLoads = new WeakMap<HighlightLanguageLoader, Promise<string | null>>();
const grammarNames = new WeakMap<HighlightLanguageLoader, string | null>();
const themeLoads = new WeakMap<HighlightThemeLoader, Promise<string | null>>();
const themeNames = new WeakMap<HighlightThemeLoader, string | null>();

/** The configured loader for a fence's language, if highlighting is on and the code not too long. */
function loaderFor(
  code: string,
  language: string | undefined,
  config: HighlightConfig | null,
): HighlightLanguageLoader | undefined {
  if (config === null || language === undefined || code.length > MAX_HIGHLIGHT_LENGTH) {
    return undefined;
  }
  return config.languages.get(language.toLowerCase());
}

/** True when `code` in `language` is worth sending to the highlighter at all. */
export function canHighlight(
  code: string,
  language: string | undefined,
  config: HighlightConfig | null,
): language is string {
  return loaderFor(code, language, config) !== undefined;
}

/** The cached result: lines, `null` (cannot be highlighted) or `undefined` (not tried yet). */
export function cachedHighlight(
  code: string,
  language: string,
  config: HighlightConfig | null,
): HighlightedLines | null | undefined {
  const loader = loaderFor(code, language, config);
  if (loader === undefined || config === null) return null;
  const names = [
    grammarNames.get(loader),
    themeNames.get(config.themes.light),
    themeNames.get(config.themes.dark),
  ];
  if (names.includes(null)) return null;
  if (names.includes(undefined)) return undefined;
  return cache.get(names.concat(code).join('\u0000'));
}

/** Highlights `code` once per theme, grammar and code; resolves to `null` when it cannot. */
export async function highlightCode(
  code: string,
  language: string,
  config: HighlightConfig | null,
): Promise<HighlightedLines | null> {
  const loader = loaderFor(code, language, config);
  if (loader === undefined || config === null) return null;
  let highlighter: HighlighterCore;
  try {
    highlighter = await loadCore();
  } catch {
    return null;
  }
  const [grammar, light, dark] = await Promise.all([
    loadGrammar(highlighter, loader),
    loadTheme(highlighter, config.themes.light),
    loadTheme(highlighter, config.themes.dark),
  ]);
  if (grammar === null || light === null || dark === null) return null;
  const key = [grammar, light, dark, code].join('\u0000');
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  let lines: HighlightedLines | null;
  try {
    lines = tokenize(highlighter, code, grammar, light, dark);
  } catch {
    // A grammar the regex engine cannot run: the code stays plain.
    lines = null;
  }
  if (cache.size >= MAX_CACHE_ENTRIES) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  cache.set(key, lines);
  return lines;
}

function loadCore(): Promise<HighlighterCore> {
  loadingCore ??= (async () => {
    const [{ createHighlighterCore }, { createJavaScriptRegexEngine }] = await Promise.all([
      import('shiki/core'),
      import('shiki/engine/javascript'),
    ]);
    return createHighlighterCore({
      themes: [],
      langs: [],
      engine: createJavaScriptRegexEngine(),
    });
  })().catch((error: unknown) => {
    // A chunk that failed to load (offline, a new deploy) is tried again next time.
    loadingCore = null;
    throw error;
  });
  return loadingCore;
}

/** A module's default export, or the value itself: both `import('…')` and a plain object work. */
function unwrap(value: object): unknown {
  return 'default' in value ? (value as { default: unknown }).default : value;
}

function hasName(value: unknown): value is { name: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { name?: unknown }).name === 'string'
  );
}

/** Loads a grammar once per loader; resolves to the name to tokenize with, `null` on failure. */
function loadGrammar(
  highlighter: HighlighterCore,
  loader: HighlightLanguageLoader,
): Promise<string | null> {
  let load = grammarLoads.get(loader);
  if (load === undefined) {
    load = (async () => {
      const loaded = unwrap(await loader());
      const grammars: readonly unknown[] = Array.isArray(loaded) ? loaded : [loaded];
      // A grammar module lists the grammars it embeds first and its own last.
      const main = grammars.at(-1);
      if (!grammars.every(hasName) || !hasName(main)) return null;
      await highlighter.loadLanguage(...(grammars as LanguageRegistration[]));
      return main.name;
    })()
      .catch(() => null)
      .then((name) => {
        grammarNames.set(loader, name);
        return name;
      });
    grammarLoads.set(loader, load);
  }
  return load;
}

/** Loads a theme once per loader; resolves to its name, `null` on failure. */
function loadTheme(
  highlighter: HighlighterCore,
  loader: HighlightThemeLoader,
): Promise<string | null> {
  let load = themeLoads.get(loader);
  if (load === undefined) {
    load = (async () => {
      const theme = unwrap(await loader());
      if (!hasName(theme)) return null;
      await highlighter.loadTheme(theme as ThemeRegistrationAny);
      return theme.name;
    })()
      .catch(() => null)
      .then((name) => {
        themeNames.set(loader, name);
        return name;
      });
    themeLoads.set(loader, load);
  }
  return load;
}

function tokenize(
  highlighter: HighlighterCore,
  code: string,
  grammar: string,
  light: string,
  dark: string,
): HighlightedLines {
  const lines = highlighter.codeToTokensWithThemes(code, {
    lang: grammar,
    themes: { light, dark },
  });
  return lines.map((line) =>
    line.map((token) => ({
      content: token.content,
      light: token.variants['light']?.color,
      dark: token.variants['dark']?.color,
      fontStyle: token.variants['light']?.fontStyle ?? 0,
    })),
  );
}
