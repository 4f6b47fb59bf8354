import type { ContentBlock } from '../model/block.js';
import type { Msg } from '../model/message.js';

/*
 * AgentScope finds a block by scanning for the first one whose type and id match. Scanning makes
 * every delta O(blocks); this index makes it O(1).
 *
 * Events only ever append blocks, and a block keeps its type and id when it is replaced, so every
 * version of a message is a prefix of the versions that follow it. One index therefore serves a
 * whole line of versions: a position past the end of an older version simply does not exist
 * there. Only appending to a version that is not the newest (a fork of history) needs a copy.
 */

/** Block positions by type, then id (no key strings to build and hash per lookup). */
type Positions = Map<string, Map<string, number>>;

interface BlockIndex {
  positions: Positions;
  /** The newest message version this index has recorded an append for. */
  head: Msg;
}

const indexes = new WeakMap<Msg, BlockIndex>();

function record(positions: Positions, type: string, id: string, position: number): void {
  let ids = positions.get(type);
  if (ids === undefined) positions.set(type, (ids = new Map()));
  if (!ids.has(id)) ids.set(id, position);
}

function build(msg: Msg): BlockIndex {
  const positions: Positions = new Map();
  msg.content.forEach((block, position) => record(positions, block.type, block.id, position));
  const index = { positions, head: msg };
  indexes.set(msg, index);
  return index;
}

function indexOf(msg: Msg): BlockIndex {
  return indexes.get(msg) ?? build(msg);
}

/** The position of the first block of `type` with `id`, or -1. */
export function findBlock(msg: Msg, type: ContentBlock['type'], id: string): number {
  const position = indexOf(msg).positions.get(type)?.get(id);
  if (position === undefined || position >= msg.content.length) return -1;
  const block = msg.content[position];
  if (block?.type === type && block.id === id) return position;
  // Someone changed the content behind our back: fall back to a fresh index.
  return build(msg).positions.get(type)?.get(id) ?? -1;
}

/** Records that `next` is a new version of `previous` with the same blocks. */
export function inheritBlockIndex(previous: Msg, next: Msg): void {
  if (previous === next) return;
  const index = indexes.get(previous);
  if (!index) return;
  indexes.set(next, index);
  if (index.head === previous) index.head = next;
}

/** Records the block just appended as the last block of `msg`. */
export function recordAppendedBlock(msg: Msg, block: ContentBlock): void {
  let index = indexOf(msg);
  if (index.head !== msg) {
    // Appending to an older version forks history: the fork gets its own index, holding only
    // the blocks this version had before the append.
    const positions: Positions = new Map();
    for (const [type, ids] of index.positions) {
      for (const [id, position] of ids) {
        if (position < msg.content.length - 1) record(positions, type, id, position);
      }
    }
    index = { positions, head: msg };
    indexes.set(msg, index);
  }
  record(index.positions, block.type, block.id, msg.content.length - 1);
}
