import type {
  Citation,
  ContentBlock,
  DataBlock,
  DataSource,
  TextBlock,
  ToolCallBlock,
  ToolResultBlock,
} from './block.js';
import { TOOL_CALL_STATES, TOOL_RESULT_STATES } from './block.js';
import type { AgentEvent, ConfirmResult } from './event.js';
import { AGENT_EVENT_TYPES } from './event.js';
import { generateId } from './ids.js';
import type { JsonObject, JsonValue } from './json.js';
import type { ErrorInfo, Msg, Usage } from './message.js';
import { REPLY_FINISHED_REASONS } from './message.js';
import type { PermissionRule } from './permission.js';

/**
 * The outcome of reading untrusted JSON: the value with defaults filled in (and `warnings` for
 * what was repaired), or an error that says why it could not be read. Never an exception.
 */
export type ParseResult<T> =
  { ok: true; value: T; warnings?: string[] } | { ok: false; error: string };

/* -------------------------------------------------------------------------------------------------
 * Primitives
 * -----------------------------------------------------------------------------------------------*/

type Record_ = Record<string, unknown>;

// Thrown inside this module only; every public function catches it and returns `{ ok: false }`.
class ParseFailure extends Error {}

export function isRecord(value: unknown): value is Record_ {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(message: string): never {
  throw new ParseFailure(message);
}

/** Reads fields of one object, collecting the repairs it made into a copy made on first write. */
class FieldReader {
  private patch: Record_ | null = null;

  constructor(
    private readonly source: Record_,
    private readonly path: string,
    private readonly warnings: string[],
  ) {}

  /** A required string; numbers are accepted as ids (some frameworks use numeric ids). */
  id(key: string): string {
    const value = this.source[key];
    if (typeof value === 'string') return value;
    if (typeof value === 'number' && Number.isFinite(value)) return this.set(key, String(value));
    return fail(`${this.path}.${key} must be a string`);
  }

  string(key: string, fallback?: string): string {
    const value = this.source[key];
    if (typeof value === 'string') return value;
    if (fallback !== undefined && value == null) return this.set(key, fallback, false);
    if (fallback !== undefined && (typeof value === 'number' || typeof value === 'boolean')) {
      return this.set(key, String(value));
    }
    return fail(`${this.path}.${key} must be a string`);
  }

  nullableString(key: string): string | null {
    const value = this.source[key];
    if (typeof value === 'string' || value === null) return value;
    if (value === undefined) return this.set(key, null, false);
    return this.set(key, JSON.stringify(value) ?? null);
  }

  number(key: string, fallback: number): number {
    const value = this.source[key];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    if (value == null) return this.set(key, fallback, false);
    const parsed = typeof value === 'string' ? Number(value) : Number.NaN;
    return this.set(key, Number.isFinite(parsed) ? parsed : fallback);
  }

  boolean(key: string, fallback?: boolean): boolean {
    const value = this.source[key];
    if (typeof value === 'boolean') return value;
    if (fallback !== undefined && value == null) return this.set(key, fallback, false);
    return fail(`${this.path}.${key} must be true or false`);
  }

  oneOf<T extends string>(key: string, allowed: readonly T[], fallback?: T): T {
    const value = this.source[key];
    if (typeof value === 'string' && (allowed as readonly string[]).includes(value))
      return value as T;
    if (fallback !== undefined) return this.set(key, fallback, value != null);
    return fail(`${this.path}.${key} must be one of ${allowed.join(', ')}`);
  }

  object(key: string): JsonObject {
    const value = this.source[key];
    if (isRecord(value)) return value as JsonObject;
    return this.set(key, {}, value != null);
  }

  raw(key: string): unknown {
    return this.source[key];
  }

  /** Writes a repaired value; `warn` is false for plain defaults that older servers omit. */
  set<T>(key: string, value: T, warn = true): T {
    // Re-setting a field to the value it already holds is not a repair: no copy, no warning.
    if (key in this.source && Object.is(this.source[key], value)) return value;
    if (warn) this.warnings.push(`${this.path}.${key} was repaired`);
    this.patch ??= { ...this.source };
    this.patch[key] = value;
    return value;
  }

  /** The object with its repairs, or the same object when nothing needed repair. */
  result<T>(): T {
    return (this.patch ?? this.source) as T;
  }
}

function run<T>(read: (warnings: string[]) => T): ParseResult<T> {
  const warnings: string[] = [];
  try {
    const value = read(warnings);
    return warnings.length > 0 ? { ok: true, value, warnings } : { ok: true, value };
  } catch (error) {
    if (error instanceof ParseFailure) return { ok: false, error: error.message };
    // A RangeError from absurdly deep input, or anything else unexpected: still not a throw.
    return { ok: false, error: `unreadable input (${String(error)})` };
  }
}

/* -------------------------------------------------------------------------------------------------
 * Blocks
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

function readRule(value: unknown, path: string, warnings: string[]): PermissionRule {
  if (!isRecord(value)) return fail(`${path} must be an object`);
  const reader = new FieldReader(value, path, warnings);
  reader.string('tool_name', '');
  reader.nullableString('rule_content');
  reader.oneOf('behavior', ['allow', 'deny', 'ask', 'passthrough'] as const, 'allow');
  reader.string('source', '');
  return reader.result<PermissionRule>();
}

function readList<T>(value: unknown, path: string, read: (item: unknown, path: string) => T): T[] {
  if (!Array.isArray(value)) return fail(`${path} must be a list`);
  let changed = false;
  const items = value.map((item, index) => {
    const next = read(item, `${path}[${index}]`);
    if (next !== item) changed = true;
    return next;
  });
  return changed ? items : (value as T[]);
}

function readKnownBlock(value: Record_, path: string, warnings: string[]): ContentBlock {
  const reader = new FieldReader(value, path, warnings);
  switch (value['type']) {
    case 'text': {
      reader.string('text', '');
      readBlockBase(reader);
      const citations = reader.raw('citations');
      if (citations !== undefined)
        reader.set('citations', readCitations(citations, `${path}.citations`), false);
      break;
    }
    case 'thinking':
      reader.string('thinking', '');
      readBlockBase(reader);
      break;
    case 'data':
      reader.set('source', readSource(reader.raw('source'), `${path}.source`, warnings), false);
      reader.nullableString('name');
      readBlockBase(reader);
      break;
    case 'hint': {
      const hint = reader.raw('hint');
      if (typeof hint !== 'string')
        reader.set('hint', readMediaList(hint, `${path}.hint`, warnings), false);
      reader.nullableString('source');
      readBlockBase(reader, true);
      break;
    }
    case 'tool_call': {
      reader.string('name', '');
      const input = reader.raw('input');
      if (isRecord(input) || Array.isArray(input)) reader.set('input', JSON.stringify(input));
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
      break;
    }
    case 'tool_result': {
      reader.string('name', '');
      const output = reader.raw('output');
      if (typeof output !== 'string')
        reader.set('output', readMediaList(output ?? [], `${path}.output`, warnings), false);
      reader.oneOf('state', TOOL_RESULT_STATES, 'running');
      reader.object('metadata');
      readBlockBase(reader);
      break;
    }
    case 'error':
      if (reader.raw('id') == null) reader.set('id', generateId(), false);
      reader.string('message', '');
      break;
    default:
      return fail(`${path}.type is not a known block type`);
  }
  return reader.result<ContentBlock>();
}

/** Text and data blocks only: what tool outputs and hints may hold. */
function readMediaList(
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

const KNOWN_BLOCK_TYPES = new Set([
  'text',
  'thinking',
  'data',
  'hint',
  'tool_call',
  'tool_result',
  'error',
]);

function parseContentBlockWith(value: unknown, path: string, warnings: string[]): ContentBlock {
  if (isRecord(value) && value['type'] === 'unknown' && 'raw' in value)
    return value as ContentBlock;
  if (
    isRecord(value) &&
    typeof value['type'] === 'string' &&
    KNOWN_BLOCK_TYPES.has(value['type'])
  ) {
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

/* -------------------------------------------------------------------------------------------------
 * Messages
 * -----------------------------------------------------------------------------------------------*/

function readUsage(value: unknown, path: string, warnings: string[]): Usage | null {
  if (value == null) return null;
  if (!isRecord(value)) return fail(`${path} must be an object`);
  const reader = new FieldReader(value, path, warnings);
  reader.number('input_tokens', 0);
  reader.number('output_tokens', 0);
  reader.number('cache_input_tokens', 0);
  reader.number('cache_creation_input_tokens', 0);
  return reader.result<Usage>();
}

function readErrorInfo(value: unknown, path: string, warnings: string[]): ErrorInfo | null {
  if (value == null) return null;
  if (typeof value === 'string') return { type: 'unknown', message: value };
  if (!isRecord(value)) return fail(`${path} must be an object`);
  const reader = new FieldReader(value, path, warnings);
  reader.string('type', 'unknown');
  reader.string('message', '');
  return reader.result<ErrorInfo>();
}

function readMsg(value: unknown, warnings: string[]): Msg {
  if (!isRecord(value)) return fail('a message must be a JSON object');
  const reader = new FieldReader(value, 'msg', warnings);
  reader.string('role', 'assistant');
  reader.string('name', String(reader.raw('role') ?? 'assistant'));
  const content = reader.raw('content');
  if (typeof content === 'string')
    reader.set('content', [
      parseContentBlockWith({ type: 'text', text: content }, 'msg.content[0]', warnings),
    ]);
  else if (content == null) reader.set('content', []);
  else
    reader.set(
      'content',
      readList(content, 'msg.content', (item, path) => parseContentBlockWith(item, path, warnings)),
      false,
    );
  if (reader.raw('id') == null) reader.set('id', generateId(), false);
  else reader.id('id');
  reader.object('metadata');
  reader.string('created_at', '');
  reader.set('usage', readUsage(reader.raw('usage'), 'msg.usage', warnings), false);
  const finished = reader.raw('finished_at');
  if (finished == null) reader.set('finished_at', null, false);
  else reader.string('finished_at');
  const reason = reader.raw('finished_reason');
  if (reason == null) reader.set('finished_reason', null, false);
  else reader.oneOf('finished_reason', REPLY_FINISHED_REASONS, 'completed');
  const structured = reader.raw('structured_output');
  if (structured == null) reader.set('structured_output', null, false);
  else if (!isRecord(structured)) reader.set('structured_output', { value: structured });
  reader.set('error', readErrorInfo(reader.raw('error'), 'msg.error', warnings), false);
  return reader.result<Msg>();
}

/**
 * Reads a message from untrusted JSON, filling AgentScope's defaults for fields older servers
 * omit (`metadata`, `finished_reason`, cache token counts, …).
 */
export function parseMsg(value: unknown): ParseResult<Msg> {
  return run((warnings) => readMsg(value, warnings));
}

/** The problems `parseMsg` finds in a value; empty when it is a complete, valid `Msg`. */
export function validateMsg(value: unknown): string[] {
  const result = parseMsg(value);
  return result.ok ? (result.warnings ?? []) : [result.error];
}

/* -------------------------------------------------------------------------------------------------
 * Events
 * -----------------------------------------------------------------------------------------------*/

const EVENT_TYPES: ReadonlySet<string> = new Set(AGENT_EVENT_TYPES);

function readToolCall(value: unknown, path: string, warnings: string[]): ToolCallBlock {
  if (!isRecord(value) || (value['type'] !== undefined && value['type'] !== 'tool_call')) {
    return fail(`${path} must be a tool_call block`);
  }
  if (value['id'] == null) return fail(`${path}.id must be a string`);
  const typed = value['type'] === 'tool_call' ? value : { ...value, type: 'tool_call' };
  return readKnownBlock(typed, path, warnings) as ToolCallBlock;
}

function readToolResult(value: unknown, path: string, warnings: string[]): ToolResultBlock {
  if (!isRecord(value) || (value['type'] !== undefined && value['type'] !== 'tool_result')) {
    return fail(`${path} must be a tool_result block`);
  }
  if (value['id'] == null) return fail(`${path}.id must be a string`);
  const typed = value['type'] === 'tool_result' ? value : { ...value, type: 'tool_result' };
  return readKnownBlock(typed, path, warnings) as ToolResultBlock;
}

function readConfirmResult(value: unknown, path: string, warnings: string[]): ConfirmResult {
  if (!isRecord(value)) return fail(`${path} must be an object`);
  const reader = new FieldReader(value, path, warnings);
  reader.boolean('confirmed');
  reader.set(
    'tool_call',
    readToolCall(reader.raw('tool_call'), `${path}.tool_call`, warnings),
    false,
  );
  const rules = reader.raw('rules');
  if (rules == null) reader.set('rules', null, false);
  else
    reader.set(
      'rules',
      readList(rules, `${path}.rules`, (r, p) => readRule(r, p, warnings)),
      false,
    );
  return reader.result<ConfirmResult>();
}

function readEventFields(type: string, reader: FieldReader, warnings: string[]): void {
  // CUSTOM is the only event that belongs to no reply.
  if (type === 'CUSTOM') {
    reader.string('name', '');
    reader.object('value');
    return;
  }
  reader.id('reply_id');
  switch (type) {
    case 'REPLY_START':
      reader.string('session_id', '');
      reader.string('name', '');
      reader.oneOf('role', ['assistant', 'user', 'system'] as const, 'assistant');
      return;
    case 'REPLY_END': {
      reader.string('session_id', '');
      reader.oneOf('finished_reason', REPLY_FINISHED_REASONS, 'completed');
      reader.set('error', readErrorInfo(reader.raw('error'), 'event.error', warnings), false);
      return;
    }
    case 'MODEL_CALL_START':
      reader.string('model_name', '');
      return;
    case 'MODEL_CALL_END':
      reader.number('input_tokens', 0);
      reader.number('output_tokens', 0);
      reader.number('cache_input_tokens', 0);
      reader.number('cache_creation_input_tokens', 0);
      reader.oneOf('finished_reason', ['completed', 'interrupted'] as const, 'completed');
      return;
    case 'TEXT_BLOCK_START':
    case 'TEXT_BLOCK_END':
    case 'THINKING_BLOCK_START':
    case 'THINKING_BLOCK_END':
    case 'DATA_BLOCK_END':
      reader.id('block_id');
      return;
    case 'TEXT_BLOCK_DELTA':
    case 'THINKING_BLOCK_DELTA':
      reader.id('block_id');
      reader.string('delta');
      return;
    case 'DATA_BLOCK_START':
      reader.id('block_id');
      reader.string('media_type', 'application/octet-stream');
      return;
    case 'DATA_BLOCK_DELTA':
      reader.id('block_id');
      reader.string('data');
      reader.string('media_type', '');
      return;
    case 'HINT_BLOCK': {
      reader.id('block_id');
      reader.nullableString('source');
      const hint = reader.raw('hint');
      if (typeof hint !== 'string')
        reader.set('hint', readMediaList(hint, 'event.hint', warnings), false);
      return;
    }
    case 'TOOL_CALL_START':
    case 'TOOL_RESULT_START':
      reader.id('tool_call_id');
      reader.string('tool_call_name', '');
      return;
    case 'TOOL_CALL_DELTA':
    case 'TOOL_RESULT_TEXT_DELTA':
      reader.id('tool_call_id');
      reader.string('delta');
      return;
    case 'TOOL_CALL_END':
      reader.id('tool_call_id');
      return;
    case 'TOOL_RESULT_DATA_DELTA': {
      reader.id('tool_call_id');
      // Deterministic where AgentScope generates a fresh id, so a replayed log folds the same.
      const eventId = reader.raw('id');
      if (reader.raw('block_id') == null)
        reader.set('block_id', `${String(eventId ?? generateId())}-data`, false);
      else reader.id('block_id');
      reader.string('media_type', 'application/octet-stream');
      const data = reader.nullableString('data');
      const url = reader.nullableString('url');
      if (data === null && url === null) fail('event needs exactly one of data and url');
      if (data !== null && url !== null) reader.set('url', null);
      return;
    }
    case 'TOOL_RESULT_END':
      reader.id('tool_call_id');
      reader.oneOf('state', TOOL_RESULT_STATES);
      reader.object('metadata');
      return;
    case 'EXCEED_MAX_ITERS':
      reader.string('name', '');
      return;
    case 'REQUIRE_USER_CONFIRM':
    case 'REQUIRE_EXTERNAL_EXECUTION':
      reader.set(
        'tool_calls',
        readList(reader.raw('tool_calls'), 'event.tool_calls', (item, path) =>
          readToolCall(item, path, warnings),
        ),
        false,
      );
      return;
    case 'USER_CONFIRM_RESULT':
      reader.set(
        'confirm_results',
        readList(reader.raw('confirm_results'), 'event.confirm_results', (item, path) =>
          readConfirmResult(item, path, warnings),
        ),
        false,
      );
      return;
    case 'EXTERNAL_EXECUTION_RESULT':
      reader.set(
        'execution_results',
        readList(reader.raw('execution_results'), 'event.execution_results', (item, path) =>
          readToolResult(item, path, warnings),
        ),
        false,
      );
      return;
    case 'USER_INTERRUPT':
      return;
  }
}

function readEvent(value: unknown, warnings: string[]): AgentEvent {
  if (!isRecord(value)) return fail('an event must be a JSON object');
  const reader = new FieldReader(value, 'event', warnings);
  let type = value['type'];
  if (typeof type !== 'string') return fail('event.type must be a string');
  if (!EVENT_TYPES.has(type)) {
    // Some third-party servers spell the types in lower case; AgentScope itself never does.
    const upper = type.toUpperCase();
    if (!EVENT_TYPES.has(upper)) return fail(`unknown event type "${type.slice(0, 60)}"`);
    type = reader.set('type', upper);
  }
  reader.string('id', '');
  reader.string('created_at', '');
  reader.object('metadata');
  readEventFields(type as string, reader, warnings);
  return reader.result<AgentEvent>();
}

/**
 * True for a complete, valid event of one of the types a stream is made of (deltas, starts and
 * ends): they are checked here without building a reader, because every token goes through this.
 */
function isCompleteStreamEvent(value: Record_): boolean {
  if (
    typeof value['id'] !== 'string' ||
    typeof value['created_at'] !== 'string' ||
    typeof value['reply_id'] !== 'string' ||
    !isRecord(value['metadata'])
  ) {
    return false;
  }
  switch (value['type']) {
    case 'TEXT_BLOCK_DELTA':
    case 'THINKING_BLOCK_DELTA':
      return typeof value['block_id'] === 'string' && typeof value['delta'] === 'string';
    case 'TOOL_CALL_DELTA':
    case 'TOOL_RESULT_TEXT_DELTA':
      return typeof value['tool_call_id'] === 'string' && typeof value['delta'] === 'string';
    case 'TEXT_BLOCK_START':
    case 'TEXT_BLOCK_END':
    case 'THINKING_BLOCK_START':
    case 'THINKING_BLOCK_END':
    case 'DATA_BLOCK_END':
      return typeof value['block_id'] === 'string';
    case 'DATA_BLOCK_DELTA':
      return (
        typeof value['block_id'] === 'string' &&
        typeof value['data'] === 'string' &&
        typeof value['media_type'] === 'string'
      );
    case 'TOOL_CALL_END':
      return typeof value['tool_call_id'] === 'string';
    case 'TOOL_CALL_START':
    case 'TOOL_RESULT_START':
      return (
        typeof value['tool_call_id'] === 'string' && typeof value['tool_call_name'] === 'string'
      );
    default:
      return false;
  }
}

/**
 * Reads one event from untrusted JSON: validates the fields its type requires and fills the
 * defaults older AgentScope servers omit. A valid, complete event comes back as the same object.
 */
export function parseAgentEvent(value: unknown): ParseResult<AgentEvent> {
  if (isRecord(value) && isCompleteStreamEvent(value)) {
    return { ok: true, value: value as unknown as AgentEvent };
  }
  return run((warnings) => readEvent(value, warnings));
}

/** `parseAgentEvent` for the fold's hot path: the event, or why it is unusable (a string). */
export function readAgentEvent(value: unknown): AgentEvent | string {
  if (isRecord(value) && isCompleteStreamEvent(value)) return value as unknown as AgentEvent;
  const result = parseAgentEvent(value);
  return result.ok ? result.value : result.error;
}
