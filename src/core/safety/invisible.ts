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
/* eslint-disable no-misleading-character-class -- these are matched one by one on purpose */
const INVISIBLE =
  /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b\u200e\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0d\ufeff\uffa0\ufff0-\ufffb]|[\u200c\u200d\ufe0e\ufe0f]{2,}|\udb40[\udc00-\udc7f\udd00-\uddef]/g;
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
