import type { DiagnosticCode } from '../../fold/diagnostic-code.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import type {
  ContentBlock,
  ThinkingBlock,
  ToolCallBlock,
  ToolResultBlock,
} from '../../model/block.js';
import type { JsonValue } from '../../model/json.js';
import { stringifyDeep } from '../../model/json-walk.js';
import { report } from '../common/diagnostic.js';
import {
  asJson,
  isRecord,
  jsonObject,
  lookup,
  preview,
  readId,
  readObject,
  readString,
  readText,
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
  const what = `${where.text}: timestamp ${preview(value)} is not a time; left empty`;
  const place = { path: `${where.path}.timestamp`, raw: value, detail: 'invalid-timestamp' };
  report(diagnostics, 'invalid-data', what, place);
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
  const what = 'is not a string; kept as JSON text';
  reportAt(context.diagnostics, 'repaired', inside(at, `.${key}`), what, value);
  return typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : (stringifyDeep(value) ?? '');
}

/**
 * Reads one content item found at `at` into a block; `id` stands in for an id the item lacks.
 * Never throws: what it cannot read is reported into `ctx.diagnostics`.
 */
type ItemReader<B, I = UnknownRecord> = (item: I, id: string, ctx: ContentContext, at: Where) => B;

// Audio may come as `audio` or, in older producers, `audios`.
const mediaKey = (item: UnknownRecord, kind: MediaCategory): string =>
  kind === 'image'
    ? 'images'
    : item['audio'] === undefined && item['audios'] !== undefined
      ? 'audios'
      : 'audio';

function mediaBlocks(kind: MediaCategory): ItemReader<ContentBlock[]> {
  return (item, id, context, at) => {
    const key = mediaKey(item, kind);
    const raw = item[key];
    if (raw != null && typeof raw !== 'string' && !Array.isArray(raw)) {
      const what = 'is not a list; kept as an unknown block';
      reportAt(context.diagnostics, 'unknown-block', inside(at, `.${key}`), what, raw);
      return [unknownBlock(id, item, kind)];
    }
    const list: unknown[] = typeof raw === 'string' ? [raw] : (raw ?? []);
    return list.map((entry, index): ContentBlock => {
      const blockId = index === 0 ? id : `${id}:${index}`;
      const reference = typeof entry === 'string' ? readMediaString(entry, kind) : null;
      if (reference !== null) return { type: 'data', ...reference, ...stamp(context, blockId) };
      const what = 'is not a URL, file: path or base64; kept as an unknown block';
      reportAt(context.diagnostics, 'unknown-block', inside(at, `.${key}[${index}]`), what, entry);
      return unknownBlock(blockId, entry, kind);
    });
  };
}

/** The block's call id; a missing one is reported and replaced by `fallback`. */
const callIdOf: ItemReader<string> = (item, fallback, context, at) => {
  const callId = readId(item['id']);
  if (callId !== null) return callId;
  reportAt(context.diagnostics, 'repaired', inside(at, '.id'), `is missing; used ${fallback}`);
  return fallback;
};

const toolCallBlock: ItemReader<ToolCallBlock> = (item, id, context, at) => {
  const callId = callIdOf(item, id, context, at);
  const args = item['args'];
  const flag = (what: string, raw?: unknown): void =>
    reportAt(context.diagnostics, 'repaired', inside(at, '.args'), what, raw);
  if (args != null && typeof args !== 'string' && !isRecord(args)) flag('is not an object', args);
  const input =
    typeof args === 'string'
      ? args
      : args == null
        ? '{}'
        : valueText(args, () => flag('is not JSON; shown as text'));
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
  const metadata = readObject(item['metadata']);
  if (metadata !== null && Object.keys(metadata).length > 0)
    context.callMetadata.push([block.id, metadata]);
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
  const metadata = Object.entries(readObject(item['metadata']) ?? {});
  if (item['terminate'] === true) metadata.push(['terminate', true]);
  const terminateMessage = readString(item['terminate_message']);
  if (terminateMessage !== null) metadata.push(['terminate_message', terminateMessage]);
  const block: ToolResultBlock = {
    type: 'tool_result',
    name: readString(item['tool_name']) ?? '',
    output: outputText(content),
    state: item['is_error'] === true ? 'error' : 'success',
    metadata: jsonObject(metadata),
    ...stamp(context, callId),
  };
  if (content != null && typeof content !== 'string') block.value = asJson(content);
  return block;
};

// Each content type's reader (own keys only: a type such as `constructor` finds none).
const READERS: Readonly<Record<string, ItemReader<ContentBlock[]>>> = {
  text: (item, id, context, at) => {
    const text = stringField(item, 'content', context, at);
    return [{ type: 'text', text, ...stamp(context, id) }];
  },
  thinking: (item, id, context, at) => {
    const thinking = stringField(item, 'content', context, at);
    const block: ThinkingBlock = { type: 'thinking', thinking, ...stamp(context, id) };
    const signature = readText(item['signature']);
    if (signature !== null) block.signature = signature;
    return [block];
  },
  image: mediaBlocks('image'),
  audio: mediaBlocks('audio'),
  tool_call: (...read) => [toolCallBlock(...read)],
  tool_result: (...read) => [toolResultBlock(...read)],
};

const contentBlocks: ItemReader<ContentBlock[], unknown> = (item, id, context, at) => {
  if (!isRecord(item)) {
    const what = 'is not an object; kept as an unknown block';
    reportAt(context.diagnostics, 'unknown-block', at, what, item);
    return [unknownBlock(id, item, null)];
  }
  const type = item['type'];
  const reader = lookup(READERS, type);
  if (reader !== undefined) return reader(item, id, context, at);
  const what = `${at.text}: content type ${preview(type)} is not an Operator-Use content; kept as an unknown block`;
  report(context.diagnostics, 'unknown-block', what, { path: at.path, raw: type });
  return [unknownBlock(id, item, readString(type))];
};

/** Converts a `contents` list; block ids are `<message id>:<index>` so repeated conversions agree. */
export function convertContents(
  value: unknown,
  context: ContentContext,
  at: Where,
  firstIndex = 0,
): ContentBlock[] {
  if (value == null) return [];
  const id = (index: number): string => `${context.messageId}:${firstIndex + index}`;
  if (typeof value === 'string')
    return contentBlocks({ type: 'text', content: value }, id(0), context, at);
  if (!Array.isArray(value)) {
    const what = 'is not a list; kept as an unknown block';
    reportAt(context.diagnostics, 'unknown-block', at, what, value);
    return [unknownBlock(id(0), value, null)];
  }
  return value.flatMap((item, index) =>
    contentBlocks(item, id(index), context, inside(at, `[${index}]`)),
  );
}
