/*
 * Streamed tool calls: how `TOOL_CALL_START` (or `TOOL_CALL_ARGS` without one) opens a call.
 */
import type { ToolCallBlock } from '../../model/block.js';
import { readId, readString } from '../common/read.js';
import { shell } from './messages.js';
import { createdMetadata, mergeEventMetadata, reopen, type StreamOpener } from './stream-phase.js';
import type { OpenStream } from './state.js';
import { stampOf, type WireEvent, wireRole } from './wire-event.js';
import type { Work } from './work.js';

/** The assistant message a new call goes into, as `@ag-ui/client` resolves it. */
function callOwner(work: Work, event: WireEvent, callId: string): number {
  const parentId = readId(event['parentMessageId']);
  const at = stampOf(event);
  if (parentId !== null && parentId !== '') {
    const position = work.position(parentId);
    if (position >= 0 && wireRole(work.message(position)) === 'assistant') return position;
    if (position >= 0)
      work.warn(
        'id-conflict',
        `parentMessageId "${parentId}" is not an assistant message; the call got its own`,
      );
  }
  const ownId =
    parentId !== null && parentId !== '' && work.position(parentId) < 0 ? parentId : callId;
  const existing = work.position(ownId);
  if (existing >= 0 && wireRole(work.message(existing)) === 'assistant') return existing;
  const agUi = createdMetadata(work, 'assistant', event, null);
  return work.push(shell(ownId, 'assistant', null, [], agUi, at, null));
}

/** Opens a call stream that is not open; `implicit` when arguments arrived without a start. */
function openCall(
  work: Work,
  event: WireEvent,
  callId: string,
  implicit: boolean,
): OpenStream | null {
  const name = readString(event['toolCallName']);
  const found = work.callBlock(callId);
  if (found !== null) {
    const current = found.call;
    const replay = implicit || current.finished_at === null ? -1 : 0;
    const renamed = !implicit && name !== null && name !== current.name;
    if (renamed || replay < 0 || event['metadata'] !== undefined) {
      const copy = work.edit(found.position);
      if (renamed) {
        work.warn(
          'renamed-call',
          `tool call "${callId}" renamed from "${current.name}" to "${name}"`,
        );
        work.editBlock<ToolCallBlock>(found.position, found.at).name = name;
      }
      mergeEventMetadata(work, copy, event, callId);
      if (replay < 0) {
        reopen(copy);
        work.editBlock<ToolCallBlock>(found.position, found.at).finished_at = null;
      }
    }
    return trackCall(work, callId, work.message(found.position).id, found.at, replay);
  }
  if (name === null && !implicit)
    work.warn('invalid-event', `TOOL_CALL_START for "${callId}" without a toolCallName`);
  const position = callOwner(work, event, callId);
  const copy = work.edit(position);
  reopen(copy);
  const at = work.openBlock(position, {
    type: 'tool_call',
    id: callId,
    name: name ?? '',
    input: '',
    state: 'pending',
    suggested_rules: [],
    created_at: stampOf(event),
    finished_at: null,
  });
  mergeEventMetadata(work, copy, event, callId);
  return trackCall(work, callId, copy.id, at, -1);
}

/** Records the open call stream, in the run's calls, on the reply `messageId` (now the latest). */
function trackCall(
  work: Work,
  callId: string,
  messageId: string,
  at: number,
  replay: number,
): OpenStream {
  const internals = work.ownInternals();
  internals.lastReply = messageId;
  if (!internals.runCalls.includes(callId)) internals.runCalls = [...internals.runCalls, callId];
  return work.setStream(`tool:${callId}`, { kind: 'tool', messageId, at, replay });
}

/** How call streams open: `TOOL_CALL_START`, or arguments that found none. */
export const CALL_OPENER: StreamOpener = {
  open: (work, _kind, event, id, implicit) => openCall(work, event, id, implicit),
  orphan: (_work, event, id) => `${event.type} for "${id}", which is not streaming; opened for it`,
};
