/*
 * The lifecycle that text and reasoning messages and tool calls share: a start opens the stream,
 * deltas grow it, an end closes it. Whatever comes out of that order is reported and repaired.
 *
 * When a streamed message opens and finishes, and the metadata its events carry:
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
import type { ContentBlock } from '../../model/block.js';
import type { JsonObject } from '../../model/json.js';
import type { Msg } from '../../model/message.js';
import { readId, readObject, readText } from '../common/read.js';
import { agUiMetadata } from './messages.js';
import type { OpenStream } from './state.js';
import { deltaOf, stampOf, type WireEvent, wireRole } from './wire-event.js';
import type { Growing, Work } from './work.js';

/** The block each kind of stream feeds, the field its deltas grow, and the field naming it. */
export const STREAM_BLOCKS = {
  text: { type: 'text', field: 'text', idField: 'messageId' },
  reasoning: { type: 'thinking', field: 'thinking', idField: 'messageId' },
  tool: { type: 'tool_call', field: 'input', idField: 'toolCallId' },
} as const;

/** Opens the stream `id` of `kind`, which is not open; `implicit` for a delta that found none. */
export type StreamOpen = (
  work: Work,
  kind: OpenStream['kind'],
  event: WireEvent,
  id: string,
  implicit: boolean,
) => OpenStream | null;

/** Where a stream that opens writes: the block it feeds when there is one, else how to add one. */
export interface StreamTarget {
  /** The stream's block already shown: replayed when it had finished, reopened otherwise. */
  found: { position: number; at: number } | null;
  /** The position of the message a new block goes into, made when needed. */
  owner(): number;
  /** The new block, given how many blocks its message has. */
  block(count: number): ContentBlock;
}

/**
 * Opens the stream `id` (which is not open) on `target`: a finished block a `*_START` names again
 * is replayed (only the event's metadata is kept), any other reopens with its message; the event's
 * metadata goes on the message, or a call's on its entry.
 */
export function openStream(
  work: Work,
  kind: OpenStream['kind'],
  event: WireEvent,
  id: string,
  implicit: boolean,
  target: StreamTarget,
): OpenStream {
  const { found } = target;
  const shown = found && work.message(found.position).content[found.at];
  const replay = implicit || shown?.finished_at == null ? -1 : 0;
  const position = found?.position ?? target.owner();
  let at = found?.at ?? -1;
  if (replay < 0 || event['metadata'] !== undefined) {
    const copy = work.edit(position);
    mergeEventMetadata(work, copy, event, kind === 'tool' ? id : undefined);
    if (replay < 0) reopen(copy);
    if (at < 0) at = work.openBlock(position, target.block(copy.content.length));
    else if (replay < 0) work.editBlock(position, at).finished_at = null;
  }
  const stream: OpenStream = { kind, messageId: work.message(position).id, at, replay };
  return work.setStream(`${kind}:${id}`, stream);
}

/** The call id of a tool stream (its metadata goes on the call), `undefined` for a message's. */
function callIdOf(key: string, stream: OpenStream): string | undefined {
  return stream.kind === 'tool' ? key.slice('tool:'.length) : undefined;
}

/**
 * A delta for a stream that replays what is already shown (`stream.replay >= 0`, after a
 * reconnect): `null` when it matches the shown text there (the replay moves past it), else the
 * text to show from now on, which ends the replay.
 */
function replayDelta(
  work: Work,
  key: string,
  stream: OpenStream,
  shown: string,
  delta: string,
): string | null {
  if (shown.startsWith(delta, stream.replay)) {
    work.setStream(key, { ...stream, replay: stream.replay + delta.length });
    return null;
  }
  work.setStream(key, { ...stream, replay: -1 });
  return shown.slice(0, stream.replay) + delta;
}

/** Appends a delta to the block the open stream `key` feeds (O(delta)). */
function appendDelta(
  work: Work,
  key: string,
  stream: OpenStream,
  delta: string,
  event: WireEvent,
): void {
  const { type, field } = STREAM_BLOCKS[stream.kind];
  const position = work.position(stream.messageId);
  const current = position < 0 ? undefined : work.message(position).content[stream.at];
  if (current?.type !== type) {
    if (stream.kind === 'tool')
      work.warn('missing-block', `tool call of "${key}" is gone; arguments dropped`);
    else if (position < 0)
      work.warn('missing-message', `message "${stream.messageId}" is gone; content dropped`);
    else work.warn('missing-block', `no text block for "${stream.messageId}"; content dropped`);
    return;
  }
  const metadata = event['metadata'] !== undefined;
  if (stream.replay >= 0) {
    const text = replayDelta(work, key, stream, (current as Growing)[field] as string, delta);
    if (text === null) {
      // A replayed text delta still brings its message's metadata; a replayed call's does not.
      if (metadata && stream.kind !== 'tool') mergeEventMetadata(work, work.edit(position), event);
      return;
    }
    // The replay differs from what was shown: from here on it is the text.
    reopen(work.edit(position));
    const block = work.editBlock<ContentBlock & Growing>(position, stream.at);
    block[field] = text;
    block.finished_at = null;
    return;
  }
  if (delta === '' && !metadata) return;
  const copy = work.edit(position);
  const block = work.editBlock<ContentBlock & Growing>(position, stream.at);
  block[field] += delta;
  if (metadata) mergeEventMetadata(work, copy, event, callIdOf(key, stream));
  else work.hot = { key, block, field };
}

