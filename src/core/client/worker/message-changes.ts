import type { Msg } from '../../model/message.js';

/** The messages that changed since the last post. */
export interface MessageChanges {
  /** Whether they are the whole conversation, to start over from. */
  readonly reset: boolean;
  readonly messages: readonly Msg[];
}

/**
 * Tells which messages changed since the last call, by identity: a fold copies only the messages
 * it touches, so an unchanged one is the same object. The page upserts them by id, so a change
 * that is more than replacing and appending (a reset, a reorder, a removal) is sent whole.
 */
export class ChangeTracker {
  private posted: readonly Msg[] | null = null;

  take(next: readonly Msg[]): MessageChanges | null {
    const posted = this.posted;
    this.posted = next;
    if (posted === next) return null;
    if (posted === null || next.length < posted.length) return { reset: true, messages: next };
    const changed: Msg[] = [];
    for (let index = 0; index < next.length; index++) {
      const msg = next[index] as Msg;
      if (index < posted.length) {
        const before = posted[index] as Msg;
        if (before === msg) continue;
        if (before.id !== msg.id) return { reset: true, messages: next };
      }
      changed.push(msg);
    }
    return { reset: false, messages: changed };
  }
}

/**
 * Cuts a change into slices of at most `budget` characters of JSON (and at least one message):
 * each slice is copied into the page in a task of its own, and that copy costs what it weighs, so
 * a whole history arriving at once never blocks the page for long.
 */
export function sliceChanges(changes: MessageChanges, budget: number): MessageChanges[] {
  const { messages } = changes;
  const slices: MessageChanges[] = [];
  let start = 0;
  let weight = 0;
  for (let index = 0; index < messages.length; index++) {
    weight += weigh(messages[index] as Msg);
    if (weight < budget && index < messages.length - 1) continue;
    slices.push({
      reset: changes.reset && start === 0,
      messages: messages.slice(start, index + 1),
    });
    start = index + 1;
    weight = 0;
  }
  return slices.length > 0 ? slices : [changes];
}

/** A message's weight in JSON characters; one that JSON cannot hold (a bigint) counts as small. */
function weigh(msg: Msg): number {
  try {
    return JSON.stringify(msg).length;
  } catch {
    return 1024;
  }
}
