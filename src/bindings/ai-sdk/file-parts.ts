import type { AiSdkFilePart } from './chat-like.js';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error(`could not read ${file.name}`));
    reader.readAsDataURL(file);
  });
}

/**
 * The Composer's `File`s as the file parts `sendMessage` takes: `sendMessage` reads a `FileList`
 * itself, but takes an array as parts already made, so `File[]` is read here.
 */
export function toFileParts(files: readonly File[]): Promise<AiSdkFilePart[]> {
  return Promise.all(
    files.map(async (file) => ({
      type: 'file' as const,
      mediaType: file.type || 'application/octet-stream',
      filename: file.name,
      url: await readAsDataUrl(file),
    })),
  );
}
