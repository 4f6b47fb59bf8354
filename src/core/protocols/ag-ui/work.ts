import type { ToolCallBlock } from '../../model/block.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import type { JsonObject, JsonValue } from '../../model/json.js';
import type { Msg } from '../../model/message.js';
import { appendCapped } from '../../fold/capped-log.js';
import type { DiagnosticCode } from '../../fold/diagnostic-code.js';
import type { RunStatus } from '../../fold/run-status.js';
import { ConversationWriter } from '../../fold/writer.js';
import { adoptWritten } from '../common/fold-draft.js';
import { isRecord, lookup, readObject } from '../common/read.js';
import { jsonEqual, setKey } from './json-patch.js';
import type { AgUiReason } from './reasons.js';
import { sharedDiagnostic, AG_UI_CODES } from './reasons.js';
import type { Internals, OpenStream, SideFields } from './state.js';
import { AgUiFoldState, asFoldState, copySide, EMPTY_INTERNALS } from './state.js';
import type { AgUiRun, AgUiState } from './types.js';

const MAX_EVENTS_KEPT = 1000;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The field a stream's deltas grow: a text's text, a thinking's thinking, a call's input. */
export type GrowingField = 'text' | 'thinking' | 'input';

/** A block as the field its stream grows. */
export type Growing = { [F in GrowingField]?: string };

/**
 * The working copy one batch of events is folded into: the conversation writer for messages and
 * diagnostics, and beside it what AG-UI alone has (state, activities, interrupts, runs, open
 * streams). Objects it copies are its own until the batch is published, so later events of the
 * batch change them in place: a batch costs O(1) per event, and every object that existed before
 * keeps its identity.
 */
export class Work extends ConversationWriter implements SideFields {
  declare status: RunStatus;
  declare state: JsonValue;
  declare activities: SideFields['activities'];
  declare interrupts: SideFields['interrupts'];
  declare customEvents: SideFields['customEvents'];
  declare rawEvents: SideFields['rawEvents'];
  declare runs: AgUiRun[];
  declare subagents: SideFields['subagents'];
  declare threadId: string | null;
  declare eventCount: number;
  internals: Mutable<Internals>;
  /** The event being folded, for diagnostics. */
  current: unknown = null;
  private streamsOwned = false;
  /**
   * The block the previous delta went into, when this batch owns it: the next delta of the same
   * stream appends to it directly. Any event that is not a delta forgets it, and so does the end
   * of that stream (an implicit one, before a delta, included).
   */
  hot: { key: string; block: Growing; field: GrowingField } | null = null;

  constructor(base: AgUiState) {
    const fold = asFoldState(base);
    super(fold?.written ?? adoptWritten(base.messages, base.diagnostics.map(sharedDiagnostic)));
    copySide(this, base);
    this.internals = (fold?.internals ?? {
      ...EMPTY_INTERNALS,
      runIndex: base.runs.length - 1,
    }) as Mutable<Internals>;
  }

  /** Publishes the batch as a new immutable state (which copies the side fields it needs). */
  result(): AgUiFoldState {
    return new AgUiFoldState(this.finish(), this);
  }

  /* ---------------------------------------------------------------------------------------------
   * Diagnostics and capped logs
   * -------------------------------------------------------------------------------------------*/

  /**
   * Reports a problem with the current event (`$[index]` names it in the input), under the
   * shared code for `reason` (or `code`), with `reason` as the detail.
   */
  warn(
    reason: AgUiReason,
    message: string,
    raw: unknown = this.current,
    code: DiagnosticCode = AG_UI_CODES[reason],
  ): void {
    this.report(code, message, {
      detail: reason,
      path: `$[${this.eventCount}]`,
      raw: isRecord(raw) && typeof raw['type'] === 'string' ? rawSummary(raw) : raw,
    });
  }

  /** Keeps diagnostics a converter produced. */
  addDiagnostics(list: readonly Diagnostic[]): void {
    for (const diagnostic of list) this.keep(sharedDiagnostic(diagnostic));
  }

  appendCapped<T>(list: readonly T[], item: T, cap: number = MAX_EVENTS_KEPT): T[] {
    return appendCapped(this.draft, list, item, cap);
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

  /** The message at `position` (a position the caller found). */
  override message(position: number): Msg {
    return super.message(position) as Msg;
  }

  /** Adds a message, or puts it in place of its earlier copy when that shows something else. */
  putMessage(msg: Msg): void {
    const existing = this.position(msg.id);
    if (existing < 0) this.push(msg);
    else if (!jsonEqual(this.message(existing), msg)) this.set(existing, msg);
  }

  /** The tool call that spawned the subagent `subagentRunId`, when known. */
  subagentParent(subagentRunId: string): string | null {
    return lookup(this.subagents, subagentRunId)?.parentToolCallId ?? null;
  }

  /** The tool call with this id, and where it is; `null` when there is none. */
  callBlock(id: string): { position: number; at: number; call: ToolCallBlock } | null {
    const found = this.findCall(id);
    if (found === null) return null;
    return { ...found, call: this.message(found.position).content[found.at] as ToolCallBlock };
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

  /**
   * An owned copy of the entry `key` (a call id) of `msg.metadata.ag_ui[field]`, `{}` when it has
   * none, already in place in an owned message copy.
   */
  editAgUiEntry(msg: Msg, field: string, key: string): JsonObject {
    const agUi = this.editAgUi(msg);
    const entries = { ...readObject(agUi[field]) };
    const entry = { ...(Object.hasOwn(entries, key) ? readObject(entries[key]) : null) };
    setKey(entries, key, entry);
    agUi[field] = entries;
    return entry;
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

  /** Records the open stream `key`; returns it. */
  setStream(key: string, stream: OpenStream): OpenStream {
    this.writableStreams().set(key, stream);
    return stream;
  }

  /** Forgets the open stream `key` (and its block as the next delta's target). */
  deleteStream(key: string): void {
    if (this.hot?.key === key) this.hot = null;
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
