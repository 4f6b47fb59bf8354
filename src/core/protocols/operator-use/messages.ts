import type { DiagnosticCode } from '../../fold/diagnostic-code.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import type { ContentBlock } from '../../model/block.js';
import { generateId } from '../../model/ids.js';
import type { JsonValue } from '../../model/json.js';
import type { Msg, ReplyFinishedReason, Usage } from '../../model/message.js';
import { unknownMessage } from '../common/unknown-message.js';
import { stamp } from '../common/block-context.js';
import { report } from '../common/diagnostic.js';
import {
  asJson,
  isRecord,
  jsonObject,
  lookup,
  preview,
  readId,
  readNumber,
  readString,
  readText,
  type UnknownRecord,
} from '../common/read.js';
import {
  contentContext,
  type ContentContext,
  convertContents,
  inside,
  reportAt,
  stringField,
  toTimestamp,
  type Where,
} from './content.js';

/** A converted Operator-Use message and what could not be converted faithfully. */
export interface OperatorUseMessageResult {
  message: Msg;
  diagnostics: Diagnostic<DiagnosticCode>[];
}

/**
 * How the UI should present a session-only message; stored in `metadata.notice`, next to what
 * the notice shows:
 * - `compaction` (role `compaction_summary`): `tokens_before`, the context size that was
 *   summarised (0 when the source has none); the summary is the message's one text block;
 * - `branch` (role `branch_summary`): `from_id`, the entry the branch left from, and `label`
 *   when the summary or its entry has one; the summary is the message's one text block;
 * - `custom` (role `custom`, named after `custom_type`): `custom_type`, and in a session
 *   `display`, false for a message the extension keeps from the user.
 */
export type OperatorUseNotice = 'compaction' | 'branch' | 'custom';

/* -------------------------------------------------------------------------------------------------
 * Usage, stop reason, error
 * -----------------------------------------------------------------------------------------------*/

const count = (value: unknown): number => readNumber(value) ?? 0;
const USAGE_KEYS = new Set(
  `input_tokens output_tokens cache_read_tokens cache_write_tokens
  reasoning_tokens cost`.split(/\s+/),
);

function convertUsage(value: UnknownRecord, metadata: [string, JsonValue][]): Usage {
  const usage: Usage = {
    input_tokens: count(value['input_tokens']),
    output_tokens: count(value['output_tokens']),
    cache_input_tokens: count(value['cache_read_tokens']),
    cache_creation_input_tokens: count(value['cache_write_tokens']),
  };
  if (typeof value['reasoning_tokens'] === 'number')
    usage.reasoning_tokens = count(value['reasoning_tokens']);
  const cost = value['cost'];
  if (typeof cost === 'number') usage.cost = count(cost);
  else if (isRecord(cost)) {
    usage.cost = count(cost['total']);
    // The breakdown is kept only when it says more than the total.
    const parts = Object.entries(cost).filter(([key, part]) => key !== 'total' && part !== 0);
    if (parts.some(([, part]) => typeof part === 'number')) metadata.push(['cost', asJson(cost)]);
  }
  putExtra(metadata, 'usage_extra', value, (name) => !USAGE_KEYS.has(name));
  return usage;
}

/** Puts the fields of `record` that `unread` picks, if any, under `key` of `metadata`. */
function putExtra(
  metadata: [string, JsonValue][],
  key: string,
  record: UnknownRecord,
  unread: (name: string, field: unknown) => boolean,
): void {
  const extra = Object.entries(record).filter(([name, field]) => unread(name, field));
  if (extra.length > 0) metadata.push([key, jsonObject(extra as [string, JsonValue][])]);
}

// Every other stop reason (`stop`, `tool_calls`, `length`, `content_filter`) completes the reply.
const FINISHED_REASONS: Readonly<Record<string, ReplyFinishedReason>> = {
  abort: 'interrupted',
  error: 'error',
};

/* -------------------------------------------------------------------------------------------------
 * Messages
 * -----------------------------------------------------------------------------------------------*/

/** Options for the internal converter that sessions and the event fold share. */
export interface ConvertMessageOptions {
  diagnostics: Diagnostic<DiagnosticCode>[];
  /** Where the message is in the input, e.g. `line 3 message` at `$[2].message`. */
  where: Where;
  /** The id to use when the message has none (session-only messages): the entry id. */
  fallbackId?: string;
  fallbackTimestamp?: unknown;
  /** Still streaming: no finish time, no usage, no stop reason yet. */
  streaming?: boolean;
  /** Added to `metadata` after the message's own keys. */
  metadata?: [string, JsonValue][];
}

const BASE_KEYS = ['role', 'contents', 'id', 'timestamp'];
const ROLE_KEYS: Readonly<Record<string, readonly string[]>> = {
  assistant: ['usage', 'stop_reason', 'error', 'error_kind'],
  custom: ['custom_type', 'content', 'details'],
  branch_summary: ['summary', 'from_id', 'details', 'label', 'usage'],
  compaction_summary: ['summary', 'tokens_before', 'details', 'usage'],
};

/**
 * The message a session entry of its own role stands for: `role`, the entry's `timestamp` and the
 * entry's fields that a message of that role reads.
 */
