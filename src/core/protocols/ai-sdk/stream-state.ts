import type { Citation, ContentBlock } from '../../model/block.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import { createDiagnostic } from '../../model/diagnostic.js';
import type { JsonObject, JsonValue } from '../../model/json.js';
import type { Msg } from '../../model/message.js';
import type { ChunkedList } from '../../fold/chunked-list.js';
import { emptyList, listGet, listPush, listSet, listToArray } from '../../fold/chunked-list.js';
import { Draft } from '../../fold/draft.js';
import { isRecord } from '../common/read.js';
import type { AiSdkTransientData } from './wire-types.js';

/** Where an AI SDK stream stands, as far as its chunks tell. */
export type AiSdkStreamStatus = 'idle' | 'streaming' | 'done' | 'error' | 'aborted';

/** The folded state of an AI SDK UI message stream. Immutable: every fold returns a new one. */
export interface AiSdkStreamState {
  /** Every message in order: history the state was made with, then each streamed reply. */
  readonly messages: readonly Msg[];
  /** What the fold repaired, skipped or kept aside; the latest 500. */
  readonly diagnostics: readonly Diagnostic[];
  readonly status: AiSdkStreamStatus;
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
  /** Tool calls whose input is streaming: `toolCallId` → position hint. */
  readonly tools: ReadonlyMap<string, number>;
  /** Data parts with an id: `type` + `\n` + `id` → block. */
  readonly data: ReadonlyMap<string, BlockRef>;
  /** The latest text block: sources attach to it. */
  readonly lastText: BlockRef | null;
  /** Sources that came before any text block; the next text block takes them. */
  readonly pendingSources: readonly Citation[];
  /** An `error` chunk arrived since the message (re)started. */
  readonly failed: boolean;
}

const MAX_DIAGNOSTICS = 500;
const MAX_TRANSIENT = 100;

/** The state's implementation: messages in a persistent list, read as an array on demand. */
export class StreamState implements AiSdkStreamState {
  #messages: readonly Msg[] | undefined;

  constructor(
    readonly list: ChunkedList<Msg>,
    readonly cursor: Cursor | null,
    readonly diagnostics: readonly Diagnostic[],
    readonly status: AiSdkStreamStatus,
    readonly transientData: readonly AiSdkTransientData[],
    readonly chunkCount: number,
  ) {}

  get messages(): readonly Msg[] {
    return (this.#messages ??= listToArray(this.list));
  }

  get messageId(): string | null {
    return this.cursor?.messageId ?? null;
  }
}

/** A state holding `messages` (history), with nothing streaming. */
export function stateWithMessages(messages: readonly Msg[]): StreamState {
  const draft = new Draft();
  let list = emptyList<Msg>();
  for (const msg of messages) list = listPush(draft, list, msg);
  return new StreamState(list, null, [], 'idle', [], 0);
}

/** Any state, also one revived from JSON or built by hand, as the implementation class. */
export function asStreamState(state: AiSdkStreamState): StreamState {
  if (state instanceof StreamState) return state;
  const rebuilt = stateWithMessages(Array.isArray(state.messages) ? state.messages : []);
  return new StreamState(
    rebuilt.list,
    null,
    Array.isArray(state.diagnostics) ? state.diagnostics : [],
    state.status,
    Array.isArray(state.transientData) ? state.transientData : [],
    typeof state.chunkCount === 'number' ? state.chunkCount : 0,
  );
}

/**
 * The working copy one fold call changes. Objects it copies belong to it (the draft), so later
 * chunks of the same call change them in place: a batch costs O(1) per delta, and nothing that
 * existed before the call is touched.
 */
export class Work {
  list: ChunkedList<Msg>;
  cursor: Cursor | null;
  status: AiSdkStreamStatus;
  chunkIndex: number;
  /** The timestamp new blocks and ends get (`receivedAt`), `''` when unknown. */
  readonly at: string;
  /** Where diagnostics point: the chunk (`$[12]`) unless a history converter names a part. */
  location: string | null = null;
  readonly draft = new Draft();
  private diagnostics: Diagnostic[];
  private transient: AiSdkTransientData[];
  private ownsCursor = false;
  private readonly ownedMaps = new WeakSet<object>();

  constructor(state: StreamState, at: string) {
    this.list = state.list;
    this.cursor = state.cursor;
    this.status = state.status;
    this.chunkIndex = state.chunkCount;
    this.diagnostics = state.diagnostics as Diagnostic[];
    this.transient = state.transientData as AiSdkTransientData[];
    this.at = at;
  }

  /* ----------------------------------------------------------------------------------------------
   * Reporting
   * --------------------------------------------------------------------------------------------*/

  report(code: string, message: string, raw?: unknown): void {
    const list = this.draft.edit(this.diagnostics);
    list.push(
      createDiagnostic(code, message, { path: this.location ?? `$[${this.chunkIndex}]`, raw }),
    );
    if (list.length > MAX_DIAGNOSTICS) list.splice(0, list.length - MAX_DIAGNOSTICS);
    this.diagnostics = list;
  }

