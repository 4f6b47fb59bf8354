/*
 * Tool results: `TOOL_CALL_RESULT`, and the state of the call it answers.
 */
import type { ToolCallBlock } from '../../model/block.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import type { Msg } from '../../model/message.js';
import { isRecord, readId, readText } from '../common/read.js';
import { convertAgUiMessage, pairList } from './messages.js';
import { endStream } from './stream-phase.js';
import { stampOf, type WireEvent, wireRole } from './wire-event.js';
import type { Work } from './work.js';

/** Sets the state of the call with this id (and closes it if it was still streaming). */
export function setCallState(
  work: Work,
  callId: string,
  state: ToolCallBlock['state'],
  at: string,
): void {
  const found = work.callBlock(callId);
  if (found === null || (found.call.state === state && found.call.finished_at !== null)) return;
  const call = work.editBlock<ToolCallBlock>(found.position, found.at);
  call.state = state;
  if (call.finished_at === null) call.finished_at = at;
}

/** Whether the message is the `tool` message that answers this call. */
function answers(work: Work, position: number, callId: string): boolean {
  const msg = work.message(position);
  return (
    wireRole(msg) === 'tool' &&
    msg.content.some((block) => block.type === 'tool_result' && block.id === callId)
  );
}

/**
 * The id the result message takes: its own, unless another message (an assistant's, the result
 * of another call) has it; then both are kept, the result under a fresh id, and that is reported.
 */
function resultId(work: Work, messageId: string, callId: string): string {
  const position = work.position(messageId);
  if (position < 0 || answers(work, position, callId)) return messageId;
  let id = `result:${callId}`;
  for (let n = 2; work.position(id) >= 0 && !answers(work, work.position(id), callId); n++)
    id = `result:${callId}:${n}`;
  work.warn(
    'id-conflict',
    `TOOL_CALL_RESULT messageId "${messageId}" belongs to another message (role ${wireRole(work.message(position))}); both kept, the result as "${id}"`,
  );
  return id;
}

/** `TOOL_CALL_RESULT`: a `tool` message right after the call's message, as `@ag-ui/client` places it. */
export function foldToolResult(work: Work, event: WireEvent): void {
  const callId = readId(event['toolCallId']);
  if (callId === null || callId === '') {
    work.warn('missing-id', 'TOOL_CALL_RESULT without a toolCallId; skipped');
    return;
  }
  let messageId = readId(event['messageId']);
  if (messageId === null || messageId === '') {
    messageId = `result:${callId}`;
    work.warn('missing-id', `TOOL_CALL_RESULT without a messageId; read as "${messageId}"`);
  }
  messageId = resultId(work, messageId, callId);
  const at = stampOf(event);
  const open = work.stream(`tool:${callId}`);
  if (open !== undefined) {
    work.warn(
      'not-closed',
      `TOOL_CALL_RESULT for "${callId}" before its TOOL_CALL_END; the call was closed`,
    );
    endStream(work, `tool:${callId}`, open, event);
  }
  const found = work.callBlock(callId);
  const name = found?.call.name ?? null;
  if (found === null)
    work.warn('unknown-call', `TOOL_CALL_RESULT for "${callId}", which was never called`);
  const subagentRunId = readText(event['subagentRunId']);
  const diagnostics: Diagnostic[] = [];
  const converted = convertAgUiMessage(
    {
      id: messageId,
      role: 'tool',
      toolCallId: callId,
      content: event['content'] ?? '',
      ...(event['error'] !== undefined ? { error: event['error'] } : {}),
      ...(isRecord(event['metadata']) ? { metadata: event['metadata'] } : {}),
      ...(subagentRunId !== null ? { subagentRunId } : {}),
    },
    {
      path: `$[${work.eventCount}].content`,
      diagnostics,
      subagentParent: (id) => work.subagentParent(id),
      createdAt: at,
    },
  );
  work.addDiagnostics(diagnostics);
  if (converted === null) return;
  const msg = pairList([converted], () => name)[0] as Msg;
  setCallState(work, callId, 'finished', at);
  const internals = work.ownInternals();
  if (!internals.runAnswered.includes(callId))
    internals.runAnswered = [...internals.runAnswered, callId];
  if (found === null || work.position(messageId) >= 0) {
    work.putMessage(msg);
    return;
  }
  let insertAt = found.position + 1;
  while (insertAt < work.length && wireRole(work.message(insertAt)) === 'tool') insertAt += 1;
  work.insert(insertAt, msg);
}
