import type { Conversation } from '../fold/conversation.js';
import type { RunStatus } from '../fold/run-status.js';
import { getReplyStatus } from '../fold/reply-status.js';

/** The state of the connection itself, apart from what the conversation says. */
export type ConnectionState = 'idle' | 'connecting' | 'open' | 'closed' | 'error';

/** The status of the conversation's last reply (its last message not from the user), or null. */
export function lastReplyStatus(conversation: Conversation): RunStatus | null {
  const { messages } = conversation;
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index];
    if (message !== undefined && message.role !== 'user') return getReplyStatus(message);
  }
  return null;
}

/**
 * Whether the last reply is unfinished: still producing content, or parked on a confirmation or
 * an external tool (its resume comes on the same stream).
 */
export function isReplyOpen(conversation: Conversation): boolean {
  const status = lastReplyStatus(conversation);
  return (
    status === 'streaming' || status === 'awaiting-confirmation' || status === 'awaiting-external'
  );
}

/**
 * The status the client reports, from its connection and its conversation:
 * - `idle`: no connection (no source yet, or `stop()` was called);
 * - `connecting`: opening a connection, or waiting to reopen one that dropped;
 * - `streaming`: connected, and the last reply is still in progress (a one-shot source, such as a
 *   `Response` or a stream, counts as a reply in progress until it ends);
 * - `awaiting-confirmation`: a tool call waits for the user and no reply is in progress;
 * - `done`: connected with no reply in progress (ready for the next turn), or the stream ended;
 * - `error`: the connection failed and will not be retried; see `error`.
 *
 * A source that can be reopened (a URL, a function) may be long-lived and idle between turns; a
 * one-shot source is read for the sake of a reply, so it is `streaming` for as long as it is open.
 */
export function deriveStatus(
  connection: ConnectionState,
  conversation: Conversation,
  oneShot = false,
): RunStatus {
  if (connection === 'error') return 'error';
  const reply = lastReplyStatus(conversation);
  // A parked reply has no REPLY_END: waiting is read from its calls, whatever the connection.
  if (
    conversation.pendingConfirmations.length > 0 &&
    reply !== 'streaming' &&
    reply !== 'awaiting-external'
  ) {
    return 'awaiting-confirmation';
  }
  if (connection === 'idle') return 'idle';
  if (connection === 'connecting') return 'connecting';
  // A reply parked on an external tool is still in progress: the app runs the tool.
  if (connection !== 'open') return 'done';
  if (oneShot || reply === 'streaming' || reply === 'awaiting-external') return 'streaming';
  return 'done';
}
