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
} from '../../provider/highlight-options.js';

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
    grammars.names.get(loader),
    themes.names.get(config.themes.light),
    themes.names.get(config.themes.dark),
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
    grammars.load(highlighter, loader),
    themes.load(highlighter, config.themes.light),
    themes.load(highlighter, config.themes.dark),
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

/** Loads through one kind of loader, each loader once. */
interface OncePerLoader<Loader extends object> {
  /** Resolves to the name to use, `null` on failure; a second call gets the first call's load. */
  load(highlighter: HighlighterCore, loader: Loader): Promise<string | null>;
  /** Per loader: the settled name (`null` when it failed), read in render; absent while pending. */
  names: WeakMap<Loader, string | null>;
}

/** Runs `load` once per loader and keeps what it settled on where render can read it. */
function oncePerLoader<Loader extends object>(
  load: (highlighter: HighlighterCore, loader: Loader) => Promise<string | null>,
): OncePerLoader<Loader> {
  const pending = new WeakMap<Loader, Promise<string | null>>();
  const names = new WeakMap<Loader, string | null>();
  return {
    names,
    load(highlighter, loader) {
      let loading = pending.get(loader);
      if (loading === undefined) {
        loading = load(highlighter, loader)
          .catch(() => null)
          .then((name) => {
            names.set(loader, name);
            return name;
          });
        pending.set(loader, loading);
      }
      return loading;
    },
  };
}

/** Grammars: each resolves to the name to tokenize with. */
const grammars = oncePerLoader<HighlightLanguageLoader>(async (highlighter, loader) => {
  const loaded = unwrap(await loader());
  const modules: readonly unknown[] = Array.isArray(loaded) ? loaded : [loaded];
  // A grammar module lists the grammars it embeds first and its own last.
  const main = modules.at(-1);
  if (!modules.every(hasName) || !hasName(main)) return null;
  await highlighter.loadLanguage(...(modules as LanguageRegistration[]));
  return main.name;
});

/** Themes: each resolves to its name. */
const themes = oncePerLoader<HighlightThemeLoader>(async (highlighter, loader) => {
  const theme = unwrap(await loader());
  if (!hasName(theme)) return null;
  await highlighter.loadTheme(theme as ThemeRegistrationAny);
  return theme.name;
});

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
