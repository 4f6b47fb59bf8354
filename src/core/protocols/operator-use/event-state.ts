import type { DiagnosticCode } from '../../fold/diagnostic-code.js';
import type { RunStatus } from '../../fold/run-status.js';
import type { WriterState } from '../../fold/writer-state.js';
import { emptyWriterState } from '../../fold/writer-state.js';
import { createDiagnostic, type Diagnostic } from '../../model/diagnostic.js';
import type { ErrorInfo, Msg } from '../../model/message.js';
import type { DiagnosticPlace } from '../common/diagnostic.js';
import { adoptWritten, FoldDraft } from '../common/fold-draft.js';

/**
 * The conversation folded from Operator-Use RPC events so far. The message still streaming (or
 * whose tools still run) is the last of its `messages`; each of its `diagnostics` has the event
 * as its `raw` unless a field's own value says more.
 */
export interface OperatorUseEventState {
  /** Every message in order; the one still streaming has `finished_at: null`. */
  readonly messages: readonly Msg[];
  /** What the fold repaired, guessed or skipped; the latest 500. */
  readonly diagnostics: readonly Diagnostic<DiagnosticCode>[];
  /**
   * Where the run is: `streaming` from `agent_start` until `agent_end` gives its reason
   * (`completed` → `done`, `aborted` → `cancelled`, `error`).
   */
  readonly status: RunStatus;
  /** The last `agent_error`. */
  readonly error: ErrorInfo | null;
  /** The id of the message still open, or `null`. */
  readonly openMessageId: string | null;
}

// `stream`: opened by message_start; `orphan`: opened by an update that had no start; `tools`: a
// provisional tool message showing running tools until the real ToolMessage arrives.
export type OpenKind = 'stream' | 'orphan' | 'tools';

// The protocol's sidecar: the settled messages and the one diagnostics log are the writer's.
interface Internals {
  settled: WriterState;
  open: Msg | null;
  openKind: OpenKind | null;
  /** The message `message_end: null` closed, which the next `agent_error` explains. */
  failedId: string | null;
}

const INTERNALS = new WeakMap<OperatorUseEventState, Internals>();
/** Id prefix of the provisional tool message. */
export const TOOLS_PREFIX = 'tools:';

/* -------------------------------------------------------------------------------------------------
 * State
 * -----------------------------------------------------------------------------------------------*/

function makeState(
  internals: Internals,
  status: RunStatus,
  error: ErrorInfo | null,
): OperatorUseEventState {
  let messages: readonly Msg[] | undefined;
  const { settled, open } = internals;
  const state: OperatorUseEventState = {
    // Built on first read, so a text fragment never copies the message list.
    get messages() {
      messages ??= open === null ? settled.messages : [...settled.messages, open];
      return messages;
    },
    diagnostics: settled.diagnostics,
    status,
    error,
    openMessageId: open?.id ?? null,
  };
  INTERNALS.set(state, internals);
  return state;
}

function internalsOf(state: OperatorUseEventState): Internals {
  const known = INTERNALS.get(state);
  if (known !== undefined) return known;
  // A state that did not come from this module (deserialized): its open message is the last one.
  const messages = state.messages;
  const last = messages[messages.length - 1];
  const open =
    last !== undefined && state.openMessageId !== null && last.id === state.openMessageId
      ? last
      : null;
  const settled = adoptWritten(open === null ? messages : messages.slice(0, -1), state.diagnostics);
  const openKind = open === null ? null : open.id.startsWith(TOOLS_PREFIX) ? 'tools' : 'stream';
  return { settled, open, openKind, failedId: null };
}

/** An empty conversation, before any event. */
export function createOperatorUseEventState(): OperatorUseEventState {
  const internals = { settled: emptyWriterState(), open: null, openKind: null, failedId: null };
  return makeState(internals, 'idle', null);
}

/**
 * A working copy: the settled messages and the diagnostics go through the conversation writer;
 * the open message, the run's status and its error are the protocol's own.
 */
export class Draft extends FoldDraft {
  open: Msg | null;
  openKind: OpenKind | null;
  failedId: string | null;
  status: RunStatus;
  error: ErrorInfo | null;
  /** The event being applied: the `raw` of the diagnostics it causes. */
  current: unknown = undefined;

  constructor(state: OperatorUseEventState) {
    const internals = internalsOf(state);
    super(internals.settled);
    this.open = internals.open;
    this.openKind = internals.openKind;
    this.failedId = internals.failedId;
    this.status = state.status;
    this.error = state.error;
  }

  /** Records a diagnostic; its `raw` is the current event unless `where` names a value. */
  diagnose(code: DiagnosticCode, message: string, where: DiagnosticPlace = {}): void {
    this.keep(createDiagnostic(code, message, { raw: this.current, ...where }));
  }

  setOpen(message: Msg | null, kind: OpenKind | null): void {
    this.open = message;
    this.openKind = message === null ? null : kind;
    this.changed = true;
  }

  /** The state after the batch, or `state` itself when the batch changed nothing. */
  toState(state: OperatorUseEventState): OperatorUseEventState {
    if (!this.changed && !this.reported) return state;
    const internals = {
      settled: this.publish(),
      open: this.open,
      openKind: this.openKind,
      failedId: this.failedId,
    };
    return makeState(internals, this.status, this.error);
  }
}
