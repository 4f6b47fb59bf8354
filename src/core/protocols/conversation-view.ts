import type { Conversation, PendingConfirmation } from '../fold/conversation.js';
import type { DiagnosticCode } from '../fold/diagnostic-code.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { Msg } from '../model/message.js';

/** A canonical message added locally, shown after the first `after` messages of the fold. */
export interface PinnedMessage {
  readonly after: number;
  readonly msg: Msg;
}

/**
 * The fold's messages with the pinned ones in their places; a pinned message whose id the fold
 * also holds (a server echoing the user's turn) gives way to the fold's copy.
 */
export function mergePinned(own: readonly Msg[], pinned: readonly PinnedMessage[]): readonly Msg[] {
  if (pinned.length === 0) return own;
  const ids = new Set(own.map((msg) => msg.id));
  const merged: Msg[] = [];
  let next = 0;
  for (let index = 0; index <= own.length; index++) {
    for (; next < pinned.length && (pinned[next] as PinnedMessage).after <= index; next++) {
      const { msg } = pinned[next] as PinnedMessage;
      if (!ids.has(msg.id)) merged.push(msg);
    }
    if (index < own.length) merged.push(own[index] as Msg);
  }
  return merged;
}

/**
 * The latest turn with the calls answered here shown as answered while the fold still has them
 * asking: allowed ones as `allowed`, denied ones as `pending` until the protocol reports the
 * denial. Without this an automatic answer would leave the prompt up, answerable twice, until the
 * next run's frames arrive. Untouched messages keep their identity.
 */
export function showAnswered(
  messages: readonly Msg[],
  answered: ReadonlyMap<string, boolean>,
): readonly Msg[] {
  if (answered.size === 0) return messages;
  let shown: Msg[] | undefined;
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index] as Msg;
    if (message.role === 'user') break;
    if (
      !message.content.some(
        (b) => b.type === 'tool_call' && b.state === 'asking' && answered.has(b.id),
      )
    )
      continue;
    shown ??= [...messages];
    shown[index] = {
      ...message,
      content: message.content.map((block) => {
        if (block.type !== 'tool_call' || block.state !== 'asking') return block;
        const confirmed = answered.get(block.id);
        if (confirmed === undefined) return block;
        return { ...block, state: confirmed ? 'allowed' : 'pending' };
      }),
    };
  }
  return shown ?? messages;
}

/**
 * Another protocol's fold as the conversation everything reads (status, `MessageList`, the
 * confirmation prompt): its messages and diagnostics, `eventCount` the frames folded.
 */
export function conversationView(
  messages: readonly Msg[],
  diagnostics: readonly Diagnostic<DiagnosticCode>[],
  eventCount: number,
): Conversation {
  let byId: Map<string, Msg> | undefined;
  return {
    messages,
    diagnostics,
    pendingConfirmations: pendingIn(messages),
    eventCount,
    getMessage(id) {
      byId ??= new Map(messages.map((msg) => [msg.id, msg]));
      return byId.get(id);
    },
  };
}

/**
 * Tool calls asking the user, in message order. Only the latest turn is read (back to the last
 * user message): a call asked before the user spoke again is no longer waiting, and a frame
 * costs the size of one turn, not of the whole conversation.
 */
function pendingIn(messages: readonly Msg[]): PendingConfirmation[] {
  const pending: PendingConfirmation[] = [];
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index] as Msg;
    if (message.role === 'user') break;
    const calls: PendingConfirmation[] = [];
    for (const block of message.content) {
      if (block.type === 'tool_call' && block.state === 'asking') {
        calls.push({ replyId: message.id, message, toolCall: block });
      }
    }
    pending.unshift(...calls);
  }
  return pending;
}
