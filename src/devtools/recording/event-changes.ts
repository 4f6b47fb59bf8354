import type { ContentBlock, Msg } from '../../core.js';
import { foldRecording } from './fold-recording.js';
import type { EventChange, RecordingSession } from './recording-types.js';

/** Equal as JSON: a fold may rebuild an object it did not change. */
function same(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

function byId<T extends { id: string }>(items: readonly T[]): Map<string, T> {
  return new Map(items.map((item) => [item.id, item]));
}

/** The blocks of one message that changed, or the message itself when no block tells. */
function blockChanges(before: Msg, after: Msg): EventChange[] {
  const changes: EventChange[] = [];
  const old = byId<ContentBlock>(before.content);
  const now = byId<ContentBlock>(after.content);
  const messageId = after.id;
  for (const [blockId, block] of now) {
    const was = old.get(blockId);
    if (was === undefined) changes.push({ messageId, blockId, kind: 'added', after: block });
    else if (!same(was, block))
      changes.push({ messageId, blockId, kind: 'changed', before: was, after: block });
  }
  for (const [blockId, block] of old)
    if (!now.has(blockId)) changes.push({ messageId, blockId, kind: 'removed', before: block });
  if (changes.length === 0) changes.push({ messageId, kind: 'changed', before, after });
  return changes;
}

/**
 * What event `seq` changed in the conversation: the fold after it against the fold before it,
 * message by message and block by block (empty when it changed nothing on screen).
 * @example
 * eventChanges(session, 12); // [{ messageId: 'r1', blockId: 'tx-1', kind: 'changed', before, after }]
 */
export function eventChanges(session: RecordingSession, seq: number): readonly EventChange[] {
  const first = session.events[0]?.seq ?? 0;
  const index = seq - first;
  if (index < 0 || index >= session.events.length) return [];
  const before = foldRecording(session, index).messages;
  const after = foldRecording(session, index + 1).messages;
  const changes: EventChange[] = [];
  const old = byId(before);
  const now = byId(after);
  for (const [messageId, msg] of now) {
    const was = old.get(messageId);
    if (was === undefined) changes.push({ messageId, kind: 'added', after: msg });
    else if (!same(was, msg)) changes.push(...blockChanges(was, msg));
  }
  for (const [messageId, msg] of old)
    if (!now.has(messageId)) changes.push({ messageId, kind: 'removed', before: msg });
  return changes;
}
