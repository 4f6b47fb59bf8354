/*
 * Decisions (the field-by-field table is in the README, "Adapters").
 *
 * - Timestamps. A number below 1e11 is epoch seconds (Python's `time.time()`), anything larger is
 *   milliseconds (the TS client's `Date.now()`): 1e11 s is the year 5138 and 1e11 ms is 1973, so
 *   no real timestamp is misread. Numbers become ISO 8601 in UTC; ISO strings (servers before
 *   2025-10-12) are kept as they are. No timestamp gives `created_at: ''`, never the current time,
 *   so that conversion stays pure. Blocks take the message's timestamps (AgentFlow blocks have none).
 * - Lifecycle. A final message (`delta` false or absent) is finished at its `created_at`; an
 *   assistant one gets `finished_reason: 'completed'`. A `delta: true` fragment is open
 *   (`finished_at: null`).
 * - Tool results. `state` is `'error'` when `is_error` is true or `status` is `"failed"` (or the
 *   documented `"error"`), otherwise `'success'`; `is_error` wins over a contradicting status.
 *   String output stays a string; structured output goes to `value` with its JSON text as `output`;
 *   a dumped `Message` (MCP) or a list of text/media blocks becomes `output` blocks.
 * - Tool calls. `args` becomes the JSON string `input`; `tool_type` becomes `kind`. A call in a
 *   final message is `'submitted'` (the tool node runs it), a call in a fragment `'pending'`, and
 *   a call whose result is in the same message (or a later one, in a list or a stream) `'finished'`.
 *   `remote_tool_call` is a call with `remote: true`, `kind: 'remote'`, state `'submitted'`.
 * - Ids. `message_id` numbers become decimal strings. A missing id, `""` and the TS client's
 *   placeholder `"0"` get a fresh id (they would collide in a list). Blocks get
 *   `<message id>:<index in the wire content>`; tool calls keep their call id and tool results take
 *   the id of the call they answer, as AgentScope does.
 * - `name` is the role: AgentFlow has no author name, and node names (`MAIN`) are not meant for people.
 * - Metadata. The wire `metadata` is kept as it is. AgentFlow's other envelope fields go under
 *   `metadata.agentflow`: `delta`, `timestamp` (the original value), `tools_calls` (provider-native
 *   duplicates of the tool_call blocks), `reasoning` (legacy duplicate of the reasoning text, never
 *   turned into a block), `raw`, `usages` (the original object, for `total_tokens`, `image_tokens`
 *   and `audio_tokens`), `message_id` (only when it was a number or a placeholder), and
 *   `block_extras[<block id>]` for block fields the model has no place for (`bbox`, `sample_rate`,
 *   `channels`, a document's extracted `text`). `parsed_content` becomes `structured_output`.
 * - Dropped: an annotation's `kind` (`citation`/`note`; citations have no kind), the metadata of a
 *   video thumbnail's MediaRef (the model keeps only its source), and `null`s.
 * - Lenient. The documented shapes the real code rejects (`tool_call_id` + `content`, reasoning
 *   `thinking`/`text`, error `error`, `annotation: AnnotationRef`, status `"error"`, `content` as a
 *   string) are read into the same model with a diagnostic. Junk never throws: it becomes an
 *   `unknown` block holding the raw value.
 */
import type { DiagnosticCode } from '../../fold/diagnostic-code.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import type { ContentBlock } from '../../model/block.js';
import { generateId } from '../../model/ids.js';
import type { JsonObject } from '../../model/json.js';
import type { Msg, Usage } from '../../model/message.js';
import { parseTimestamp } from '../../model/time.js';
import type { ContentContext, FieldReader } from './content-context.js';
import { convertContent } from './blocks.js';
import { report } from '../common/diagnostic.js';
import {
  asJson,
  isRecord,
  readId,
  readNumber,
  readObject,
  readText,
  readTimestamp,
} from '../common/read.js';
import { unknownMessage } from '../common/unknown-message.js';
import { pairResultsAt } from '../common/pair-results.js';

/** A converted AgentFlow message and what the conversion had to repair or set aside. */
export interface AgentFlowMessageResult {
  message: Msg;
  diagnostics: Diagnostic<DiagnosticCode>[];
}

/** Converted AgentFlow messages and what the conversion had to repair or set aside. */
export interface AgentFlowMessagesResult {
  messages: Msg[];
  diagnostics: Diagnostic<DiagnosticCode>[];
}

