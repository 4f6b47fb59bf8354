import type { Msg } from '../../core.js';
import type { EventChange } from '../recording/recording-types.js';

/**
 * What changed between two folds of the app's own (the `fold` prop of `DevtoolsInspector`):
 * messages added or removed, and the blocks of a message that changed. The fold keeps the
 * identity of everything an event did not touch, so identity tells what did.
 */
export function foldChanges(before: readonly Msg[], after: readonly Msg[]): readonly EventChange[] {
  const changes: EventChange[] = [];
  const old = new Map(before.map((message) => [message.id, message]));
  const now = new Set(after.map((message) => message.id));
  for (const message of after) {
    const was = old.get(message.id);
    if (was === undefined) changes.push({ messageId: message.id, kind: 'added', after: message });
    else if (was !== message) changes.push(...blockChanges(was, message));
  }
  for (const message of before) {
    if (!now.has(message.id))
      changes.push({ messageId: message.id, kind: 'removed', before: message });
  }
  return changes;
}

function blockChanges(before: Msg, after: Msg): EventChange[] {
  const changes: EventChange[] = [];
  const messageId = after.id;
  const old = new Map(before.content.map((block) => [block.id, block]));
  const now = new Set(after.content.map((block) => block.id));
  for (const block of after.content) {
    const was = old.get(block.id);
    if (was === undefined)
      changes.push({ messageId, blockId: block.id, kind: 'added', after: block });
    else if (was !== block) {
      changes.push({ messageId, blockId: block.id, kind: 'changed', before: was, after: block });
    }
  }
  for (const block of before.content) {
    if (!now.has(block.id))
      changes.push({ messageId, blockId: block.id, kind: 'removed', before: block });
  }
  if (changes.length === 0) changes.push({ messageId, kind: 'changed', before, after });
  return changes;
}
