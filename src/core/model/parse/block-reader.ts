import type {
  Citation,
  ContentBlock,
  ContentBlockType,
  DataBlock,
  DataSource,
  TextBlock,
  ToolCallBlock,
  ToolResultBlock,
} from '../block.js';
import { TOOL_CALL_STATES, TOOL_RESULT_STATES } from '../block.js';
import { generateId } from '../ids.js';
import type { JsonValue } from '../json.js';
import type { PermissionRule } from '../permission.js';
import type { UnknownRecord } from './field-reader.js';
import { FieldReader, ParseFailure, fail, isRecord, readList } from './field-reader.js';
import { stringifyDeep } from '../json-walk.js';

/* -------------------------------------------------------------------------------------------------
 * Fields shared by several block types
 * -----------------------------------------------------------------------------------------------*/

function readBlockBase(reader: FieldReader, finishedByDefault = false): void {
  if (reader.raw('id') == null) reader.set('id', generateId(), false);
  else reader.id('id');
  const created = reader.string('created_at', '');
  const finished = reader.raw('finished_at');
  if (finished === undefined) reader.set('finished_at', finishedByDefault ? created : null, false);
  else if (finished !== null) reader.string('finished_at');
}

function readSource(value: unknown, path: string, warnings: string[]): DataSource {
  if (!isRecord(value)) return fail(`${path} must be an object`);
  const reader = new FieldReader(value, path, warnings);
  const type = reader.oneOf('type', ['base64', 'url', 'file_id'] as const);
  reader.string('media_type', 'application/octet-stream');
  if (type === 'base64') reader.string('data');
  else if (type === 'url') reader.string('url');
  else reader.id('file_id');
  return reader.result<DataSource>();
}

function readCitations(value: unknown, path: string): Citation[] {
  if (!Array.isArray(value)) return fail(`${path} must be a list`);
  return value.filter(isRecord) as Citation[];
}

/** Reads an AgentScope `PermissionRule` (suggested with a tool call, chosen with a decision). */
export function readRule(value: unknown, path: string, warnings: string[]): PermissionRule {
  if (!isRecord(value)) return fail(`${path} must be an object`);
  const reader = new FieldReader(value, path, warnings);
  reader.string('tool_name', '');
  reader.nullableString('rule_content');
  reader.oneOf('behavior', ['allow', 'deny', 'ask', 'passthrough'] as const, 'allow');
  reader.string('source', '');
  return reader.result<PermissionRule>();
}

/** Text and data blocks only: what tool outputs and hints may hold. */
export function readMediaList(
  value: unknown,
  path: string,
  warnings: string[],
): (TextBlock | DataBlock)[] {
  return readList(value, path, (item, itemPath) => {
    const block = parseContentBlockWith(item, itemPath, warnings);
    if (block.type === 'text' || block.type === 'data') return block;
    return fail(`${itemPath} must be a text or data block`);
  });
}

/* -------------------------------------------------------------------------------------------------
 * One reader per block type
 * -----------------------------------------------------------------------------------------------*/

type BlockReader = (reader: FieldReader, path: string, warnings: string[]) => void;

// Keyed by every known type: a new block type without a reader is a compile error.
const BLOCK_READERS: Record<Exclude<ContentBlockType, 'unknown'>, BlockReader> = {
  text(reader, path) {
    reader.string('text', '');
    readBlockBase(reader);
    const citations = reader.raw('citations');
    if (citations !== undefined)
      reader.set('citations', readCitations(citations, `${path}.citations`), false);
  },
  thinking(reader) {
    reader.string('thinking', '');
    readBlockBase(reader);
  },
  data(reader, path, warnings) {
    reader.set('source', readSource(reader.raw('source'), `${path}.source`, warnings), false);
    reader.nullableString('name');
    readBlockBase(reader);
  },
  hint(reader, path, warnings) {
    const hint = reader.raw('hint');
    if (typeof hint !== 'string')
      reader.set('hint', readMediaList(hint, `${path}.hint`, warnings), false);
    reader.nullableString('source');
    readBlockBase(reader, true);
  },
  tool_call(reader, path, warnings) {
    reader.string('name', '');
    const input = reader.raw('input');
    if (isRecord(input) || Array.isArray(input)) reader.set('input', stringifyDeep(input) ?? '');
    else reader.string('input', '');
    reader.oneOf('state', TOOL_CALL_STATES, 'pending');
    const rules = reader.raw('suggested_rules');
    if (rules == null) reader.set('suggested_rules', [], false);
    else
      reader.set(
        'suggested_rules',
        readList(rules, `${path}.suggested_rules`, (r, p) => readRule(r, p, warnings)),
        false,
      );
    readBlockBase(reader);
  },
  tool_result(reader, path, warnings) {
    reader.string('name', '');
    const output = reader.raw('output');
    if (typeof output !== 'string')
      reader.set('output', readMediaList(output ?? [], `${path}.output`, warnings), false);
    reader.oneOf('state', TOOL_RESULT_STATES, 'running');
    reader.object('metadata');
    readBlockBase(reader);
  },
  error(reader) {
    if (reader.raw('id') == null) reader.set('id', generateId(), false);
    reader.string('message', '');
  },
};

