import type { Diagnostic } from '../../model/diagnostic.js';
import type { JsonValue } from '../../model/json.js';
import type { Msg } from '../../model/message.js';
import type { DiagnosticCode } from '../../fold/diagnostic-code.js';
import type { RunStatus } from '../../fold/run-status.js';
import type { WriterState } from '../../fold/writer-state.js';
import { emptyWriterState } from '../../fold/writer-state.js';
import type {
  AgUiActivity,
  AgUiCustomEvent,
  AgUiInterrupt,
  AgUiRawEvent,
  AgUiRun,
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

/** The public fields and the internals of one fold state. */
export interface StateFields {
  /** Messages and diagnostics, written through the conversation writer. */
  written: WriterState;
  status: RunStatus;
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

/** The implementation of `AgUiState`: the writer's state plus what AG-UI alone has. */
export class AgUiFoldState implements AgUiState {
  readonly written: WriterState;
  readonly status: RunStatus;
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

  constructor(fields: StateFields) {
    this.written = fields.written;
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
    return this.written.messages;
  }

  get diagnostics(): readonly Diagnostic<DiagnosticCode>[] {
    return this.written.diagnostics;
  }

  getMessage(id: string): Msg | undefined {
    return this.written.getMessage(id);
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
  return new AgUiFoldState({
    written: emptyWriterState(),
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
  });
}

/** The implementation behind a public state, or `null` for a foreign object. */
export function asFoldState(state: AgUiState): AgUiFoldState | null {
  return state instanceof AgUiFoldState ? state : null;
}
