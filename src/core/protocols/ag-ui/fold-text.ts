/*
 * Text and reasoning messages: `TEXT_MESSAGE_*` and `REASONING_MESSAGE_*` (start, content, end).
 */
import type { TextBlock, ThinkingBlock } from '../../model/block.js';
import type { Msg } from '../../model/message.js';
import { readText } from '../common/read.js';
import { createdMetadata, finishIfIdle, mergeEventMetadata, reopen } from './message-lifecycle.js';
import { shell } from './messages.js';
import { foldStreamPhase, replayDelta, streamId, type AppendDelta } from './stream-phase.js';
import type { OpenStream } from './state.js';
import { deltaOf, stampOf, type WireEvent, wireRole } from './wire-event.js';
import type { Work } from './work.js';

type TextKind = 'text' | 'reasoning';

/** Where the message's own text (or thinking) block is; `-1` when it has none. */
export function findTextBlock(msg: Msg, kind: TextKind): number {
  const type = kind === 'text' ? 'text' : 'thinking';
  for (let at = 0; at < msg.content.length; at++) {
    const block = msg.content[at];
    if (block?.type === type && block.id === msg.id) return at;
  }
  return -1;
}

function emptyBlock(kind: TextKind, id: string, at: string): TextBlock | ThinkingBlock {
  return kind === 'text'
    ? { type: 'text', text: '', id, created_at: at, finished_at: null }
    : { type: 'thinking', thinking: '', id, created_at: at, finished_at: null };
}

function blockText(block: TextBlock | ThinkingBlock): string {
  return block.type === 'text' ? block.text : block.thinking;
}

/**
 * Opens a text or reasoning stream that is not open; `implicit` when content arrived without a
 * start (the stream then appends to whatever text is there instead of replaying it).
 */
function openText(
  work: Work,
  kind: TextKind,
  event: WireEvent,
  id: string,
  implicit: boolean,
): OpenStream | null {
  const key = `${kind}:${id}`;
  const at = stampOf(event);
  const position = work.position(id);
  const rawRole = kind === 'reasoning' ? 'reasoning' : (readText(event['role']) ?? 'assistant');
  if (position >= 0) {
    const existing = work.message(position);
    if (wireRole(existing) === 'activity') {
      work.warn('id-conflict', `${event.type} for "${id}", which is an activity message; ignored`);
      return null;
    }
    // Another role's message with this id keeps its text; the new text goes in a block of its own.
    const conflict = !implicit && wireRole(existing) !== rawRole;
    if (conflict)
      work.warn(
        'id-conflict',
        `${event.type} (${rawRole}) for "${id}", which is a ${wireRole(existing)} message; its text was added to it as a block of its own`,
      );
    if (wireRole(existing) === 'assistant' || wireRole(existing) === 'reasoning')
      work.ownInternals().lastReply = id;
    let blockAt = conflict ? -1 : findTextBlock(existing, kind);
    let replay = -1;
    if (
      blockAt >= 0 &&
      !implicit &&
      (existing.content[blockAt] as TextBlock).finished_at !== null
    ) {
      // A replay: nothing changes unless the replayed text differs.
      replay = 0;
      if (event['metadata'] !== undefined) mergeEventMetadata(work, work.edit(position), event);
    } else {
      const copy = work.edit(position);
      mergeEventMetadata(work, copy, event);
      reopen(copy);
      const blockId = conflict ? `${id}:${copy.content.length}` : id;
      if (blockAt < 0) blockAt = work.openBlock(position, emptyBlock(kind, blockId, at));
      else work.editBlock<TextBlock>(position, blockAt).finished_at = null;
    }
    return work.setStream(key, { kind, messageId: id, at: blockAt, replay });
  }
  const role =
    ['assistant', 'user', 'system', 'developer'].includes(rawRole) || kind === 'reasoning'
      ? rawRole
      : 'assistant';
  if (role !== rawRole) work.warn('unknown-role', `unknown role "${rawRole}"; read as assistant`);
  const name = readText(event['name']);
  const msg = shell(
    id,
    role === 'reasoning' ? 'assistant' : role,
    name,
    [emptyBlock(kind, id, at)],
    createdMetadata(work, role, event, name),
    at,
    null,
  );
  work.push(msg);
  if (role === 'assistant' || role === 'reasoning') work.ownInternals().lastReply = id;
  return work.setStream(key, { kind, messageId: id, at: 0, replay: -1 });
}

