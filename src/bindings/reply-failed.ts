import { getReplyStatus } from '../core/fold/reply-status.js';
import type { MsgList } from '../core/model/message.js';

/** The conversation's last reply (its last message not from the user) ended in an error. */
export function lastReplyFailed(messages: MsgList): boolean {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index];
    if (message !== undefined && message.role !== 'user')
      return getReplyStatus(message) === 'error';
  }
  return false;
}
