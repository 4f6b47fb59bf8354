import type { AgentEvent, AgentEventOf, AgentEventType } from '../../model/event.js';
import type { Msg } from '../../model/message.js';
import { parseAgentEvent } from '../../model/parse/event-reader.js';
import { Draft } from '../../fold/draft.js';
import { lookup } from '../common/read.js';
import {
  applyExternalExecutionResult,
  applyRequireExternalExecution,
  applyRequireUserConfirm,
  applyUserConfirmResult,
} from './handlers/confirmation.js';
import { applyDataBlockDelta, applyDataBlockStart } from './handlers/data-block.js';
import { applyModelCallEnd, applyReplyEnd } from './handlers/reply.js';
import { applyBlockDelta, applyBlockEnd, applyBlockStart } from './handlers/stream-block.js';
import {
  applyToolResultDataDelta,
  applyToolResultEnd,
  applyToolResultTextDelta,
} from './handlers/tool-result.js';

/** Applies one event of type `E` to the message it targets. */
type Handler<E extends AgentEvent> = (msg: Msg, event: E, draft: Draft) => Msg;

/**
 * For events that change nothing on the message: the conversation handles REPLY_START, and CUSTOM
 * belongs to no reply.
 */
const unchanged: Handler<AgentEvent> = (msg) => msg;

// Keyed by wire type: a type without a handler, or a handler for another event, fails to compile.
const HANDLERS: { readonly [T in AgentEventType]: Handler<AgentEventOf<T>> } = {
  REPLY_START: unchanged,
  REPLY_END: applyReplyEnd,
  MODEL_CALL_START: unchanged,
  MODEL_CALL_END: applyModelCallEnd,
  TEXT_BLOCK_START: applyBlockStart,
  TEXT_BLOCK_DELTA: applyBlockDelta,
  TEXT_BLOCK_END: applyBlockEnd,
  THINKING_BLOCK_START: applyBlockStart,
  THINKING_BLOCK_DELTA: applyBlockDelta,
  THINKING_BLOCK_END: applyBlockEnd,
  DATA_BLOCK_START: applyDataBlockStart,
  DATA_BLOCK_DELTA: applyDataBlockDelta,
  DATA_BLOCK_END: applyBlockEnd,
  HINT_BLOCK: applyBlockStart,
  TOOL_CALL_START: applyBlockStart,
  TOOL_CALL_DELTA: applyBlockDelta,
  TOOL_CALL_END: applyBlockEnd,
  TOOL_RESULT_START: applyBlockStart,
  TOOL_RESULT_TEXT_DELTA: applyToolResultTextDelta,
  TOOL_RESULT_DATA_DELTA: applyToolResultDataDelta,
  TOOL_RESULT_END: applyToolResultEnd,
  EXCEED_MAX_ITERS: unchanged,
  REQUIRE_USER_CONFIRM: applyRequireUserConfirm,
  REQUIRE_EXTERNAL_EXECUTION: applyRequireExternalExecution,
  USER_CONFIRM_RESULT: applyUserConfirmResult,
  USER_INTERRUPT: unchanged,
  EXTERNAL_EXECUTION_RESULT: applyExternalExecutionResult,
  CUSTOM: unchanged,
};

/** Applies one event that is known to target `msg` (its `reply_id` is `msg.id`). */
export function applyEvent(msg: Msg, event: AgentEvent, draft: Draft): Msg {
  // Own entries only: a wire type such as "constructor" must find nothing.
  const handler = lookup(HANDLERS as Record<string, Handler<AgentEvent>>, event.type);
  return handler === undefined ? msg : handler(msg, event, draft);
}

/**
 * Folds one event into a message, with the same result as AgentScope's `Msg.append_event`.
 *
 * Pure: it returns a new message when something changed, keeps the identity of every block it did
 * not touch, and returns `msg` itself when nothing changed. It never throws: an event for another
 * reply, an event without a `reply_id`, or one Python would reject (bad base64, a bad URL) leaves
 * the message as it is.
 */
export function appendEvent(msg: Msg, event: AgentEvent): Msg {
  // The type says AgentEvent, but wire data is untrusted: validate (cheap, no copy when valid).
  const parsed = parseAgentEvent(event);
  if (!parsed.ok) return msg;
  const valid = parsed.value;
  if (!('reply_id' in valid) || valid.reply_id !== msg.id) return msg;
  return applyEvent(msg, valid, new Draft());
}
