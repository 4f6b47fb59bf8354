import type {
  ContentBlock,
  DataBlock,
  TextBlock,
  ToolCallBlock,
  ToolResultBlock,
} from '../../model/block.js';
import type { ContentContext } from './content-context.js';
import { stamp } from '../common/block-context.js';
import { isMediaBlockType } from './media.js';
import { report } from '../common/diagnostic.js';
import {
  asJson,
  isRecord,
  readId,
  readString,
  readText,
  stringifyJson,
  valueText,
} from '../common/read.js';

/** Converts nested AgentFlow content (a tool's output), as `convertContent` does. */
export type ConvertNested = (content: unknown, path: string, ctx: ContentContext) => ContentBlock[];

/** A `tool_call` or `remote_tool_call` block as a model tool call. */
export function convertToolCall(
  raw: Record<string, unknown>,
  fallbackId: string,
  path: string,
  ctx: ContentContext,
  remote: boolean,
): ToolCallBlock {
  let id = readId(raw['id']);
  if (id === null) {
    report(ctx.diagnostics, 'repaired', 'missing; the call cannot be paired with its result', {
      path: `${path}.id`,
    });
    id = fallbackId;
  }
  const name = readString(raw['name']);
  if (name === null) report(ctx.diagnostics, 'repaired', 'missing', { path: `${path}.name` });
  const args = raw['args'];
  // Never emptier than sent: what JSON cannot hold (a cycle) is shown as near as it can be.
  const input =
    typeof args === 'string'
      ? args
      : valueText(args ?? {}, () =>
          report(ctx.diagnostics, 'repaired', 'not JSON; shown as text', { path: `${path}.args` }),
        );
  if (args != null && !isRecord(args) && typeof args !== 'string')
    report(ctx.diagnostics, 'repaired', 'not an object', { path: `${path}.args` });
  // Local calls run on the server as soon as the message is final; remote ones wait for the client.
  const state = remote || ctx.finished_at !== null ? 'submitted' : 'pending';
  const block: ToolCallBlock = {
    type: 'tool_call',
    name: name ?? '',
    input,
    state,
    suggested_rules: [],
    ...stamp(ctx, id),
  };
  const kind = readText(raw['tool_type']) ?? (remote ? 'remote' : null);
  if (kind !== null) block.kind = kind;
  if (remote) block.remote = true;
  return block;
}

function isBlockList(value: unknown): value is unknown[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every(
      (item) => isRecord(item) && (item['type'] === 'text' || isMediaBlockType(item['type'])),
    )
  );
}

function toolResultOutput(
  output: unknown,
  id: string,
  path: string,
  ctx: ContentContext,
  convertNested: ConvertNested,
): Pick<ToolResultBlock, 'output' | 'value'> {
  if (output == null) return { output: '' };
  if (typeof output === 'string') return { output };
  // Typed like every adapter's result: the text the card shows, and the value itself.
  if (typeof output === 'number' || typeof output === 'boolean')
    return { output: String(output), value: output };
  const text = stringifyJson(output) ?? '';
  // MCP results carry a whole dumped Message; a list of AgentFlow media/text blocks also renders as blocks.
  const dumpedMessage =
    isRecord(output) && Array.isArray(output['content']) && typeof output['role'] === 'string';
  const nested = dumpedMessage ? output['content'] : isBlockList(output) ? output : null;
  if (nested !== null) {
    const inner: ContentContext = { ...ctx, messageId: `${id}:output`, extras: {} };
    const blocks = convertNested(
      nested,
      dumpedMessage ? `${path}.output.content` : `${path}.output`,
      inner,
    ).filter(
      (block): block is TextBlock | DataBlock => block.type === 'text' || block.type === 'data',
    );
    if (blocks.length > 0) return { output: blocks, value: asJson(output) };
  }
  return { output: text, value: asJson(output) };
}

/** A `tool_result` block (or its documented `tool_call_id`/`content` shape) as a model tool result. */
export function convertToolResult(
  raw: Record<string, unknown>,
  fallbackId: string,
  path: string,
  ctx: ContentContext,
  convertNested: ConvertNested,
): ToolResultBlock {
  let id = readId(raw['call_id']);
  let output = raw['output'];
  if (id === null && readId(raw['tool_call_id']) !== null) {
    report(
      ctx.diagnostics,
      'converted',
      'documented variant: tool_call_id/content read as call_id/output',
      { path },
    );
    id = readId(raw['tool_call_id']);
    if (output === undefined) output = raw['content'];
  }
  if (id === null) {
    report(ctx.diagnostics, 'repaired', 'missing; the result cannot be paired with its call', {
      path: `${path}.call_id`,
    });
    id = fallbackId;
  }
  const status = raw['status'];
  if (status === 'error')
    report(ctx.diagnostics, 'converted', 'documented variant: status "error" read as "failed"', {
      path: `${path}.status`,
    });
  else if (status != null && status !== 'completed' && status !== 'failed') {
    report(ctx.diagnostics, 'repaired', 'unknown status; is_error decides', {
      path: `${path}.status`,
    });
  }
  const failed = raw['is_error'] === true || status === 'failed' || status === 'error';
  const name =
    ctx.toolName !== null && (ctx.toolCallId === null || ctx.toolCallId === id) ? ctx.toolName : '';
  return {
    type: 'tool_result',
    ...stamp(ctx, id),
    name,
    ...toolResultOutput(output, id, path, ctx, convertNested),
    state: failed ? 'error' : 'success',
    metadata: {},
  };
}
