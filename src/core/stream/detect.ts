/** The two wire formats `readEventStream` reads. */
export type StreamFormat = 'sse' | 'ndjson';

const NDJSON_MEDIA_TYPES: ReadonlySet<string> = new Set([
  'application/x-ndjson',
  'application/ndjson',
  'application/jsonl',
  'application/x-jsonl',
  'application/jsonlines',
  'application/x-jsonlines',
  'application/json',
]);

const SSE_FIELDS = ['data', 'id', 'event', 'retry'] as const;

/** The format a `Content-Type` header names, or null when it names neither. */
export function formatFromContentType(contentType: string | null | undefined): StreamFormat | null {
  if (contentType == null) return null;
  const mediaType = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  if (mediaType === 'text/event-stream') return 'sse';
  return NDJSON_MEDIA_TYPES.has(mediaType) ? 'ndjson' : null;
}

/**
 * The format that the first characters of a stream show (leading whitespace and BOM already
 * removed), or null while too few have arrived to tell; at the end of the stream it always decides.
 */
export function detectFormat(head: string, atEnd: boolean): StreamFormat | null {
  const first = head.charAt(0);
  if (first === '{' || first === '[') return 'ndjson';
  if (first === ':') return 'sse';
  for (const field of SSE_FIELDS) {
    if (head.startsWith(field)) {
      if (head.length === field.length) return atEnd ? 'sse' : null;
      const next = head.charAt(field.length);
      if (next === ':' || next === '\n' || next === '\r') return 'sse';
    } else if (!atEnd && field.startsWith(head)) {
      return null;
    }
  }
  // NDJSON reports lines it cannot read, where SSE would ignore unknown fields without a word.
  return 'ndjson';
}

/**
 * Holds back the start of a text stream until its format shows; leading whitespace and a BOM are
 * dropped, which both formats would skip anyway.
 */
export class FormatSniffer {
  private head = '';

  /** Feeds text; returns the format once known, after which `take()` returns what was held back. */
  push(text: string): StreamFormat | null {
    if (this.head.length === 0) {
      const start = firstContentIndex(text);
      if (start === text.length) return null;
      this.head = start === 0 ? text : text.slice(start);
    } else {
      this.head += text;
    }
    return detectFormat(this.head, false);
  }

  /** Decides at the end of the stream. */
  end(): StreamFormat {
    return detectFormat(this.head, true) ?? 'ndjson';
  }

  /** The text held back so far, handed over once. */
  take(): string {
    const head = this.head;
    this.head = '';
    return head;
  }
}

function firstContentIndex(text: string): number {
  let index = 0;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (code !== 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0xfeff) break;
    index += 1;
  }
  return index;
}