const ROLES: readonly string[] = ['user', 'assistant', 'system', 'tool'];
const ENVELOPE_FIELDS = ['timestamp', 'tools_calls', 'reasoning', 'raw', 'usages'] as const;

/* -------------------------------------------------------------------------------------------------
 * Envelope
 * -----------------------------------------------------------------------------------------------*/

const readUsage: FieldReader<Usage | null> = (value, path, diagnostics) => {
  if (value == null) return null;
  if (!isRecord(value)) {
    report(diagnostics, 'dropped', 'not an object; dropped', { path });
    return null;
  }
  const count = (key: string, required: boolean): number => {
    const number = readNumber(value[key]);
    if (number === null && (required || value[key] != null))
      report(diagnostics, 'repaired', 'not a number; read as 0', { path: `${path}.${key}` });
    return number ?? 0;
  };
  const usage: Usage = {
    input_tokens: count('prompt_tokens', true),
    output_tokens: count('completion_tokens', true),
    cache_input_tokens: count('cache_read_input_tokens', false),
    cache_creation_input_tokens: count('cache_creation_input_tokens', false),
  };
  const reasoning = readNumber(value['reasoning_tokens']);
  if (reasoning !== null) usage.reasoning_tokens = reasoning;
  return usage;
};

const readMessageId: FieldReader<string | null> = (value, path, diagnostics) => {
  const id = readId(value);
  if (id === null && value != null)
    report(diagnostics, 'repaired', 'not a string or number; a fresh id was used', { path });
  return id === '' || id === '0' ? null : id;
};

const readCreatedAt: FieldReader<string> = (value, path, diagnostics) => {
  // Only times: a string that is none (`"yesterday"`) is reported rather than kept as given.
  const created =
    typeof value === 'string' && parseTimestamp(value) === null ? null : readTimestamp(value);
  if (created === null && value != null)
    report(diagnostics, 'invalid-data', 'unreadable timestamp; kept in metadata.agentflow', {
      path,
      detail: 'invalid-timestamp',
    });
  return created ?? '';
};

const readRole: FieldReader<string> = (value, path, diagnostics) => {
  const role = readText(value);
  if (role === null) report(diagnostics, 'repaired', 'missing; read as "assistant"', { path });
  else if (!ROLES.includes(role))
    report(diagnostics, 'repaired', 'not an AgentFlow role; kept', { path });
  return role ?? 'assistant';
};

const originalType = (raw: unknown): string | null =>
  isRecord(raw) ? readText(raw['type']) : null;

/* -------------------------------------------------------------------------------------------------
 * Conversion
 * -----------------------------------------------------------------------------------------------*/

/** Options of the internal converter the stream fold shares. */
export interface ConvertOptions {
  /** Use this id instead of `message_id`. */
  id?: string;
  /** Stream context merged into `metadata.agentflow` (`run_id`, `thread_id`, `node`). */
  agentflow?: JsonObject;
}

function contentContext(
  wire: Record<string, unknown>,
  messageId: string,
  created: string,
  finished: string | null,
  diagnostics: Diagnostic<DiagnosticCode>[],
): ContentContext {
  const metadata = readObject(wire['metadata']);
  const isTool = wire['role'] === 'tool';
  return {
    messageId,
    created_at: created,
    finished_at: finished,
    toolName: isTool && metadata ? readText(metadata['function_name']) : null,
    toolCallId: isTool && metadata ? readId(metadata['tool_call_id']) : null,
    diagnostics,
    extras: {},
  };
}

