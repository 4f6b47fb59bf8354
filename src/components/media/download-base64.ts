import { decodeBase64 } from '../../core/fold/base64.js';

// Chromium starts reading a blob: download asynchronously after the click; revoking at once can
// cancel it, so the URL lives a little while and is then released.
const REVOKE_AFTER_MS = 30_000;

/**
 * Saves base64 bytes through a `blob:` URL made at the moment of the click. The blob is typed
 * `application/octet-stream` whatever the content claims, so the browser saves it and never
 * renders it (a `blob:` URL would run HTML or SVG in this page's origin). False when the data
 * does not decode.
 */
export function downloadBase64(data: string, fileName: string): boolean {
  const bytes = decodeBase64(data);
  if (bytes === null) return false;
  const blob = new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/octet-stream' });
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  return true;
}
