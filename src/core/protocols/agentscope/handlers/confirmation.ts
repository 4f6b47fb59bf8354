import type { ToolCallBlock, ToolCallState, ToolResultBlock } from '../../../model/block.js';
import type {
  ExternalExecutionResultEvent,
  RequireExternalExecutionEvent,
  RequireUserConfirmEvent,
  UserConfirmResultEvent,
} from '../../../model/event.js';
import type { Msg } from '../../../model/message.js';
import { findBlock } from '../../../fold/block-index.js';
import type { Draft } from '../../../fold/draft.js';
import { appendBlock, changeBlock } from '../../../fold/message-edits.js';

/**
 * The message with the call `id` set to `state` and edited by `change`; unchanged when there is
 * no such call, when it is not in state `from` (if given), or when it is already in `state`.
 */
export function setCallState(
  msg: Msg,
  id: string,
  state: ToolCallState,
  draft: Draft,
  { change, from }: { change?: (block: ToolCallBlock) => void; from?: ToolCallState } = {},
): Msg {
  const position = findBlock(draft.blocks, msg, 'tool_call', id);
  const current = (msg.content[position] as ToolCallBlock | undefined)?.state;
  if (position < 0 || (from !== undefined && current !== from)) return msg;
  if (!change && current === state) return msg;
  return changeBlock<ToolCallBlock>(draft, msg, position, (block) => {
    block.state = state;
    change?.(block);
  });
}

/**
 * Parks the listed calls as `asking` (from any state) and takes their suggested rules, even an
 * empty list. The event's `name` and `input` are not copied; unknown ids are ignored, as upstream.
 */
export function applyRequireUserConfirm(
  msg: Msg,
  event: RequireUserConfirmEvent,
  draft: Draft,
): Msg {
  return event.tool_calls.reduce(
    (current, call) =>
      setCallState(current, call.id, 'asking', draft, {
        change: (block) => {
          block.suggested_rules = call.suggested_rules;
        },
      }),
    msg,
  );
}

/** Moves only calls that are still `asking`: a stale or repeated decision changes nothing. */
export function applyUserConfirmResult(msg: Msg, event: UserConfirmResultEvent, draft: Draft): Msg {
  return event.confirm_results.reduce(
    (current, { tool_call, confirmed }) =>
      setCallState(current, tool_call.id, confirmed ? 'allowed' : 'finished', draft, {
        from: 'asking',
      }),
    msg,
  );
}

export function applyRequireExternalExecution(
  msg: Msg,
  event: RequireExternalExecutionEvent,
  draft: Draft,
): Msg {
  return event.tool_calls.reduce(
    (current, call) => setCallState(current, call.id, 'submitted', draft),
    msg,
  );
}

/**
 * Appends results whose id had no result before this event (several with one new id are all
 * appended, as upstream). The paired call stays `submitted` until a `TOOL_RESULT_END`.
 */
export function applyExternalExecutionResult(
  msg: Msg,
  event: ExternalExecutionResultEvent,
  draft: Draft,
): Msg {
  const fresh = event.execution_results.filter(
    (result) => findBlock(draft.blocks, msg, 'tool_result', result.id) < 0,
  );
  return fresh.reduce((current, result) => {
    // The event's object is copied, never stamped in place as Python does.
    const block: ToolResultBlock = {
      ...result,
      finished_at: result.finished_at ?? event.created_at,
    };
    return appendBlock(draft, current, block);
  }, msg);
}
