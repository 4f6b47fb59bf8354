/*
 * Characters that change what text means without being seen: Unicode tag characters (used to
 * smuggle instructions), bidirectional overrides and isolates (which reorder what is shown),
 * zero-width and other invisible formatting characters. Where a user must see exactly what
 * they approve (tool names and arguments, file names, link targets), each one is replaced by a
 * visible marker naming its code point.
 */
//
// Joiners (U+200C, U+200D) and emoji presentation selectors (U+FE0E, U+FE0F) build ordinary emoji
// such as 👩‍👩‍👧 and ❤️, so one on its own is left alone; runs of them, like the supplementary
// variation selectors (U+E0100–U+E01EF), are how bytes get smuggled, and are marked.
// Every format character (Unicode category Cf: bidi controls, zero-width characters, tags,
// interlinear annotations, shorthand and musical format controls…) except the joiners handled
// above and the Arabic and Syriac number signs, which are visible glyphs; plus the characters
// that render as blank without being Cf (Hangul fillers, Khmer inherent vowels, Mongolian
// variation selectors, the combining grapheme joiner, line and paragraph separators) and all
// variation selectors.
/* eslint-disable no-misleading-character-class -- these are matched one by one on purpose */
const INVISIBLE =
  /(?![\u200c\u200d\u0600-\u0605\u06dd\u070f\u0890\u0891\u08e2\u{110bd}\u{110cd}])\p{Cf}|[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2028\u2029\u3164\ufe00-\ufe0d\uffa0\u{e0100}-\u{e01ef}]|[\u200c\u200d\ufe0e\ufe0f]{2,}/gu;
/* eslint-enable no-misleading-character-class */

/** True when `text` holds a character that `revealInvisible` would mark. */
export function hasInvisibleCharacters(text: string): boolean {
  INVISIBLE.lastIndex = 0;
  const found = INVISIBLE.test(text);
  INVISIBLE.lastIndex = 0;
  return found;
}

/** `text` with every invisible or bidi-control character replaced by a marker like `[U+202E]`. */
export function revealInvisible(text: string): string {
  return text.replace(INVISIBLE, (run) =>
    Array.from(
      run,
      (char) => `[U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}]`,
    ).join(''),
  );
}

// Controls that reorder or hide text and have no place in prose or code a model writes:
// embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069) and tag characters. The
// marks ordinary right-to-left text uses (U+200E, U+200F, U+061C) and zero-width characters are
// left alone.
const REORDERING = /[\u202a-\u202e\u2066-\u2069]|\udb40[\udc00-\udc7f]/g;

/**
 * `text` with bidi embeddings, overrides and isolates and Unicode tag characters shown as
 * markers: for running text (markdown prose and code), where Trojan Source reordering and ASCII
 * smuggling live, without marking what right-to-left writing needs.
 */
export function revealReordering(text: string): string {
  REORDERING.lastIndex = 0;
  if (!REORDERING.test(text)) return text;
  return text.replace(
    REORDERING,
    (char) => `[U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}]`,
  );
}
