import type { DiagnosticCode } from '../../fold/diagnostic-code.js';
import type { ErrorInfo, Msg } from '../../model/message.js';
import type { RunStatus } from '../../fold/run-status.js';
import { MAX_STATE_DIAGNOSTICS, type AdapterStreamState } from '../common/stream-state.js';
import { createDiagnostic, type Diagnostic } from '../../model/diagnostic.js';
import type { DiagnosticPlace } from '../common/diagnostic.js';

/**
 * The conversation folded from Operator-Use RPC events so far; its `status` is `streaming` from
 * `agent_start` until `agent_end` gives its reason (`completed` → `done`, `aborted` → `cancelled`). The message still streaming (or
 * whose tools still run) is the last of its `messages`; each of its `diagnostics` has the event
 * as its `raw` unless a field's own value says more.
 */
export interface OperatorUseEventState extends AdapterStreamState<RunStatus> {
  /** The last `agent_error`. */
  readonly error: ErrorInfo | null;
  /** The id of the message still open, or `null`. */
  readonly openMessageId: string | null;
}

// `stream`: opened by message_start; `orphan`: opened by an update that had no start; `tools`: a
// provisional tool message showing running tools until the real ToolMessage arrives.
export type OpenKind = 'stream' | 'orphan' | 'tools';

interface Internals {
  settled: readonly Msg[];
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
  diagnostics: readonly Diagnostic<DiagnosticCode>[],
  status: RunStatus,
  error: ErrorInfo | null,
): OperatorUseEventState {
  let messages: readonly Msg[] | undefined;
  const state: OperatorUseEventState = {
    // Built on first read, so a text fragment never copies the message list.
    get messages() {
      messages ??=
        internals.open === null ? internals.settled : [...internals.settled, internals.open];
      return messages;
    },
    diagnostics,
    status,
    error,
    openMessageId: internals.open?.id ?? null,
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
  if (last !== undefined && state.openMessageId !== null && last.id === state.openMessageId) {
    const openKind = last.id.startsWith(TOOLS_PREFIX) ? 'tools' : 'stream';
    return { settled: messages.slice(0, -1), open: last, openKind, failedId: null };
  }
  return { settled: messages.slice(), open: null, openKind: null, failedId: null };
}

/** An empty conversation, before any event. */
export function createOperatorUseEventState(): OperatorUseEventState {
  return makeState({ settled: [], open: null, openKind: null, failedId: null }, [], 'idle', null);
}

/** A working copy: arrays are copied on first write, so earlier states never change. */
export class Draft {
  settled: readonly Msg[];
  open: Msg | null;
  openKind: OpenKind | null;
  failedId: string | null;
  diagnostics: readonly Diagnostic<DiagnosticCode>[];
  status: RunStatus;
  error: ErrorInfo | null;
  changed = false;
  /** The event being applied: the `raw` of the diagnostics it causes. */
  current: unknown = undefined;
  private ownsSettled = false;
  private ownsDiagnostics = false;

  constructor(state: OperatorUseEventState) {
    const internals = internalsOf(state);
    this.settled = internals.settled;
    this.open = internals.open;
    this.openKind = internals.openKind;
    this.failedId = internals.failedId;
    this.diagnostics = state.diagnostics;
    this.status = state.status;
    this.error = state.error;
  }

  /** Records a diagnostic; its `raw` is the current event unless `where` names a value. */
  diagnose(code: DiagnosticCode, message: string, where: DiagnosticPlace = {}): void {
    this.keep(createDiagnostic(code, message, { raw: this.current, ...where }));
  }

  /** Records diagnostics a conversion collected. */
  keep(...diagnostics: Diagnostic<DiagnosticCode>[]): void {
    if (diagnostics.length === 0) return;
    if (!this.ownsDiagnostics) this.diagnostics = this.diagnostics.slice();
    this.ownsDiagnostics = true;
    const list = this.diagnostics as Diagnostic<DiagnosticCode>[];
    list.push(...diagnostics);
    if (list.length > MAX_STATE_DIAGNOSTICS) list.splice(0, list.length - MAX_STATE_DIAGNOSTICS);
    this.changed = true;
  }

  writableSettled(): Msg[] {
    if (!this.ownsSettled) this.settled = this.settled.slice();
    this.ownsSettled = true;
    this.changed = true;
    return this.settled as Msg[];
  }

  setOpen(message: Msg | null, kind: OpenKind | null): void {
    this.open = message;
    this.openKind = message === null ? null : kind;
    this.changed = true;
  }

  toState(): OperatorUseEventState {
    // The arrays now belong to the state: a later write must copy them again.
    this.ownsSettled = false;
    this.ownsDiagnostics = false;
    const internals = {
      settled: this.settled,
      open: this.open,
      openKind: this.openKind,
      failedId: this.failedId,
    };
    return makeState(internals, this.diagnostics, this.status, this.error);
  }
}