function isKnownBlockType(type: unknown): type is keyof typeof BLOCK_READERS {
  return typeof type === 'string' && Object.hasOwn(BLOCK_READERS, type);
}

function readKnownBlock(value: UnknownRecord, path: string, warnings: string[]): ContentBlock {
  const type = value['type'];
  if (!isKnownBlockType(type)) return fail(`${path}.type is not a known block type`);
  const reader = new FieldReader(value, path, warnings);
  BLOCK_READERS[type](reader, path, warnings);
  return reader.result<ContentBlock>();
}

/** Reads a block that must be of `type`; a missing `type` is filled in, a missing `id` fails. */
function readBlockOfType(
  value: unknown,
  type: 'tool_call' | 'tool_result',
  path: string,
  warnings: string[],
): ContentBlock {
  if (!isRecord(value) || (value['type'] !== undefined && value['type'] !== type)) {
    return fail(`${path} must be a ${type} block`);
  }
  if (value['id'] == null) return fail(`${path}.id must be a string`);
  return readKnownBlock(value['type'] === type ? value : { ...value, type }, path, warnings);
}

/** A tool call carried inside an event (`REQUIRE_USER_CONFIRM`, a confirmation result). */
export function readToolCall(value: unknown, path: string, warnings: string[]): ToolCallBlock {
  return readBlockOfType(value, 'tool_call', path, warnings) as ToolCallBlock;
}

/** A tool result carried inside an event (`EXTERNAL_EXECUTION_RESULT`). */
export function readToolResult(value: unknown, path: string, warnings: string[]): ToolResultBlock {
  return readBlockOfType(value, 'tool_result', path, warnings) as ToolResultBlock;
}

/* -------------------------------------------------------------------------------------------------
 * Any block
 * -----------------------------------------------------------------------------------------------*/

function toUnknownBlock(value: unknown): ContentBlock {
  const record = isRecord(value) ? value : null;
  const id = record && (typeof record['id'] === 'string' || typeof record['id'] === 'number');
  return {
    type: 'unknown',
    id: id ? String(record['id']) : generateId(),
    original_type: record && typeof record['type'] === 'string' ? record['type'] : null,
    raw: (value ?? null) as JsonValue,
  };
}

/** Reads one block inside a larger read: repairs go to `warnings`, failures keep it as unknown. */
export function parseContentBlockWith(
  value: unknown,
  path: string,
  warnings: string[],
): ContentBlock {
  if (isRecord(value) && value['type'] === 'unknown' && 'raw' in value)
    return value as ContentBlock;
  if (isRecord(value) && isKnownBlockType(value['type'])) {
    const local: string[] = [];
    try {
      const block = readKnownBlock(value, path, local);
      warnings.push(...local);
      return block;
    } catch (error) {
      if (!(error instanceof ParseFailure)) throw error;
      warnings.push(`${path} kept as an unknown block: ${error.message}`);
    }
  } else {
    warnings.push(`${path} kept as an unknown block`);
  }
  return toUnknownBlock(value);
}

/**
 * Reads one content block. Never fails: a block of an unknown type, or one too broken to
 * repair, becomes an `unknown` block that keeps the original JSON.
 */
export function parseContentBlock(value: unknown): ContentBlock {
  const warnings: string[] = [];
  try {
    return parseContentBlockWith(value, 'block', warnings);
  } catch {
    return toUnknownBlock(null);
  }
}
