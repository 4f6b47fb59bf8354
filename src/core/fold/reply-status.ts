import type { ToolCallBlock, ToolResultBlock } from '../model/block.js';
import type { Msg } from '../model/message.js';
import type { RunStatus } from './run-status.js';

const cache = new WeakMap<Msg, RunStatus>();

/**
 * Where the reply `msg` holds stands, derived from the message alone: `streaming`,
 * `awaiting-confirmation`, `awaiting-external`, `done`, `error`, `interrupted` or `exceeded` (a
 * parked reply has no `REPLY_END`, so waiting is read from its tool calls). User and system
 * messages are `done` at birth.
 */
export function getReplyStatus(msg: Msg): RunStatus {
  let status = cache.get(msg);
  if (status === undefined) {
    status = deriveStatus(msg);
    cache.set(msg, status);
  }
  return status;
}

function deriveStatus(msg: Msg): RunStatus {
  if (msg.error !== null || msg.finished_reason === 'error') return 'error';
  if (msg.finished_reason === 'interrupted') return 'interrupted';
  if (msg.finished_reason === 'exceed_max_iters') return 'exceeded';
  if (msg.finished_reason === 'completed' || msg.finished_at !== null) return 'done';
  let awaitingExternal = false;
  for (const block of msg.content) {
    if (block.type !== 'tool_call') continue;
    if (block.state === 'asking') return 'awaiting-confirmation';
    if (block.state === 'submitted' && !hasSettledResult(msg, block)) awaitingExternal = true;
  }
  return awaitingExternal ? 'awaiting-external' : 'streaming';
}

function hasSettledResult(msg: Msg, call: ToolCallBlock): boolean {
  return msg.content.some(
    (block): block is ToolResultBlock =>
      block.type === 'tool_result' && block.id === call.id && block.state !== 'running',
  );
}
