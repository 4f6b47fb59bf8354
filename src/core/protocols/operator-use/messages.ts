import type { DiagnosticCode } from '../../fold/diagnostic-code.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import type { ContentBlock, TextBlock } from '../../model/block.js';
import { generateId } from '../../model/ids.js';
import type { JsonObject, JsonValue } from '../../model/json.js';
import type { ErrorInfo, Msg, ReplyFinishedReason, Usage } from '../../model/message.js';
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
  type UnknownRecord,
} from '../common/read.js';
import {
  contentContext,
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
    const parts = Object.entries(cost).filter(
      ([key, part]) => key !== 'total' && typeof part === 'number' && part !== 0,
    );
    if (parts.length > 0) metadata.push(['cost', cost as JsonObject]);
  }
  const known = new Set([
    'input_tokens',
    'output_tokens',
    'cache_read_tokens',
    'cache_write_tokens',
    'reasoning_tokens',
    'cost',
  ]);
  const extra = Object.entries(value).filter(([key]) => !known.has(key)) as [string, JsonValue][];
  if (extra.length > 0) metadata.push(['usage_extra', jsonObject(extra)]);
  return usage;
}

const FINISHED_REASONS: Readonly<Record<string, ReplyFinishedReason>> = {
  stop: 'completed',
  tool_calls: 'completed',
  length: 'completed',
  content_filter: 'completed',
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

/** Converts one Operator-Use message (any role) to a `Msg`; never throws. */
export function convertOperatorUseMessage(value: unknown, options: ConvertMessageOptions): Msg {
  const { diagnostics, where } = options;
  if (!isRecord(value)) {
    reportAt(
      diagnostics,
      'invalid-input',
      where,
      'is not a JSON object; kept as an unknown block',
      value,
    );
    return unknownMessage(value, options.fallbackId ?? generateId());
  }
  let role = value['role'];
  if (typeof role !== 'string') {
    const what = `${preview(role)} is not a string; read as assistant`;
    reportAt(diagnostics, 'repaired', inside(where, '.role'), what, role);
    role = 'assistant';
  }
  const roleName = role as string;
  const created = toTimestamp(value['timestamp'] ?? options.fallbackTimestamp, diagnostics, where);
  const id = readId(value['id']) ?? options.fallbackId ?? `${roleName}@${created}`;
  const streaming = options.streaming === true;
  const finished = streaming ? null : created;
  const metadata: [string, JsonValue][] = [];
  const context = contentContext(id, created, finished, diagnostics);
  let name = roleName;
  let content: ContentBlock[];
  const summaryBlock = (): TextBlock[] => [
    {
      type: 'text',
      text: stringField(value, 'summary', context, where),
      ...stamp(context, `${id}:0`),
    },
  ];

  switch (roleName) {
    case 'compaction_summary': {
      content = summaryBlock();
      metadata.push(['notice', 'compaction'], ['tokens_before', count(value['tokens_before'])]);
      if (typeof value['tokens_before'] !== 'number') {
        const field = inside(where, '.tokens_before');
        reportAt(
          diagnostics,
          'repaired',
          field,
          'is not a number; read as 0',
          value['tokens_before'],
        );
      }
      break;
    }
    case 'branch_summary':
      content = summaryBlock();
      metadata.push(['notice', 'branch'], ['from_id', asJson(value['from_id'])]);
      if (typeof value['label'] === 'string') metadata.push(['label', value['label']]);
      break;
    case 'custom': {
      const customType = typeof value['custom_type'] === 'string' ? value['custom_type'] : '';
      name = customType || 'custom';
      content = convertContents(
        value['contents'] ?? value['content'],
        context,
        inside(where, '.contents'),
      );
      metadata.push(['notice', 'custom'], ['custom_type', customType]);
      break;
    }
    default:
      content = convertContents(value['contents'], context, inside(where, '.contents'));
  }
  const roleKeys = lookup(ROLE_KEYS, roleName) ?? [];
  if (value['details'] != null && roleKeys.includes('details'))
    metadata.push(['details', asJson(value['details'])]);

  let usage: Usage | null = null;
  let finishedReason: ReplyFinishedReason | null = null;
  let error: ErrorInfo | null = null;
  if (isRecord(value['usage']) && roleKeys.includes('usage') && !streaming)
    usage = convertUsage(value['usage'], metadata);
  const stopReason = value['stop_reason'];
  if (typeof stopReason === 'string' && roleName === 'assistant' && !streaming) {
    metadata.push(['stop_reason', stopReason]);
    finishedReason = lookup(FINISHED_REASONS, stopReason) ?? 'completed';
  }
  if (typeof value['error'] === 'string' && value['error'] !== '' && roleName === 'assistant') {
    const kind = value['error_kind'];
    error = {
      type: typeof kind === 'string' && kind !== '' ? kind : 'unknown',
      message: value['error'],
    };
  }
  if (context.callMetadata.length > 0)
    metadata.push(['tool_call_metadata', jsonObject(context.callMetadata)]);

  const consumed = new Set([...BASE_KEYS, ...roleKeys]);
  const extra = Object.entries(value).filter(
    ([key, field]) => !consumed.has(key) && field !== undefined,
  ) as [string, JsonValue][];
  if (extra.length > 0) metadata.push(['extra', jsonObject(extra)]);
  metadata.push(...(options.metadata ?? []));

  return {
    name,
    content,
    role: roleName,
    id,
    metadata: jsonObject(metadata),
    created_at: created,
    usage,
    finished_at: finished,
    finished_reason: finishedReason,
    structured_output: null,
    error,
  };
}

/**
 * Converts one Operator-Use message (`UserMessage`, `AssistantMessage`, `CustomMessage`,
 * `CompactionSummaryMessage`, …) to a finished `Msg`, with what could not be converted faithfully.
 */
export function fromOperatorUseMessage(json: unknown): OperatorUseMessageResult {
  const diagnostics: Diagnostic<DiagnosticCode>[] = [];
  try {
    return {
      message: convertOperatorUseMessage(json, {
        diagnostics,
        where: { text: 'message', path: '$' },
      }),
      diagnostics,
    };
  } catch (error) {
    report(diagnostics, 'invalid-input', `message could not be read (${String(error)})`, {
      path: '$',
    });
    return { message: unknownMessage(json, generateId()), diagnostics };
  }
}