/**
 * Ends the stream `key`: its block finishes (a call whose arguments are complete is
 * `submitted`), and so does its message when that was its last open stream.
 */
export function endStream(work: Work, key: string, stream: OpenStream, event: WireEvent): void {
  work.deleteStream(key);
  const position = work.position(stream.messageId);
  if (position < 0) return;
  const at = stampOf(event);
  const block = work.message(position).content[stream.at];
  const callId = callIdOf(key, stream);
  const fed = block?.type === STREAM_BLOCKS[stream.kind].type;
  if (
    fed &&
    (block.finished_at === null || (block.type === 'tool_call' && block.state === 'pending'))
  ) {
    const copy = work.edit(position);
    const owned = work.editBlock(position, stream.at);
    if (owned.finished_at === null) owned.finished_at = at;
    if (owned.type === 'tool_call' && owned.state === 'pending') owned.state = 'submitted';
    mergeEventMetadata(work, copy, event, callId);
  } else if (event['metadata'] !== undefined && (fed || callId === undefined)) {
    // A message's metadata is kept even when its block is gone; a call's needs the call.
    mergeEventMetadata(work, work.edit(position), event, callId);
  }
  finishIfIdle(work, position, at);
}

/**
 * The stream id an event names (`messageId`, `toolCallId`). A continuation without one is read
 * as the one open stream of its kind (reported); otherwise it is `null` (reported: skipped).
 */
function streamId(
  work: Work,
  event: WireEvent,
  kind: OpenStream['kind'],
  start: boolean,
): string | null {
  const field = STREAM_BLOCKS[kind].idField;
  const id = readId(event[field]);
  if (id !== null && id !== '') return id;
  const open = work.openStreams().filter(([, stream]) => stream.kind === kind);
  if (start || open.length !== 1) {
    work.warn('missing-id', `${event.type} without a ${field}; skipped`);
    return null;
  }
  const found = (open[0] as [string, OpenStream])[0].slice(kind.length + 1);
  const what = kind === 'tool' ? 'call' : 'message';
  work.warn('missing-id', `${event.type} without a ${field}; read as the open ${what} "${found}"`);
  return found;
}

/**
 * Folds the start, a delta or the end of a stream. A start for an open stream and an end with
 * none are ignored; a delta with none opens one; all reported.
 */
export function foldStream(
  work: Work,
  event: WireEvent,
  kind: OpenStream['kind'],
  phase: 'start' | 'delta' | 'end',
  opener: StreamOpen,
): void {
  const id = streamId(work, event, kind, phase === 'start');
  if (id === null) return;
  const key = `${kind}:${id}`;
  const hot = work.hot;
  if (phase === 'delta' && hot !== null && hot.key === key && event['metadata'] === undefined) {
    // The same stream as the previous delta, in a block this batch owns: O(1), no lookups.
    hot.block[hot.field] += deltaOf(work, event);
    return;
  }
  const open = work.stream(key);
  if (phase === 'start') {
    if (open === undefined) opener(work, kind, event, id, false);
    else work.warn('already-open', `${event.type} for "${id}", which is still streaming; ignored`);
    return;
  }
  if (phase === 'end') {
    if (open === undefined)
      work.warn('not-open', `${event.type} for "${id}", which is not streaming; ignored`);
    else endStream(work, key, open, event);
    return;
  }
  if (open !== undefined) {
    appendDelta(work, key, open, deltaOf(work, event), event);
    return;
  }
  work.warn(
    'not-open',
    kind === 'tool'
      ? `${event.type} for "${id}", which is not streaming; opened for it`
      : work.position(id) >= 0
        ? `${event.type} for "${id}" after it ended; appended`
        : `${event.type} for "${id}", which never started; a message was opened for it`,
  );
  const opened = opener(work, kind, event, id, true);
  if (opened !== null) appendDelta(work, key, opened, deltaOf(work, event), event);
}

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
