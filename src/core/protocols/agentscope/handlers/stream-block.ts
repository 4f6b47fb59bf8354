import type { TextBlock, ThinkingBlock } from '../../../model/block.js';
import type { AgentEventOf } from '../../../model/event.js';
import type { Msg } from '../../../model/message.js';
import type { Draft } from '../../../fold/draft.js';
import { findTarget } from './find-target.js';
import { appendBlock, changeBlock, editBlockAt } from '../../../fold/message-edits.js';

/*
 * Text and thinking blocks stream the same way; only the field that grows differs.
 * Blocks are stamped with the event's `created_at` (AgentScope uses the consumer's clock), so a
 * replayed log folds to the same state.
 */

type StreamStartEvent = AgentEventOf<'TEXT_BLOCK_START' | 'THINKING_BLOCK_START'>;
type StreamDeltaEvent = AgentEventOf<'TEXT_BLOCK_DELTA' | 'THINKING_BLOCK_DELTA'>;
type StreamEndEvent = AgentEventOf<'TEXT_BLOCK_END' | 'THINKING_BLOCK_END'>;

function typeOf(event: StreamStartEvent | StreamDeltaEvent | StreamEndEvent): 'text' | 'thinking' {
  return event.type.startsWith('TEXT') ? 'text' : 'thinking';
}

/** Appends an empty block; a repeated start appends again (`AGENTSCOPE_POLICY.repeatedBlockStart`). */
export function applyStreamBlockStart(msg: Msg, event: StreamStartEvent, draft: Draft): Msg {
  const base = { id: event.block_id, created_at: event.created_at, finished_at: null };
  const block: TextBlock | ThinkingBlock =
    typeOf(event) === 'text'
      ? { type: 'text', text: '', ...base }
      : { type: 'thinking', thinking: '', ...base };
  return appendBlock(draft, msg, block);
}

/** Grows the first matching block; deltas after its end still apply (`AGENTSCOPE_POLICY.deltaAfterEnd`). */
export function applyStreamBlockDelta(msg: Msg, event: StreamDeltaEvent, draft: Draft): Msg {
  const type = typeOf(event);
  const position = findTarget(draft, msg, type, event.block_id, event.type);
  if (position < 0) return msg;
  if (event.delta === '') return msg;
  // The hot path of every stream: no closure, one owned copy per batch.
  const next = editBlockAt(draft, msg, position);
  const block = next.content[position] as TextBlock | ThinkingBlock;
  if (block.type === 'text') block.text += event.delta;
  else block.thinking += event.delta;
  return next;
}

export function applyStreamBlockEnd(msg: Msg, event: StreamEndEvent, draft: Draft): Msg {
  const type = typeOf(event);
  const position = findTarget(draft, msg, type, event.block_id, event.type);
  if (position < 0) return msg;
  return finishBlock(msg, position, event.created_at, draft);
}

/** Sets `finished_at` on a block; the same message when it already has that value. */
export function finishBlock(msg: Msg, position: number, at: string, draft: Draft): Msg {
  if (msg.content[position]?.finished_at === at) return msg;
  return changeBlock(draft, msg, position, (block) => {
    block.finished_at = at;
  });
}
