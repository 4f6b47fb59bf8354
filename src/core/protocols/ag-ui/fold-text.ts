/*
 * Text and reasoning messages: how `TEXT_MESSAGE_START` and `REASONING_MESSAGE_START` (or content
 * without one) open a stream, and where `REASONING_ENCRYPTED_VALUE` keeps its value.
 */
import type { TextBlock, ThinkingBlock } from '../../model/block.js';
import type { Msg } from '../../model/message.js';
import { readId, readString, readText, stringifyJson } from '../common/read.js';
import { shell } from './messages.js';
import { createdMetadata, openStream, STREAM_BLOCKS, type StreamOpen } from './stream-phase.js';
import { stampOf, type WireEvent, wireRole } from './wire-event.js';
import type { Work } from './work.js';

type TextKind = 'text' | 'reasoning';

/** Where the message's own text (or thinking) block is; `-1` when it has none. */
export function findTextBlock(msg: Msg, kind: TextKind): number {
  const type = STREAM_BLOCKS[kind].type;
  return msg.content.findIndex((block) => block.type === type && block.id === msg.id);
}

function emptyBlock(kind: TextKind, id: string, at: string): TextBlock | ThinkingBlock {
  return kind === 'text'
    ? { type: 'text', text: '', id, created_at: at, finished_at: null }
    : { type: 'thinking', thinking: '', id, created_at: at, finished_at: null };
}

/**
 * Opens a text or reasoning stream that is not open (`*_START`); `implicit` when content arrived
 * without a start (the stream then appends to whatever text is there instead of replaying it).
 */
export const openText: StreamOpen = (work, streamKind, event, id, implicit) => {
  const kind = streamKind as TextKind;
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
    const blockAt = conflict ? -1 : findTextBlock(existing, kind);
    return openStream(work, kind, event, id, implicit, {
      found: blockAt < 0 ? null : { position, at: blockAt },
      owner: () => position,
      block: (count) => emptyBlock(kind, conflict ? `${id}:${count}` : id, at),
    });
  }
  const role =
    ['assistant', 'user', 'system', 'developer'].includes(rawRole) || kind === 'reasoning'
      ? rawRole
      : 'assistant';
  if (role !== rawRole) work.warn('unknown-role', `unknown role "${rawRole}"; read as assistant`);
  const name = readText(event['name']);
  const agUi = createdMetadata(work, role, event, name);
  const msgRole = role === 'reasoning' ? 'assistant' : role;
  if (role === 'assistant' || role === 'reasoning') work.ownInternals().lastReply = id;
  return openStream(work, kind, event, id, implicit, {
    found: null,
    owner: () => work.push(shell(id, msgRole, name, [], agUi, at, null)),
    block: () => emptyBlock(kind, id, at),
  });
};

/** `REASONING_ENCRYPTED_VALUE`: kept on the message, the thinking block or the call it names. */
export function foldEncryptedValue(work: Work, event: WireEvent): void {
  const entityId = readId(event['entityId']);
  const value = readString(event['encryptedValue']);
  if (entityId === null || value === null) {
    work.warn(
      'invalid-event',
      'REASONING_ENCRYPTED_VALUE without entityId or encryptedValue; skipped',
    );
    return;
  }
  if (event['subtype'] === 'tool-call') {
    const found = work.findCall(entityId);
    if (found === null) {
      work.warn(
        'unknown-call',
        `encrypted value for tool call "${entityId}", which does not exist; kept here only`,
      );
      return;
    }
    work.editAgUiEntry(work.edit(found.position), 'tool_calls', entityId)['encrypted_value'] =
      value;
    return;
  }
  if (event['subtype'] !== 'message')
    work.warn(
      'invalid-event',
      `unknown subtype ${stringifyJson(event['subtype']) ?? ''}; read as "message"`,
    );
  const position = work.position(entityId);
  if (position < 0 || wireRole(work.message(position)) === 'activity') {
    work.warn(
      'unknown-message',
      `encrypted value for message "${entityId}", which cannot hold one; kept here only`,
    );
    return;
  }
  const copy = work.edit(position);
  const at = findTextBlock(copy, 'reasoning');
  if (at >= 0) work.editBlock<ThinkingBlock>(position, at)['encrypted_value'] = value;
  else work.editAgUi(copy)['encrypted_value'] = value;
}
