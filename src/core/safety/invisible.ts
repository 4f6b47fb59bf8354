/*
 * Characters that change what text means without being seen: Unicode tag characters (used to
 * smuggle instructions), bidirectional overrides and isolates (which reorder what is shown),
 * zero-width and other invisible formatting characters. Where a user must see exactly what
 * they approve (tool names and arguments, file names, link targets), each one is replaced by a
 * visible marker naming its code point.
 */
//
// Every format character (Unicode category Cf: bidi controls, zero-width characters, tags,
// interlinear annotations, shorthand and musical format controls…) except the Arabic and Syriac
// number signs, which are visible glyphs; plus the characters that render as blank without being
// Cf (Hangul fillers, Khmer inherent vowels, Mongolian variation selectors, the combining grapheme
// joiner, line and paragraph separators) and all variation selectors.
//
// The joiners (U+200C, U+200D) and the emoji presentation selectors (U+FE0E, U+FE0F) are marked
// too, except where writing needs them: a ZWJ between two pictographs (family and rainbow-flag
// emoji), a selector right after a pictograph (a red heart) or in a keycap (1 + U+FE0F + U+20E3),
// and a joiner between two characters of a script that shapes with them (Persian, Devanagari).
// Anywhere else (`read` U+200C `_file`, `pass` U+200D `wd`, a second selector after an emoji)
// one of them only makes two different strings look the same.
/* eslint-disable no-misleading-character-class -- these are matched one by one on purpose */
const INVISIBLE =
  /(?![\u0600-\u0605\u06dd\u070f\u0890\u0891\u08e2\u{110bd}\u{110cd}])\p{Cf}|[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2028\u2029\u3164\ufe00-\ufe0f\uffa0\u{e0100}-\u{e01ef}]/gu;
/* eslint-enable no-misleading-character-class */

const PICTOGRAPH_BEFORE = /\p{Extended_Pictographic}(?:\p{Emoji_Modifier}|\ufe0f)?$/u;
const PICTOGRAPH_AFTER = /^\p{Extended_Pictographic}/u;
const KEYCAP_BASE = /[0-9#*]$/;
// Scripts whose shaping uses ZWNJ/ZWJ between letters: Arabic (and Persian, Urdu…), Syriac,
// N'Ko, Mongolian, Mandaic and the Brahmic scripts of South and South-East Asia.
const JOINING_SCRIPT =
  /[\p{scx=Arab}\p{scx=Syrc}\p{scx=Nkoo}\p{scx=Mong}\p{scx=Mand}\p{scx=Deva}\p{scx=Beng}\p{scx=Guru}\p{scx=Gujr}\p{scx=Orya}\p{scx=Taml}\p{scx=Telu}\p{scx=Knda}\p{scx=Mlym}\p{scx=Sinh}\p{scx=Khmr}\p{scx=Mymr}\p{scx=Tibt}]/u;
const JOINING_BEFORE = new RegExp(`${JOINING_SCRIPT.source}$`, 'u');
const JOINING_AFTER = new RegExp(`^${JOINING_SCRIPT.source}`, 'u');

/** True when the joiner or selector at `index` of `text` is part of ordinary writing. */
function isNeededJoiner(text: string, index: number): boolean {
  const char = text[index];
  // Two UTF-16 units reach any code point, a pictograph plus its modifier or selector four.
  const before = text.slice(Math.max(0, index - 4), index);
  const after = text.slice(index + 1, index + 3);
  switch (char) {
    case '\u200d':
      return (
        (PICTOGRAPH_BEFORE.test(before) && PICTOGRAPH_AFTER.test(after)) ||
        (JOINING_BEFORE.test(before) && JOINING_AFTER.test(after))
      );
    case '\u200c':
      return JOINING_BEFORE.test(before) && JOINING_AFTER.test(after);
    case '\ufe0e':
    case '\ufe0f':
      return (
        /\p{Extended_Pictographic}$/u.test(before) ||
        (char === '\ufe0f' && KEYCAP_BASE.test(before) && after.startsWith('\u20e3'))
      );
    default:
      return false;
  }
}

function marker(char: string): string {
  return `[U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}]`;
}

/** True when `text` holds a character that `revealInvisible` would mark. */
export function hasInvisibleCharacters(text: string): boolean {
  for (const match of text.matchAll(INVISIBLE)) {
    if (!isNeededJoiner(text, match.index)) return true;
  }
  return false;
}

/** `text` with every invisible or bidi-control character replaced by a marker like `[U+202E]`. */
export function revealInvisible(text: string): string {
  return text.replace(INVISIBLE, (char: string, index: number) =>
    isNeededJoiner(text, index) ? char : marker(char),
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
  return text.replace(REORDERING, marker);
}
