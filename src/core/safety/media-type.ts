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

/** The media type without parameters, lower-cased and trimmed; `''` when it is not `type/subtype`. */
export function normalizeMediaType(mediaType: string): string {
  const essence = mediaType.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(essence) ? essence : '';
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
