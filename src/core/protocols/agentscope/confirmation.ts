import type { Decision } from '../../fold/confirm-result.js';
import type { Conversation } from '../../fold/conversation.js';
import type { AgentEvent, UserConfirmResultEvent } from '../../model/event.js';
import { currentTimestamp, generateId } from '../../model/ids.js';
import type { Msg } from '../../model/message.js';

/** The message holding the call: a pending one first, else any message with that tool call. */
export function findReplyOf(conversation: Conversation, toolCallId: string): Msg | undefined {
  const pending = conversation.pendingConfirmations.find(
    (entry) => entry.toolCall.id === toolCallId,
  );
  if (pending) return pending.message;
  const { messages } = conversation;
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index];
    if (message?.content.some((block) => block.type === 'tool_call' && block.id === toolCallId)) {
      return message;
    }
  }
  return undefined;
}

/** Undoes an optimistic decision: asks again for the call, as the server first did. */
export function reopenConfirmation(event: UserConfirmResultEvent, decision: Decision): AgentEvent {
  return {
    id: generateId(),
    created_at: currentTimestamp(),
    metadata: {},
    type: 'REQUIRE_USER_CONFIRM',
    reply_id: event.reply_id,
    tool_calls: [{ ...decision.toolCall, state: 'asking' }],
  };
}
