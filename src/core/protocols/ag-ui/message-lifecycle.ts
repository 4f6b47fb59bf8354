/*
 * When a streamed message opens and finishes, and the metadata its events carry.
 *
 * - A message is open (`finished_at: null`) while any of its streams is; its `*_END` (the last
 *   one) finishes it. A call added to a finished message reopens it until the call ends.
 * - Replays do not duplicate. A `*_START` for a stream that already ended (a reconnect that sends
 *   the thread again) replays it: deltas that match the text already there change nothing, and
 *   only a delta that differs rewrites the rest. A `*_START` for a stream still open is reported
 *   and ignored. A `TOOL_CALL_RESULT` whose `messageId` exists replaces that message.
 * - Content for a stream that never started is kept: it opens the stream (and, when needed, the
 *   message) and is reported, where `@ag-ui/client` would stop the run.
 */
import type { JsonObject } from '../../model/json.js';
import type { Msg } from '../../model/message.js';
import { readObject, readText } from '../common/read.js';
import { agUiMetadata } from './messages.js';
import { type WireEvent, wireRole } from './wire-event.js';
import type { Work } from './work.js';

/**
 * Merges an event's `metadata` into the message's `metadata.ag_ui.metadata`, or for a call into
 * its entry of `metadata.ag_ui.tool_calls`; last write wins.
 */
export function mergeEventMetadata(work: Work, msg: Msg, event: WireEvent, callId?: string): void {
  const incoming = readObject(event['metadata']);
  if (incoming === null) return;
  const target =
    callId === undefined ? work.editAgUi(msg) : work.editAgUiEntry(msg, 'tool_calls', callId);
  target['metadata'] = { ...readObject(target['metadata']), ...incoming };
}

/** The `metadata.ag_ui` of a message an event creates, tagged with its subagent. */
export function createdMetadata(
  work: Work,
  role: string,
  event: WireEvent,
  name: string | null,
): JsonObject {
  const subagentRunId = readText(event['subagentRunId']);
  return agUiMetadata(role, {
    name,
    subagentRunId,
    parentToolCallId: subagentRunId === null ? null : work.subagentParent(subagentRunId),
    metadata: readObject(event['metadata']),
  });
}

/** Marks the message open (it has a stream again). */
export function reopen(msg: Msg): void {
  if (msg.finished_at === null) return;
  msg.finished_at = null;
  msg.finished_reason = null;
}

/** Finishes the message when none of its streams is open any more. */
export function finishIfIdle(work: Work, position: number, at: string): void {
  const msg = work.message(position);
  if (msg.finished_at !== null || work.hasOpenStream(msg.id)) return;
  if (msg.content.some((block) => block.type === 'tool_call' && block.state === 'asking')) return;
  const copy = work.edit(position);
  copy.finished_at = at;
  const role = wireRole(copy);
  copy.finished_reason = role === 'assistant' || role === 'reasoning' ? 'completed' : null;
  if (role === 'assistant' || role === 'reasoning') work.ownInternals().lastReply = copy.id;
}
