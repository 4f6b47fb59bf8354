import type { Citation, ContentBlock } from '../../model/block.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import type { JsonObject, JsonValue } from '../../model/json.js';
import type { Msg } from '../../model/message.js';
import { appendCapped } from '../../fold/capped-log.js';
import type { DiagnosticCode } from '../../fold/diagnostic-code.js';
import type { RunStatus } from '../../fold/run-status.js';
import { ConversationWriter } from '../../fold/writer.js';
import type { WriterState } from '../../fold/writer-state.js';
import { adoptWritten } from '../common/fold-draft.js';
import { isRecord } from '../common/read.js';
import type { AiSdkTransientData } from './wire-types.js';
import type { AiSdkReason } from './reasons.js';
import { AI_SDK_CODES } from './reasons.js';

/** The folded state of an AI SDK UI message stream. Immutable: every fold returns a new one. */
export interface AiSdkStreamState {
  /** Every message in order: history the state was made with, then each streamed reply. */
  readonly messages: readonly Msg[];
  /** What the fold repaired, skipped or kept aside; the latest 500. */
  readonly diagnostics: readonly Diagnostic<DiagnosticCode>[];
  /**
   * Where the stream stands, as far as its chunks tell: `idle`, `streaming`, `done`, `error`,
   * or `cancelled` (an `abort` chunk).
   */
  readonly status: RunStatus;
  /** `data-*` chunks marked `transient` (never part of a message), the latest 100. */
  readonly transientData: readonly AiSdkTransientData[];
  /** The message chunks currently go to (the last `start`), or `null` before any. */
  readonly messageId: string | null;
  /** How many chunks were folded; diagnostics name chunks by this index (`$[12]`). */
  readonly chunkCount: number;
}

/** A block the stream refers to by an id of its own: the block's id and where it was last seen. */
export interface BlockRef {
  id: string;
  type: ContentBlock['type'];
  /** A position hint; a later insertion may have moved the block, then it is searched for. */
  at: number;
}

/**
 * What the fold remembers about the message chunks go to, as `processUIMessageStream` does:
 * the open text and reasoning parts, the tool calls whose input streams, data parts by id, and
 * where the current step began. Immutable; copied only when a start or an end changes it, never
 * by a delta.
 */
export interface Cursor {
  readonly index: number;
  readonly messageId: string;
  /** How many AI SDK parts the message has: the next part's number, used in block ids. */
  readonly parts: number;
  /** The part count, block position and source count just after the last `step-start`. */
  readonly stepParts: number;
  readonly stepBlock: number;
  readonly stepSources: number;
  readonly text: ReadonlyMap<string, BlockRef>;
  readonly reasoning: ReadonlyMap<string, BlockRef>;
  /** Tool calls whose input is streaming, by `toolCallId`. */
  readonly tools: ReadonlyMap<string, BlockRef>;
  /** Data parts with an id: `type` + `\n` + `id` → block. */
  readonly data: ReadonlyMap<string, BlockRef>;
  /** The latest text block: sources attach to it. */
  readonly lastText: BlockRef | null;
  /** Sources that came before any text block; the next text block takes them. */
  readonly pendingSources: readonly Citation[];
  /** An `error` chunk arrived since the message (re)started. */
  readonly failed: boolean;
}

/** How one chunk type is folded into the working copy; each stream-*.ts lists its own. */
export type ChunkFold = (work: Work, chunk: Record<string, unknown>) => void;

/** Chunk types with their folds. */
export type ChunkFolds = readonly (readonly [string, ChunkFold])[];

/** The cursor's maps, each copied on its own (`Work.editMap`). */
type CursorMap = 'text' | 'reasoning' | 'tools' | 'data';

/** `T` writable: a map's `Map`, an object's fields. */
type Writable<T> =
  T extends ReadonlyMap<infer K, infer V> ? Map<K, V> : { -readonly [K in keyof T]: T[K] };

const MAX_TRANSIENT = 100;

/**
 * The state's implementation: the writer's messages and diagnostics, and beside them what the
 * AI SDK alone has (the cursor, transient data, the chunk count).
 */
export class StreamState implements AiSdkStreamState {
  constructor(
    readonly written: WriterState,
    readonly cursor: Cursor | null,
    readonly status: RunStatus,
    readonly transientData: readonly AiSdkTransientData[],
    readonly chunkCount: number,
  ) {}

  get messages(): readonly Msg[] {
    return this.written.messages;
  }

  get diagnostics(): readonly Diagnostic<DiagnosticCode>[] {
    return this.written.diagnostics;
  }

  get messageId(): string | null {
    return this.cursor?.messageId ?? null;
  }
}

/** A state holding `messages` (history) and `diagnostics`, with nothing streaming. */
export function stateWithMessages(
  messages: readonly Msg[],
  diagnostics: readonly Diagnostic<DiagnosticCode>[] = [],
): StreamState {
  // A stream's messages are kept as they came, a repeated id included (`upsert` would merge them).
  return new StreamState(adoptWritten(messages, diagnostics), null, 'idle', [], 0);
}

/** Any state, also one revived from JSON or built by hand, as the implementation class. */
export function asStreamState(state: AiSdkStreamState): StreamState {
  if (state instanceof StreamState) return state;
  const list = <T>(value: readonly T[]): readonly T[] => (Array.isArray(value) ? value : []);
  return new StreamState(
    adoptWritten(list(state.messages), list(state.diagnostics)),
    null,
    state.status,
    list(state.transientData),
    typeof state.chunkCount === 'number' ? state.chunkCount : 0,
  );
}