export function entryAsMessage(role: string, record: UnknownRecord): UnknownRecord {
  const message: UnknownRecord = { role, timestamp: record['timestamp'] };
  for (const key of lookup(ROLE_KEYS, role) ?? []) message[key] = record[key];
  return message;
}

/**
 * A message's name and blocks by its role: a session-only role's one summary block or its
 * contents, with the notice it is put in `metadata`; any other role's contents.
 */
function roleContent(
  role: string,
  value: UnknownRecord,
  context: ContentContext,
  where: Where,
  metadata: [string, JsonValue][],
): [string, ContentBlock[]] {
  if (role === 'custom') {
    const customType = readString(value['custom_type']) ?? '';
    const contents = value['contents'] ?? value['content'];
    const content = convertContents(contents, context, inside(where, '.contents'));
    metadata.push(['notice', 'custom'], ['custom_type', customType]);
    return [customType || 'custom', content];
  }
  if (role !== 'compaction_summary' && role !== 'branch_summary')
    return [role, convertContents(value['contents'], context, inside(where, '.contents'))];
  const text = stringField(value, 'summary', context, where);
  if (role === 'branch_summary') {
    metadata.push(['notice', 'branch'], ['from_id', asJson(value['from_id'])]);
    if (typeof value['label'] === 'string') metadata.push(['label', value['label']]);
  } else {
    const tokens = value['tokens_before'];
    metadata.push(['notice', 'compaction'], ['tokens_before', count(tokens)]);
    const field = inside(where, '.tokens_before');
    if (typeof tokens !== 'number')
      reportAt(context.diagnostics, 'repaired', field, 'is not a number; read as 0', tokens);
  }
  return [role, [{ type: 'text', text, ...stamp(context, `${context.messageId}:0`) }]];
}

/** Converts one Operator-Use message (any role) to a `Msg`; never throws. */
export function convertOperatorUseMessage(value: unknown, options: ConvertMessageOptions): Msg {
  const { diagnostics, where } = options;
  if (!isRecord(value)) {
    const what = 'is not a JSON object; kept as an unknown block';
    reportAt(diagnostics, 'invalid-input', where, what, value);
    return unknownMessage(value, options.fallbackId ?? generateId());
  }
  const role = readString(value['role']) ?? 'assistant';
  if (typeof value['role'] !== 'string') {
    const what = `${preview(value['role'])} is not a string; read as assistant`;
    reportAt(diagnostics, 'repaired', inside(where, '.role'), what, value['role']);
  }
  const created = toTimestamp(value['timestamp'] ?? options.fallbackTimestamp, diagnostics, where);
  const id = readId(value['id']) ?? options.fallbackId ?? `${role}@${created}`;
  const streaming = options.streaming === true;
  const finished = streaming ? null : created;
  const metadata: [string, JsonValue][] = [];
  const context = contentContext(id, created, finished, diagnostics);
  const [name, content] = roleContent(role, value, context, where, metadata);
  const roleKeys = lookup(ROLE_KEYS, role) ?? [];
  if (value['details'] != null && roleKeys.includes('details'))
    metadata.push(['details', asJson(value['details'])]);
  const usage =
    isRecord(value['usage']) && roleKeys.includes('usage') && !streaming
      ? convertUsage(value['usage'], metadata)
      : null;
  const stopReason = role === 'assistant' && !streaming ? readString(value['stop_reason']) : null;
  if (stopReason !== null) metadata.push(['stop_reason', stopReason]);
  const errorText = role === 'assistant' ? readText(value['error']) : null;
  const errorType = readText(value['error_kind']) ?? 'unknown';
  if (context.callMetadata.length > 0)
    metadata.push(['tool_call_metadata', jsonObject(context.callMetadata)]);
  const consumed = new Set([...BASE_KEYS, ...roleKeys]);
  putExtra(metadata, 'extra', value, (name, field) => !consumed.has(name) && field !== undefined);
  metadata.push(...(options.metadata ?? []));

  return {
    name,
    content,
    role,
    id,
    metadata: jsonObject(metadata),
    created_at: created,
    usage,
    finished_at: finished,
    finished_reason:
      stopReason === null ? null : (lookup(FINISHED_REASONS, stopReason) ?? 'completed'),
    structured_output: null,
    error: errorText === null ? null : { type: errorType, message: errorText },
  };
}

/**
 * Converts one Operator-Use message (`UserMessage`, `AssistantMessage`, `CustomMessage`,
 * `CompactionSummaryMessage`, …) to a finished `Msg`, with what could not be converted faithfully.
 */
export function fromOperatorUseMessage(json: unknown): OperatorUseMessageResult {
  const diagnostics: Diagnostic<DiagnosticCode>[] = [];
  const where = { text: 'message', path: '$' };
  try {
    return { message: convertOperatorUseMessage(json, { diagnostics, where }), diagnostics };
  } catch (error) {
    const what = `message could not be read (${String(error)})`;
    report(diagnostics, 'invalid-input', what, { path: '$' });
    return { message: unknownMessage(json, generateId()), diagnostics };
  }
}
