import type { DiagnosticCode } from '../../fold/diagnostic-code.js';
import type { RunStatus } from '../../fold/run-status.js';
import type { WriterState } from '../../fold/writer-state.js';
import { emptyWriterState } from '../../fold/writer-state.js';
import { listGet } from '../../fold/chunked-list.js';
import { createDiagnostic, type Diagnostic } from '../../model/diagnostic.js';
import type { ErrorInfo, Msg } from '../../model/message.js';
import type { DiagnosticPlace } from '../common/diagnostic.js';
import { adoptWritten, FoldDraft } from '../common/fold-draft.js';
import { withBlock } from '../common/pair-results.js';
import type { ToolCallBlock } from '../../model/block.js';

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

// The protocol's sidecar: the messages (the open one last) and the diagnostics are the writer's.
interface Internals {
  written: WriterState;
  /** What the last message is while it is still open; `null` when every message is settled. */
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
  const { written, openKind } = internals;
  const last = listGet(written.list, written.list.length - 1);
  const state: OperatorUseEventState = {
    // Built by the writer's state on first read, so a text fragment never copies the list.
    get messages() {
      return written.messages;
    },
    diagnostics: written.diagnostics,
    status,
    error,
    openMessageId: openKind === null ? null : (last?.id ?? null),
  };
  INTERNALS.set(state, internals);
  return state;
}

function internalsOf(state: OperatorUseEventState): Internals {
  const known = INTERNALS.get(state);
  if (known !== undefined) return known;
  // A state that did not come from this module (deserialized): its open message is the last one.
  const { messages, openMessageId } = state;
  const last = messages[messages.length - 1];
  const open = last !== undefined && openMessageId !== null && last.id === openMessageId;
  const openKind = !open ? null : last.id.startsWith(TOOLS_PREFIX) ? 'tools' : 'stream';
  return { written: adoptWritten(messages, state.diagnostics), openKind, failedId: null };
}

/** An empty conversation, before any event. */
export function createOperatorUseEventState(): OperatorUseEventState {
  return makeState({ written: emptyWriterState(), openKind: null, failedId: null }, 'idle', null);
}

/**
 * A working copy: the messages, the open one last, and the diagnostics go through the
 * conversation writer; what the open message is, the run's status and its error are the
 * protocol's own.
 */
export class Draft extends FoldDraft {
  openKind: OpenKind | null;
  failedId: string | null;
  error: ErrorInfo | null;
  /** The event being applied: the `raw` of the diagnostics it causes. */
  current: unknown = undefined;

  constructor(state: OperatorUseEventState) {
    const internals = internalsOf(state);
    super(internals.written, state.status);
    this.openKind = internals.openKind;
    this.failedId = internals.failedId;
    this.error = state.error;
  }

  /** How many messages are settled: all but the open one. */
  get settled(): number {
    return this.openKind === null ? this.length : this.length - 1;
  }

  /** The message still open (the last one), or `null`. */
  get open(): Msg | null {
    return this.openKind === null ? null : (this.message(this.length - 1) ?? null);
  }

  /** Where the settled tool call with this id is: a call still streaming is not answered yet. */
  override findCall(id: string): { position: number; at: number } | null {
    const found = super.findCall(id);
    return found !== null && found.position < this.settled ? found : null;
  }

  /** Changes the settled tool call with this id by `change`; returns the call as it was, or `null`. */
  editCall(id: string, change: (call: ToolCallBlock) => ToolCallBlock): ToolCallBlock | null {
    const found = this.findCall(id);
    if (found === null) return null;
    const holder = this.message(found.position) as Msg;
    const call = holder.content[found.at] as ToolCallBlock;
    this.set(found.position, withBlock(holder, found.at, change(call)));
    return call;
  }

  /** Records a diagnostic; its `raw` is the current event unless `where` names a value. */
  diagnose(code: DiagnosticCode, message: string, where: DiagnosticPlace = {}): void {
    this.keep(createDiagnostic(code, message, { raw: this.current, ...where }));
  }

  /** Makes `message` the open one: in place of the open message (a newer version of it), or last. */
  setOpen(message: Msg, kind: OpenKind = this.openKind ?? 'stream'): void {
    if (this.openKind === null) this.push(message);
    else this.set(this.length - 1, message);
    this.openKind = kind;
    this.changed = true;
  }

  /**
   * Adds a finished message in place of the open one, if any; a re-delivered message replaces
   * its earlier copy instead of appearing twice.
   */
  settle(message: Msg): void {
    if (this.openKind === null) this.upsert(message);
    else this.settleAt(message, this.length - 1, this.position(message.id));
    this.openKind = null;
    this.changed = true;
  }

  /** The state after the batch, or `state` itself when the batch changed nothing. */
  toState(state: OperatorUseEventState): OperatorUseEventState {
    if (!this.changed && !this.reported) return state;
    const internals = { written: this.publish(), openKind: this.openKind, failedId: this.failedId };
    return makeState(internals, this.status, this.error);
  }
}
