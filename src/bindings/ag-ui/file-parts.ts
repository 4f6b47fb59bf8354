/*
 * Files the user attaches, as AG-UI 1.0 content parts (`image`, `audio`, `video`, `document`
 * with a `data` source), so that what the Composer sends reaches the agent whole.
 */

/** An AG-UI input content part: the user's text, or a file. */
export type AgUiInputPart =
  | { type: 'text'; text: string }
  | {
      type: 'image' | 'audio' | 'video' | 'document';
      source: { type: 'data'; value: string; mimeType: string };
      metadata?: { filename: string };
    };

function base64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: one call per byte would be slow, one call for all overflows the stack.
  for (let start = 0; start < bytes.length; start += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

function kindOf(mimeType: string): 'image' | 'audio' | 'video' | 'document' {
  const top = mimeType.split('/')[0];
  return top === 'image' || top === 'audio' || top === 'video' ? top : 'document';
}

/** The user's message content: the text alone, or the text and a part per file. */
export async function userContent(
  text: string,
  files: readonly File[],
): Promise<string | AgUiInputPart[]> {
  if (files.length === 0) return text;
  const parts: AgUiInputPart[] = text === '' ? [] : [{ type: 'text', text }];
  for (const file of files) {
    const mimeType = file.type || 'application/octet-stream';
    const value = base64(new Uint8Array(await file.arrayBuffer()));
    parts.push({
      type: kindOf(mimeType),
      source: { type: 'data', value, mimeType },
      metadata: { filename: file.name },
    });
  }
  return parts;
}
