import type { Diagnostic } from '../model/diagnostic.js';
import type { Msg } from '../model/message.js';
import type { BlockIndex, BlockIndexStore } from './block-index.js';
import { createIdIndexStore } from './block-index.js';
import type { ChunkedList } from './chunked-list.js';
import { emptyList, listGet, listToArray } from './chunked-list.js';
import type { DiagnosticCode } from './diagnostic-code.js';

/*
 * Message positions, tool-call owners and block indexes live in a ledger that every later state
 * of one line of history shares, so none of them is copied per event. A state only trusts an
 * entry that still matches its own list (a position below its length holding that id). Writing
 * from a state that already has a successor (a fork, as React's StrictMode does by calling a
 * reducer twice) first gives the fork a ledger of its own.
 */

/** What one line of history shares: positions by message id, tool-call owners, block indexes. */
export interface WriterLedger {
  /** The newest state published on this line; a writer starting anywhere else forks. */
  head: WriterState<string> | null;
  /** Message id → its position (the first message with that id). */
  readonly positions: Map<string, number>;
  /**
   * Tool call id → the position of the message holding it (ids of messages may repeat; their
   * positions do not), for calls written through the writer.
   */
  readonly calls: Map<string, number>;
  /** Block indexes by message id (see block-index.ts); a fork starts empty and rebuilds lazily. */
  readonly blockIndexes: Map<string, BlockIndex>;
  readonly blockStore: BlockIndexStore;
}

/** An empty ledger. */
export function createLedger(): WriterLedger {
  const blockIndexes = new Map<string, BlockIndex>();
  return {
    head: null,
    positions: new Map(),
    calls: new Map(),
    blockIndexes,
    blockStore: createIdIndexStore(blockIndexes),
  };
}

/**
 * What a writer publishes: the messages in a persistent list and the one capped diagnostics log.
 * Immutable; a protocol's state holds one beside what its wire alone has.
 */
export class WriterState<C extends string = DiagnosticCode> {
  #messages: readonly Msg[] | undefined;

  constructor(
    readonly list: ChunkedList<Msg>,
    readonly diagnostics: readonly Diagnostic<C>[],
    readonly ledger: WriterLedger,
  ) {}

  /** Every message in order, as an array (built once per state, on first read). */
  get messages(): readonly Msg[] {
    return (this.#messages ??= listToArray(this.list));
  }

  /** The position of the message with this id, or -1. */
  position(id: string): number {
    return positionIn(this.ledger, this.list, id);
  }

  /** The message with this id. */
  getMessage(id: string): Msg | undefined {
    const position = this.position(id);
    if (position >= 0) return listGet(this.list, position);
    // A later state of this line may have moved the id (a snapshot): look, once, the slow way.
    return this.ledger.head === this ? undefined : this.messages.find((msg) => msg.id === id);
  }
}

/** A state with no messages and no diagnostics, heading a ledger of its own. */
export function emptyWriterState<C extends string = DiagnosticCode>(): WriterState<C> {
  const state = new WriterState<C>(emptyList(), [], createLedger());
  state.ledger.head = state;
  return state;
}

/** Where the message with `id` is in `list` by the ledger, or -1. */
export function positionIn(ledger: WriterLedger, list: ChunkedList<Msg>, id: string): number {
  const position = ledger.positions.get(id);
  if (position === undefined || position >= list.length) return -1;
  return listGet(list, position)?.id === id ? position : -1;
}

/** A ledger holding only what is true of `state`: the fork's own line of history. */
export function forkLedger(state: WriterState<string>): WriterLedger {
  const forked = createLedger();
  // Positions are read from the list itself: the shared entries may name a later duplicate.
  let position = 0;
  for (const chunk of state.list.chunks)
    for (const msg of chunk) {
      if (!forked.positions.has(msg.id)) forked.positions.set(msg.id, position);
      position += 1;
    }
  // findCall checks the block is there, so a position past the fork's end simply misses.
  for (const [call, owner] of state.ledger.calls) {
    if (owner < state.list.length) forked.calls.set(call, owner);
  }
  return forked;
}
