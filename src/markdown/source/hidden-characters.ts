import { splitInvisible } from '../../core/safety/invisible.js';
import { extendsText } from '../extends-text.js';

/*
 * Whether a text block holds hidden characters, for the note under it. Read from the source,
 * since the note belongs to the whole block and each chunk is rendered apart. While the text
 * streams it grows at the end, so each call reads only what was added, plus a margin:
 *   - whether a joiner, a selector or a Hangul filler is hidden depends on up to 4 characters
 *     before it and 2 after, so a hit is settled only 8 characters before the end (`👨` ZWJ is
 *     hidden until `👩` follows);
 *   - a run of blank Braille patterns is hidden unless a Braille pattern with dots touches it, so
 *     a run that reaches the end is not settled either;
 *   - a character reference (`&#8203;`, `&zwnj;`) puts the character in the text as well: the
 *     margin covers the longest one that matters, and they are decoded before the check.
 */

// Named references that decode to a character `revealInvisible` may mark.
const NAMED: Readonly<Record<string, string>> = {
  ApplyFunction: '\u2061',
  af: '\u2061',
  InvisibleComma: '\u2063',
  ic: '\u2063',
  InvisibleTimes: '\u2062',
  it: '\u2062',
  NoBreak: '\u2060',
  ZeroWidthSpace: '\u200b',
  NegativeMediumSpace: '\u200b',
  NegativeThickSpace: '\u200b',
  NegativeThinSpace: '\u200b',
  NegativeVeryThinSpace: '\u200b',
  lrm: '\u200e',
  rlm: '\u200f',
  shy: '\u00ad',
  zwj: '\u200d',
  zwnj: '\u200c',
};
const REFERENCE = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z]{2,21}));/g;
/** Characters read again before the added text: the longest reference, plus the context. */
const MARGIN = 32;
/** A hit closer to the end than this may still change as characters arrive. */
const UNSETTLED = 8;

function decodeReferences(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (match, decimal?: string, hex?: string, name?: string) => {
    if (name !== undefined) return Object.hasOwn(NAMED, name) ? (NAMED[name] as string) : match;
    const code = decimal !== undefined ? Number(decimal) : parseInt(hex ?? '', 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
  });
}

/** What a scan found in one text, kept so that the scan of a longer text can resume from it. */
export interface HiddenCharacterScan {
  /** The text scanned. */
  readonly text: string;
  /** True when the text holds a character shown as a marker. */
  readonly found: boolean;
  /** Up to here the text holds no hidden character, whatever follows. */
  readonly clean: number;
  /** A hit settled far enough from the end that no character still to come can undo it. */
  readonly settled: boolean;
}

/**
 * Whether `text` holds a character shown as a marker, resumed from the scan of an earlier text
 * when `text` extends it: only what was added is read, plus the margin. Pure: `previous` is read,
 * never changed.
 */
export function scanHiddenCharacters(
  previous: HiddenCharacterScan | null,
  text: string,
): HiddenCharacterScan {
  const resumed = previous !== null && extendsText(text, previous.text);
  if (resumed && previous.settled)
    return { text, found: true, clean: previous.clean, settled: true };
  const clean = resumed ? previous.clean : 0;
  const from = Math.max(0, clean - MARGIN);
  let region = decodeReferences(text.slice(from));
  // The margin was read before, with all its context: only its hits are not new.
  let skip = from > 0 ? MARGIN : 0;
  // Inside a blank Braille run already read as clean, which it is only beside a dotted pattern.
  if (from > 0 && text[from - 1] === '\u2800') {
    region = `\u2801${region}`;
    skip += 1;
  }
  let end = region.length;
  while (end > 0 && region[end - 1] === '\u2800') end--;
  let hit = false;
  let settled = false;
  let index = 0;
  for (const part of splitInvisible(region)) {
    if (typeof part === 'string') {
      index += part.length;
      continue;
    }
    if (index >= skip) {
      hit = true;
      if (part.char === '\u2800' ? index < end : index + UNSETTLED < region.length) settled = true;
    }
    index += part.char.length;
  }
  return {
    text,
    found: hit,
    clean: hit ? clean : Math.max(clean, text.length - UNSETTLED),
    settled,
  };
}
