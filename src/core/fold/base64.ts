/*
 * AgentScope merges streamed base64 chunks as bytes: decode both, concatenate, re-encode, so
 * "YQ==" + "Yg==" is "YWI=" and not "YQ==Yg==". Doing that naively costs O(everything so far)
 * per chunk. Only the last quantum of the existing data can hold padding, so only it is
 * re-encoded: each merge costs O(chunk).
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const VALUES = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUES[ALPHABET.charCodeAt(i)] = i;

// Like Python's non-strict b64decode, characters outside the alphabet (line breaks, spaces) are
// skipped; padding must still be complete.
const SKIPPABLE = /[^A-Za-z0-9+/=]/g;
const CANONICAL = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Bytes of a base64 string, or `null` where Python's `b64decode` would raise. */
export function decodeBase64(text: string): Uint8Array | null {
  const clean = CANONICAL.test(text) ? text : text.replace(SKIPPABLE, '');
  if (!CANONICAL.test(clean)) return null;
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  const bytes = new Uint8Array((clean.length / 4) * 3 - padding);
  let out = 0;
  for (let i = 0; i < clean.length; i += 4) {
    const a = VALUES[clean.charCodeAt(i)] ?? 0;
    const b = VALUES[clean.charCodeAt(i + 1)] ?? 0;
    const c = VALUES[clean.charCodeAt(i + 2)] ?? 0;
    const d = VALUES[clean.charCodeAt(i + 3)] ?? 0;
    const triple = (a << 18) | (b << 12) | ((c & 63) << 6) | (d & 63);
    if (out < bytes.length) bytes[out++] = (triple >> 16) & 255;
    if (out < bytes.length) bytes[out++] = (triple >> 8) & 255;
    if (out < bytes.length) bytes[out++] = triple & 255;
  }
  return bytes;
}

/** Standard base64 with padding. */
export function encodeBase64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    const triple = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    text +=
      ALPHABET.charAt((triple >> 18) & 63) +
      ALPHABET.charAt((triple >> 12) & 63) +
      (b === undefined ? '=' : ALPHABET.charAt((triple >> 6) & 63)) +
      (c === undefined ? '=' : ALPHABET.charAt(triple & 63));
  }
  return text;
}

/** True when `text` is base64 as this module writes it, so it can be extended in place. */
export function isCanonicalBase64(text: string): boolean {
  return CANONICAL.test(text);
}

/**
 * The base64 of `bytes(existing) + bytes(chunk)`, or `null` if the chunk is not valid base64.
 * `existing` must be canonical (see `isCanonicalBase64`).
 */
export function appendBase64(existing: string, chunk: string): string | null {
  const added = decodeBase64(chunk);
  if (added === null) return null;
  if (!existing.endsWith('=')) return existing + encodeBase64(added);
  const tailStart = existing.length - 4;
  const tail = decodeBase64(existing.slice(tailStart));
  if (tail === null) return null;
  const merged = new Uint8Array(tail.length + added.length);
  merged.set(tail);
  merged.set(added, tail.length);
  return existing.slice(0, tailStart) + encodeBase64(merged);
}
