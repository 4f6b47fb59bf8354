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

/**
 * What AG-UI alone has beside the writer's messages and diagnostics: the public side fields and
 * the internals.
 */
export type SideFields = {
  -readonly [
    K in Exclude<keyof AgUiState, 'messages' | 'diagnostics' | 'getMessage'>
  ]: AgUiState[K];
} & { internals: Internals };

/** The implementation of `AgUiState`: the writer's state plus what AG-UI alone has. */
export class AgUiFoldState implements AgUiState, Readonly<SideFields> {
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

  constructor(
    /** Messages and diagnostics, written through the conversation writer. */
    readonly written: WriterState,
    side: SideFields,
  ) {
    // Field by field, not Object.assign: a fixed shape keeps a one-event batch fast.
    this.status = side.status;
    this.state = side.state;
    this.activities = side.activities;
    this.interrupts = side.interrupts;
    this.customEvents = side.customEvents;
    this.rawEvents = side.rawEvents;
    this.runs = side.runs;
    this.subagents = side.subagents;
    this.threadId = side.threadId;
    this.eventCount = side.eventCount;
    this.internals = side.internals;
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

/** The internals of a state with nothing open and no run. */
export const EMPTY_INTERNALS: Internals = {
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
  return new AgUiFoldState(emptyWriterState(), {
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
