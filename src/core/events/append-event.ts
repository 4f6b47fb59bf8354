import type { AgentEvent } from '../model/event.js';
import type { Msg } from '../model/message.js';
import { parseAgentEvent } from '../model/parse/event-reader.js';
import { Draft } from './draft.js';
import {
  applyExternalExecutionResult,
  applyRequireExternalExecution,
  applyRequireUserConfirm,
  applyUserConfirmResult,
} from './handlers/confirmation.js';
import {
  applyDataBlockDelta,
  applyDataBlockEnd,
  applyDataBlockStart,
} from './handlers/data-block.js';
import { applyHintBlock } from './handlers/hint.js';
import { applyModelCallEnd, applyReplyEnd } from './handlers/reply.js';
import {
  applyStreamBlockDelta,
  applyStreamBlockEnd,
  applyStreamBlockStart,
} from './handlers/stream-block.js';
import { applyToolCallDelta, applyToolCallEnd, applyToolCallStart } from './handlers/tool-call.js';
import {
  applyToolResultDataDelta,
  applyToolResultEnd,
  applyToolResultStart,
  applyToolResultTextDelta,
} from './handlers/tool-result.js';

/** Applies one event that is known to target `msg` (its `reply_id` is `msg.id`). */
export function applyEvent(msg: Msg, event: AgentEvent, draft: Draft): Msg {
  switch (event.type) {
    case 'REPLY_END':
      return applyReplyEnd(msg, event, draft);
    case 'MODEL_CALL_END':
      return applyModelCallEnd(msg, event, draft);
    case 'TEXT_BLOCK_START':
    case 'THINKING_BLOCK_START':
      return applyStreamBlockStart(msg, event, draft);
    case 'TEXT_BLOCK_DELTA':
    case 'THINKING_BLOCK_DELTA':
      return applyStreamBlockDelta(msg, event, draft);
    case 'TEXT_BLOCK_END':
    case 'THINKING_BLOCK_END':
      return applyStreamBlockEnd(msg, event, draft);
    case 'DATA_BLOCK_START':
      return applyDataBlockStart(msg, event, draft);
    case 'DATA_BLOCK_DELTA':
      return applyDataBlockDelta(msg, event, draft);
    case 'DATA_BLOCK_END':
      return applyDataBlockEnd(msg, event, draft);
    case 'HINT_BLOCK':
      return applyHintBlock(msg, event, draft);
    case 'TOOL_CALL_START':
      return applyToolCallStart(msg, event, draft);
    case 'TOOL_CALL_DELTA':
      return applyToolCallDelta(msg, event, draft);
    case 'TOOL_CALL_END':
      return applyToolCallEnd(msg, event, draft);
    case 'TOOL_RESULT_START':
      return applyToolResultStart(msg, event, draft);
    case 'TOOL_RESULT_TEXT_DELTA':
      return applyToolResultTextDelta(msg, event, draft);
    case 'TOOL_RESULT_DATA_DELTA':
      return applyToolResultDataDelta(msg, event, draft);
    case 'TOOL_RESULT_END':
      return applyToolResultEnd(msg, event, draft);
    case 'REQUIRE_USER_CONFIRM':
      return applyRequireUserConfirm(msg, event, draft);
    case 'USER_CONFIRM_RESULT':
      return applyUserConfirmResult(msg, event, draft);
    case 'REQUIRE_EXTERNAL_EXECUTION':
      return applyRequireExternalExecution(msg, event, draft);
    case 'EXTERNAL_EXECUTION_RESULT':
      return applyExternalExecutionResult(msg, event, draft);
    // These change nothing on the message: the conversation handles REPLY_START, and CUSTOM
    // belongs to no reply.
    case 'REPLY_START':
    case 'MODEL_CALL_START':
    case 'EXCEED_MAX_ITERS':
    case 'USER_INTERRUPT':
    case 'CUSTOM':
      return msg;
    default:
      event satisfies never;
      return msg;
  }
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
