import type { ContentBlock } from '../../../model/block.js';
import type { AgentEventOf } from '../../../model/event.js';
import type { Msg } from '../../../model/message.js';
import type { Draft } from '../../../fold/draft.js';
import { findTarget } from './find-target.js';
import { appendBlock, changeBlock, editBlockAt } from '../../../fold/message-edits.js';

/*
 * Blocks that stream as start, deltas and end: text, thinking and a tool call's arguments (a
 * hint arrives whole, a tool result opens here too); only the block built and the field that
 * grows differ. Blocks are stamped with the event's `created_at` (AgentScope uses the consumer's
 * clock), so a replayed log folds to the same state.
 */

type OpenType =
  | 'TEXT_BLOCK_START'
  | 'THINKING_BLOCK_START'
  | 'HINT_BLOCK'
  | 'TOOL_CALL_START'
  | 'TOOL_RESULT_START';

const opened = (event: { created_at: string }) =>
  ({ created_at: event.created_at, finished_at: null }) as const;

/** The block each start builds: empty and open (a hint is finished at once). */
const OPENED: { readonly [T in OpenType]: (event: AgentEventOf<T>) => ContentBlock } = {
  TEXT_BLOCK_START: (event) => ({ type: 'text', text: '', id: event.block_id, ...opened(event) }),
  THINKING_BLOCK_START: (event) => ({
    type: 'thinking',
    thinking: '',
    id: event.block_id,
    ...opened(event),
  }),
  HINT_BLOCK: (event) => ({
    type: 'hint',
    hint: event.hint,
    id: event.block_id,
    source: event.source,
    created_at: event.created_at,
    finished_at: event.created_at,
  }),
  TOOL_CALL_START: (event) => ({
    type: 'tool_call',
    id: event.tool_call_id,
    name: event.tool_call_name,
    input: '',
    state: 'pending',
    suggested_rules: [],
    ...opened(event),
  }),
  TOOL_RESULT_START: (event) => ({
    type: 'tool_result',
    id: event.tool_call_id,
    name: event.tool_call_name,
    output: [],
    state: 'running',
    metadata: {},
    ...opened(event),
  }),
};

/** Appends the block a start opens; a repeated start appends again (`AGENTSCOPE_POLICY.repeatedBlockStart`). */
export function applyBlockStart(msg: Msg, event: AgentEventOf<OpenType>, draft: Draft): Msg {
  const open = OPENED[event.type] as (event: AgentEventOf<OpenType>) => ContentBlock;
  return appendBlock(draft, msg, open(event));
}

/** The block type each delta grows, and its field that grows (a tool call's JSON arguments are never parsed here). */
const GROWN = {
  TEXT_BLOCK_DELTA: ['text', 'text'],
  THINKING_BLOCK_DELTA: ['thinking', 'thinking'],
  TOOL_CALL_DELTA: ['tool_call', 'input'],
} as const;

/** The block type each end closes. */
const ENDED = {
  TEXT_BLOCK_END: 'text',
  THINKING_BLOCK_END: 'thinking',
  DATA_BLOCK_END: 'data',
  TOOL_CALL_END: 'tool_call',
} as const;

/**
 * The id of the block an event is about: a tool call's id for a tool event, else its `block_id`.
 * Chosen by the event's type, not by which field is present: a tool event may carry a stray
 * `block_id` that validation never read (it checks the fields of the type).
 */
function targetId(event: { type: string; block_id?: string; tool_call_id?: string }): string {
  return (event.type.startsWith('TOOL_') ? event.tool_call_id : event.block_id) ?? '';
}

/** Grows the first matching block; deltas after its end still apply (`AGENTSCOPE_POLICY.deltaAfterEnd`). */
export function applyBlockDelta(
  msg: Msg,
  event: AgentEventOf<keyof typeof GROWN>,
  draft: Draft,
): Msg {
  const [type, field] = GROWN[event.type];
  const position = findTarget(draft, msg, type, targetId(event), event.type);
  if (position < 0 || event.delta === '') return msg;
  // The hot path of every stream: no closure, one owned copy per batch.
  const next = editBlockAt(draft, msg, position);
  (next.content[position] as unknown as Record<typeof field, string>)[field] += event.delta;
  return next;
}

/** Ends a block's stream; a tool call's `state` is not changed. */
export function applyBlockEnd(
  msg: Msg,
  event: AgentEventOf<keyof typeof ENDED>,
  draft: Draft,
): Msg {
  const position = findTarget(draft, msg, ENDED[event.type], targetId(event), event.type);
  return position < 0 ? msg : finishBlock(msg, position, event.created_at, draft);
}

/** Sets `finished_at` on a block; the same message when it already has that value. */
export function finishBlock(msg: Msg, position: number, at: string, draft: Draft): Msg {
  if (msg.content[position]?.finished_at === at) return msg;
  return changeBlock(draft, msg, position, (block) => {
    block.finished_at = at;
  });
}
