/*
 * Streamed tool calls: how `TOOL_CALL_START` (or `TOOL_CALL_ARGS` without one) opens a call.
 */
import type { ToolCallBlock } from '../../model/block.js';
import { readId, readString } from '../common/read.js';
import { shell } from './messages.js';
import { createdMetadata, openStream, type StreamOpen } from './stream-phase.js';
import { stampOf, type WireEvent, wireRole } from './wire-event.js';
import type { Work } from './work.js';

/** The assistant message a new call goes into, as `@ag-ui/client` resolves it. */
function callOwner(work: Work, event: WireEvent, callId: string): number {
  const parentId = readId(event['parentMessageId']) || null;
  const parent = parentId === null ? -1 : work.position(parentId);
  if (parent >= 0 && wireRole(work.message(parent)) === 'assistant') return parent;
  if (parent >= 0)
    work.warn(
      'id-conflict',
      `parentMessageId "${parentId}" is not an assistant message; the call got its own`,
    );
  // An unknown parent id names the message the call opens; otherwise the call's id does.
  const ownId = parent < 0 ? (parentId ?? callId) : callId;
  const existing = work.position(ownId);
  if (existing >= 0 && wireRole(work.message(existing)) === 'assistant') return existing;
  const agUi = createdMetadata(work, 'assistant', event, null);
  return work.push(shell(ownId, 'assistant', null, [], agUi, stampOf(event), null));
}

/**
 * Opens a call stream that is not open (`TOOL_CALL_START`); `implicit` when arguments arrived
 * without a start.
 */
export const openCall: StreamOpen = (work, _kind, event, callId, implicit) => {
  const name = readString(event['toolCallName']);
  const found = work.callBlock(callId);
  if (found !== null && !implicit && name !== null && name !== found.call.name) {
    work.warn(
      'renamed-call',
      `tool call "${callId}" renamed from "${found.call.name}" to "${name}"`,
    );
    work.editBlock<ToolCallBlock>(found.position, found.at).name = name;
  }
  if (found === null && name === null && !implicit)
    work.warn('invalid-event', `TOOL_CALL_START for "${callId}" without a toolCallName`);
  const stream = openStream(work, 'tool', event, callId, implicit, {
    found,
    owner: () => callOwner(work, event, callId),
    block: () => ({
      type: 'tool_call',
      id: callId,
      name: name ?? '',
      input: '',
      state: 'pending',
      suggested_rules: [],
      created_at: stampOf(event),
      finished_at: null,
    }),
  });
  // The call's message is the latest reply; the call is one of the run's.
  const internals = work.ownInternals();
  internals.lastReply = stream.messageId;
  if (!internals.runCalls.includes(callId)) internals.runCalls = [...internals.runCalls, callId];
  return stream;
};
