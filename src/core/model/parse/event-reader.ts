import { TOOL_RESULT_STATES } from '../block.js';
import type { AgentEvent, AgentEventType, ConfirmResult } from '../event.js';
import { generateId } from '../ids.js';
import { REPLY_FINISHED_REASONS } from '../message.js';
import type { ParseResult, UnknownRecord } from './field-reader.js';
import { FieldReader, fail, isRecord, readList, run } from './field-reader.js';
import { readMediaList, readRule, readToolCall, readToolResult } from './block-reader.js';
import { readErrorInfo } from './message-reader.js';

type EventReader = (reader: FieldReader, warnings: string[]) => void;

const readBlockId: EventReader = (reader) => {
  reader.id('block_id');
};

const readBlockDelta: EventReader = (reader) => {
  reader.id('block_id');
  reader.string('delta');
};

const readToolStart: EventReader = (reader) => {
  reader.id('tool_call_id');
  reader.string('tool_call_name', '');
};

const readToolDelta: EventReader = (reader) => {
  reader.id('tool_call_id');
  reader.string('delta');
};

/** Reads the list in field `key`, each item with `read`; an item it cannot read fails the event. */
function listField(
  key: string,
  read: (item: unknown, path: string, warnings: string[]) => unknown,
): EventReader {
  return (reader, warnings) =>
    reader.set(
      key,
      readList(reader.raw(key), `event.${key}`, (item, path) => read(item, path, warnings)),
      false,
    );
}

const readToolCalls = listField('tool_calls', readToolCall);

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

/**
 * The fields each event type requires, beyond `id`, `created_at`, `metadata` and (for every type
 * but `CUSTOM`) `reply_id`. Keyed by every wire type: a new event type without a reader is a
 * compile error.
 */
const EVENT_READERS: Record<AgentEventType, EventReader> = {
  REPLY_START(reader) {
    reader.string('session_id', '');
    reader.string('name', '');
    reader.oneOf('role', ['assistant', 'user', 'system'] as const, 'assistant');
  },
  REPLY_END(reader, warnings) {
    reader.string('session_id', '');
    reader.oneOf('finished_reason', REPLY_FINISHED_REASONS, 'completed');
    reader.set('error', readErrorInfo(reader.raw('error'), 'event.error', warnings), false);
  },
  MODEL_CALL_START(reader) {
    reader.string('model_name', '');
  },
  MODEL_CALL_END(reader) {
    reader.number('input_tokens', 0);
    reader.number('output_tokens', 0);
    reader.number('cache_input_tokens', 0);
    reader.number('cache_creation_input_tokens', 0);
    reader.oneOf('finished_reason', ['completed', 'interrupted'] as const, 'completed');
  },
  TEXT_BLOCK_START: readBlockId,
  TEXT_BLOCK_DELTA: readBlockDelta,
  TEXT_BLOCK_END: readBlockId,
  THINKING_BLOCK_START: readBlockId,
  THINKING_BLOCK_DELTA: readBlockDelta,
  THINKING_BLOCK_END: readBlockId,
  DATA_BLOCK_START(reader) {
    reader.id('block_id');
    reader.string('media_type', 'application/octet-stream');
  },
  DATA_BLOCK_DELTA(reader) {
    reader.id('block_id');
    reader.string('data');
    reader.string('media_type', '');
  },
  DATA_BLOCK_END: readBlockId,
  HINT_BLOCK(reader, warnings) {
    reader.id('block_id');
    reader.nullableString('source');
    const hint = reader.raw('hint');
    if (typeof hint !== 'string')
      reader.set('hint', readMediaList(hint, 'event.hint', warnings), false);
  },
  TOOL_CALL_START: readToolStart,
  TOOL_CALL_DELTA: readToolDelta,
  TOOL_CALL_END(reader) {
    reader.id('tool_call_id');
  },
  TOOL_RESULT_START: readToolStart,
  TOOL_RESULT_TEXT_DELTA: readToolDelta,
  TOOL_RESULT_DATA_DELTA(reader) {
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
  },
  TOOL_RESULT_END(reader) {
    reader.id('tool_call_id');
    reader.oneOf('state', TOOL_RESULT_STATES);
    reader.object('metadata');
  },
  EXCEED_MAX_ITERS(reader) {
    reader.string('name', '');
  },
  REQUIRE_USER_CONFIRM: readToolCalls,
  REQUIRE_EXTERNAL_EXECUTION: readToolCalls,
  USER_CONFIRM_RESULT: listField('confirm_results', readConfirmResult),
  EXTERNAL_EXECUTION_RESULT: listField('execution_results', readToolResult),
  USER_INTERRUPT() {},
  CUSTOM(reader) {
    reader.string('name', '');
    reader.object('value');
  },
};

function isEventType(type: string): type is AgentEventType {
  return Object.hasOwn(EVENT_READERS, type);
}

function readEvent(value: unknown, warnings: string[]): AgentEvent {
  if (!isRecord(value)) return fail('an event must be a JSON object');
  const reader = new FieldReader(value, 'event', warnings);
  const wireType = value['type'];
  if (typeof wireType !== 'string') return fail('event.type must be a string');
  let type: AgentEventType;
  if (isEventType(wireType)) type = wireType;
  else {
    // Some third-party servers spell the types in lower case; AgentScope itself never does.
    const upper = wireType.toUpperCase();
    if (!isEventType(upper)) return fail(`unknown event type "${wireType.slice(0, 60)}"`);
    type = reader.set('type', upper);
  }
  reader.string('id', '');
  reader.string('created_at', '');
  reader.object('metadata');
  // CUSTOM is the only event that belongs to no reply.
  if (type !== 'CUSTOM') reader.id('reply_id');
  EVENT_READERS[type](reader, warnings);
  return reader.result<AgentEvent>();
}

/**
 * True for a complete, valid event of one of the types a stream is made of (deltas, starts and
 * ends): they are checked here without building a reader, because every token goes through this.
 */
function isCompleteStreamEvent(value: UnknownRecord): boolean {
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
