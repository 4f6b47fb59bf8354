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
 *
 * Where the index lives depends on who folds:
 *   - `appendEvent` on its own keys indexes by message version (a WeakMap);
 *   - a conversation keys them by message id in its ledger, which already belongs to one line of
 *     history (a fork gets a new ledger), so a new version costs no bookkeeping at all.
 */

/** Block positions by type, then id (no key strings to build and hash per lookup). */
type Positions = Map<string, Map<string, number>>;

export interface BlockIndex {
  positions: Positions;
  /** The newest message version this index has recorded an append for. */
  head: Msg;
}

/** Where block indexes are kept. */
export interface BlockIndexStore {
  get(msg: Msg): BlockIndex | undefined;
  set(msg: Msg, index: BlockIndex): void;
  /** True when each message version needs its own entry (the WeakMap store). */
  readonly perVersion: boolean;
}

const versions = new WeakMap<Msg, BlockIndex>();

/** Indexes keyed by message version, for folds outside a conversation. */
export const versionIndexStore: BlockIndexStore = {
  get: (msg) => versions.get(msg),
  set: (msg, index) => void versions.set(msg, index),
  perVersion: true,
};

/** Indexes keyed by message id, for one line of history of one conversation. */
export function createIdIndexStore(byId: Map<string, BlockIndex> = new Map()): BlockIndexStore {
  return {
    get: (msg) => byId.get(msg.id),
    set: (msg, index) => void byId.set(msg.id, index),
    perVersion: false,
  };
}

function record(positions: Positions, type: string, id: string, position: number): void {
  let ids = positions.get(type);
  if (ids === undefined) positions.set(type, (ids = new Map()));
  if (!ids.has(id)) ids.set(id, position);
}

function build(store: BlockIndexStore, msg: Msg): BlockIndex {
  const positions: Positions = new Map();
  msg.content.forEach((block, position) => record(positions, block.type, block.id, position));
  const index = { positions, head: msg };
  store.set(msg, index);
  return index;
}

/** The position of the first block of `type` with `id`, or -1. */
export function findBlock(
  store: BlockIndexStore,
  msg: Msg,
  type: ContentBlock['type'],
  id: string,
): number {
  const position = (store.get(msg) ?? build(store, msg)).positions.get(type)?.get(id);
  if (position !== undefined && position < msg.content.length) {
    const block = msg.content[position];
    if (block?.type === type && block.id === id) return position;
  }
  // A miss is checked against a fresh index: it may be stale if the message was replaced
  // wholesale (history reloaded) or changed behind our back.
  const fresh = build(store, msg).positions.get(type)?.get(id);
  return fresh ?? -1;
}

/** Records that `next` is a new version of `previous` with the same blocks. */
export function inheritBlockIndex(store: BlockIndexStore, previous: Msg, next: Msg): void {
  if (previous === next || !store.perVersion) return;
  const index = store.get(previous);
  if (!index) return;
  store.set(next, index);
  if (index.head === previous) index.head = next;
}

/** Records the block just appended as the last block of `msg`. */
export function recordAppendedBlock(store: BlockIndexStore, msg: Msg, block: ContentBlock): void {
  let index = store.get(msg) ?? build(store, msg);
  if (store.perVersion && index.head !== msg) {
    // Appending to an older version forks history: the fork gets its own index, holding only
    // the blocks this version had before the append.
    const positions: Positions = new Map();
    for (const [type, ids] of index.positions) {
      for (const [id, position] of ids) {
        if (position < msg.content.length - 1) record(positions, type, id, position);
      }
    }
    index = { positions, head: msg };
    store.set(msg, index);
  }
  record(index.positions, block.type, block.id, msg.content.length - 1);
}
