/*
 * The `highlight` option of `AgentMessagesProvider`: which fence languages get syntax colours,
 * from which grammars, in which themes. Grammars and themes are loaders the app hands over, so a
 * bundler emits only the ones named somewhere in the app (and ours).
 */
import { defaultHighlightLanguages, defaultHighlightThemes } from './highlight-defaults.js';
import type { HighlightLanguageLoader, HighlightThemeLoader } from './highlight-loaders.js';

export type { HighlightLanguageLoader, HighlightThemeLoader } from './highlight-loaders.js';

/** How code fences are highlighted (see `AgentMessagesProviderProps.highlight`). */
export interface HighlightOptions {
  /**
   * Grammars by fence language (matched without regard to case), each loaded the first time a
   * finished fence in that language shows. Replaces the default set: spread
   * `defaultHighlightLanguages` into it to add languages. A fence in any other language stays
   * plain. @default defaultHighlightLanguages
   */
  languages?: Readonly<Record<string, HighlightLanguageLoader>>;
  /**
   * The light and the dark theme; the stylesheet shows one or the other with the colour scheme.
   * @default defaultHighlightThemes (GitHub light and dark, high contrast)
   */
  themes?: Readonly<{ light: HighlightThemeLoader; dark: HighlightThemeLoader }>;
}

/** The option resolved for the components: fence names lower-cased, in a map (no prototype keys). */
export interface HighlightConfig {
  languages: ReadonlyMap<string, HighlightLanguageLoader>;
  themes: Readonly<{ light: HighlightThemeLoader; dark: HighlightThemeLoader }>;
}

function languageMap(
  languages: Readonly<Record<string, HighlightLanguageLoader>>,
): Map<string, HighlightLanguageLoader> {
  const map = new Map<string, HighlightLanguageLoader>();
  for (const [name, loader] of Object.entries(languages)) {
    // Plain-JavaScript callers can pass anything: only functions count.
    if (typeof loader === 'function') map.set(name.toLowerCase(), loader);
  }
  return map;
}

/** The default configuration: the built-in languages and GitHub's high-contrast themes. */
export const defaultHighlightConfig: HighlightConfig = {
  languages: languageMap(defaultHighlightLanguages),
  themes: defaultHighlightThemes,
};

/** Resolves the provider's option: `false` switches highlighting off, omitted fields default. */
export function resolveHighlight(options: HighlightOptions | false): HighlightConfig | null {
  if (options === false) return null;
  return {
    languages: options.languages
      ? languageMap(options.languages)
      : defaultHighlightConfig.languages,
    themes: options.themes ?? defaultHighlightConfig.themes,
  };
}
