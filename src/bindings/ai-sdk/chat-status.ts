import type { RunStatus } from '../../core/fold/run-status.js';
import { getReplyStatus } from '../../core/fold/reply-status.js';
import type { Msg } from '../../core/model/message.js';
import type { AiSdkChatStatus } from './chat-like.js';

/**
 * `useChat`'s status as the library's: a request in flight is `streaming`; once `ready`, a reply
 * waiting for the user's approval is `awaiting-confirmation`, one waiting for the app's tool or
 * for the server to run an approved one is still `streaming`, and anything else is `done`
 * (`idle` before the first message).
 */
export function chatStatus(status: AiSdkChatStatus, messages: readonly Msg[]): RunStatus {
  if (status === 'submitted' || status === 'streaming') return 'streaming';
  if (status === 'error') return 'error';
  const last = messages.at(-1);
  if (last === undefined) return 'idle';
  if (last.role === 'user') return 'done';
  const reply = getReplyStatus(last);
  if (reply === 'awaiting-confirmation') return 'awaiting-confirmation';
  if (reply === 'awaiting-external' || reply === 'streaming') return 'streaming';
  return 'done';
}
