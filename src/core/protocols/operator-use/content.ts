import type { DiagnosticCode } from '../../fold/diagnostic-code.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import type {
  ContentBlock,
  DataBlock,
  TextBlock,
  ThinkingBlock,
  ToolCallBlock,
  ToolResultBlock,
} from '../../model/block.js';
import type { JsonObject, JsonValue } from '../../model/json.js';
import { stringifyDeep } from '../../model/json-walk.js';
import { report } from '../common/diagnostic.js';
import {
  isRecord,
  jsonObject,
  preview,
  readId,
  readTimestamp,
  type UnknownRecord,
  valueText,
} from '../common/read.js';
import type { MediaCategory } from '../common/file-names.js';
import { readMediaString } from './media.js';
import { unknownBlock } from '../common/unknown-message.js';
import { stamp, type BlockContext } from '../common/block-context.js';

/* -------------------------------------------------------------------------------------------------
 * Places and timestamps
 * -----------------------------------------------------------------------------------------------*/

/**
 * A place in the input: how a diagnostic's message names it for people (`line 3 message`) and
 * its JSONPath-like `path` (`$[2].message`; a session's or event log's lines are `$[index]`).
 */
export interface Where {
  text: string;
  path: string;
}

/** The place `suffix` (`.contents[0]`, `[2]`) inside `where`. */
export function inside(where: Where, suffix: string): Where {
  return { text: `${where.text}${suffix}`, path: `${where.path}${suffix}` };
}

/** The place of a session or event-log line, numbered from 1 as editors do (`$[0]` is line 1). */
export function lineWhere(line: number): Where {
  return { text: `line ${line}`, path: `$[${line - 1}]` };
}

/** Reports a problem at `at`; the message reads `<place> <what>`. */
export function reportAt(
  diagnostics: Diagnostic<DiagnosticCode>[],
  code: DiagnosticCode,
  at: Where,
  what: string,
  raw?: unknown,
): void {
  report(diagnostics, code, `${at.text} ${what}`, { path: at.path, raw });
}

/** Epoch seconds or milliseconds → ISO 8601 (UTC); other strings are opaque and kept as given. */
export function toTimestamp(
  value: unknown,
  diagnostics: Diagnostic<DiagnosticCode>[],
  where: Where,
): string {
  if (value == null) return '';
  const timestamp = readTimestamp(value);
  if (timestamp !== null) return timestamp;
  report(
    diagnostics,
    'invalid-data',
    `${where.text}: timestamp ${preview(value)} is not a time; left empty`,
    { path: `${where.path}.timestamp`, raw: value, detail: 'invalid-timestamp' },
  );
  return '';
}

/* -------------------------------------------------------------------------------------------------
 * Content
 * -----------------------------------------------------------------------------------------------*/

/** Where converted blocks get their ids and times from, and where problems are reported. */
export interface ContentContext extends BlockContext {
  /** `ToolCallContent.metadata` by call id: the model's tool_call has no metadata field. */
  callMetadata: [string, JsonValue][];
}

/** A context for converting one message's content, with no call metadata collected yet. */
export function contentContext(
  messageId: string,
  created: string,
  finished: string | null,
  diagnostics: Diagnostic<DiagnosticCode>[],
): ContentContext {
  return { messageId, created_at: created, finished_at: finished, diagnostics, callMetadata: [] };
}

/** A string field; anything else is kept as its JSON text, with a diagnostic. */
export function stringField(
  item: UnknownRecord,
  key: string,
  context: ContentContext,
  at: Where,
): string {
  const value = item[key];
  if (typeof value === 'string') return value;
  if (value == null) return '';
  reportAt(
    context.diagnostics,
    'repaired',
    inside(at, `.${key}`),
    'is not a string; kept as JSON text',
    value,
  );
  return typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : (stringifyDeep(value) ?? '');
}

function mediaBlocks(
  item: UnknownRecord,
  kind: MediaCategory,
  id: string,
  context: ContentContext,
  at: Where,
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
    const field = inside(at, `.${key}`);
    reportAt(
      context.diagnostics,
      'unknown-block',
      field,
      'is not a list; kept as an unknown block',
      raw,
    );
    return [unknownBlock(id, item, kind)];
  }
  return list.map((entry, index): ContentBlock => {
    const blockId = index === 0 ? id : `${id}:${index}`;
    const reference = typeof entry === 'string' ? readMediaString(entry, kind) : null;
    if (reference === null) {
      const entryAt = inside(at, `.${key}[${index}]`);
      const what = 'is not a URL, file: path or base64; kept as an unknown block';
      reportAt(context.diagnostics, 'unknown-block', entryAt, what, entry);
      return unknownBlock(blockId, entry, kind);
    }
    const { source, name } = reference;
    const block: DataBlock = { type: 'data', source, name, ...stamp(context, blockId) };
    return block;
  });
}

/** The block's call id; a missing one is reported and replaced by `fallback`. */
function callIdOf(
  item: UnknownRecord,
  fallback: string,
  context: ContentContext,
  at: Where,
): string {
  const callId = readId(item['id']);
  if (callId !== null) return callId;
  reportAt(context.diagnostics, 'repaired', inside(at, '.id'), `is missing; used ${fallback}`);
  return fallback;
}

