import type { Citation, DataBlock, DataSource } from '../../model/block.js';
import type { JsonObject } from '../../model/json.js';
import type { Usage } from '../../model/message.js';
import { encodeBase64 } from '../../fold/base64.js';
import { readDataUrl } from '../common/data-url.js';
import { normalizeMediaType } from '../../safety/media-type.js';
import { isRecord, readNumber, readObject, readText, readTimestamp } from '../common/read.js';

/*
 * Field readers for AI SDK values the canonical model has a place for: citations and sources,
 * files, usage and times. Each takes untrusted JSON and never throws.
 */

/* -------------------------------------------------------------------------------------------------
 * Citations and sources
 * -----------------------------------------------------------------------------------------------*/

function isOffset(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/**
 * A v7 text citation (`{ source, startIndex, endIndex, citedText }`) as a model citation; the
 * span is kept only when both offsets are whole numbers in order. `null` when it names nothing.
 */
export function readTextCitation(value: unknown): Citation | null {
  if (!isRecord(value)) return null;
  const source = readObject(value['source']) ?? {};
  const citation = sourceCitation(source);
  const snippet = readText(value['citedText']);
  if (snippet !== null) citation.snippet = snippet;
  const start = value['startIndex'];
  const end = value['endIndex'];
  if (isOffset(start) && isOffset(end) && start <= end) citation.span = [start, end];
  return Object.keys(citation).length > 0 ? citation : null;
}

/** A source (`source-url`, `source-document`, or a citation's `source`) as a citation without span. */
export function sourceCitation(source: Record<string, unknown>): Citation {
  const citation: Citation = {};
  const url = readText(source['url']);
  const title = readText(source['title']) ?? readText(source['filename']);
  if (url !== null) citation.url = url;
  if (title !== null) citation.title = title;
  return citation;
}

/* -------------------------------------------------------------------------------------------------
 * Files
 * -----------------------------------------------------------------------------------------------*/

/** The URL policy's default `maxDataUrlLength`: a larger `data:` URL is kept as a URL, not decoded. */
export const MAX_INLINE_DATA_URL = 10 * 1024 * 1024;

// The first byte of a UTF-8 sequence, by how many continuation bytes follow it.
const LEAD_BYTES = [0, 0xc0, 0xe0, 0xf0];

/** UTF-8 bytes of percent-decoded text; `%` not followed by two hex digits stays as it is. */
function percentDecode(text: string): Uint8Array {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x25 && /^[0-9a-f]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
      continue;
    }
    const point = text.codePointAt(i) ?? code;
    if (point > 0xffff) i += 1;
    // A lone surrogate is encoded as its own code point (3 bytes), not replaced.
    const more = point < 0x80 ? 0 : point < 0x800 ? 1 : point < 0x10000 ? 2 : 3;
    bytes.push((LEAD_BYTES[more] as number) | (point >> (6 * more)));
    for (let k = more - 1; k >= 0; k--) bytes.push(0x80 | ((point >> (6 * k)) & 63));
  }
  return Uint8Array.from(bytes);
}

/** `image` or `image/*` (AI SDK 7 allows a top-level type alone) is not a usable media type. */
function isFullMediaType(mediaType: string): boolean {
  const essence = normalizeMediaType(mediaType);
  return essence !== '' && !essence.endsWith('/*');
}

/** What reading a file URL gave: a source, and what had to be repaired. */
export interface FileSourceResult {
  source: DataSource;
  /** A problem worth a diagnostic (the file is still shown). */
  problem: string | null;
}

/**
 * A file part's `url` as a model source. A `data:` URL within the size policy is decoded into a
 * base64 source (percent-encoded data is re-encoded as base64); a larger one stays a URL, which
 * the URL policy then refuses to load, visibly. The media type is the part's when it is a full
 * type, else the `data:` URL's own.
 */
export function readFileSource(url: string, declared: string): FileSourceResult {
  const parts = readDataUrl(url);
  if (parts === null) return { source: { type: 'url', url, media_type: declared }, problem: null };
  const { mediaType: mime, parameters: params, data: payload } = parts;
  const mediaType = isFullMediaType(declared) || !isFullMediaType(mime) ? declared : mime.trim();
  const keptAsUrl = (problem: string): FileSourceResult => ({
    source: { type: 'url', url, media_type: mediaType },
    problem,
  });
  if (url.length > MAX_INLINE_DATA_URL)
    return keptAsUrl(
      `data: URL longer than ${MAX_INLINE_DATA_URL} characters; kept as a URL, not decoded`,
    );
  const isBase64 = params.some((param) => param.trim().toLowerCase() === 'base64');
  const data = isBase64 ? payload.replace(/\s+/g, '') : encodeBase64(percentDecode(payload));
  if (isBase64 && !/^[A-Za-z0-9+/]*={0,2}$/.test(data))
    return keptAsUrl('data: URL whose base64 is malformed; kept as a URL');
  return { source: { type: 'base64', data, media_type: mediaType }, problem: null };
}

/** A file (or reasoning file) as a data block. */
export function fileBlock(
  id: string,
  source: DataSource,
  filename: string | null,
  at: string,
): DataBlock {
  return { type: 'data', id, source, name: filename, created_at: at, finished_at: at };
}

/* -------------------------------------------------------------------------------------------------
 * Usage and times
 * -----------------------------------------------------------------------------------------------*/

function tokens(value: JsonObject, ...keys: string[]): number | null {
  for (const key of keys) {
    const count = readNumber(value[key]);
    if (count !== null) return count;
  }
  return null;
}

/**
 * Token usage from message metadata, where apps put it with `messageMetadata`: `usage` or
 * `totalUsage` in the AI SDK's `LanguageModelUsage` shape (5: flat, 6+: with token details),
 * also with snake_case or v4 (`promptTokens`) names. `null` when there is none.
 */
export function readUsage(metadata: JsonObject): Usage | null {
  const usage = readObject(metadata['totalUsage']) ?? readObject(metadata['usage']);
  if (usage === null) return null;
  const input = tokens(usage, 'inputTokens', 'input_tokens', 'promptTokens');
  const output = tokens(usage, 'outputTokens', 'output_tokens', 'completionTokens');
  if (input === null && output === null) return null;
  const inputDetails = readObject(usage['inputTokenDetails']) ?? {};
  const outputDetails = readObject(usage['outputTokenDetails']) ?? {};
  const result: Usage = {
    input_tokens: input ?? 0,
    output_tokens: output ?? 0,
    cache_input_tokens:
      tokens(inputDetails, 'cacheReadTokens') ??
      tokens(usage, 'cachedInputTokens', 'cache_input_tokens') ??
      0,
    cache_creation_input_tokens:
      tokens(inputDetails, 'cacheWriteTokens') ?? tokens(usage, 'cache_creation_input_tokens') ?? 0,
  };
  const reasoning =
    tokens(outputDetails, 'reasoningTokens') ??
    tokens(usage, 'reasoningTokens', 'reasoning_tokens');
  if (reasoning !== null) result.reasoning_tokens = reasoning;
  return result;
}

/** When the message was made, from `metadata.createdAt` (or `created_at`), else `null`. */
export function readCreatedAt(metadata: JsonObject): string | null {
  return readTimestamp(metadata['createdAt'] ?? metadata['created_at']);
}
