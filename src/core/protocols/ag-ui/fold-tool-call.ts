/*
 * Streamed tool calls: `TOOL_CALL_START`, `TOOL_CALL_ARGS` and `TOOL_CALL_END`.
 */
import type { ToolCallBlock } from '../../model/block.js';
import type { Msg } from '../../model/message.js';
import { readId, readObject, readString } from '../common/read.js';
import { createdMetadata, finishIfIdle, reopen } from './message-lifecycle.js';
import { shell } from './messages.js';
import { foldStreamPhase, replayDelta, streamId, type AppendDelta } from './stream-phase.js';
import type { OpenStream } from './state.js';
import { stampOf, type WireEvent, wireRole } from './wire-event.js';
import type { Work } from './work.js';

function toolMetadata(work: Work, msg: Msg, callId: string, event: WireEvent): void {
  const incoming = readObject(event['metadata']);
  if (incoming === null) return;
  const entry = work.editAgUiEntry(msg, 'tool_calls', callId);
  entry['metadata'] = { ...readObject(entry['metadata']), ...incoming };
}

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
  const msg = shell(
    ownId,
    'assistant',
    null,
    [],
    createdMetadata(work, 'assistant', event, null),
    at,
    null,
  );
  return work.push(msg);
}

/** Opens a call stream that is not open; `implicit` when arguments arrived without a start. */
function openCall(
  work: Work,
  event: WireEvent,
  callId: string,
  implicit: boolean,
): OpenStream | null {
  const name = readString(event['toolCallName']);
  const found = work.findCall(callId);
  if (found !== null) {
    const current = work.message(found.position).content[found.at] as ToolCallBlock;
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
      toolMetadata(work, copy, callId, event);
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
  toolMetadata(work, copy, callId, event);
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

const appendArgs: AppendDelta = (work, key, stream, delta, event) => {
  const position = work.position(stream.messageId);
  const current = position < 0 ? undefined : work.message(position).content[stream.at];
  if (current?.type !== 'tool_call') {
    work.warn('missing-block', `tool call of "${key}" is gone; arguments dropped`);
    return;
  }
  if (stream.replay >= 0) {
    const input = replayDelta(work, key, stream, current.input, delta);
    if (input === null) return;
    const copy = work.edit(position);
    reopen(copy);
    const block = work.editBlock<ToolCallBlock>(position, stream.at);
    block.input = input;
    block.finished_at = null;
    return;
  }
  if (delta === '' && event['metadata'] === undefined) return;
  const copy = work.edit(position);
  work.editBlock<ToolCallBlock>(position, stream.at).input += delta;
  toolMetadata(work, copy, current.id, event);
};

/** `TOOL_CALL_START`, `TOOL_CALL_ARGS` and `TOOL_CALL_END`. */
export function foldToolCall(work: Work, event: WireEvent): void {
  const phase =
    event.type === 'TOOL_CALL_START' ? 'start' : event.type === 'TOOL_CALL_END' ? 'end' : 'delta';
  const callId = streamId(work, event, 'tool', 'toolCallId', phase === 'start');
  if (callId === null) return;
  const key = `tool:${callId}`;
  foldStreamPhase(
    work,
    event,
    phase,
    { key, id: callId },
    {
      open: (implicit) => openCall(work, event, callId, implicit),
      orphan: () => `${event.type} for "${callId}", which is not streaming; opened for it`,
      append: appendArgs,
      end: endCall,
    },
  );
}

/** Closes a call stream: a call whose arguments are complete is `submitted`. */
export function endCall(work: Work, key: string, stream: OpenStream, event: WireEvent): void {
  work.deleteStream(key);
  const position = work.position(stream.messageId);
  if (position < 0) return;
  const at = stampOf(event);
  const block = work.message(position).content[stream.at];
  if (block?.type === 'tool_call' && (block.finished_at === null || block.state === 'pending')) {
    const copy = work.edit(position);
    const call = work.editBlock<ToolCallBlock>(position, stream.at);
    if (call.finished_at === null) call.finished_at = at;
    if (call.state === 'pending') call.state = 'submitted';
    toolMetadata(work, copy, call.id, event);
  } else if (event['metadata'] !== undefined && block?.type === 'tool_call') {
    toolMetadata(work, work.edit(position), block.id, event);
  }
  finishIfIdle(work, position, at);
}
