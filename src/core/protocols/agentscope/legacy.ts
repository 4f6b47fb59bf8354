import type { DiagnosticCode } from '../../fold/diagnostic-code.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import { generateId } from '../../model/ids.js';
import { report } from '../common/diagnostic.js';
import { DEFAULT_MEDIA_TYPES, hasScheme, linkedMedia } from '../common/file-names.js';
import type { MediaCategory, MediaReference } from '../common/file-names.js';
import { readDataUrl } from '../common/data-url.js';
import {
  isRecord,
  preview,
  readId,
  readString,
  readText,
  readTimestamp,
  type UnknownRecord,
} from '../common/read.js';
import { stringifyDeep } from '../../model/json-walk.js';

/**
 * Reports a problem at `where`, a place as the messages name it (`msg.content[2]`); its `path`
 * is the JSONPath-like form (`$.content[2]`).
 */
export function reportAt(
  diagnostics: Diagnostic<DiagnosticCode>[],
  code: DiagnosticCode,
  where: string,
  message: string,
  raw?: unknown,
  detail?: string,
): void {
  const path = where.startsWith('msg') ? `$${where.slice(3)}` : where;
  const place = raw === undefined ? { path } : { path, raw };
  report(diagnostics, code, message, detail === undefined ? place : { ...place, detail });
}

const LEGACY_BLOCK_TYPES = new Set(['tool_use', 'image', 'audio', 'video']);
const MEDIA_KINDS = new Set<string>(['image', 'audio', 'video']);
// The 2.x envelope's fields and 1.x's `timestamp`; any other field of a 1.x message is metadata.
// prettier-ignore
const KNOWN_FIELDS = new Set([
  'id', 'name', 'role', 'content', 'metadata', 'timestamp', 'created_at', 'finished_at', 'usage',
  'finished_reason', 'structured_output', 'error',
]);

/* -------------------------------------------------------------------------------------------------
 * AgentScope 1.x → 2.x. The 1.x wire (`message/_message_block.py`, `_message_base.py`; still used
 * by agentscope-studio): `Msg.to_dict()` has `timestamp` (`"%Y-%m-%d %H:%M:%S.%f"` cut to
 * milliseconds, local time), string or block `content`, and `invocation_id` (early 1.x) or
 * `generate_reason` (later 1.x). Media blocks (`image`, `audio`, `video`) hold a `source`: base64
 * `data` (bare, or a `data:` URL as the docstring's RFC 2397 allows) with a `media_type`, or a
 * `url` with no `media_type` that may be a local file path. `tool_use` has an object `input` and
 * (later 1.x) the model's raw JSON string as `raw_input`; `tool_result` has `is_error`.
 * -----------------------------------------------------------------------------------------------*/

/** Whether a message has the 1.x shape: `timestamp`, string content or 1.x block types. */
export function isLegacy(value: UnknownRecord): boolean {
  if (value['created_at'] === undefined && value['timestamp'] !== undefined) return true;
  if (typeof value['content'] === 'string') return true;
  const content = value['content'];
  return (
    Array.isArray(content) &&
    content.some((block) => isRecord(block) && LEGACY_BLOCK_TYPES.has(block['type'] as string))
  );
}

interface LegacyContext {
  created: string;
  diagnostics: Diagnostic<DiagnosticCode>[];
}

function legacySource(value: unknown, kind: MediaCategory): MediaReference | null {
  if (!isRecord(value)) return null;
  const declared = readText(value['media_type']);
  if (value['type'] === 'base64' && typeof value['data'] === 'string') {
    const url = readDataUrl(value['data']);
    const mediaType = declared ?? (url?.mediaType || DEFAULT_MEDIA_TYPES[kind]);
    return {
      source: { type: 'base64', data: url?.data ?? value['data'], media_type: mediaType },
      name: null,
    };
  }
  if (value['type'] === 'url' && typeof value['url'] === 'string') {
    const url = value['url'];
    // 1.x loads scheme-less URLs and file: URLs from the local disk: a label, never a request.
    return linkedMedia(url, kind, declared, !hasScheme(url) && !url.startsWith('//'));
  }
  return null;
}

