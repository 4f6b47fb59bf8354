/*
 * Characters that change what text means without being seen: Unicode tag characters (used to
 * smuggle instructions), bidirectional overrides and isolates (which reorder what is shown),
 * zero-width and other invisible formatting characters, letters that render as blank, and control
 * characters. Where a user must see exactly what they read or approve (markdown prose and code,
 * tool output, tool names and arguments, file names, link targets), each one is shown as a
 * visible marker naming its code point.
 */
//
// Every format character (Unicode category Cf: bidi controls, zero-width characters, tags,
// interlinear annotations, shorthand and musical format controls…) except the Arabic and Syriac
// number signs, which are visible glyphs; plus the characters that render as blank without being
// Cf (Hangul fillers, Khmer inherent vowels, Mongolian variation selectors, the combining grapheme
// joiner, line and paragraph separators, the blank Braille pattern), all variation selectors, and
// the C0 and C1 control characters except tab, line feed and carriage return (NUL, ESC, DEL…),
// which a browser draws as nothing. A run of blank Braille patterns is matched as one.
//
// The joiners (U+200C, U+200D) and the emoji presentation selectors (U+FE0E, U+FE0F) are marked
// too, except where writing needs them: a ZWJ between two pictographs (family and rainbow-flag
// emoji), a selector right after a pictograph (a red heart) or in a keycap (1 + U+FE0F + U+20E3),
// and a joiner between two characters of a script that shapes with them (Persian, Devanagari).
// Anywhere else (`read` U+200C `_file`, `pass` U+200D `wd`, a second selector after an emoji)
// one of them only makes two different strings look the same. Likewise the Hangul jamo fillers
// U+115F and U+1160 are kept inside a syllable they complete (a filler initial before a vowel, a
// filler vowel after an initial consonant), and blank Braille patterns next to a Braille pattern
// with dots (Braille text and Braille art), but marked where they stand alone as blank text.
/* eslint-disable no-misleading-character-class, no-control-regex -- matched one by one */
const INVISIBLE =
  /\u2800+|(?![\u0600-\u0605\u06dd\u070f\u0890\u0891\u08e2\u{110bd}\u{110cd}])\p{Cf}|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2028\u2029\u3164\ufe00-\ufe0f\uffa0\u{e0100}-\u{e01ef}]/gu;
/** One character of the class above, whatever its context. */
const INVISIBLE_CHARACTER = new RegExp(`^(?:${INVISIBLE.source})$`, 'u');
/* eslint-enable no-misleading-character-class, no-control-regex */

const PICTOGRAPH_BEFORE = /\p{Extended_Pictographic}(?:\p{Emoji_Modifier}|\ufe0f)?$/u;
const PICTOGRAPH_AFTER = /^\p{Extended_Pictographic}/u;
const KEYCAP_BASE = /[0-9#*]$/;
// Scripts whose shaping uses ZWNJ/ZWJ between letters: Arabic (and Persian, Urdu…), Syriac,
// N'Ko, Mongolian, Mandaic and the Brahmic scripts of South and South-East Asia.
const JOINING_SCRIPT =
  /[\p{scx=Arab}\p{scx=Syrc}\p{scx=Nkoo}\p{scx=Mong}\p{scx=Mand}\p{scx=Deva}\p{scx=Beng}\p{scx=Guru}\p{scx=Gujr}\p{scx=Orya}\p{scx=Taml}\p{scx=Telu}\p{scx=Knda}\p{scx=Mlym}\p{scx=Sinh}\p{scx=Khmr}\p{scx=Mymr}\p{scx=Tibt}]/u;
const JOINING_BEFORE = new RegExp(`${JOINING_SCRIPT.source}$`, 'u');
const JOINING_AFTER = new RegExp(`^${JOINING_SCRIPT.source}`, 'u');
/** Conjoining jamo: a vowel (not the filler) that may follow U+115F, an initial before U+1160. */
const HANGUL_VOWEL = /^[\u1161-\u11a7\ud7b0-\ud7c6]/;
const HANGUL_INITIAL = /[\u1100-\u115e\ua960-\ua97c]$/;
/** A Braille pattern with at least one dot. */
const BRAILLE_DOTS = /[\u2801-\u28ff]/;

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
    case '\u115f':
      // A filler initial completes a syllable whose vowel follows.
      return HANGUL_VOWEL.test(after);
    case '\u1160':
      // A filler vowel completes a syllable whose initial consonant precedes it.
      return HANGUL_INITIAL.test(before);
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

/** The marker shown in place of an invisible character: `[U+200B]`. */
export function invisibleMarker(char: string): string {
  return `[U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}]`;
}

/**
 * Calls `found` with the index and the character of every character of `text` that
 * `revealInvisible` marks, in order, until it returns true. Linear in the length of `text`.
 */
function forEachInvisible(text: string, found: (index: number, char: string) => boolean): void {
  for (const match of text.matchAll(INVISIBLE)) {
    const run = match[0];
    const index = match.index;
    if (run.charCodeAt(0) === 0x2800) {
      // Blank Braille patterns: kept beside a pattern with dots, else each one marked.
      const beside = text[index - 1] ?? '';
      const next = text[index + run.length] ?? '';
      if (BRAILLE_DOTS.test(beside) || BRAILLE_DOTS.test(next)) continue;
      for (let offset = 0; offset < run.length; offset++) {
        if (found(index + offset, '\u2800')) return;
      }
    } else if (!isNeededJoiner(text, index) && found(index, run)) {
      return;
    }
  }
}

/** True when `text` holds a character that `revealInvisible` would mark. */
export function hasInvisibleCharacters(text: string): boolean {
  let found = false;
  forEachInvisible(text, () => (found = true));
  return found;
}

/**
 * True when `char` (one code point) belongs to the characters that may be marked, in some
 * context: for code that must treat such text apart without reading its context.
 */
export function mayBeInvisible(char: string): boolean {
  return INVISIBLE_CHARACTER.test(char);
}

/** `text` with every character marked (invisible, blank, control, bidi) as a marker like `[U+202E]`. */
export function revealInvisible(text: string): string {
  return mapInvisible(text, invisibleMarker);
}

/**
 * `text` without the characters `revealInvisible` marks: what copying revealed text gives, so
 * that what is pasted elsewhere is what the user saw.
 */
export function removeInvisible(text: string): string {
  return mapInvisible(text, () => '');
}

/** A piece of text from `splitInvisible`: visible text, or one character to show as a marker. */
export type RevealedPart = string | { readonly char: string; readonly marker: string };

/**
 * `text` cut into visible text and the characters `revealInvisible` marks, for renderers that
 * draw the markers as elements of their own (so that copying leaves them out). A text without
 * such characters comes back as one piece.
 */
export function splitInvisible(text: string): RevealedPart[] {
  const parts: RevealedPart[] = [];
  let start = 0;
  forEachInvisible(text, (index, char) => {
    if (index > start) parts.push(text.slice(start, index));
    parts.push({ char, marker: invisibleMarker(char) });
    start = index + char.length;
    return false;
  });
  if (start < text.length || parts.length === 0) parts.push(text.slice(start));
  return parts;
}

function mapInvisible(text: string, replace: (char: string) => string): string {
  let result = '';
  let start = 0;
  forEachInvisible(text, (index, char) => {
    result += text.slice(start, index) + replace(char);
    start = index + char.length;
    return false;
  });
  return start === 0 ? text : result + text.slice(start);
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
  return text.replace(REORDERING, invisibleMarker);
}
