import type { AgentEvent } from '../../model/event.js';

/*
 * Where AgentScope's fold reads its wire as upstream's `Msg.append_event` does rather than
 * strictly, on purpose: a conversation folded here equals the one the Python agent holds, and the
 * golden logs pin it. Each quirk is named here once; the handlers that carry them cite it.
 */

/**
 * AgentScope's fold policy.
 * - `repeatedBlockStart: 'append'`: a second `*_BLOCK_START` with an id already present appends
 *   another block (upstream never checks); later deltas go to the first one.
 * - `deltaAfterEnd: 'apply'`: a delta after its block's end still grows the block.
 * - `repeatedReplyStart: 'keep'`: a second `REPLY_START` (the resume after a confirmation) keeps
 *   the message as it is, only learning a sender's name it did not have.
 * - `contentBeforeStart: 'create'`: content for a reply that never started shows in a message
 *   created for it (reported `implicit-start`, detail `implicit-reply`); a control event for it
 *   is only reported.
 */
export const AGENTSCOPE_POLICY = {
  repeatedBlockStart: 'append',
  deltaAfterEnd: 'apply',
  repeatedReplyStart: 'keep',
  contentBeforeStart: 'create',
} as const;

/** Events that carry content: the ones `contentBeforeStart` creates a message for. */
export const CONTENT_EVENTS: ReadonlySet<AgentEvent['type']> = new Set<AgentEvent['type']>([
  'TEXT_BLOCK_START',
  'TEXT_BLOCK_DELTA',
  'THINKING_BLOCK_START',
  'THINKING_BLOCK_DELTA',
  'DATA_BLOCK_START',
  'DATA_BLOCK_DELTA',
  'HINT_BLOCK',
  'TOOL_CALL_START',
  'TOOL_CALL_DELTA',
  'TOOL_RESULT_START',
  'TOOL_RESULT_TEXT_DELTA',
  'TOOL_RESULT_DATA_DELTA',
]);
