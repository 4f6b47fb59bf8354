import type { ToolCallBlock } from '../../../model/block.js';
import type {
  ToolCallDeltaEvent,
  ToolCallEndEvent,
  ToolCallStartEvent,
} from '../../../model/event.js';
import type { Msg } from '../../../model/message.js';
import type { Draft } from '../../../fold/draft.js';
import { findTarget } from './find-target.js';
import { appendBlock, editBlockAt } from '../../../fold/message-edits.js';
import { finishBlock } from './stream-block.js';

export function applyToolCallStart(msg: Msg, event: ToolCallStartEvent, draft: Draft): Msg {
  const block: ToolCallBlock = {
    type: 'tool_call',
    id: event.tool_call_id,
    name: event.tool_call_name,
    input: '',
    state: 'pending',
    suggested_rules: [],
    created_at: event.created_at,
    finished_at: null,
  };
  return appendBlock(draft, msg, block);
}

/** Appends a fragment of the JSON arguments; the string is never parsed here. */
export function applyToolCallDelta(msg: Msg, event: ToolCallDeltaEvent, draft: Draft): Msg {
  const position = findTarget(draft, msg, 'tool_call', event.tool_call_id, event.type);
  if (position < 0) return msg;
  if (event.delta === '') return msg;
  const next = editBlockAt(draft, msg, position);
  (next.content[position] as ToolCallBlock).input += event.delta;
  return next;
}

/** Ends the arguments' stream; the call's `state` is not changed. */
export function applyToolCallEnd(msg: Msg, event: ToolCallEndEvent, draft: Draft): Msg {
  const position = findTarget(draft, msg, 'tool_call', event.tool_call_id, event.type);
  if (position < 0) return msg;
  return finishBlock(msg, position, event.created_at, draft);
}
