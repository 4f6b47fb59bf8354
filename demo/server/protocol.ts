/*
 * AgentScope's wire shapes, written the way the Python service writes them: `model_dump(mode="json")`
 * puts the base fields `id, created_at, metadata` first, then `type`, then the class fields in
 * declaration order (reference/agentscope.md §1.2–1.3). Blocks and messages get the same treatment
 * (§2, §4), so what this server sends is byte-for-byte the shape a real service sends.
 */
import { randomUUID } from 'node:crypto';
import type {
  AgentEvent,
  AgentEventOf,
  AgentEventType,
  ContentBlock,
  JsonObject,
  Msg,
  PermissionRule,
  ToolCallBlock,
  ToolResultBlock,
} from 'react-agent-messages/core';

/* -------------------------------------------------------------------------------------------------
 * Ids and timestamps
 * -----------------------------------------------------------------------------------------------*/

/** `uuid.uuid4().hex`: 32 lowercase hex characters. */
export function pyId(): string {
  return randomUUID().replaceAll('-', '');
}

const wallStart = Date.now() * 1000;
const clockStart = process.hrtime.bigint();
let lastMicros = 0;

/** `datetime.now().isoformat()`: local, naive, microseconds, strictly increasing here. */
export function pyNow(): string {
  const elapsed = Number((process.hrtime.bigint() - clockStart) / 1000n);
  const micros = Math.max(wallStart + elapsed, lastMicros + 1);
  lastMicros = micros;
  const date = new Date(Math.floor(micros / 1000));
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` +
    `.${pad(micros % 1_000_000, 6)}`
  );
}

/* -------------------------------------------------------------------------------------------------
 * Events
 * -----------------------------------------------------------------------------------------------*/

/** Every class field after the base, in declaration order, with the defaults pydantic fills. */
const EVENT_FIELDS: { [T in AgentEventType]: readonly [string, unknown?][] } = {
  REPLY_START: [['session_id'], ['reply_id'], ['name'], ['role', 'assistant']],
  REPLY_END: [['session_id'], ['reply_id'], ['finished_reason', 'completed'], ['error', null]],
  MODEL_CALL_START: [['reply_id'], ['model_name']],
  MODEL_CALL_END: [
    ['reply_id'],
    ['input_tokens'],
    ['output_tokens'],
    ['cache_input_tokens', 0],
    ['cache_creation_input_tokens', 0],
    ['finished_reason', 'completed'],
  ],
  TEXT_BLOCK_START: [['reply_id'], ['block_id']],
  TEXT_BLOCK_DELTA: [['reply_id'], ['block_id'], ['delta']],
  TEXT_BLOCK_END: [['reply_id'], ['block_id']],
  THINKING_BLOCK_START: [['reply_id'], ['block_id']],
  THINKING_BLOCK_DELTA: [['reply_id'], ['block_id'], ['delta']],
  THINKING_BLOCK_END: [['reply_id'], ['block_id']],
  DATA_BLOCK_START: [['reply_id'], ['block_id'], ['media_type']],
  DATA_BLOCK_DELTA: [['reply_id'], ['block_id'], ['data'], ['media_type']],
  DATA_BLOCK_END: [['reply_id'], ['block_id']],
  HINT_BLOCK: [['reply_id'], ['block_id'], ['source', null], ['hint']],
  TOOL_CALL_START: [['reply_id'], ['tool_call_id'], ['tool_call_name']],
  TOOL_CALL_DELTA: [['reply_id'], ['tool_call_id'], ['delta']],
  TOOL_CALL_END: [['reply_id'], ['tool_call_id']],
  TOOL_RESULT_START: [['reply_id'], ['tool_call_id'], ['tool_call_name']],
  TOOL_RESULT_TEXT_DELTA: [['reply_id'], ['tool_call_id'], ['delta']],
  TOOL_RESULT_DATA_DELTA: [
    ['reply_id'],
    ['tool_call_id'],
    ['block_id'],
    ['media_type'],
    ['data', null],
    ['url', null],
  ],
  TOOL_RESULT_END: [['reply_id'], ['tool_call_id'], ['state']],
  EXCEED_MAX_ITERS: [['reply_id'], ['name']],
  REQUIRE_USER_CONFIRM: [['reply_id'], ['tool_calls']],
  REQUIRE_EXTERNAL_EXECUTION: [['reply_id'], ['tool_calls']],
  USER_CONFIRM_RESULT: [['reply_id'], ['confirm_results']],
  USER_INTERRUPT: [['reply_id']],
  EXTERNAL_EXECUTION_RESULT: [['reply_id'], ['execution_results']],
  CUSTOM: [['name'], ['value', {}]],
};

type EventFields<T extends AgentEventType> = Omit<
  AgentEventOf<T>,
  'id' | 'created_at' | 'metadata' | 'type'
>;
type Defaulted = 'role' | 'finished_reason' | 'error' | 'cache_input_tokens';
type DefaultedMore = 'cache_creation_input_tokens' | 'source' | 'data' | 'url' | 'block_id';

/** The fields a caller must give for an event of type `T` (defaults as in pydantic). */
export type EventInit<T extends AgentEventType> = Omit<EventFields<T>, Defaulted | DefaultedMore> &
  Partial<Pick<EventFields<T>, Extract<keyof EventFields<T>, Defaulted | DefaultedMore>>>;

/** A new event with a fresh id and timestamp, its keys in the Python service's order. */
export function makeEvent<T extends AgentEventType>(
  type: T,
  fields: EventInit<T>,
  metadata: JsonObject = {},
): AgentEventOf<T> {
  const out: Record<string, unknown> = { id: pyId(), created_at: pyNow(), metadata, type };
  const given = fields as Record<string, unknown>;
  for (const [key, fallback] of EVENT_FIELDS[type]) {
    if (given[key] !== undefined) out[key] = given[key];
    else if (key === 'block_id') out[key] = pyId();
    else out[key] = fallback;
  }
  return out as unknown as AgentEventOf<T>;
}

/** Re-serializes an event that came in (a confirmation, an external result) as pydantic would. */
export function normalizeEvent(event: AgentEvent): AgentEvent {
  const raw = event as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {
    id: raw['id'],
    created_at: raw['created_at'],
    metadata: raw['metadata'] ?? {},
    type: event.type,
  };
  for (const [key, fallback] of EVENT_FIELDS[event.type]) out[key] = raw[key] ?? fallback;
  if (event.type === 'USER_CONFIRM_RESULT') {
    out['confirm_results'] = event.confirm_results.map((result) => ({
      confirmed: result.confirmed,
      tool_call: pyBlock(result.tool_call),
      rules: result.rules ? result.rules.map(pyRule) : null,
    }));
  } else if (event.type === 'EXTERNAL_EXECUTION_RESULT') {
    out['execution_results'] = event.execution_results.map(pyBlock);
  }
  return out as unknown as AgentEvent;
}

/* -------------------------------------------------------------------------------------------------
 * Blocks, rules and messages
 * -----------------------------------------------------------------------------------------------*/

const BLOCK_FIELDS: Record<string, readonly string[]> = {
  text: ['type', 'text', 'id', 'created_at', 'finished_at'],
  thinking: ['type', 'thinking', 'id', 'created_at', 'finished_at'],
  data: ['type', 'id', 'source', 'name', 'created_at', 'finished_at'],
  hint: ['type', 'hint', 'id', 'source', 'created_at', 'finished_at'],
  tool_call: [
    'type',
    'id',
    'name',
    'input',
    'state',
    'suggested_rules',
    'created_at',
    'finished_at',
  ],
  tool_result: ['type', 'id', 'name', 'output', 'state', 'metadata', 'created_at', 'finished_at'],
};

/** A permission rule's keys in declaration order. */
export function pyRule(rule: PermissionRule): PermissionRule {
  return {
    tool_name: rule.tool_name,
    rule_content: rule.rule_content,
    behavior: rule.behavior,
    source: rule.source,
  };
}

/** A content block's keys in AgentScope's order; provider extras (a thinking `signature`) last. */
export function pyBlock<B extends ContentBlock>(block: B): B {
  const order = BLOCK_FIELDS[block.type];
  if (order === undefined) return block;
  const raw = block as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of order) out[key] = raw[key] ?? null;
  if (block.type === 'data') {
    const source = block.source as unknown as Record<string, unknown>;
    out['source'] =
      source['type'] === 'url'
        ? { type: 'url', url: source['url'], media_type: source['media_type'] }
        : { type: 'base64', data: source['data'], media_type: source['media_type'] };
  } else if (block.type === 'tool_call') {
    out['suggested_rules'] = block.suggested_rules.map(pyRule);
  } else if (block.type === 'tool_result') {
    const result = block as ToolResultBlock;
    out['output'] =
      typeof result.output === 'string' ? result.output : result.output.map((b) => pyBlock(b));
    out['metadata'] = result.metadata ?? {};
  } else if (block.type === 'hint' && Array.isArray(block.hint)) {
    out['hint'] = block.hint.map((b) => pyBlock(b));
  }
  for (const key of Object.keys(raw)) if (!(key in out)) out[key] = raw[key];
  return out as unknown as B;
}

/** A tool call as `REQUIRE_*` events carry it. */
export function pyToolCall(call: ToolCallBlock): ToolCallBlock {
  return pyBlock(call);
}

/** A message's keys in AgentScope's order (`Msg.model_dump(mode="json")`). */
export function pyMsg(msg: Msg): Msg {
  return {
    name: msg.name,
    content: msg.content.map((block) => pyBlock(block)),
    role: msg.role,
    id: msg.id,
    metadata: msg.metadata,
    created_at: msg.created_at,
    usage: msg.usage && {
      input_tokens: msg.usage.input_tokens,
      output_tokens: msg.usage.output_tokens,
      cache_input_tokens: msg.usage.cache_input_tokens,
      cache_creation_input_tokens: msg.usage.cache_creation_input_tokens,
    },
    finished_at: msg.finished_at,
    finished_reason: msg.finished_reason,
    structured_output: msg.structured_output,
    error: msg.error,
  };
}

/**
 * Python's `json.dumps(value, ensure_ascii=False)`: like `JSON.stringify`, but with its default
 * separators `", "` and `": "`.
 */
export function pyJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(pyJson).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(
    ([, item]) => item !== undefined,
  );
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}: ${pyJson(item)}`).join(', ')}}`;
}

/** The heartbeat comment frame. */
export const SSE_HEARTBEAT = ':\n\n';
