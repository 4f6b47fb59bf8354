import type { ToolCallBlock } from '../model/block.js';
import type { UserConfirmResultEvent } from '../model/event.js';
import { currentTimestamp, generateId } from '../model/ids.js';
import type { Msg } from '../model/message.js';
import type { PermissionRule } from '../model/permission.js';

/**
 * What the user chose for one tool call, whatever the protocol: each one's answer builder
 * (`createConfirmResult`, `createAiSdkApprovalResponse`, `createAgUiResume`) and the store's
 * `confirm` take it.
 */
export interface Decision {
  /** The call decided on. */
  toolCall: ToolCallBlock;
  /** `true` lets the call run, `false` denies it. */
  confirmed: boolean;
  /** Rules to remember ("always allow …"); they apply only when `confirmed`. */
  rules?: readonly PermissionRule[] | null;
  /**
   * Why, for the agent: sent where the protocol has a place for it (the AI SDK's `reason`, the
   * payload of an AG-UI approval); AgentScope's answer has none.
   */
  reason?: string;
}

/**
 * The `USER_CONFIRM_RESULT` event that answers pending calls, ready to POST as the `input` of
 * AgentScope's `/chat/`. Pass a list of decisions to answer several calls of one reply at once.
 *
 * @example createConfirmResult(msg, { toolCall, confirmed: true, rules: [toolCall.suggested_rules[0]] })
 */
export function createConfirmResult(
  reply: Pick<Msg, 'id'> | string,
  decisions: Decision | readonly Decision[],
): UserConfirmResultEvent {
  const list: readonly Decision[] = Array.isArray(decisions) ? decisions : [decisions as Decision];
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
      rules: confirmed && rules && rules.length > 0 ? [...rules] : null,
    })),
  };
}
