/*
 * Media types from file names, and file references that name the producer's own disk. Shared by
 * every adapter whose wire format names media by path or URL instead of declaring a type.
 */
import type { DataSource } from '../../model/block.js';

/** The playable kinds a wire block declares, which bound the type guessed from a file name. */
export type MediaCategory = 'image' | 'audio' | 'video';

// A Map, so that a name such as `x.constructor` cannot reach Object.prototype.
const EXTENSION_TYPES = new Map<string, string>([
  ['png', 'image/png'],
  ['jpg', 'image/jpeg'],
  ['jpeg', 'image/jpeg'],
  ['gif', 'image/gif'],
  ['webp', 'image/webp'],
  ['avif', 'image/avif'],
  ['bmp', 'image/bmp'],
  ['svg', 'image/svg+xml'],
  ['mp3', 'audio/mpeg'],
  ['wav', 'audio/wav'],
  ['ogg', 'audio/ogg'],
  ['oga', 'audio/ogg'],
  // Opus travels in an Ogg container; `audio/ogg` is also what browsers play inline.
  ['opus', 'audio/ogg'],
  ['flac', 'audio/flac'],
  ['m4a', 'audio/mp4'],
  ['aac', 'audio/aac'],
  ['weba', 'audio/webm'],
  ['mp4', 'video/mp4'],
  ['m4v', 'video/mp4'],
  ['mov', 'video/quicktime'],
  ['webm', 'video/webm'],
  ['ogv', 'video/ogg'],
  ['mkv', 'video/x-matroska'],
  ['pdf', 'application/pdf'],
  ['txt', 'text/plain'],
  ['md', 'text/markdown'],
  ['csv', 'text/csv'],
  ['html', 'text/html'],
  ['json', 'application/json'],
  ['doc', 'application/msword'],
  ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ['pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
]);

/** What a producer falls back to when nothing names a type (Operator-Use's own defaults). */
export const DEFAULT_MEDIA_TYPES: Readonly<Record<MediaCategory, string>> = {
  image: 'image/png',
  audio: 'audio/mpeg',
  video: 'video/mp4',
};

/** The last path segment of a path or URL, without query or fragment. */
export function baseName(path: string): string {
  const clean = path.replace(/[?#].*$/s, '');
  const segments = clean.split(/[\\/]/);
  return segments[segments.length - 1] ?? '';
}

/** The media type a file name's extension announces, or `null` when it names none we know. */
export function mediaTypeOfName(name: string): string | null {
  const match = /\.([A-Za-z0-9]+)$/.exec(baseName(name));
  return match?.[1] === undefined ? null : (EXTENSION_TYPES.get(match[1].toLowerCase()) ?? null);
}

/**
 * A media type from a file name's extension, kept within `category`: a type of another category
 * is `null`, except that `mp4` and `webm` audio are `audio/mp4` and `audio/webm`.
 */
export function mediaTypeFromName(name: string, category: MediaCategory): string | null {
  const found = mediaTypeOfName(name);
  if (found === null) return null;
  if (found.startsWith(`${category}/`)) return found;
  if (category === 'audio' && (found === 'video/mp4' || found === 'video/webm'))
    return found.replace('video/', 'audio/');
  return null;
}

/** A media type for a file of `category`: from its name's extension, else the category's default. */
export function mediaTypeOrDefault(name: string, category: MediaCategory): string {
  return mediaTypeFromName(name, category) ?? DEFAULT_MEDIA_TYPES[category];
}

/** Whether a string starts with a URL scheme (`https:`, `data:`, `file:`, and `C:` too). */
export function hasScheme(value: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:/.test(value);
}

/** Whether a string names a file on the producer's disk (`file:` or a Windows drive path). */
export function isLocalPath(value: string): boolean {
  return /^file:/i.test(value) || /^[A-Za-z]:[\\/]/.test(value);
}

/** The path of a local file reference, without `file:` or `file://`. */
export function localPath(value: string): string {
  return value.replace(/^file:(\/\/)?/i, '');
}

/**
 * A file on the producer's disk as a `file_id` source holding its path: a label the app may
 * resolve, never a URL the browser requests. Named after the file.
 */
export function localFileReference(
  value: string,
  mediaType: string,
): { source: DataSource; name: string } {
  const path = localPath(value);
  return {
    source: { type: 'file_id', file_id: path, media_type: mediaType },
    name: baseName(path) || path,
  };
}

/** A media source, and a label for a reference that is never loaded (a local file's name). */
export interface MediaReference {
  source: DataSource;
  name: string | null;
}

/**
 * A media file named by a URL or a path: a `file_id` reference when it is on the producer's disk
 * (a `file:` or drive path, or any path when `local`), else a URL source. Its type is `declared`,
 * else its extension's, else the category's default.
 */
export function linkedMedia(
  value: string,
  category: MediaCategory,
  declared: string | null = null,
  local = false,
): MediaReference {
  const mediaType = declared ?? mediaTypeOrDefault(value, category);
  if (local || isLocalPath(value)) return localFileReference(value, mediaType);
  return { source: { type: 'url', url: value, media_type: mediaType }, name: null };
}
