import type { ErrorInfo, Msg, Usage } from '../message.js';
import { REPLY_FINISHED_REASONS } from '../message.js';
import { generateId } from '../ids.js';
import type { ParseResult } from './field-reader.js';
import { FieldReader, fail, isRecord, readList, run } from './field-reader.js';
import { parseContentBlockWith } from './block-reader.js';

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

/** Reads `Msg.error` (also carried by `REPLY_END`); a bare string becomes its message. */
export function readErrorInfo(value: unknown, path: string, warnings: string[]): ErrorInfo | null {
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
