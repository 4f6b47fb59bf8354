import type { AiSdkUIMessageLike } from '../../core/protocols/ai-sdk/wire-types.js';
import type { AiSdkChatStatus } from './chat-like.js';
import type { ReplyMark } from './reply-marks.js';

/*
 * How replies ended, learnt from `useChat`'s status as it changes: a Stop the user asked for
 * marks the reply that was streaming as interrupted once the request is over, and a request that
 * failed marks the reply it was writing as failed. Each mark remembers the `UIMessage` object it
 * was made for: when the server continues that reply (`useChat` replaces the object), the mark no
 * longer applies.
 */

/** A mark, and the `UIMessage` it was made for. */
export interface MarkedReply {
  source: AiSdkUIMessageLike;
  mark: ReplyMark;
}

/** What the binding knows of how replies ended. */
export interface ReplyEnds {
  /** The user asked to stop; the reply in progress is marked once the request is over. */
  stopping: boolean;
  marks: ReadonlyMap<string, MarkedReply>;
}

/** No reply stopped or failed yet. */
export const NO_REPLY_ENDS: ReplyEnds = { stopping: false, marks: new Map() };

/** Whether a request is in flight. */
export function isInFlight(status: AiSdkChatStatus): boolean {
  return status === 'submitted' || status === 'streaming';
}

function withMark(ends: ReplyEnds, source: AiSdkUIMessageLike, mark: ReplyMark): ReplyEnds {
  const marks = new Map(ends.marks);
  marks.set(source.id, { source, mark });
  return { ...ends, marks };
}

/** `ends` after `useChat` reports `status` and `messages`; the same object when nothing changed. */
export function settleReplyEnds(
  ends: ReplyEnds,
  status: AiSdkChatStatus,
  messages: readonly AiSdkUIMessageLike[],
  error: Error | undefined,
): ReplyEnds {
  const last = messages.at(-1);
  const reply = last?.role === 'assistant' ? last : undefined;
  let next = ends;
  if (ends.stopping && !isInFlight(status)) {
    next = { ...next, stopping: false };
    if (reply !== undefined && status !== 'error')
      next = withMark(next, reply, { kind: 'interrupted' });
  }
  if (status === 'error' && reply !== undefined) {
    const known = next.marks.get(reply.id);
    if (known?.source !== reply || known.mark.kind !== 'error') {
      const message = error?.message || 'The request failed';
      next = withMark(next, reply, { kind: 'error', error: { type: 'upstream', message } });
    }
  }
  return next;
}

/** The marks that still apply: each one's message is still the object it was made for. */
export function currentMarks(
  ends: ReplyEnds,
  messages: readonly AiSdkUIMessageLike[],
): ReadonlyMap<string, ReplyMark> {
  if (ends.marks.size === 0) return new Map();
  const current = new Map<string, ReplyMark>();
  for (const message of messages) {
    const marked = ends.marks.get(message.id);
    if (marked !== undefined && marked.source === message) current.set(message.id, marked.mark);
  }
  return current;
}
