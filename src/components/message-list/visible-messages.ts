import { getReplyStatus } from '../../core/fold/reply-status.js';
import type { Msg } from '../../core/model/message.js';
import { toolFactsOf } from '../message/pair-tool-results.js';

/** The rows the list shows, with one unique key per row. */
export interface VisibleMessages {
  readonly messages: readonly Msg[];
  /** The message id, made unique (`id#2`) when a broken source repeats one. */
  readonly keys: readonly string[];
  /** Rows with a tool call waiting for approval: kept mounted so the keyboard can reach them. */
  readonly askingIndexes: readonly number[];
}

/**
 * The messages to show (all but `hidden`), their row keys and the rows that ask for approval.
 * While the ids stay the same (a streaming frame), `previous.keys` is returned as is, so a key
 * function built on it stays the same and the virtualizer keeps its measurements.
 */
export function selectVisibleMessages(
  messages: readonly Msg[],
  hidden: ReadonlySet<string>,
  previous: VisibleMessages | null,
): VisibleMessages {
  const visible = hidden.size === 0 ? messages : messages.filter((m) => !hidden.has(m.id));
  return (previous && sameIds(previous, visible)) ?? selectAll(visible, previous?.keys ?? null);
}

/** The fast path: the same rows, some of them with new content. */
function sameIds(previous: VisibleMessages, visible: readonly Msg[]): VisibleMessages | null {
  const before = previous.messages;
  if (before.length !== visible.length) return null;
  const changed: number[] = [];
  for (let i = 0; i < visible.length; i++) {
    const message = visible[i] as Msg;
    const old = before[i] as Msg;
    if (message === old) continue;
    if (message.id !== old.id) return null;
    changed.push(i);
  }
  if (changed.length === 0) return { ...previous, messages: visible };
  const changedSet = new Set(changed);
  const askingIndexes = previous.askingIndexes.filter((index) => !changedSet.has(index));
  for (const index of changed) {
    if (toolFactsOf(visible[index] as Msg).asking) askingIndexes.push(index);
  }
  askingIndexes.sort((a, b) => a - b);
  return { messages: visible, keys: previous.keys, askingIndexes };
}

function selectAll(
  visible: readonly Msg[],
  previousKeys: readonly string[] | null,
): VisibleMessages {
  const keys: string[] = new Array<string>(visible.length);
  const seen = new Map<string, number>();
  const askingIndexes: number[] = [];
  visible.forEach((message, index) => {
    const repeats = seen.get(message.id) ?? 0;
    seen.set(message.id, repeats + 1);
    keys[index] = repeats === 0 ? message.id : `${message.id}#${repeats + 1}`;
    if (toolFactsOf(message).asking) askingIndexes.push(index);
  });
  return {
    messages: visible,
    keys: previousKeys !== null && sameKeys(previousKeys, keys) ? previousKeys : keys,
    askingIndexes,
  };
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = a.length - 1; i >= 0; i--) if (a[i] !== b[i]) return false;
  return true;
}

/** How many rows came after the row `key` (the last one the user saw at the bottom). */
export function countAfter(keys: readonly string[], key: string | null): number {
  if (key === null) return 0;
  for (let i = keys.length - 1; i >= 0; i--) if (keys[i] === key) return keys.length - 1 - i;
  return 0;
}

/** True when the last row is a reply that has started but shows nothing yet. */
export function isAwaitingFirstContent(message: Msg | undefined): boolean {
  if (message === undefined || message.role === 'user' || message.role === 'tool') return false;
  if (getReplyStatus(message) !== 'streaming') return false;
  return message.content.every(
    (block) =>
      (block.type === 'text' && block.text.trim() === '') ||
      (block.type === 'thinking' && block.thinking.trim() === ''),
  );
}
