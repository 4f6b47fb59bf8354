import type { ToolCallBlock } from '../model/block.js';
import type { UserConfirmResultEvent } from '../model/event.js';
import { currentTimestamp, generateId } from '../model/ids.js';
import type { Msg } from '../model/message.js';
import type { PermissionRule } from '../model/permission.js';

/** The user's decision on one pending tool call. */
export interface ConfirmDecision {
  toolCall: ToolCallBlock;
  confirmed: boolean;
  /** Rules to remember ("always allow …"); they apply only when `confirmed`. */
  rules?: PermissionRule[] | null;
}

/** What the user chose for one call: allow (optionally with rules to remember) or deny. */
export type Decision = boolean | { confirmed: boolean; rules?: PermissionRule[] | null };

/**
 * The `USER_CONFIRM_RESULT` event that answers a pending call, ready to POST as the `input` of
 * AgentScope's `/chat/`. Pass a list of decisions to answer several calls of one reply at once.
 *
 * @example createConfirmResult(msg, toolCall, { confirmed: true, rules: [toolCall.suggested_rules[0]] })
 */
export function createConfirmResult(
  reply: Pick<Msg, 'id'> | string,
  toolCall: ToolCallBlock,
  decision: Decision,
): UserConfirmResultEvent;
export function createConfirmResult(
  reply: Pick<Msg, 'id'> | string,
  decisions: readonly ConfirmDecision[],
): UserConfirmResultEvent;
export function createConfirmResult(
  reply: Pick<Msg, 'id'> | string,
  toolCallOrDecisions: ToolCallBlock | readonly ConfirmDecision[],
  decision: Decision = false,
): UserConfirmResultEvent {
  const list: readonly ConfirmDecision[] = Array.isArray(toolCallOrDecisions)
    ? toolCallOrDecisions
    : [
        typeof decision === 'boolean'
          ? { toolCall: toolCallOrDecisions as ToolCallBlock, confirmed: decision }
          : { toolCall: toolCallOrDecisions as ToolCallBlock, ...decision },
      ];
  return {
    id: generateId(),
    created_at: currentTimestamp(),
    metadata: {},
    type: 'USER_CONFIRM_RESULT',
    reply_id: typeof reply === 'string' ? reply : reply.id,
    // Rules only mean something on an approval; a denial never carries any.
    confirm_results: list.map(({ toolCall, confirmed, rules }) => ({
      confirmed,
      tool_call: toolCall,
      rules: confirmed && rules && rules.length > 0 ? rules : null,
    })),
  };
}