  keepTransient(data: AiSdkTransientData): void {
    const list = this.draft.edit(this.transient);
    list.push(data);
    if (list.length > MAX_TRANSIENT) list.splice(0, list.length - MAX_TRANSIENT);
    this.transient = list;
  }

  /* ----------------------------------------------------------------------------------------------
   * The cursor
   * --------------------------------------------------------------------------------------------*/

  /** The cursor, writable: copied once per fold call. */
  editCursor(): { -readonly [K in keyof Cursor]: Cursor[K] } {
    const cursor = this.cursor as Cursor;
    if (!this.ownsCursor) {
      this.cursor = { ...cursor };
      this.ownsCursor = true;
    }
    return this.cursor as { -readonly [K in keyof Cursor]: Cursor[K] };
  }

  setCursor(cursor: Cursor | null): void {
    this.cursor = cursor;
    this.ownsCursor = cursor !== null;
  }

  /** A map of the cursor, writable: copied once per fold call. */
  editMap<K, V>(map: ReadonlyMap<K, V>): Map<K, V> {
    if (this.ownedMaps.has(map)) return map as Map<K, V>;
    const copy = new Map(map);
    this.ownedMaps.add(copy);
    return copy;
  }

  /* ----------------------------------------------------------------------------------------------
   * Messages and blocks
   * --------------------------------------------------------------------------------------------*/

  messageAt(index: number): Msg | undefined {
    return listGet(this.list, index);
  }

  /** The message chunks go to; only called with a cursor. */
  current(): Msg {
    return listGet(this.list, (this.cursor as Cursor).index) as Msg;
  }

  /** The current message, writable (its other blocks keep their identity). */
  editMessage(): Msg {
    const index = (this.cursor as Cursor).index;
    const msg = listGet(this.list, index) as Msg;
    const next = this.draft.edit(msg);
    if (next !== msg) this.list = listSet(this.draft, this.list, index, next);
    return next;
  }

  editContent(): ContentBlock[] {
    const msg = this.editMessage();
    return (msg.content = this.draft.edit(msg.content));
  }

  /** The block at `position` of the current message, writable. */
  editBlock<B extends ContentBlock>(position: number): B {
    const content = this.editContent();
    const block = this.draft.edit(content[position] as B);
    content[position] = block;
    return block;
  }

  /** Appends a block the fold made; returns its position. */
  appendBlock(block: ContentBlock): number {
    const content = this.editContent();
    content.push(this.draft.own(block));
    return content.length - 1;
  }

  /** Inserts a block (a tool result after its call), moving the step positions after it. */
  insertBlock(position: number, block: ContentBlock): void {
    const content = this.editContent();
    content.splice(position, 0, this.draft.own(block));
    const cursor = this.cursor as Cursor;
    if (cursor.stepBlock >= position) this.editCursor().stepBlock = cursor.stepBlock + 1;
    const steps = this.aiSdkMeta()['step_starts'];
    if (Array.isArray(steps) && steps.some((at) => typeof at === 'number' && at >= position)) {
      this.setAiSdkMeta(
        'step_starts',
        steps.map((at) => (typeof at === 'number' && at >= position ? at + 1 : at)),
      );
    }
  }

  /** Where the block `ref` names is now, or -1. */
  find(ref: BlockRef): number {
    const content = this.current().content;
    const hinted = content[ref.at];
    if (hinted !== undefined && hinted.id === ref.id && hinted.type === ref.type) return ref.at;
    for (let i = content.length - 1; i >= 0; i--) {
      const block = content[i] as ContentBlock;
      if (block.id === ref.id && block.type === ref.type) return i;
    }
    return -1;
  }

  /** The last block of `type` with `id` at or after `from`, or -1. */
  findLast(type: ContentBlock['type'], id: string, from = 0): number {
    const content = this.current().content;
    for (let i = content.length - 1; i >= from; i--) {
      const block = content[i] as ContentBlock;
      if (block.type === type && block.id === id) return i;
    }
    return -1;
  }

  /* ----------------------------------------------------------------------------------------------
   * Metadata: the app's at the top level, the adapter's under `ai_sdk`
   * --------------------------------------------------------------------------------------------*/

  aiSdkMeta(): JsonObject {
    const meta = this.current().metadata['ai_sdk'];
    return isRecord(meta) ? (meta as JsonObject) : {};
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

  /** Appends a message; returns its position. */
  pushMessage(msg: Msg): number {
    const index = this.list.length;
    this.list = listPush(this.draft, this.list, this.draft.own(msg));
    return index;
  }

  result(): StreamState {
    return new StreamState(
      this.list,
      this.cursor,
      this.diagnostics,
      this.status,
      this.transient,
      this.chunkIndex,
    );
  }
}
