import type { Msg } from '../../core/model/message.js';
import { isRecord } from '../../core/model/parse/field-reader.js';

/**
 * True for instructions an adapter marked as not part of the conversation: a `system` or
 * `developer` message with `metadata.hidden: true` (the AG-UI adapter marks them so). Only these
 * roles: a reply that claims to be hidden is still shown.
 */
export function isHiddenMessage(message: Msg): boolean {
  if (message.role !== 'system' && message.role !== 'developer') return false;
  const metadata: unknown = message.metadata;
  return isRecord(metadata) && metadata['hidden'] === true;
}

const NONE: ReadonlySet<string> = new Set();

/** The ids of the hidden messages; `previous` again while they are the same. */
export function hiddenMessageIds(
  messages: readonly Msg[],
  previous: ReadonlySet<string> | null,
): ReadonlySet<string> {
  let ids: Set<string> | null = null;
  for (const message of messages) {
    if (isHiddenMessage(message)) (ids ??= new Set()).add(message.id);
  }
  if (ids === null) return NONE;
  return previous !== null && sameSet(previous, ids) ? previous : ids;
}

/** The sets joined; one set alone is returned as it is, so its identity carries through. */
export function unionOf(sets: readonly (ReadonlySet<string> | null)[]): ReadonlySet<string> {
  const present = sets.filter((set): set is ReadonlySet<string> => set !== null && set.size > 0);
  if (present.length === 0) return NONE;
  if (present.length === 1) return present[0] as ReadonlySet<string>;
  const all = new Set<string>();
  for (const set of present) for (const id of set) all.add(id);
  return all;
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const id of b) if (!a.has(id)) return false;
  return true;
}
