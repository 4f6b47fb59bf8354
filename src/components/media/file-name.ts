import { invisibleMarker, revealInvisible } from '../../core/safety/invisible.js';

/* -------------------------------------------------------------------------------------------------
 * Untrusted file names: what is shown, and what the browser saves
 * -----------------------------------------------------------------------------------------------*/

/** Characters shown before a long name is cut in the middle. */
const MAX_SHOWN = 60;
/** Longest name handed to the `download` attribute. */
const MAX_DOWNLOAD = 120;

/**
 * A file name as shown: invisible, bidi and control characters revealed (`image.png` NUL `.html`
 * shows as `image.png[U+0000].html`, so no part of it passes for the extension unseen), long
 * names cut in the middle.
 */
export interface ShownFileName {
  /** What to render. */
  text: string;
  /** The whole (revealed) name, for `title` when `text` was shortened. */
  full: string;
  truncated: boolean;
}

/** Shows `name` safely; the final extension survives the cut so `.pdf….exe` tricks stay visible. */
export function showFileName(name: string, max = MAX_SHOWN): ShownFileName {
  // A name holds no line: tab and line ends are marked too, unlike in running text.
  const full = revealInvisible(name).replace(/[\t\n\r]/g, invisibleMarker);
  const characters = Array.from(full);
  if (characters.length <= max) return { text: full, full, truncated: false };
  const dot = full.lastIndexOf('.');
  const extension = dot > 0 && full.length - dot <= 12 ? Array.from(full.slice(dot)).length : 0;
  const tail = Math.max(extension + 6, Math.floor(max / 3));
  const head = max - tail - 1;
  const text = `${characters.slice(0, head).join('')}…${characters.slice(-tail).join('')}`;
  return { text, full, truncated: true };
}

// C0/C1 controls, bidi controls, zero-width and other invisible formatting characters, tags.
const UNSAFE_IN_DOWNLOAD: readonly (readonly [number, number])[] = [
  [0x0000, 0x001f],
  [0x007f, 0x009f],
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200f],
  [0x2028, 0x202e],
  [0x2060, 0x206f],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff0, 0xfffb],
  [0xe0000, 0xe007f],
];

function isSafeInDownload(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return !UNSAFE_IN_DOWNLOAD.some(([first, last]) => code >= first && code <= last);
}

/**
 * A name for the `download` attribute: the last path segment, without controls, invisible or
 * bidi characters, reserved characters (`/ \ : * ? " < > |`) or leading dots, at most 120
 * characters with the extension kept; `fallback` when nothing is left.
 */
export function sanitizeDownloadName(
  name: string | null | undefined,
  fallback = 'download',
): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = Array.from(base)
    .filter(isSafeInDownload)
    .join('')
    .replace(/[:*?"<>|]/g, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  if (cleaned === '') return fallback;
  if (cleaned.length <= MAX_DOWNLOAD) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 12 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, MAX_DOWNLOAD - extension.length) + extension;
}
