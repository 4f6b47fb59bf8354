import type { ContentBlock, ToolCallState, ToolResultBlock } from '../model/block.js';
import { createDiagnostic, type Diagnostic } from '../model/diagnostic.js';
import type { Msg } from '../model/message.js';
import { appendCapped, MAX_DIAGNOSTICS } from './capped-log.js';
import type { ChunkedList } from './chunked-list.js';
import { emptyList, listGet, listPush, listSet, listToArray } from './chunked-list.js';
import type { DiagnosticCode, DiagnosticWhere } from './diagnostic-code.js';
import { Draft } from './draft.js';
import type { WriterLedger } from './writer-state.js';
import { forkLedger, positionIn, WriterState } from './writer-state.js';

/** A streaming field a delta grows: a text's text, a thinking's thinking, a call's input. */
type Growing = { text?: string; thinking?: string; input?: string };

/**
 * The one way every protocol writes a conversation: a working copy over a published
 * `WriterState`, changed by a batch of operations and published once by `finish()`.
 *
 * Objects the writer copies belong to its draft until it publishes, so later operations of the
 * same batch change them in place: a batch costs O(1) per delta whatever the conversation's size,
 * and nothing that existed before the batch is touched (structural sharing between batches).
 * Positions are message positions in the list; `at` is a block's position in its message.
 */
export class ConversationWriter<C extends string = DiagnosticCode> {
  private list: ChunkedList<Msg>;
  private diagnostics: readonly Diagnostic<C>[];
  private readonly ledger: WriterLedger;
  /** The batch's scope: what it owns (see draft.ts). Decoders pass it to message edits. */
  readonly draft: Draft;

  constructor(base: WriterState<C>, draft?: (ledger: WriterLedger) => Draft) {
    this.list = base.list;
    this.diagnostics = base.diagnostics;
    this.ledger = base.ledger.head === base ? base.ledger : forkLedger(base);
    this.draft = draft?.(this.ledger) ?? new Draft(undefined, this.ledger.blockStore);
  }

  /* ---------------------------------------------------------------------------------------------
   * Reading
   * -------------------------------------------------------------------------------------------*/

  /** How many messages there are. */
  get length(): number {
    return this.list.length;
  }

  /** The message at `position` (undefined past the end). */
  message(position: number): Msg | undefined {
    return listGet(this.list, position);
  }

  /** The position of the message with this id, or -1. */
  position(id: string): number {
    return positionIn(this.ledger, this.list, id);
  }

  /** Where the tool call with this id is: its message's position and the block's, or null. */
  findCall(id: string): { position: number; at: number } | null {
    const position = this.ledger.calls.get(id);
    const content = position === undefined ? undefined : listGet(this.list, position)?.content;
    if (position === undefined || content === undefined) return null;
    for (let at = content.length - 1; at >= 0; at--) {
      const block = content[at] as ContentBlock;
      if (block.type === 'tool_call' && block.id === id) return { position, at };
    }
    return null;
  }

  /* ---------------------------------------------------------------------------------------------
   * Messages
   * -------------------------------------------------------------------------------------------*/

  /** Appends a message; returns its position. An id already present keeps its first place. */
  push(msg: Msg): number {
    const position = this.list.length;
    this.list = listPush(this.draft, this.list, msg);
    if (this.position(msg.id) < 0) this.ledger.positions.set(msg.id, position);
    this.recordCalls(position, msg);
    return position;
  }

  /** Adds a message, or replaces the one with the same id; returns its position. */
  upsert(msg: Msg): number {
    // A message replaced wholesale may hold other blocks: its index is rebuilt on first use.
    this.ledger.blockIndexes.delete(msg.id);
    const position = this.position(msg.id);
    if (position < 0) return this.push(msg);
    this.set(position, msg);
    return position;
  }

  /** Puts `msg` at `position` in place of what is there (it may have another id). */
  set(position: number, msg: Msg): void {
    if (listGet(this.list, position) === msg) return;
    this.list = listSet(this.draft, this.list, position, msg);
    const first = this.position(msg.id);
    if (first < 0 || first > position) this.ledger.positions.set(msg.id, position);
    this.recordCalls(position, msg);
  }

  /**
   * Puts a newer version of the message at `position`, made by edits through this writer's draft
   * (a decoder's own handlers): O(1), its tool calls are not looked for, so `findCall` does not
   * know calls added that way.
   */
  setVersion(position: number, msg: Msg): void {
    this.list = listSet(this.draft, this.list, position, msg);
  }

  /** Inserts a message before `position`, moving the later ones (O(messages)). */
  insert(position: number, msg: Msg): void {
    if (position >= this.list.length) {
      this.push(msg);
      return;
    }
    const all = listToArray(this.list);
    all.splice(Math.max(0, position), 0, msg);
    this.replaceAll(all);
  }

