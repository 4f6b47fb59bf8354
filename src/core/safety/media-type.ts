/** How a `data` block renders, decided by its media type. */
export type MediaKind = 'image' | 'audio' | 'video' | 'document' | 'file';

const DOCUMENT_TYPES = new Set([
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/rtf',
  'application/json',
  'application/xml',
]);

/**
 * Media types a page may load from a `data:` URL or a base64 block in the matching element.
 * Raster images only (SVG can carry script and is never in this list), plus common audio and
 * video containers.
 */
const SAFE_INLINE_TYPES: Record<'image' | 'audio' | 'video', ReadonlySet<string>> = {
  image: new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp']),
  audio: new Set([
    'audio/mpeg',
    'audio/mp3',
    'audio/wav',
    'audio/x-wav',
    'audio/wave',
    'audio/ogg',
    'audio/webm',
    'audio/aac',
    'audio/flac',
    'audio/mp4',
  ]),
  video: new Set(['video/mp4', 'video/webm', 'video/ogg']),
};

// RFC 9110 `type "/" subtype *( OWS ";" OWS [ parameter ] )`, ASCII only: the letters are
// lower-cased after this check, so no other character (the Kelvin sign lower-cases to `k`) can
// turn into an allowed name. A parameter value is a token or a quoted string of printable ASCII.
// Every repetition starts with a character the one before cannot hold, so matching is linear.
const MEDIA_TYPE =
  /^[ \t]*([A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+)[ \t]*(?:;[ \t]*(?:[A-Za-z0-9!#$%&'*+.^_`|~-]+=(?:[A-Za-z0-9!#$%&'*+.^_`|~-]+|"(?:[\t\x20\x21\x23-\x5b\x5d-\x7e]|\\[\t\x20-\x7e])*")[ \t]*)?)*$/;

/**
 * The media type's essence, `type/subtype` lower-cased, without parameters (`IMAGE/PNG;
 * charset=x` is `image/png`); `''` when the value is not a well-formed media type: a missing or
 * extra `/`, whitespace or a control character inside, a non-ASCII character anywhere, a
 * malformed parameter. Every allow-list decision reads this, never the raw value.
 */
export function normalizeMediaType(mediaType: string): string {
  const match = MEDIA_TYPE.exec(mediaType);
  return match?.[1]?.toLowerCase() ?? '';
}

/** Which component renders a block of this media type. Untrusted types fall back to `file`. */
export function mediaKindOf(mediaType: string): MediaKind {
  const essence = normalizeMediaType(mediaType);
  if (essence.startsWith('image/')) return 'image';
  if (essence.startsWith('audio/')) return 'audio';
  if (essence.startsWith('video/')) return 'video';
  if (essence.startsWith('text/') || DOCUMENT_TYPES.has(essence)) return 'document';
  return 'file';
}

/** True when bytes of this type may be shown inline in an element of `kind`. */
export function isSafeInlineType(mediaType: string, kind: 'image' | 'audio' | 'video'): boolean {
  return SAFE_INLINE_TYPES[kind].has(normalizeMediaType(mediaType));
}
