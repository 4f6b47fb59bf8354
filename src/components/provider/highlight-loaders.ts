/*
 * What the `highlight` option's grammars and themes are: functions that load them. Loaders are
 * typed structurally, not with shiki's types: shiki's declarations need newer `lib` settings than
 * many apps use, and an app that never configures highlighting should not compile them. What a
 * loader returns is checked when it loads; anything unusable leaves code plain.
 */

/**
 * Loads one grammar, with the grammars it embeds: `() => import('@shikijs/langs/elixir')`, or a
 * function returning a TextMate grammar object (or array) in shiki's format.
 */
export type HighlightLanguageLoader = () => Promise<object> | object;

/** Loads one theme: `() => import('@shikijs/themes/nord')`, or a function returning a theme object. */
export type HighlightThemeLoader = () => Promise<object> | object;
