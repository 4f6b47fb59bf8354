import type { ContentBlock } from '../model/block.js';
import type { Msg } from '../model/message.js';
import { inheritBlockIndex, recordAppendedBlock } from './block-index.js';
import type { Draft } from './draft.js';

/** A version of `msg` that the draft may change. */
export function editMessage(draft: Draft, msg: Msg): Msg {
  const next = draft.edit(msg);
  inheritBlockIndex(draft.blocks, msg, next);
  return next;
}

/**
 * A version of `msg` whose block at `position` the draft may change (reach it as
 * `next.content[position]`); every other block keeps its identity.
 */
export function editBlockAt(draft: Draft, msg: Msg, position: number): Msg {
  const next = editMessage(draft, msg);
  const content = (next.content = draft.edit(next.content));
  content[position] = draft.edit(content[position] as ContentBlock);
  return next;
}

/** Changes one block through a callback; for the rare paths where a closure costs nothing. */
export function changeBlock<B extends ContentBlock>(
  draft: Draft,
  msg: Msg,
  position: number,
  change: (block: B) => void,
): Msg {
  const next = editBlockAt(draft, msg, position);
  change(next.content[position] as B);
  return next;
}

/** Appends a block the draft made. */
export function appendBlock(draft: Draft, msg: Msg, block: ContentBlock): Msg {
  const next = editMessage(draft, msg);
  const content = (next.content = draft.edit(next.content));
  content.push(draft.own(block));
  recordAppendedBlock(draft.blocks, next, block);
  return next;
}