  /** Replaces every message (a snapshot), rebuilding positions and call owners. */
  replaceAll(messages: readonly Msg[]): void {
    // Entries are checked against the list, so stale ones need no clearing; clearing would
    // also take them from earlier states that share the ledger.
    this.list = emptyList();
    this.ledger.blockIndexes.clear();
    for (const msg of messages) this.push(msg);
  }

  /** The message at `position` as a copy this batch owns, already in the list. */
  edit(position: number): Msg {
    const msg = listGet(this.list, position) as Msg;
    const copy = this.draft.edit(msg);
    if (copy !== msg) this.list = listSet(this.draft, this.list, position, copy);
    return copy;
  }

  /* ---------------------------------------------------------------------------------------------
   * Blocks
   * -------------------------------------------------------------------------------------------*/

  /** The block at `at` of the message at `position`, as a copy this batch owns. */
  editBlock<B extends ContentBlock>(position: number, at: number): B {
    const msg = this.edit(position);
    const content = (msg.content = this.draft.edit(msg.content));
    const block = this.draft.edit(content[at] as B);
    content[at] = block;
    return block;
  }

  /** Opens a block: appends it to the message at `position`; returns its place `at`. */
  openBlock(position: number, block: ContentBlock): number {
    const msg = this.edit(position);
    const content = (msg.content = this.draft.edit(msg.content));
    content.push(this.draft.own(block));
    if (block.type === 'tool_call') this.ledger.calls.set(block.id, position);
    return content.length - 1;
  }

  /** Inserts a block before `at` (a result beside its call), moving the later blocks. */
  insertBlock(position: number, at: number, block: ContentBlock): void {
    const msg = this.edit(position);
    const content = (msg.content = this.draft.edit(msg.content));
    content.splice(at, 0, this.draft.own(block));
    if (block.type === 'tool_call') this.ledger.calls.set(block.id, position);
    // Later blocks moved: the message's block index is rebuilt on first use.
    this.ledger.blockIndexes.delete(msg.id);
  }

  /** Appends a delta to the block's streaming field (text, thinking, or a call's input). */
  appendText(position: number, at: number, delta: string): void {
    if (delta === '') return;
    const block = this.editBlock<ContentBlock>(position, at) as Growing;
    if (block.text !== undefined) block.text += delta;
    else if (block.thinking !== undefined) block.thinking += delta;
    else if (block.input !== undefined) block.input += delta;
  }

  /** Closes a block: stamps its `finished_at` (`null` reopens it). */
  closeBlock(position: number, at: number, finishedAt: string | null): void {
    if (listGet(this.list, position)?.content[at]?.finished_at === finishedAt) return;
    this.editBlock(position, at).finished_at = finishedAt;
  }

  /** Sets the state of the tool call at `at`; a block that is not a call is left alone. */
  setToolState(position: number, at: number, state: ToolCallState): void {
    const block = listGet(this.list, position)?.content[at];
    if (block?.type !== 'tool_call' || block.state === state) return;
    this.editBlock<typeof block>(position, at).state = state;
  }

  /**
   * Attaches a tool result to the message at `position`: right after the block `after` (its
   * call) when given, otherwise last. Returns the result's place.
   */
  attachResult(position: number, result: ToolResultBlock, after?: number): number {
    if (after === undefined) return this.openBlock(position, result);
    this.insertBlock(position, after + 1, result);
    return after + 1;
  }

  /* ---------------------------------------------------------------------------------------------
   * Diagnostics and publishing
   * -------------------------------------------------------------------------------------------*/

  /** Reports a problem into the state's one diagnostics log (its latest `MAX_DIAGNOSTICS`). */
  report(code: C, message: string, where: DiagnosticWhere = {}): void {
    this.keep(createDiagnostic(code, message, where));
  }

  /** Keeps a diagnostic made elsewhere (a history converter's). */
  keep(diagnostic: Diagnostic<C>): void {
    this.diagnostics = appendCapped(this.draft, this.diagnostics, diagnostic, MAX_DIAGNOSTICS);
  }

  /** Publishes the batch as a new immutable state; the writer is not used after this. */
  finish(): WriterState<C> {
    const state = new WriterState(this.list, this.diagnostics, this.ledger);
    this.ledger.head = state;
    return state;
  }

  private recordCalls(position: number, msg: Msg): void {
    for (const block of msg.content)
      if (block.type === 'tool_call' && this.ledger.calls.get(block.id) !== position)
        this.ledger.calls.set(block.id, position);
  }
}