/** Appends a delta to an open text or reasoning stream (O(delta)). */
export const appendText: AppendDelta = (work, key, stream, delta, event) => {
  const position = work.position(stream.messageId);
  if (position < 0) {
    work.warn('missing-message', `message "${stream.messageId}" is gone; content dropped`);
    return;
  }
  const current = work.message(position).content[stream.at] as
    TextBlock | ThinkingBlock | undefined;
  if (current === undefined || (current.type !== 'text' && current.type !== 'thinking')) {
    work.warn('missing-block', `no text block for "${stream.messageId}"; content dropped`);
    return;
  }
  if (stream.replay >= 0) {
    const text = replayDelta(work, key, stream, blockText(current), delta);
    if (text === null) {
      if (event['metadata'] !== undefined) mergeEventMetadata(work, work.edit(position), event);
      return;
    }
    // The replay differs from what was shown: from here on it is the text.
    const copy = work.edit(position);
    reopen(copy);
    const block = work.editBlock<TextBlock | ThinkingBlock>(position, stream.at);
    if (block.type === 'text') block.text = text;
    else block.thinking = text;
    block.finished_at = null;
    return;
  }
  if (delta === '' && event['metadata'] === undefined) return;
  const copy = work.edit(position);
  const block = work.editBlock<TextBlock | ThinkingBlock>(position, stream.at);
  if (block.type === 'text') block.text += delta;
  else block.thinking += delta;
  if (event['metadata'] !== undefined) mergeEventMetadata(work, copy, event);
  else work.hot = { key, block };
};

/** Ends a text or reasoning stream and, when it was the last, its message. */
export function endText(work: Work, key: string, stream: OpenStream, event: WireEvent): void {
  work.deleteStream(key);
  const position = work.position(stream.messageId);
  if (position < 0) return;
  const at = stampOf(event);
  if (stream.replay < 0 || event['metadata'] !== undefined) {
    const copy = work.edit(position);
    if (stream.replay < 0) {
      const block = copy.content[stream.at];
      if (block !== undefined && block.finished_at === null)
        work.editBlock<TextBlock>(position, stream.at).finished_at = at;
    }
    mergeEventMetadata(work, copy, event);
  }
  finishIfIdle(work, position, at);
}

/** `*_START`, `*_CONTENT` and `*_END` of text and reasoning messages. */
export function foldText(
  work: Work,
  kind: TextKind,
  phase: 'start' | 'content' | 'end',
  event: WireEvent,
): void {
  const id = streamId(work, event, kind, 'messageId', phase === 'start');
  if (id === null) return;
  const key = `${kind}:${id}`;
  if (
    phase === 'content' &&
    work.hot !== null &&
    work.hot.key === key &&
    event['metadata'] === undefined
  ) {
    // The same stream as the previous delta, in a block this batch owns: O(1), no lookups.
    const delta = deltaOf(work, event);
    if (kind === 'text') work.hot.block.text += delta;
    else work.hot.block.thinking += delta;
    return;
  }
  foldStreamPhase(
    work,
    event,
    phase === 'content' ? 'delta' : phase,
    { key, id },
    {
      open: (implicit) => openText(work, kind, event, id, implicit),
      orphan: () =>
        work.position(id) >= 0
          ? `${event.type} for "${id}" after it ended; appended`
          : `${event.type} for "${id}", which never started; a message was opened for it`,
      append: appendText,
      end: endText,
    },
  );
}
