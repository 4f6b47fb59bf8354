import type { Draft } from './draft.js';

/** How many diagnostics a folded state keeps: the latest ones, for every protocol. */
export const MAX_DIAGNOSTICS = 500;

/**
 * `list` with `item` appended and only its latest `cap` items kept, in a copy the draft owns:
 * the first append of a batch copies, later ones change the copy in place.
 */
export function appendCapped<T>(draft: Draft, list: readonly T[], item: T, cap: number): T[] {
  const owned = draft.edit(list as T[]);
  owned.push(item);
  if (owned.length > cap) owned.splice(0, owned.length - cap);
  return owned;
}
