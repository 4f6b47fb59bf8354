/*
 * Syntax highlighting, loaded only when a closed code fence with a language is on screen: shiki
 * is imported dynamically (never statically, so it stays out of the entry chunk), with the
 * JavaScript regex engine (no WebAssembly) and one grammar at a time. Results are cached by
 * language and code, so a block is highlighted once, not per token or per re-mount. Colours are
 * returned as data; the component hands them to CSS as custom properties.
 */

/** One highlighted token: its text and its colour in the light and the dark theme. */
export interface HighlightToken {
  content: string;
  light: string | undefined;
  dark: string | undefined;
  /** Shiki's font-style bit set: 1 italic, 2 bold, 4 underline. */
  fontStyle: number;
}

export type HighlightedLines = HighlightToken[][];

const LIGHT_THEME = 'github-light-high-contrast';
const DARK_THEME = 'github-dark-high-contrast';
/** Code longer than this stays plain: highlighting it would cost more than it helps. */
const MAX_HIGHLIGHT_LENGTH = 100_000;
const MAX_CACHE_ENTRIES = 200;

// A type query, erased at build time: shiki is only ever loaded by the dynamic import below.
// eslint-disable-next-line @typescript-eslint/consistent-type-imports
type Shiki = typeof import('shiki');
type Highlighter = Awaited<ReturnType<Shiki['createHighlighter']>>;

/** `null` records a language shiki does not know (or a failure), so it is not retried. */
const cache = new Map<string, HighlightedLines | null>();
const pending = new Map<string, Promise<HighlightedLines | null>>();
let loading: Promise<{ shiki: Shiki; highlighter: Highlighter }> | null = null;

function cacheKey(code: string, language: string): string {
  return `${language}\u0000${code}`;
}

/** True when `code` in `language` is worth sending to the highlighter at all. */
export function canHighlight(code: string, language: string | undefined): language is string {
  return language !== undefined && language !== '' && code.length <= MAX_HIGHLIGHT_LENGTH;
}

/** The cached result: lines, `null` (cannot be highlighted) or `undefined` (not tried yet). */
export function cachedHighlight(
  code: string,
  language: string,
): HighlightedLines | null | undefined {
  return cache.get(cacheKey(code, language));
}

/** Highlights `code` once per language and code; resolves to `null` when it cannot. */
export function highlightCode(code: string, language: string): Promise<HighlightedLines | null> {
  const key = cacheKey(code, language);
  const cached = cache.get(key);
  if (cached !== undefined) return Promise.resolve(cached);
  let request = pending.get(key);
  if (request === undefined) {
    request = tokenize(code, language.toLowerCase())
      .catch(() => null)
      .then((lines) => {
        pending.delete(key);
        if (cache.size >= MAX_CACHE_ENTRIES) {
          const oldest = cache.keys().next();
          if (!oldest.done) cache.delete(oldest.value);
        }
        cache.set(key, lines);
        return lines;
      });
    pending.set(key, request);
  }
  return request;
}

function loadHighlighter() {
  loading ??= (async () => {
    const shiki = await import('shiki');
    const highlighter = await shiki.createHighlighter({
      themes: [LIGHT_THEME, DARK_THEME],
      langs: [],
      engine: shiki.createJavaScriptRegexEngine(),
    });
    return { shiki, highlighter };
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

async function tokenize(code: string, language: string): Promise<HighlightedLines | null> {
  const { shiki, highlighter } = await loadHighlighter();
  if (!Object.hasOwn(shiki.bundledLanguages, language)) return null;
  const lang = language as keyof typeof shiki.bundledLanguages;
  await highlighter.loadLanguage(lang);
  const lines = highlighter.codeToTokensWithThemes(code, {
    lang,
    themes: { light: LIGHT_THEME, dark: DARK_THEME },
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
