import type { AgentEvent } from '../../../src/core/model/event.js';
import type { Diagnostic } from '../../../src/core/model/diagnostic.js';
import type { StreamDiagnosticCode } from '../../../src/core/stream/diagnostic.js';
import {
  readEventStream,
  type EventStream,
  type ReadEventStreamOptions,
} from '../../../src/core/stream/read-event-stream.js';
import type { EventStreamSource } from '../../../src/core/stream/byte-source.js';

const base = (id: string) => ({
  id,
  created_at: '2026-09-01T12:34:56.123456',
  metadata: {},
});

/** A complete AgentScope reply, keys in the order `model_dump(mode="json")` writes them. */
export const replyEvents: AgentEvent[] = [
  {
    ...base('e1'),
    type: 'REPLY_START',
    session_id: 'session-id',
    reply_id: 'reply-id',
    name: 'Friday',
    role: 'assistant',
  },
  { ...base('e2'), type: 'MODEL_CALL_START', reply_id: 'reply-id', model_name: 'qwen-max' },
  { ...base('e3'), type: 'THINKING_BLOCK_START', reply_id: 'reply-id', block_id: 'thinking-id' },
  {
    ...base('e4'),
    type: 'THINKING_BLOCK_DELTA',
    reply_id: 'reply-id',
    block_id: 'thinking-id',
    delta: 'réfléchir… 考える',
  },
  { ...base('e5'), type: 'THINKING_BLOCK_END', reply_id: 'reply-id', block_id: 'thinking-id' },
  { ...base('e6'), type: 'TEXT_BLOCK_START', reply_id: 'reply-id', block_id: 'text-id' },
  {
    ...base('e7'),
    type: 'TEXT_BLOCK_DELTA',
    reply_id: 'reply-id',
    block_id: 'text-id',
    delta: 'héllo 世界 🎉',
  },
  {
    ...base('e8'),
    type: 'TEXT_BLOCK_DELTA',
    reply_id: 'reply-id',
    block_id: 'text-id',
    delta: '\nline two: "quoted" {braces} [brackets]\r\n',
  },
  { ...base('e9'), type: 'TEXT_BLOCK_END', reply_id: 'reply-id', block_id: 'text-id' },
  {
    ...base('e10'),
    type: 'TOOL_CALL_START',
    reply_id: 'reply-id',
    tool_call_id: 'call-id',
    tool_call_name: 'read',
  },
  {
    ...base('e11'),
    type: 'TOOL_CALL_DELTA',
    reply_id: 'reply-id',
    tool_call_id: 'call-id',
    delta: '{"path": "ünïcödé/文件.txt"',
  },
  {
    ...base('e12'),
    type: 'TOOL_CALL_DELTA',
    reply_id: 'reply-id',
    tool_call_id: 'call-id',
    delta: '}',
  },
  { ...base('e13'), type: 'TOOL_CALL_END', reply_id: 'reply-id', tool_call_id: 'call-id' },
  {
    ...base('e14'),
    type: 'TOOL_RESULT_START',
    reply_id: 'reply-id',
    tool_call_id: 'call-id',
    tool_call_name: 'read',
  },
  {
    ...base('e15'),
    type: 'TOOL_RESULT_TEXT_DELTA',
    reply_id: 'reply-id',
    tool_call_id: 'call-id',
    delta: 'ok ✅',
  },
  {
    ...base('e16'),
    type: 'TOOL_RESULT_DATA_DELTA',
    reply_id: 'reply-id',
    tool_call_id: 'call-id',
    block_id: 'result-data-id',
    media_type: 'image/png',
    data: 'eA==',
    url: null,
  },
  {
    ...base('e17'),
    type: 'TOOL_RESULT_END',
    reply_id: 'reply-id',
    tool_call_id: 'call-id',
    state: 'success',
  },
  {
    ...base('e18'),
    type: 'MODEL_CALL_END',
    reply_id: 'reply-id',
    input_tokens: 10,
    output_tokens: 2,
    cache_input_tokens: 0,
    cache_creation_input_tokens: 0,
    finished_reason: 'completed',
  },
  {
    ...base('e19'),
    type: 'CUSTOM',
    name: 'state_updated',
    value: { tasks_context: {}, permission_context: {} },
  },
  {
    ...base('e20'),
    type: 'REPLY_END',
    session_id: 'session-id',
    reply_id: 'reply-id',
    finished_reason: 'completed',
    error: null,
  },
];

/** A text delta event carrying `delta`. */
export function textDelta(delta: string, id = 'delta-id'): AgentEvent {
  return {
    ...base(id),
    type: 'TEXT_BLOCK_DELTA',
    reply_id: 'reply-id',
    block_id: 'text-id',
    delta,
  };
}

/** One SSE frame exactly as AgentScope's service writes it. */
export function sseFrame(event: unknown): string {
  return `data: ${JSON.stringify(event)}\n\n`;
}

/** Events framed as AgentScope's SSE endpoint frames them, with a `:` heartbeat between each. */
export function encodeSse(events: readonly unknown[]): string {
  return events.map(sseFrame).join(':\n\n');
}

/** Events as NDJSON, one per line. */
export function encodeNdjson(events: readonly unknown[]): string {
  return events.map((event) => `${JSON.stringify(event)}\n`).join('');
}

/** Python's `json.dumps(value, ensure_ascii=False)`: `", "` and `": "` separators. */
export function pythonDumps(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pythonDumps).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}: ${pythonDumps(item)}`)
      .join(', ')}}`;
  }
  return JSON.stringify(value);
}

/** UTF-8 bytes of a string. */
export function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** Cuts bytes at the given offsets (any order, duplicates allowed). */
export function splitBytes(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((cut) => Math.min(cut, bytes.length)))].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let start = 0;
  for (const point of [...points, bytes.length]) {
    pieces.push(bytes.subarray(start, point));
    start = point;
  }
  return pieces;
}

/** Cuts bytes into pieces of `size`. */
export function chunkBytes(bytes: Uint8Array, size: number): Uint8Array[] {
  const pieces: Uint8Array[] = [];
  for (let start = 0; start < bytes.length; start += size)
    pieces.push(bytes.subarray(start, start + size));
  return pieces;
}

/** An async generator over the given items. */
export async function* asyncItems<T>(items: Iterable<T>): AsyncGenerator<T, void, undefined> {
  for (const item of items) yield item;
}

/** Everything a stream gives: its events, its diagnostics and the stream itself. */
export interface Collected {
  events: AgentEvent[];
  diagnostics: Diagnostic<StreamDiagnosticCode>[];
  stream: EventStream;
}

/** Reads a whole stream. */
export async function collect(
  source: EventStreamSource,
  options: Omit<ReadEventStreamOptions, 'onDiagnostic'> = {},
): Promise<Collected> {
  const diagnostics: Diagnostic<StreamDiagnosticCode>[] = [];
  const stream = readEventStream(source, {
    ...options,
    onDiagnostic: (diagnostic) => diagnostics.push(diagnostic),
  });
  const events: AgentEvent[] = [];
  for await (const event of stream) events.push(event);
  return { events, diagnostics, stream };
}
