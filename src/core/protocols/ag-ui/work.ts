import type { ContentBlock } from '../../model/block.js';
import { createDiagnostic, type Diagnostic } from '../../model/diagnostic.js';
import type { JsonObject, JsonValue } from '../../model/json.js';
import type { Msg } from '../../model/message.js';
import type { ChunkedList } from '../../fold/chunked-list.js';
import { emptyList, listGet, listPush, listSet, listToArray } from '../../fold/chunked-list.js';
import { Draft } from '../../fold/draft.js';
import { isRecord } from '../common/read.js';
import { setKey } from './json-patch.js';
import type { Internals, Ledger, OpenStream, StateFields } from './state.js';
import { AgUiFoldState, buildLedger } from './state.js';
import type { AgUiRun, AgUiState } from './types.js';

const MAX_DIAGNOSTICS = 500;
const MAX_EVENTS_KEPT = 1000;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * The working copy one batch of events is folded into. Objects it copies are its own until the
 * batch is published, so later events of the batch change them in place: a batch costs O(1) per
 * event, and every object that existed before the batch keeps its identity.
 */
export class Work implements Omit<StateFields, 'internals'> {
  list: ChunkedList<Msg>;
  diagnostics: Diagnostic[];
  status: StateFields['status'];
  state: JsonValue;
  activities: StateFields['activities'];
  interrupts: StateFields['interrupts'];
  customEvents: StateFields['customEvents'];
  rawEvents: StateFields['rawEvents'];
  runs: AgUiRun[];
  subagents: StateFields['subagents'];
  threadId: string | null;
  eventCount: number;
  internals: Mutable<Internals>;
  readonly draft = new Draft();
  readonly ledger: Ledger;
  /** The event being folded, for diagnostics. */
  current: unknown = null;
  private streamsOwned = false;
  /**
   * The block the previous delta went into, when this batch owns it: the next delta of the same
   * stream appends to it directly. Any event that is not a delta forgets it.
   */
  hot: { key: string; block: { text?: string; thinking?: string; input?: string } } | null = null;

  constructor(base: AgUiState) {
    const fold = base instanceof AgUiFoldState ? base : null;
    this.list = fold?.list ?? listFrom(base.messages);
    this.diagnostics = base.diagnostics as Diagnostic[];
    this.status = base.status;
    this.state = base.state;
    this.activities = base.activities;
    this.interrupts = base.interrupts;
    this.customEvents = base.customEvents;
    this.rawEvents = base.rawEvents;
    this.runs = base.runs as AgUiRun[];
    this.subagents = base.subagents;
    this.threadId = base.threadId;
    this.eventCount = base.eventCount;
    this.internals = (fold?.internals ?? {
      streams: new Map(),
      lanes: {},
      legacyReasoning: { span: null, message: null },
      runIndex: base.runs.length - 1,
      runCalls: [],
      runAnswered: [],
      lastReply: null,
    }) as Mutable<Internals>;
    this.ledger = fold !== null && fold.ledger.head === fold ? fold.ledger : buildLedger(this.list);
  }

  /** Publishes the batch as a new immutable state. */
  result(): AgUiFoldState {
    const state = new AgUiFoldState(
      {
        list: this.list,
        diagnostics: this.diagnostics,
        status: this.status,
        state: this.state,
        activities: this.activities,
        interrupts: this.interrupts,
        customEvents: this.customEvents,
        rawEvents: this.rawEvents,
        runs: this.runs,
        subagents: this.subagents,
        threadId: this.threadId,
        eventCount: this.eventCount,
        internals: this.internals,
      },
      this.ledger,
    );
    this.ledger.head = state;
    return state;
  }

  /* ---------------------------------------------------------------------------------------------
   * Diagnostics and capped logs
   * -------------------------------------------------------------------------------------------*/

  /** Reports a problem with the current event (`$[index]` names it in the input). */
  report(code: string, message: string, raw: unknown = this.current): void {
    const diagnostic = createDiagnostic(code, message, {
      path: `$[${this.eventCount}]`,
      raw: isRecord(raw) && typeof raw['type'] === 'string' ? rawSummary(raw) : raw,
    });
    this.diagnostics = this.appendCapped(this.diagnostics, diagnostic, MAX_DIAGNOSTICS);
  }

  /** Keeps diagnostics a converter produced. */
  addDiagnostics(list: readonly Diagnostic[]): void {
    for (const diagnostic of list)
      this.diagnostics = this.appendCapped(this.diagnostics, diagnostic, MAX_DIAGNOSTICS);
  }

  appendCapped<T>(list: readonly T[], item: T, cap: number = MAX_EVENTS_KEPT): T[] {
    const owned = this.draft.edit(list as T[]);
    owned.push(item);
    if (owned.length > cap) owned.splice(0, owned.length - cap);
    return owned;
  }

  /** `record` with `key` set to `value`, in a copy this batch owns (what was published stays). */
  withEntry<T>(record: Readonly<Record<string, T>>, key: string, value: T): Record<string, T> {
    const owned = this.draft.edit(record as Record<string, T>);
    setKey(owned, key, value);
    return owned;
  }

  /* ---------------------------------------------------------------------------------------------
   * Messages
   * -------------------------------------------------------------------------------------------*/

  get messageCount(): number {
    return this.list.length;
  }

  message(position: number): Msg {
    return listGet(this.list, position) as Msg;
  }

  /** The position of the message with this id, or -1. */
  position(id: string): number {
    const position = this.ledger.positions.get(id);
    if (position === undefined) return -1;
    return listGet(this.list, position)?.id === id ? position : -1;
  }

