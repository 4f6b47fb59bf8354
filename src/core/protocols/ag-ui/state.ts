import type { Diagnostic } from '../../model/diagnostic.js';
import type { JsonValue } from '../../model/json.js';
import type { Msg } from '../../model/message.js';
import type { ChunkedList } from '../../fold/chunked-list.js';
import { emptyList, listGet, listToArray } from '../../fold/chunked-list.js';
import type {
  AgUiActivity,
  AgUiCustomEvent,
  AgUiInterrupt,
  AgUiRawEvent,
  AgUiRun,
  AgUiRunStatus,
  AgUiState,
  AgUiSubagent,
} from './types.js';

/** A text, reasoning or tool-call stream that has started and not ended. */
export interface OpenStream {
  readonly kind: 'text' | 'reasoning' | 'tool';
  readonly messageId: string;
  /** The block's position in its message (blocks are only ever appended while it streams). */
  readonly at: number;
  /**
   * While a stream that had already ended is delivered again (a replay after a reconnect), how
   * much of the existing text the replayed deltas have matched; `-1` once it streams for real.
   */
  readonly replay: number;
}

/** A `*_CHUNK` stream being assembled, per lane (`subagentRunId`, or `''` for the parent). */
export interface ChunkLane {
  readonly kind: 'text' | 'reasoning' | 'tool';
  readonly id: string;
  readonly role: string | null;
  readonly name: string | null;
  readonly parentMessageId: string | null;
}

/** What the fold keeps between events besides the public fields. */
export interface Internals {
  /** Keyed `text:<id>`, `reasoning:<id>`, `tool:<call id>`. */
  readonly streams: ReadonlyMap<string, OpenStream>;
  readonly lanes: Readonly<Record<string, ChunkLane>>;
  /** Ids of pre-1.0 `THINKING_*` spans and messages, which carry none of their own. */
  readonly legacyReasoning: { readonly span: string | null; readonly message: string | null };
  readonly runIndex: number;
  /** Calls the current run started, and those it answered (for `pendingToolCallIds`). */
  readonly runCalls: readonly string[];
  readonly runAnswered: readonly string[];
  /** The latest assistant message of the current run: where a `RUN_ERROR` shows. */
  readonly lastReply: string | null;
}

/*
 * Message positions and tool-call owners live in a ledger shared by every later state of one
 * line of history, so neither is copied per event; a state folded from twice (a fork, as React's
 * StrictMode does) gets a ledger of its own, rebuilt from its messages.
 */
export interface Ledger {
  head: AgUiFoldState | null;
  positions: Map<string, number>;
  /** Tool call id → the id of the message that holds the call. */
  calls: Map<string, string>;
}

/** Builds a ledger from a list of messages. */
export function buildLedger(list: ChunkedList<Msg>): Ledger {
  const positions = new Map<string, number>();
  const calls = new Map<string, string>();
  let index = 0;
  for (const chunk of list.chunks) {
    for (const msg of chunk) {
      if (!positions.has(msg.id)) positions.set(msg.id, index);
      for (const block of msg.content) if (block.type === 'tool_call') calls.set(block.id, msg.id);
      index += 1;
    }
  }
  return { head: null, positions, calls };
}

/** The public fields and the internals of one fold state. */
export interface StateFields {
  list: ChunkedList<Msg>;
  diagnostics: readonly Diagnostic[];
  status: AgUiRunStatus;
  state: JsonValue;
  activities: Readonly<Record<string, AgUiActivity>>;
  interrupts: readonly AgUiInterrupt[];
  customEvents: readonly AgUiCustomEvent[];
  rawEvents: readonly AgUiRawEvent[];
  runs: readonly AgUiRun[];
  subagents: Readonly<Record<string, AgUiSubagent>>;
  threadId: string | null;
  eventCount: number;
  internals: Internals;
}

/** The implementation of `AgUiState`: `messages` is materialised once, when first read. */
export class AgUiFoldState implements AgUiState {
  #messages: readonly Msg[] | undefined;
  readonly list: ChunkedList<Msg>;
  readonly diagnostics: readonly Diagnostic[];
  readonly status: AgUiRunStatus;
  readonly state: JsonValue;
  readonly activities: Readonly<Record<string, AgUiActivity>>;
  readonly interrupts: readonly AgUiInterrupt[];
  readonly customEvents: readonly AgUiCustomEvent[];
  readonly rawEvents: readonly AgUiRawEvent[];
  readonly runs: readonly AgUiRun[];
  readonly subagents: Readonly<Record<string, AgUiSubagent>>;
  readonly threadId: string | null;
  readonly eventCount: number;
  readonly internals: Internals;

  constructor(
    fields: StateFields,
    readonly ledger: Ledger,
  ) {
    this.list = fields.list;
    this.diagnostics = fields.diagnostics;
    this.status = fields.status;
    this.state = fields.state;
    this.activities = fields.activities;
    this.interrupts = fields.interrupts;
    this.customEvents = fields.customEvents;
    this.rawEvents = fields.rawEvents;
    this.runs = fields.runs;
    this.subagents = fields.subagents;
    this.threadId = fields.threadId;
    this.eventCount = fields.eventCount;
    this.internals = fields.internals;
  }

  get messages(): readonly Msg[] {
    return (this.#messages ??= listToArray(this.list));
  }

  getMessage(id: string): Msg | undefined {
    const position = this.ledger.head === this ? this.ledger.positions.get(id) : undefined;
    const found = position === undefined ? undefined : listGet(this.list, position);
    if (found?.id === id) return found;
    return this.messages.find((msg) => msg.id === id);
  }
}

const EMPTY_INTERNALS: Internals = {
  streams: new Map(),
  lanes: {},
  legacyReasoning: { span: null, message: null },
  runIndex: -1,
  runCalls: [],
  runAnswered: [],
  lastReply: null,
};

/** An empty fold state for an AG-UI event stream. */
export function createAgUiState(): AgUiState {
  const list = emptyList<Msg>();
  const ledger = buildLedger(list);
  const state = new AgUiFoldState(
    {
      list,
      diagnostics: [],
      status: 'idle',
      state: {},
      activities: {},
      interrupts: [],
      customEvents: [],
      rawEvents: [],
      runs: [],
      subagents: {},
      threadId: null,
      eventCount: 0,
      internals: EMPTY_INTERNALS,
    },
    ledger,
  );
  ledger.head = state;
  return state;
}

/** The implementation behind a public state, or `null` for a foreign object. */
export function asFoldState(state: AgUiState): AgUiFoldState | null {
  return state instanceof AgUiFoldState ? state : null;
}