/**
 * Reads one content item found at `at` into a block; `id` stands in for an id the item lacks.
 * Never throws: what it cannot read is reported into `context.diagnostics`.
 */
type ItemReader<B> = (item: UnknownRecord, id: string, context: ContentContext, at: Where) => B;

const toolCallBlock: ItemReader<ToolCallBlock> = (item, id, context, at) => {
  const callId = callIdOf(item, id, context, at);
  const args = item['args'];
  let input: string;
  if (typeof args === 'string') input = args;
  else if (args == null) input = '{}';
  else {
    const field = inside(at, '.args');
    if (!isRecord(args)) reportAt(context.diagnostics, 'repaired', field, 'is not an object', args);
    input = valueText(args, () =>
      reportAt(context.diagnostics, 'repaired', field, 'is not JSON; shown as text'),
    );
  }
  const block: ToolCallBlock = {
    type: 'tool_call',
    name: stringField(item, 'name', context, at),
    input,
    // The wire has no permission step: a call is approved once the model makes it.
    state: 'allowed',
    suggested_rules: [],
    ...stamp(context, callId),
  };
  if (typeof item['kind'] === 'string') block.kind = item['kind'];
  const metadata = item['metadata'];
  if (isRecord(metadata) && Object.keys(metadata).length > 0)
    context.callMetadata.push([block.id, metadata as JsonObject]);
  return block;
};

/** A tool's output as the text a result shows: a string as it is, anything else as JSON text. */
export function outputText(content: unknown): string {
  if (typeof content === 'string') return content;
  return content == null ? '' : (stringifyDeep(content) ?? '');
}

/** Reads a `ToolResultContent` (or a `ToolResult` from a tool update) into a finished result block. */
export const toolResultBlock: ItemReader<ToolResultBlock> = (item, id, context, at) => {
  const callId = callIdOf(item, id, context, at);
  const content = item['content'];
  const metadataEntries: [string, JsonValue][] = isRecord(item['metadata'])
    ? Object.entries(item['metadata'] as JsonObject)
    : [];
  if (item['terminate'] === true) metadataEntries.push(['terminate', true]);
  if (typeof item['terminate_message'] === 'string')
    metadataEntries.push(['terminate_message', item['terminate_message']]);
  const block: ToolResultBlock = {
    type: 'tool_result',
    name: typeof item['tool_name'] === 'string' ? item['tool_name'] : '',
    output: outputText(content),
    state: item['is_error'] === true ? 'error' : 'success',
    metadata: jsonObject(metadataEntries),
    ...stamp(context, callId),
  };
  if (content != null && typeof content !== 'string') block.value = content as JsonValue;
  return block;
};

function contentBlocks(
  item: unknown,
  id: string,
  context: ContentContext,
  at: Where,
): ContentBlock[] {
  if (!isRecord(item)) {
    const what = 'is not an object; kept as an unknown block';
    reportAt(context.diagnostics, 'unknown-block', at, what, item);
    return [unknownBlock(id, item, null)];
  }
  const base = stamp(context, id);
  switch (item['type']) {
    case 'text': {
      const block: TextBlock = {
        type: 'text',
        text: stringField(item, 'content', context, at),
        ...base,
      };
      return [block];
    }
    case 'thinking': {
      const block: ThinkingBlock = {
        type: 'thinking',
        thinking: stringField(item, 'content', context, at),
        ...base,
      };
      if (typeof item['signature'] === 'string' && item['signature'] !== '')
        block.signature = item['signature'];
      return [block];
    }
    case 'image':
      return mediaBlocks(item, 'image', id, context, at);
    case 'audio':
      return mediaBlocks(item, 'audio', id, context, at);
    case 'tool_call':
      return [toolCallBlock(item, id, context, at)];
    case 'tool_result':
      return [toolResultBlock(item, id, context, at)];
    default: {
      const type = typeof item['type'] === 'string' ? item['type'] : null;
      report(
        context.diagnostics,
        'unknown-block',
        `${at.text}: content type ${preview(item['type'])} is not an Operator-Use content; kept as an unknown block`,
        { path: at.path, raw: item['type'] },
      );
      return [unknownBlock(id, item, type)];
    }
  }
}

/** Converts a `contents` list; block ids are `<message id>:<index>` so repeated conversions agree. */
export function convertContents(
  value: unknown,
  context: ContentContext,
  at: Where,
  firstIndex = 0,
): ContentBlock[] {
  if (value == null) return [];
  if (typeof value === 'string')
    return contentBlocks(
      { type: 'text', content: value },
      `${context.messageId}:${firstIndex}`,
      context,
      at,
    );
  if (!Array.isArray(value)) {
    reportAt(
      context.diagnostics,
      'unknown-block',
      at,
      'is not a list; kept as an unknown block',
      value,
    );
    return [unknownBlock(`${context.messageId}:${firstIndex}`, value, null)];
  }
  return value.flatMap((item, index) =>
    contentBlocks(
      item,
      `${context.messageId}:${firstIndex + index}`,
      context,
      inside(at, `[${index}]`),
    ),
  );
}