/** One AgentFlow message as a `Msg`; reports into `diagnostics` and never throws on data. */
export function convertMessage(
  json: unknown,
  path: string,
  diagnostics: Diagnostic<DiagnosticCode>[],
  options: ConvertOptions = {},
): Msg {
  if (!isRecord(json)) {
    report(
      diagnostics,
      'invalid-input',
      'not an AgentFlow message object; kept as an unknown block',
      { path },
    );
    return unknownMessage(json, options.id ?? generateId(), originalType(json));
  }
  const role = readRole(json['role'], `${path}.role`, diagnostics);
  if (json['delta'] != null && typeof json['delta'] !== 'boolean')
    report(diagnostics, 'repaired', 'not a boolean; read as false', { path: `${path}.delta` });
  const delta = json['delta'] === true;
  const wireId = readMessageId(json['message_id'], `${path}.message_id`, diagnostics);
  const id = options.id ?? wireId ?? generateId();
  const created = readCreatedAt(json['timestamp'], `${path}.timestamp`, diagnostics);
  const finished = delta ? null : created;
  const ctx = contentContext(json, id, created, finished, diagnostics);
  const content = convertContent(json['content'], `${path}.content`, ctx);

  const wireMetadata = readObject(json['metadata']);
  if (wireMetadata === null && json['metadata'] != null)
    report(diagnostics, 'dropped', 'not an object; dropped', { path: `${path}.metadata` });
  const agentflow: JsonObject = {};
  if (json['message_id'] != null && (typeof json['message_id'] !== 'string' || wireId === null))
    agentflow['message_id'] = asJson(json['message_id']);
  if (typeof json['delta'] === 'boolean') agentflow['delta'] = json['delta'];
  for (const field of ENVELOPE_FIELDS)
    if (json[field] != null) agentflow[field] = asJson(json[field]);
  if (Object.keys(ctx.extras).length > 0) agentflow['block_extras'] = ctx.extras;
  Object.assign(agentflow, options.agentflow);
  if (wireMetadata?.['agentflow'] !== undefined)
    report(diagnostics, 'dropped', "replaced by the adapter's own agentflow entry", {
      path: `${path}.metadata.agentflow`,
    });

  const parsed = json['parsed_content'];
  const message: Msg = {
    name: role,
    content,
    role,
    id,
    metadata:
      Object.keys(agentflow).length > 0 ? { ...wireMetadata, agentflow } : (wireMetadata ?? {}),
    created_at: created,
    usage: readUsage(json['usages'], `${path}.usages`, diagnostics),
    finished_at: finished,
    finished_reason: role === 'assistant' && !delta ? 'completed' : null,
    structured_output:
      parsed == null ? null : isRecord(parsed) ? (parsed as JsonObject) : { value: asJson(parsed) },
    error: null,
  };
  return pairResultsAt((at) => (at === 0 ? message : undefined), 0).get(0) ?? message;
}

/** The content and usage of a streaming fragment, with block ids under `messageId`. */
export function convertFragment(
  json: Record<string, unknown>,
  messageId: string,
  path: string,
  diagnostics: Diagnostic<DiagnosticCode>[],
): { content: ContentBlock[]; usage: Usage | null } {
  const created = readCreatedAt(json['timestamp'], `${path}.timestamp`, diagnostics);
  const ctx = contentContext(json, messageId, created, null, diagnostics);
  return {
    content: convertContent(json['content'], `${path}.content`, ctx),
    usage: readUsage(json['usages'], `${path}.usages`, diagnostics),
  };
}

/* -------------------------------------------------------------------------------------------------
 * Public
 * -----------------------------------------------------------------------------------------------*/

// Input that throws while read (a getter, a proxy) leaves an empty unknown message in its place.
function convertOrReport(
  json: unknown,
  path: string,
  diagnostics: Diagnostic<DiagnosticCode>[],
): Msg {
  try {
    return convertMessage(json, path, diagnostics);
  } catch (error) {
    const problem = `unreadable input (${String(error)}); nothing kept`;
    report(diagnostics, 'invalid-input', problem, { path });
    return unknownMessage(null, generateId());
  }
}

/** Converts one AgentFlow `Message` (Python or TS client shape) into a `Msg`; never throws. */
export function fromAgentFlowMessage(json: unknown): AgentFlowMessageResult {
  const diagnostics: Diagnostic<DiagnosticCode>[] = [];
  return { message: convertOrReport(json, '$', diagnostics), diagnostics };
}

function messageList(json: unknown): unknown[] | null {
  if (Array.isArray(json)) return json;
  if (!isRecord(json)) return null;
  if (Array.isArray(json['messages'])) return json['messages'];
  const data = json['data'];
  return isRecord(data) && Array.isArray(data['messages']) ? data['messages'] : null;
}

/**
 * Converts a list of AgentFlow messages (or an invoke response's `data.messages`), pairing each
 * tool result with its call across messages; never throws.
 */
export function fromAgentFlowMessages(json: unknown): AgentFlowMessagesResult {
  const diagnostics: Diagnostic<DiagnosticCode>[] = [];
  const list = messageList(json);
  if (list === null) {
    report(diagnostics, 'invalid-input', 'not a list of messages', { path: '$' });
    return { messages: [], diagnostics };
  }
  const messages: Msg[] = [];
  list.forEach((item, index) => {
    messages.push(convertOrReport(item, `$[${index}]`, diagnostics));
    const paired = pairResultsAt((at) => messages[at], messages.length - 1);
    for (const [at, msg] of paired) messages[at] = msg;
  });
  return { messages, diagnostics };
}
