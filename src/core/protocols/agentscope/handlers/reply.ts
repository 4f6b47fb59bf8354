import type { ModelCallEndEvent, ReplyEndEvent } from '../../../model/event.js';
import type { Msg } from '../../../model/message.js';
import type { Draft } from '../../../fold/draft.js';
import { editMessage } from '../../../fold/message-edits.js';

/** Stamps the end of the reply; a second `REPLY_END` overwrites the first, as in AgentScope. */
export function applyReplyEnd(msg: Msg, event: ReplyEndEvent, draft: Draft): Msg {
  const error = event.error ?? null;
  if (
    msg.finished_at === event.created_at &&
    msg.finished_reason === event.finished_reason &&
    msg.error === error
  ) {
    return msg;
  }
  const next = editMessage(draft, msg);
  next.finished_at = event.created_at;
  next.finished_reason = event.finished_reason;
  next.error = error;
  return next;
}

/** Adds the call's token counts to the reply's usage. */
export function applyModelCallEnd(msg: Msg, event: ModelCallEndEvent, draft: Draft): Msg {
  const usage = msg.usage;
  const zero =
    event.input_tokens === 0 &&
    event.output_tokens === 0 &&
    event.cache_input_tokens === 0 &&
    event.cache_creation_input_tokens === 0;
  // Adding zeros to existing usage changes nothing (the service sends 0s when usage is missing).
  if (usage !== null && zero) return msg;
  const next = editMessage(draft, msg);
  next.usage = {
    ...usage,
    input_tokens: (usage?.input_tokens ?? 0) + event.input_tokens,
    output_tokens: (usage?.output_tokens ?? 0) + event.output_tokens,
    cache_input_tokens: (usage?.cache_input_tokens ?? 0) + event.cache_input_tokens,
    cache_creation_input_tokens:
      (usage?.cache_creation_input_tokens ?? 0) + event.cache_creation_input_tokens,
  };
  return next;
}
