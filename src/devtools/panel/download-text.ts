/** Saves a text as a file through a temporary link; no-op where there is no DOM. */
export function downloadText(text: string, fileName: string, type = 'application/x-ndjson'): void {
  if (typeof document === 'undefined' || typeof URL.createObjectURL !== 'function') return;
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own reference by now; revoking later keeps slow browsers working.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file name for a session's export: its label, protocol and start time, safe on every OS. */
export function recordingFileName(label: string | undefined, protocol: string, startedAt: string) {
  const stem = `${label ?? 'recording'}-${protocol}-${startedAt}`
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-+/g, '-')
    .slice(0, 100);
  return `${stem}.ndjson`;
}
