import type { ToolCallBlock, ToolResultBlock } from '../model/block.js';
import type { Msg } from '../model/message.js';

/**
 * Where a reply stands, derived from the message alone (a parked reply has no `REPLY_END`, so
 * waiting is read from its tool calls).
 */
export type ReplyStatus =
  | 'streaming'
  | 'awaiting-confirmation'
  | 'awaiting-external'
  | 'done'
  | 'error'
  | 'interrupted'
  | 'exceeded';

const cache = new WeakMap<Msg, ReplyStatus>();

/** The status of the reply `msg` holds; user and system messages are `done` at birth. */
export function getReplyStatus(msg: Msg): ReplyStatus {
  let status = cache.get(msg);
  if (status === undefined) {
    status = deriveStatus(msg);
    cache.set(msg, status);
  }
  return status;
}

function deriveStatus(msg: Msg): ReplyStatus {
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
