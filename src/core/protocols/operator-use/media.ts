import { DEFAULT_MEDIA_TYPES, hasScheme, linkedMedia } from '../common/file-names.js';
import type { MediaCategory, MediaReference } from '../common/file-names.js';
import { readDataUrl } from '../common/data-url.js';

/* -------------------------------------------------------------------------------------------------
 * Base64 prefix decoding (core has no atob/Buffer types)
 * -----------------------------------------------------------------------------------------------*/

function base64Digit(code: number): number {
  if (code >= 65 && code <= 90) return code - 65; // A-Z
  if (code >= 97 && code <= 122) return code - 71; // a-z
  if (code >= 48 && code <= 57) return code + 4; // 0-9
  if (code === 43 || code === 45) return 62; // + or URL-safe -
  if (code === 47 || code === 95) return 63; // / or URL-safe _
  return -1;
}

/** The first `count` bytes of a base64 string; whitespace is skipped, decoding stops at anything else. */
export function decodeBase64Prefix(data: string, count: number): number[] {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (let index = 0; index < data.length && bytes.length < count; index++) {
    const code = data.charCodeAt(index);
    if (code === 32 || code === 10 || code === 13 || code === 9) continue;
    const digit = base64Digit(code);
    if (digit < 0) break;
    buffer = ((buffer << 6) | digit) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return bytes;
}

const BASE64_PATTERN = /^[A-Za-z0-9+/_\-\s]+={0,2}\s*$/;

/** Whether a string could be bare base64 (standard or URL-safe, line breaks allowed). */
export function looksLikeBase64(value: string): boolean {
  return value.trim() !== '' && BASE64_PATTERN.test(value);
}

/* -------------------------------------------------------------------------------------------------
 * Magic bytes (the same tables as operator_use/message/utils.py)
 * -----------------------------------------------------------------------------------------------*/

function startsWith(bytes: readonly number[], magic: string, offset = 0): boolean {
  if (bytes.length < offset + magic.length) return false;
  for (let index = 0; index < magic.length; index++) {
    if (bytes[offset + index] !== magic.charCodeAt(index)) return false;
  }
  return true;
}

/** The image type its first bytes announce (JPEG, PNG, GIF, WebP), or `null`. */
export function detectImageType(bytes: readonly number[]): string | null {
  if (startsWith(bytes, '\xff\xd8\xff')) return 'image/jpeg';
  if (startsWith(bytes, '\x89PNG\r\n\x1a\n')) return 'image/png';
  if (startsWith(bytes, 'GIF87a') || startsWith(bytes, 'GIF89a')) return 'image/gif';
  if (startsWith(bytes, 'RIFF') && startsWith(bytes, 'WEBP', 8)) return 'image/webp';
  return null;
}

/** The audio type its first bytes announce (MP3, Ogg, FLAC, WAV), or `null`. */
export function detectAudioType(bytes: readonly number[]): string | null {
  if (
    startsWith(bytes, 'ID3') ||
    startsWith(bytes, '\xff\xfb') ||
    startsWith(bytes, '\xff\xf3') ||
    startsWith(bytes, '\xff\xf2')
  ) {
    return 'audio/mpeg';
  }
  if (startsWith(bytes, 'OggS')) return 'audio/ogg';
  if (startsWith(bytes, 'fLaC')) return 'audio/flac';
  if (startsWith(bytes, 'RIFF') && startsWith(bytes, 'WAVE', 8)) return 'audio/wav';
  return null;
}

/* -------------------------------------------------------------------------------------------------
 * One media string → a data source
 * -----------------------------------------------------------------------------------------------*/

/**
 * Reads one Operator-Use media string: an http(s) or other URL, a `data:` URL, a `file:` path
 * (kept as a `file_id` reference, never loaded) or bare base64; `null` when it is none of these.
 */
export function readMediaString(value: string, kind: MediaCategory): MediaReference | null {
  const text = value.trim();
  const dataUrl = readDataUrl(text);
  if (dataUrl) {
    const declared = dataUrl.mediaType.trim().toLowerCase();
    if (!dataUrl.parameters.some((parameter) => parameter.trim().toLowerCase() === 'base64'))
      return {
        source: { type: 'url', url: text, media_type: declared || DEFAULT_MEDIA_TYPES[kind] },
        name: null,
      };
    const { data } = dataUrl;
    return {
      source: { type: 'base64', data, media_type: declared || sniff(data, kind) },
      name: null,
    };
  }
  // A `file:` or drive path is a local file reference; any other scheme is a URL.
  if (hasScheme(text)) return linkedMedia(text, kind);
  if (looksLikeBase64(text))
    return { source: { type: 'base64', data: text, media_type: sniff(text, kind) }, name: null };
  return null;
}

function sniff(data: string, kind: MediaCategory): string {
  const bytes = decodeBase64Prefix(data, 16);
  const detected =
    kind === 'image' ? detectImageType(bytes) : kind === 'audio' ? detectAudioType(bytes) : null;
  return detected ?? DEFAULT_MEDIA_TYPES[kind];
}
