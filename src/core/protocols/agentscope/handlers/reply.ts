import type { ModelCallEndEvent, ReplyEndEvent } from '../../../model/event.js';
import type { Msg, Usage } from '../../../model/message.js';
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

// The counts a model call reports, each added to the reply's own.
const COUNTS = [
  'input_tokens',
  'output_tokens',
  'cache_input_tokens',
  'cache_creation_input_tokens',
] as const;

/** Adds the call's token counts to the reply's usage. */
export function applyModelCallEnd(msg: Msg, event: ModelCallEndEvent, draft: Draft): Msg {
  const usage = msg.usage;
  // Adding zeros to existing usage changes nothing (the service sends 0s when usage is missing).
  if (usage !== null && COUNTS.every((key) => event[key] === 0)) return msg;
  const next = editMessage(draft, msg);
  const sum = { ...usage } as Usage;
  for (const key of COUNTS) sum[key] = (usage?.[key] ?? 0) + event[key];
  next.usage = sum;
  return next;
}
