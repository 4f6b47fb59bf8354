import type {
  ContentBlock,
  DataBlock,
  TextBlock,
  ThinkingBlock,
  ToolCallBlock,
  ToolResultBlock,
  UnknownBlock,
} from '../../model/block.js';
import type { JsonObject, JsonValue } from '../../model/json.js';
import { isRecord } from '../../model/parse/field-reader.js';
import { parseTimestamp } from '../../model/time.js';
import { readMediaString, type MediaKind } from './media.js';

/* -------------------------------------------------------------------------------------------------
 * Shared helpers
 * -----------------------------------------------------------------------------------------------*/

type Record_ = Record<string, unknown>;

/** A short, printable rendering of any value for a diagnostic line. */
export function preview(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** A JSON object built key by key; `__proto__` stays an ordinary key. */
export function jsonObject(entries: Iterable<readonly [string, JsonValue]>): JsonObject {
  return Object.fromEntries(entries) as JsonObject;
}

/** `undefined` (a missing field) as JSON `null`. */
export function toJson(value: unknown): JsonValue {
  return value === undefined ? null : (value as JsonValue);
}

/** An id from a string or a number (some producers use numbers), else `null`. */
export function readId(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

// Date#toISOString throws past ±8.64e15 ms, so the range is checked first.
const MAX_DATE_MS = 8.64e15;

/** Epoch seconds or milliseconds → ISO 8601 (UTC); strings are opaque and kept as given. */
export function toTimestamp(value: unknown, diagnostics: string[], where: string): string {
  if (typeof value === 'string') return value;
  if (value == null) return '';
  if (typeof value === 'number') {
    const ms = parseTimestamp(value);
    if (ms !== null && Math.abs(ms) <= MAX_DATE_MS) return new Date(ms).toISOString();
  }
  diagnostics.push(`${where}: timestamp ${preview(value)} is not a time; left empty`);
  return '';
}

/* -------------------------------------------------------------------------------------------------
 * Content
 * -----------------------------------------------------------------------------------------------*/

/** Where converted blocks get their ids and times from, and where problems are reported. */
export interface ContentContext {
  idPrefix: string;
  created: string;
  finished: string | null;
  diagnostics: string[];
  where: string;
  /** `ToolCallContent.metadata` by call id: the model's tool_call has no metadata field. */
  callMetadata: [string, JsonValue][];
}

function unknownBlock(id: string, raw: unknown, originalType: string | null): UnknownBlock {
  return { type: 'unknown', id, original_type: originalType, raw: toJson(raw) };
}

/** A string field; anything else is kept as its JSON text, with a diagnostic. */
export function stringField(
  item: Record_,
  key: string,
  context: ContentContext,
  path: string,
): string {
  const value = item[key];
  if (typeof value === 'string') return value;
  if (value == null) return '';
  context.diagnostics.push(`${path}.${key} is not a string; kept as JSON text`);
  return typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : JSON.stringify(value);
}

function mediaBlocks(
  item: Record_,
  kind: MediaKind,
  id: string,
  context: ContentContext,
  path: string,
): ContentBlock[] {
  const key =
    kind === 'image'
      ? 'images'
      : item['audio'] === undefined && item['audios'] !== undefined
        ? 'audios'
        : 'audio';
  const raw = item[key];
  const list = typeof raw === 'string' ? [raw] : Array.isArray(raw) ? raw : [];
  if (raw != null && list.length === 0 && !Array.isArray(raw)) {
    context.diagnostics.push(`${path}.${key} is not a list; kept as an unknown block`);
    return [unknownBlock(id, item, kind)];
  }
  return list.map((entry, index): ContentBlock => {
    const blockId = index === 0 ? id : `${id}:${index}`;
    const reference = typeof entry === 'string' ? readMediaString(entry, kind) : null;
    if (reference === null) {
      context.diagnostics.push(
        `${path}.${key}[${index}] is not a URL, file: path or base64; kept as an unknown block`,
      );
      return unknownBlock(blockId, entry, kind);
    }
    const block: DataBlock = {
      type: 'data',
      id: blockId,
      source: reference.source,
      name: reference.name,
      created_at: context.created,
      finished_at: context.finished,
    };
    return block;
  });
}

function toolCallBlock(
  item: Record_,
  id: string,
  context: ContentContext,
  path: string,
): ToolCallBlock {
  const callId = readId(item['id']);
  if (callId === null) context.diagnostics.push(`${path}.id is missing; used ${id}`);
  const args = item['args'];
  let input: string;
  if (typeof args === 'string') input = args;
  else if (args == null) input = '{}';
  else {
    if (!isRecord(args)) context.diagnostics.push(`${path}.args is not an object`);
    input = JSON.stringify(args);
  }
  const block: ToolCallBlock = {
    type: 'tool_call',
    id: callId ?? id,
    name: stringField(item, 'name', context, path),
    input,
    // The wire has no permission step: a call is approved once the model makes it.
    state: 'allowed',
    suggested_rules: [],
    created_at: context.created,
    finished_at: context.finished,
  };
  if (typeof item['kind'] === 'string') block.kind = item['kind'];
  const metadata = item['metadata'];
  if (isRecord(metadata) && Object.keys(metadata).length > 0)
    context.callMetadata.push([block.id, metadata as JsonObject]);
  return block;
}

/** Reads a `ToolResultContent` (or a `ToolResult` from a tool update) into a finished result block. */
export function toolResultBlock(
  item: Record_,
  id: string,
  context: ContentContext,
  path: string,
): ToolResultBlock {
  const callId = readId(item['id']);
  if (callId === null) context.diagnostics.push(`${path}.id is missing; used ${id}`);
  const content = item['content'];
  const metadataEntries: [string, JsonValue][] = isRecord(item['metadata'])
    ? Object.entries(item['metadata'] as JsonObject)
    : [];
  if (item['terminate'] === true) metadataEntries.push(['terminate', true]);
  if (typeof item['terminate_message'] === 'string')
    metadataEntries.push(['terminate_message', item['terminate_message']]);
  const block: ToolResultBlock = {
    type: 'tool_result',
    id: callId ?? id,
    name: typeof item['tool_name'] === 'string' ? item['tool_name'] : '',
    output: typeof content === 'string' ? content : content == null ? '' : JSON.stringify(content),
    state: item['is_error'] === true ? 'error' : 'success',
    metadata: jsonObject(metadataEntries),
    created_at: context.created,
    finished_at: context.finished,
  };
  if (content != null && typeof content !== 'string') block.value = content as JsonValue;
  return block;
}

function contentBlocks(
  item: unknown,
  id: string,
  context: ContentContext,
  path: string,
): ContentBlock[] {
  if (!isRecord(item)) {
    context.diagnostics.push(`${path} is not an object; kept as an unknown block`);
    return [unknownBlock(id, item, null)];
  }
  const base = { id, created_at: context.created, finished_at: context.finished };
  switch (item['type']) {
    case 'text': {
      const block: TextBlock = {
        type: 'text',
        text: stringField(item, 'content', context, path),
        ...base,
      };
      return [block];
    }
    case 'thinking': {
      const block: ThinkingBlock = {
        type: 'thinking',
        thinking: stringField(item, 'content', context, path),
        ...base,
      };
      if (typeof item['signature'] === 'string' && item['signature'] !== '')
        block.signature = item['signature'];
      return [block];
    }
    case 'image':
      return mediaBlocks(item, 'image', id, context, path);
    case 'audio':
      return mediaBlocks(item, 'audio', id, context, path);
    case 'tool_call':
      return [toolCallBlock(item, id, context, path)];
    case 'tool_result':
      return [toolResultBlock(item, id, context, path)];
    default: {
      const type = typeof item['type'] === 'string' ? item['type'] : null;
      context.diagnostics.push(
        `${path}: content type ${preview(item['type'])} is not an Operator-Use content; kept as an unknown block`,
      );
      return [unknownBlock(id, item, type)];
    }
  }
}

/** Converts a `contents` list; block ids are `<message id>:<index>` so repeated conversions agree. */
export function convertContents(
  value: unknown,
  context: ContentContext,
  path: string,
  firstIndex = 0,
): ContentBlock[] {
  if (value == null) return [];
  if (typeof value === 'string')
    return contentBlocks(
      { type: 'text', content: value },
      `${context.idPrefix}:${firstIndex}`,
      context,
      path,
    );
  if (!Array.isArray(value)) {
    context.diagnostics.push(`${path} is not a list; kept as an unknown block`);
    return [unknownBlock(`${context.idPrefix}:${firstIndex}`, value, null)];
  }
  return value.flatMap((item, index) =>
    contentBlocks(item, `${context.idPrefix}:${firstIndex + index}`, context, `${path}[${index}]`),
  );
}
