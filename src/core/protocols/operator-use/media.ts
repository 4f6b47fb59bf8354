import { DEFAULT_MEDIA_TYPES, hasScheme, linkedMedia } from '../common/file-names.js';
import type { MediaCategory, MediaReference } from '../common/file-names.js';
import { readDataUrl } from '../common/data-url.js';

/* -------------------------------------------------------------------------------------------------
 * Base64 prefix decoding (core has no atob/Buffer types)
 * -----------------------------------------------------------------------------------------------*/

// URL-safe base64 writes `-` and `_` for the last two digits.
const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The first `count` bytes of a base64 string; whitespace is skipped, decoding stops at anything else. */
function decodeBase64Prefix(data: string, count: number): number[] {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (let index = 0; index < data.length && bytes.length < count; index++) {
    const char = data.charAt(index);
    if (' \n\r\t'.includes(char)) continue;
    const digit = DIGITS.indexOf(char === '-' ? '+' : char === '_' ? '/' : char);
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

/** Whether a string could be bare base64 (standard or URL-safe, line breaks allowed). */
function looksLikeBase64(value: string): boolean {
  return value.trim() !== '' && /^[A-Za-z0-9+/_\-\s]+={0,2}\s*$/.test(value);
}

/* -------------------------------------------------------------------------------------------------
 * Magic bytes (the same tables as operator_use/message/utils.py)
 * -----------------------------------------------------------------------------------------------*/

// Each type with the first bytes that announce it; `?` stands for any byte.
const SIGNATURES: Partial<Record<MediaCategory, readonly (readonly [string, ...string[]])[]>> = {
  image: [
    ['image/jpeg', '\xff\xd8\xff'],
    ['image/png', '\x89PNG\r\n\x1a\n'],
    ['image/gif', 'GIF87a', 'GIF89a'],
    ['image/webp', 'RIFF????WEBP'],
  ],
  audio: [
    ['audio/mpeg', 'ID3', '\xff\xfb', '\xff\xf3', '\xff\xf2'],
    ['audio/ogg', 'OggS'],
    ['audio/flac', 'fLaC'],
    ['audio/wav', 'RIFF????WAVE'],
  ],
};

function startsWith(bytes: readonly number[], magic: string): boolean {
  if (bytes.length < magic.length) return false;
  return [...magic].every((char, index) => char === '?' || bytes[index] === char.charCodeAt(0));
}

/** The type a base64 payload's first bytes announce, else the category's default. */
function sniff(data: string, kind: MediaCategory): string {
  const bytes = decodeBase64Prefix(data, 16);
  const found = SIGNATURES[kind]?.find(([, ...magic]) => magic.some((m) => startsWith(bytes, m)));
  return found?.[0] ?? DEFAULT_MEDIA_TYPES[kind];
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
    const { data, parameters } = dataUrl;
    const source = parameters.some((parameter) => parameter.trim().toLowerCase() === 'base64')
      ? { type: 'base64' as const, data, media_type: declared || sniff(data, kind) }
      : { type: 'url' as const, url: text, media_type: declared || DEFAULT_MEDIA_TYPES[kind] };
    return { source, name: null };
  }
  // A `file:` or drive path is a local file reference; any other scheme is a URL.
  if (hasScheme(text)) return linkedMedia(text, kind);
  if (!looksLikeBase64(text)) return null;
  return { source: { type: 'base64', data: text, media_type: sniff(text, kind) }, name: null };
}