function legacyBlock(block: unknown, id: string, context: LegacyContext, path: string): unknown {
  if (!isRecord(block) || typeof block['type'] !== 'string') return block;
  const type = block['type'];
  const base = {
    id: readId(block['id']) ?? id,
    created_at: readString(block['created_at']) ?? context.created,
    finished_at: block['finished_at'] === undefined ? context.created : block['finished_at'],
  };
  // Kept whole as an unknown block, reported at `where` (with the `raw` value it could not read).
  const unknown = (where: string, why: string, raw: unknown) => {
    const message = `${where}${why}; kept as an unknown block`;
    reportAt(context.diagnostics, 'unknown-block', where, message, raw);
    return { type: 'unknown', id: base.id, original_type: type, raw: block };
  };
  if (MEDIA_KINDS.has(type)) {
    const read = legacySource(block['source'], type as MediaCategory);
    if (read === null) {
      const why = ' is not a 1.x base64 or url source';
      return unknown(`${path}.source`, why, block['source']);
    }
    return {
      type: 'data',
      id: base.id,
      source: read.source,
      name: read.name,
      created_at: base.created_at,
      finished_at: base.finished_at,
    };
  }
  switch (type) {
    case 'text':
    case 'thinking':
    case 'data':
    case 'hint':
    case 'tool_call':
      return { ...block, ...base };
    case 'error':
    case 'unknown':
      return block;
    case 'tool_use': {
      const input = block['input'];
      const raw =
        readString(block['raw_input']) ?? readString(input) ?? stringifyDeep(input ?? {}) ?? '{}';
      // 1.x has no permission step: every call the model made was allowed to run.
      return {
        type: 'tool_call',
        id: base.id,
        name: block['name'] ?? '',
        input: raw,
        state: 'allowed',
        suggested_rules: [],
        created_at: base.created_at,
        finished_at: base.finished_at,
      };
    }
    case 'tool_result': {
      const output = block['output'];
      const state = block['state'] ?? (block['is_error'] === true ? 'error' : 'success');
      const { is_error: _isError, ...rest } = block;
      return {
        ...rest,
        ...base,
        name: block['name'] ?? '',
        output: legacyOutput(output, base.id, context, `${path}.output`),
        state,
        metadata: block['metadata'] ?? {},
      };
    }
    default:
      return unknown(path, `: block type ${preview(type)} is not an AgentScope block`, type);
  }
}

function legacyOutput(output: unknown, id: string, context: LegacyContext, path: string): unknown {
  if (!Array.isArray(output)) return output ?? '';
  return output.map((item, index) => {
    const converted = legacyBlock(item, `${id}-${index}`, context, `${path}[${index}]`);
    if (isRecord(converted) && (converted['type'] === 'text' || converted['type'] === 'data'))
      return converted;
    // A tool output may hold only text and data blocks: anything else is kept as its JSON text.
    reportAt(
      context.diagnostics,
      'repaired',
      `${path}[${index}]`,
      `${path}[${index}] is not a text or media block; kept as JSON text`,
    );
    return {
      type: 'text',
      text: stringifyDeep(item) ?? '',
      id: `${id}-${index}`,
      created_at: context.created,
      finished_at: context.created,
    };
  });
}

/** A 1.x message rewritten in the 2.x shape, for `parseMsg` to validate. */
export function fromLegacy(
  value: UnknownRecord,
  diagnostics: Diagnostic<DiagnosticCode>[],
): UnknownRecord {
  reportAt(
    diagnostics,
    'converted',
    'msg',
    'msg: read as an AgentScope 1.x message and converted to 2.x',
  );
  const id = readId(value['id']) ?? generateId();
  const created = readString(value['created_at']) ?? readTimestamp(value['timestamp']) ?? '';
  const context: LegacyContext = { created, diagnostics };
  const raw = value['content'];
  const blocks =
    typeof raw === 'string' ? [{ type: 'text', text: raw }] : Array.isArray(raw) ? raw : [];
  const content = blocks.map((block, index) =>
    legacyBlock(block, `${id}-${index}`, context, `msg.content[${index}]`),
  );
  const given = value['metadata'];
  // Built from entries, so that a `__proto__` key stays an ordinary key.
  const entries = Object.entries(isRecord(given) ? given : {});
  if (given != null && !isRecord(given)) {
    reportAt(
      diagnostics,
      'repaired',
      'msg.metadata',
      `msg.metadata ${preview(given)} is not an object; kept as metadata.value`,
      given,
    );
    entries.push(['value', given]);
  }
  // `invocation_id`, `generate_reason` and any other 1.x extra: kept, not dropped.
  for (const [key, field] of Object.entries(value))
    if (!KNOWN_FIELDS.has(key) && field != null) entries.push([key, field]);
  const metadata: UnknownRecord = Object.fromEntries(entries);
  return {
    name: value['name'] ?? value['role'] ?? 'assistant',
    content,
    role: value['role'] ?? 'assistant',
    id,
    metadata,
    created_at: created,
    usage: value['usage'] ?? null,
    // A stored 1.x message is complete.
    finished_at: value['finished_at'] === undefined ? created : value['finished_at'],
    finished_reason: value['finished_reason'] ?? null,
    structured_output: value['structured_output'] ?? null,
    error: value['error'] ?? null,
  };
}
