import type { ErrorInfo, Msg } from '../../core/model/message.js';
import { currentTimestamp } from '../../core/model/ids.js';

/*
 * What a `UIMessage` cannot say: that the user stopped the reply, or that its request failed.
 * `useChat` leaves such a message as it was when the stream ended, so the binding remembers the
 * ids and marks the converted message. Marked copies are cached per message, so a marked message
 * keeps its identity while its source does not change.
 */

/** How a reply ended that its `UIMessage` does not record. */
export type ReplyMark = { kind: 'interrupted' } | { kind: 'error'; error: ErrorInfo };

const marked = new WeakMap<Msg, { mark: ReplyMark; msg: Msg }>();

function sameMark(a: ReplyMark, b: ReplyMark): boolean {
  if (a.kind === 'interrupted' || b.kind === 'interrupted') return a.kind === b.kind;
  return a.error.type === b.error.type && a.error.message === b.error.message;
}

/** `msg` ended as `mark` says: interrupted by the user, or failed with its error. */
export function markReply(msg: Msg, mark: ReplyMark): Msg {
  const cached = marked.get(msg);
  if (cached !== undefined && sameMark(cached.mark, mark)) return cached.msg;
  const finished_at = msg.finished_at ?? currentTimestamp();
  const next: Msg =
    mark.kind === 'interrupted'
      ? { ...msg, finished_at, finished_reason: 'interrupted' }
      : { ...msg, finished_at, finished_reason: 'error', error: msg.error ?? mark.error };
  marked.set(msg, { mark, msg: next });
  return next;
}

/** `messages` with every message named in `marks` marked; the same list when none is. */
export function applyReplyMarks(
  messages: readonly Msg[],
  marks: ReadonlyMap<string, ReplyMark>,
): Msg[] {
  if (marks.size === 0) return messages as Msg[];
  return messages.map((msg) => {
    const mark = marks.get(msg.id);
    return mark === undefined ? msg : markReply(msg, mark);
  });
}
