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

/** The public side fields, without the internals. */
type PublicSide = Omit<SideFields, 'internals'>;

/** Copies the public side fields of `from` onto `to`. */
export function copySide(to: PublicSide, from: PublicSide): void {
  // Field by field, not Object.assign: a fixed shape keeps a one-event batch fast.
  to.status = from.status;
  to.state = from.state;
  to.activities = from.activities;
  to.interrupts = from.interrupts;
  to.customEvents = from.customEvents;
  to.rawEvents = from.rawEvents;
  to.runs = from.runs;
  to.subagents = from.subagents;
  to.threadId = from.threadId;
  to.eventCount = from.eventCount;
}

/** The implementation of `AgUiState`: the writer's state plus what AG-UI alone has. */
export class AgUiFoldState implements AgUiState, Readonly<SideFields> {
  declare readonly status: RunStatus;
  declare readonly state: JsonValue;
  declare readonly activities: Readonly<Record<string, AgUiActivity>>;
  declare readonly interrupts: readonly AgUiInterrupt[];
  declare readonly customEvents: readonly AgUiCustomEvent[];
  declare readonly rawEvents: readonly AgUiRawEvent[];
  declare readonly runs: readonly AgUiRun[];
  declare readonly subagents: Readonly<Record<string, AgUiSubagent>>;
  declare readonly threadId: string | null;
  declare readonly eventCount: number;
  readonly internals: Internals;

  constructor(
    /** Messages and diagnostics, written through the conversation writer. */
    readonly written: WriterState,
    side: SideFields,
  ) {
    copySide(this, side);
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