  push(msg: Msg): number {
    const position = this.list.length;
    this.list = listPush(this.draft, this.list, msg);
    if (!this.ledger.positions.has(msg.id) || this.position(msg.id) < 0)
      this.ledger.positions.set(msg.id, position);
    this.recordCalls(msg);
    return position;
  }

  /** Inserts a message, moving the later ones one place down (O(messages after it)). */
  insert(position: number, msg: Msg): void {
    if (position >= this.list.length) {
      this.push(msg);
      return;
    }
    const all = listToArray(this.list);
    all.splice(position, 0, msg);
    this.replaceAll(all);
  }

  /** Replaces the whole list (a messages snapshot), rebuilding the indexes. */
  replaceAll(messages: readonly Msg[]): void {
    let list = emptyList<Msg>();
    for (const msg of messages) list = listPush(this.draft, list, msg);
    this.list = list;
    const fresh = buildLedger(list);
    this.ledger.positions = fresh.positions;
    this.ledger.calls = fresh.calls;
  }

  /** Puts a new version of the message at `position`. */
  set(position: number, msg: Msg): void {
    if (listGet(this.list, position) === msg) return;
    this.list = listSet(this.draft, this.list, position, msg);
    this.recordCalls(msg);
  }

  /** A copy of the message at `position` that this batch owns, already in the list. */
  edit(position: number): Msg {
    const msg = listGet(this.list, position) as Msg;
    const copy = this.draft.edit(msg);
    if (copy !== msg) this.list = listSet(this.draft, this.list, position, copy);
    return copy;
  }

  /** The owned block at `at` of an owned message copy. */
  editBlock<B extends ContentBlock>(msg: Msg, at: number): B {
    const content = this.draft.edit(msg.content);
    msg.content = content;
    const block = this.draft.edit(content[at] as B);
    content[at] = block;
    return block;
  }

  /** Appends a block to an owned message copy; returns its position. */
  appendBlock(msg: Msg, block: ContentBlock): number {
    const content = this.draft.edit(msg.content);
    msg.content = content;
    content.push(block);
    if (block.type === 'tool_call') this.ledger.calls.set(block.id, msg.id);
    return content.length - 1;
  }

  /** An owned copy of `msg.metadata.ag_ui` in an owned message copy. */
  editAgUi(msg: Msg): JsonObject {
    const metadata = this.draft.edit(msg.metadata);
    msg.metadata = metadata;
    const current = metadata['ag_ui'];
    const agUi = this.draft.edit(isRecord(current) ? (current as JsonObject) : {});
    metadata['ag_ui'] = agUi;
    return agUi;
  }

  private recordCalls(msg: Msg): void {
    for (const block of msg.content)
      if (block.type === 'tool_call' && this.ledger.calls.get(block.id) !== msg.id)
        this.ledger.calls.set(block.id, msg.id);
  }

  /** Where the call with this id is: its message's position and the block's. */
  findCall(id: string): { position: number; at: number } | null {
    const owner = this.ledger.calls.get(id);
    if (owner === undefined) return null;
    const position = this.position(owner);
    if (position < 0) return null;
    const content = this.message(position).content;
    for (let at = content.length - 1; at >= 0; at--) {
      const block = content[at];
      if (block?.type === 'tool_call' && block.id === id) return { position, at };
    }
    return null;
  }

  /* ---------------------------------------------------------------------------------------------
   * Open streams
   * -------------------------------------------------------------------------------------------*/

  stream(key: string): OpenStream | undefined {
    return this.internals.streams.get(key);
  }

  private writableStreams(): Map<string, OpenStream> {
    if (!this.streamsOwned) {
      this.ownInternals().streams = new Map(this.internals.streams);
      this.streamsOwned = true;
    }
    return this.internals.streams as Map<string, OpenStream>;
  }

  setStream(key: string, stream: OpenStream): void {
    this.writableStreams().set(key, stream);
  }

  deleteStream(key: string): void {
    if (this.internals.streams.has(key)) this.writableStreams().delete(key);
  }

  /** The open streams, keyed `<kind>:<id>` (a copy: safe to change them while iterating). */
  openStreams(): [string, OpenStream][] {
    return [...this.internals.streams];
  }

  /** Whether any stream of this message is still open. */
  hasOpenStream(messageId: string): boolean {
    for (const stream of this.internals.streams.values())
      if (stream.messageId === messageId) return true;
    return false;
  }

  /** Internals this batch may change in place. */
  ownInternals(): Mutable<Internals> {
    this.internals = this.draft.edit(this.internals);
    return this.internals;
  }

  /** The current run, for an owned update; `null` when none has started. */
  editRun(): AgUiRun | null {
    const index = this.internals.runIndex;
    const run = this.runs[index];
    if (run === undefined) return null;
    this.runs = this.draft.edit(this.runs);
    const copy = this.draft.edit(run);
    this.runs[index] = copy;
    return copy;
  }
}

function listFrom(messages: readonly Msg[]): ChunkedList<Msg> {
  const draft = new Draft();
  let list = emptyList<Msg>();
  for (const msg of messages) list = listPush(draft, list, msg);
  return list;
}

/** An event as a diagnostic keeps it, unless it is large: then its type and a preview. */
function rawSummary(event: Record<string, unknown>): unknown {
  let text: string;
  try {
    text = JSON.stringify(event) ?? '';
  } catch {
    return { type: event['type'] };
  }
  return text.length <= 500 ? event : { type: event['type'], preview: `${text.slice(0, 497)}...` };
}
