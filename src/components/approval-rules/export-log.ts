/**
 * Offers `json` as a file download: a temporary object URL on a temporary link, clicked once.
 * Nothing happens outside a browser.
 */
export function downloadJson(json: string, fileName: string): void {
  if (typeof document === 'undefined' || typeof URL.createObjectURL !== 'function') return;
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // The download has started from the click; a moment later nothing needs the URL.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