/**
 * The working copy one fold call changes: the conversation writer for messages, plus the cursor
 * and the transient data. Objects it copies belong to its draft, so later chunks of the same call
 * change them in place: a batch costs O(1) per delta, and nothing that existed before is touched.
 */
export class Work extends ConversationWriter {
  cursor: Cursor | null;
  status: RunStatus;
  chunkIndex: number;
  /** The timestamp new blocks and ends get (`receivedAt`), `''` when unknown. */
  readonly at: string;
  /** Where diagnostics point: the chunk (`$[12]`) unless a history converter names a part. */
  location: string | null = null;
  private transient: readonly AiSdkTransientData[];
  private readonly ownedMaps = new WeakSet<object>();

  constructor(state: StreamState, at: string) {
    super(state.written);
    this.cursor = state.cursor;
    this.status = state.status;
    this.chunkIndex = state.chunkCount;
    this.transient = state.transientData;
    this.at = at;
  }

  /* ----------------------------------------------------------------------------------------------
   * Reporting
   * --------------------------------------------------------------------------------------------*/

  /** Reports under the shared code for `reason` (or `code`), with `reason` as the detail. */
  warn(reason: AiSdkReason, message: string, raw?: unknown, code?: DiagnosticCode): void {
    this.report(code ?? AI_SDK_CODES[reason], message, {
      detail: reason,
      path: this.location ?? `$[${this.chunkIndex}]`,
      raw,
    });
  }

  keepTransient(data: AiSdkTransientData): void {
    this.transient = appendCapped(this.draft, this.transient, data, MAX_TRANSIENT);
  }

  /* ----------------------------------------------------------------------------------------------
   * The cursor
   * --------------------------------------------------------------------------------------------*/

  /** The cursor, writable: copied once per fold call. */
  editCursor(): Writable<Cursor> {
    return (this.cursor = this.draft.edit(this.cursor as Cursor));
  }

  setCursor(cursor: Cursor | null): void {
    this.cursor = cursor === null ? null : this.draft.own(cursor);
  }

  /** The cursor's map `key`, writable and in place: copied once per fold call. */
  editMap<K extends CursorMap>(key: K): Writable<Cursor[K]> {
    const map = (this.cursor as Cursor)[key];
    if (this.ownedMaps.has(map)) return map as Writable<Cursor[K]>;
    const copy = new Map(map as ReadonlyMap<unknown, unknown>) as Writable<Cursor[K]>;
    this.ownedMaps.add(copy);
    const cursor: Record<CursorMap, unknown> = this.editCursor();
    cursor[key] = copy;
    return copy;
  }

  /* ----------------------------------------------------------------------------------------------
   * Messages and blocks
   * --------------------------------------------------------------------------------------------*/

  /** The message chunks go to; only called with a cursor. */
  current(): Msg {
    return this.message((this.cursor as Cursor).index) as Msg;
  }

  /** The current message, writable (its other blocks keep their identity). */
  editMessage(): Msg {
    return this.edit((this.cursor as Cursor).index);
  }

  /** The block at `position` of the current message, writable. */
  editCurrentBlock<B extends ContentBlock>(position: number): B {
    return this.editBlock<B>((this.cursor as Cursor).index, position);
  }

  /** Appends a block the fold made; returns its position. */
  appendBlock(block: ContentBlock): number {
    return this.openBlock((this.cursor as Cursor).index, block);
  }

  /** Inserts a block (a tool result after its call), moving the step positions after it. */
  insertCurrentBlock(position: number, block: ContentBlock): void {
    const cursor = this.cursor as Cursor;
    this.insertBlock(cursor.index, position, block);
    if (cursor.stepBlock >= position) this.editCursor().stepBlock = cursor.stepBlock + 1;
    const steps = this.aiSdkList('step_starts');
    if (steps.some((at) => typeof at === 'number' && at >= position)) {
      this.setAiSdkMeta(
        'step_starts',
        steps.map((at) => (typeof at === 'number' && at >= position ? at + 1 : at)),
      );
    }
  }

  /** Where the block `ref` names is now, or -1. */
  find(ref: BlockRef): number {
    const hinted = this.current().content[ref.at];
    if (hinted !== undefined && hinted.id === ref.id && hinted.type === ref.type) return ref.at;
    return this.findLast(ref.type, ref.id);
  }

  /** The last block of `type` with `id` at or after `from`, or -1. */
  findLast(type: ContentBlock['type'], id: string, from = 0): number {
    const at = this.current().content.findLastIndex((b) => b.type === type && b.id === id);
    return at >= from ? at : -1;
  }

  /* ----------------------------------------------------------------------------------------------
   * Metadata: the app's at the top level, the adapter's under `ai_sdk`
   * --------------------------------------------------------------------------------------------*/

  aiSdkMeta(): JsonObject {
    const meta = this.current().metadata['ai_sdk'];
    return isRecord(meta) ? (meta as JsonObject) : {};
  }

  /** The list under `metadata.ai_sdk[key]`, `[]` when there is none. */
  aiSdkList(key: string): JsonValue[] {
    const list = this.aiSdkMeta()[key];
    return Array.isArray(list) ? list : [];
  }

  setAiSdkMeta(key: string, value: JsonValue): void {
    const msg = this.editMessage();
    const metadata = (msg.metadata = this.draft.edit(msg.metadata));
    const current = metadata['ai_sdk'];
    const own: JsonObject = isRecord(current)
      ? this.draft.edit(current as JsonObject)
      : this.draft.own<JsonObject>({});
    own[key] = value;
    metadata['ai_sdk'] = own;
  }

  result(): StreamState {
    return new StreamState(
      this.finish(),
      this.cursor,
      this.status,
      this.transient,
      this.chunkIndex,
    );
  }
}
