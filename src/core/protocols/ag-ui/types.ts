import type { DiagnosticCode } from '../../fold/diagnostic-code.js';
import type { RunStatus } from '../../fold/run-status.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import type { JsonObject, JsonValue } from '../../model/json.js';
import type { Msg } from '../../model/message.js';

/*
 * The AG-UI shapes this adapter hands back, written out here so that the runtime does not depend
 * on `@ag-ui/core`. Interrupts and resume entries keep AG-UI's own field names: they travel back
 * to the agent in the next `RunAgentInput`.
 */

/** Something a run needs from outside before it can continue (AG-UI `Interrupt`). */
export interface AgUiInterrupt {
  id: string;
  reason: string;
  /** A prompt for whoever answers. */
  message?: string;
  /** The tool call this interrupt asks about (a tool approval); that call is `asking`. */
  toolCallId?: string;
  /** A JSON Schema of the answer the agent expects. */
  responseSchema?: JsonObject;
  /** When the interrupt stops being answerable (ISO 8601 by convention). */
  expiresAt?: string;
  metadata?: JsonObject;
}

/** An answer to one interrupt, for `RunAgentInput.resume` (AG-UI `ResumeEntry`). */
export interface AgUiResumeEntry {
  interruptId: string;
  status: 'resolved' | 'cancelled';
  /** The answer; only on a resolved entry. */
  payload?: JsonValue;
}

/** A named step of a run (`STEP_STARTED` / `STEP_FINISHED`). */
export interface AgUiStep {
  name: string;
  status: 'running' | 'finished';
  subagentRunId: string | null;
  startedAt: string | null;
  finishedAt: string | null;
}

/** One run of the agent, from `RUN_STARTED` to `RUN_FINISHED` or `RUN_ERROR`. */
export interface AgUiRun {
  runId: string;
  threadId: string | null;
  parentRunId: string | null;
  /** `success`, `interrupt` and `cancelled` are `RUN_FINISHED` outcomes; `error` is `RUN_ERROR`. */
  status: 'running' | 'success' | 'interrupt' | 'cancelled' | 'error';
  steps: readonly AgUiStep[];
  /** `RUN_FINISHED.result`, when the run returned a value. */
  result?: JsonValue;
  /** Calls this run left for the application to answer (a frontend tool). */
  pendingToolCallIds: readonly string[];
  interrupts: readonly AgUiInterrupt[];
  error: { message: string; code: string | null } | null;
  /** `RUN_FINISHED.usage` / `RUN_ERROR.usage`: token counts per provider and model. */
  usage: readonly JsonObject[];
  startedAt: string | null;
  finishedAt: string | null;
}

/** A subagent invocation (`SUBAGENT_*`); its messages carry `metadata.ag_ui.subagent_run_id`. */
export interface AgUiSubagent {
  subagentRunId: string;
  name: string;
  description: string | null;
  parentSubagentRunId: string | null;
  /** The tool call that spawned it: the UI groups its messages under that call. */
  parentToolCallId: string | null;
  parentMessageId: string | null;
  status: 'running' | 'success' | 'suspended' | 'error';
  result?: JsonValue;
  interruptIds: readonly string[];
  error: { message: string; code: string | null } | null;
}

/** An activity's latest content (`ACTIVITY_SNAPSHOT` / `ACTIVITY_DELTA`), by message id. */
export interface AgUiActivity {
  messageId: string;
  activityType: string;
  content: JsonObject;
}

/** A `CUSTOM` event: the application's own. */
export interface AgUiCustomEvent {
  name: string;
  value: JsonValue;
  subagentRunId: string | null;
  timestamp: string | null;
}

/** A `RAW` event: a provider's event passed through untranslated. */
export interface AgUiRawEvent {
  event: JsonValue;
  source: string | null;
  timestamp: string | null;
}

/** The folded state of an AG-UI event stream. Immutable: every fold returns a new one. */
export interface AgUiState {
  /** Every message in order, as canonical `Msg`s (an open stream is `finished_at: null`). */
  readonly messages: readonly Msg[];
  /** What the fold repaired, guessed or skipped; the latest 500. */
  readonly diagnostics: readonly Diagnostic<DiagnosticCode>[];
  /**
   * Where the latest run stands: `idle`, `streaming`, `done`, `interrupted`, `cancelled` or
   * `error`.
   */
  readonly status: RunStatus;
  /** The agent state (`STATE_SNAPSHOT`, then `STATE_DELTA` JSON Patches); `{}` at first. */
  readonly state: JsonValue;
  /** Activities by message id (they are also messages, in place). */
  readonly activities: Readonly<Record<string, AgUiActivity>>;
  /** Interrupts of the latest run, waiting for answers (`createAgUiResume`). */
  readonly interrupts: readonly AgUiInterrupt[];
  /** `CUSTOM` events in arrival order; the latest 1,000. */
  readonly customEvents: readonly AgUiCustomEvent[];
  /** `RAW` events in arrival order; the latest 1,000. */
  readonly rawEvents: readonly AgUiRawEvent[];
  /** Runs in the order they started. */
  readonly runs: readonly AgUiRun[];
  /** Subagent invocations by `subagentRunId`. */
  readonly subagents: Readonly<Record<string, AgUiSubagent>>;
  readonly threadId: string | null;
  /** How many events were folded; diagnostics name events by this index (`$[12]`). */
  readonly eventCount: number;
  /** The message with this id. */
  getMessage(id: string): Msg | undefined;
}

/** What `fromAgUiMessages` returns. */
export interface AgUiMessagesResult {
  messages: Msg[];
  diagnostics: Diagnostic[];
}
