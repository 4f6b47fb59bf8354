import type { DiagnosticCode } from '../../fold/diagnostic-code.js';
import type { RunStatus } from '../../fold/run-status.js';
import type { WriterState } from '../../fold/writer-state.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import type { ContentBlock, TextBlock, ThinkingBlock } from '../../model/block.js';
import type { JsonObject, JsonValue } from '../../model/json.js';
import type { Msg, ReplyFinishedReason } from '../../model/message.js';
import { createDiagnostic } from '../../model/diagnostic.js';
import { appendBlock } from '../common/append-block.js';
import { adoptWritten, FoldDraft } from '../common/fold-draft.js';

/**
 * A pause waiting for the user: 10xGraph's `interrupt(...)` payload, or a static
 * `interrupt_before`/`interrupt_after` stop. It is a field of its own rather than tool calls set
 * to `asking`, because AgentFlow resumes with `{ resume: value }` for any interrupt (a question, a
 * form, an approval) instead of AgentScope's per-call allow/deny; `tool_call_id` links it to a
 * call when the interrupt is about one.
 */
export interface AgentFlowInterrupt {
  id: string | null;
  key: string | null;
  node: string | null;
  value: JsonValue;
  message: string | null;
  reason: string | null;
  response_schema: JsonValue;
  tool_call_id: string | null;
  /** The run that paused; a chunk from another run clears the interrupt. */
  run_id: string | null;
  /** The `updates` chunk's whole `data` (or the state's `execution_meta`). */
  data: JsonObject;
}

/**
 * The folded state of an AgentFlow stream. Immutable: every fold returns a new one. Its
 * `messages` are in arrival order; an open bubble is a `Msg` with `finished_at: null`.
 */
export interface AgentFlowStreamState {
  /** Every message in order; an open bubble has `finished_at: null`. */
  readonly messages: readonly Msg[];
  /** What the fold repaired, guessed or skipped, each with its chunk's `path`; the latest 500. */
  readonly diagnostics: readonly Diagnostic<DiagnosticCode>[];
  /** Where the run is: `streaming`, `interrupted`, `cancelled` (a stop), `error`, `done`. */
  readonly status: RunStatus;
  /** The pending interrupt, until a new run, a new user message or `invoking_graph` clears it. */
  readonly interrupt: AgentFlowInterrupt | null;
  /** The latest progress report: an `updates` chunk's `data`, or a tool's `tool_progress` data. */
  readonly progress: JsonObject | null;
  readonly threadId: string | null;
  readonly runId: string | null;
  /** How many chunks were folded; diagnostics name chunks by this index (`$[3].message…`). */
  readonly chunkCount: number;
  /** Open streaming bubbles: key (run id, node, role) → index in `messages`. */
  readonly streaming: Readonly<Record<string, number>>;
}

/** The protocol's sidecar beside each state: its messages and diagnostics as the writer keeps them. */
const WRITTEN = new WeakMap<AgentFlowStreamState, WriterState>();

/**
 * The state over `written` and the stream's own fields; `same` is an earlier state with the same
 * messages, whose array is kept.
 */
export function makeAgentFlowState(
  written: WriterState,
  sidecar: Omit<AgentFlowStreamState, 'messages' | 'diagnostics'>,
  same: Pick<AgentFlowStreamState, 'messages'> = written,
): AgentFlowStreamState {
  const state: AgentFlowStreamState = {
    // Read on demand, so a fragment never builds the message array.
    get messages() {
      return same.messages;
    },
    diagnostics: written.diagnostics,
    ...sidecar,
  };
  WRITTEN.set(state, written);
  return state;
}

function writtenOf(state: AgentFlowStreamState): WriterState {
  // A state this module did not make (a history, a copy): written once, then reused.
  let written = WRITTEN.get(state);
  if (written === undefined)
    WRITTEN.set(state, (written = adoptWritten(state.messages, state.diagnostics)));
  return written;
}

/**
 * The working copy one chunk is folded into: messages and diagnostics go through the conversation
 * writer; the open bubbles' map is copied on first write.
 */
export class Work extends FoldDraft {
  streaming: Readonly<Record<string, number>>;
  interrupt: AgentFlowInterrupt | null;
  progress: JsonObject | null;
  threadId: string | null;
  runId: string | null;
  /** Where converters put what they report; kept by the writer when the chunk is done. */
  readonly diagnostics: Diagnostic<DiagnosticCode>[] = [];
  /** Where the chunk is in the input (`$[3]`): diagnostics name chunks by their index. */
  readonly path: string;
  private ownsStreaming = false;

  constructor(private readonly base: AgentFlowStreamState) {
    super(writtenOf(base), base.status);
    this.path = `$[${base.chunkCount}]`;
    this.streaming = base.streaming;
    this.interrupt = base.interrupt;
    this.progress = base.progress;
    this.threadId = base.threadId;
    this.runId = base.runId;
  }

  get chunkIndex(): number {
    return this.base.chunkCount;
  }

  /** The index of the first message `test` accepts, or -1. */
  findIndex(test: (msg: Msg) => boolean): number {
    for (let index = 0; index < this.length; index++)
      if (test(this.message(index) as Msg)) return index;
    return -1;
  }

  private writableStreaming(): Record<string, number> {
    if (!this.ownsStreaming) {
      this.streaming = { ...this.streaming };
      this.ownsStreaming = true;
    }
    return this.streaming as Record<string, number>;
  }

  /** Takes out the message at `index`; the bubbles after it move up. */
  override remove(index: number): void {
    super.remove(index);
    for (const [key, at] of Object.entries(this.streaming))
      if (at > index) this.writableStreaming()[key] = at - 1;
  }

  bubble(key: string): number | undefined {
    return Object.hasOwn(this.streaming, key) ? this.streaming[key] : undefined;
  }

  openBubble(key: string, index: number): void {
    this.writableStreaming()[key] = index;
  }

  closeBubble(key: string): void {
    if (!Object.hasOwn(this.streaming, key)) return;
    const { [key]: _closed, ...open } = this.streaming;
    this.streaming = open;
    this.ownsStreaming = true;
  }

  /** Closes every open bubble, as the run ended without their final message. */
  closeAllBubbles(reason: ReplyFinishedReason): void {
    for (const [key, index] of Object.entries(this.streaming)) {
      const msg = this.message(index);
      if (msg !== undefined && msg.finished_at === null) {
        this.set(index, {
          ...msg,
          finished_at: msg.created_at,
          finished_reason: msg.role === 'assistant' ? reason : msg.finished_reason,
        });
      }
      this.closeBubble(key);
    }
  }

  /** Reports at `path` inside this chunk (`.data`), or at the chunk itself (`''`). */
  report(code: DiagnosticCode, path: string, message: string): void {
    this.diagnostics.push(createDiagnostic(code, message, { path: `${this.path}${path}` }));
  }

  result(): AgentFlowStreamState {
    this.keep(...this.diagnostics);
    const written = this.publish();
    const same = this.changed ? written : this.base;
    return makeAgentFlowState(
      written,
      {
        status: this.status,
        interrupt: this.interrupt,
        progress: this.progress,
        threadId: this.threadId,
        runId: this.runId,
        chunkCount: this.base.chunkCount + 1,
        streaming: this.streaming,
      },
      same,
    );
  }
}

/* -------------------------------------------------------------------------------------------------
 * Merging a fragment into its bubble
 * -----------------------------------------------------------------------------------------------*/

function isEmptyFragment(block: TextBlock | ThinkingBlock): boolean {
  if (block.type === 'text') return block.text === '' && block.citations === undefined;
  return block.thinking === '' && block.details === undefined && block.signature === undefined;
}

/**
 * Merges a fragment's blocks into the bubble the way AgentFlow's playground does: text and
 * reasoning append to the bubble's block of the same type, tool calls and results are upserted
 * by id, anything else is appended. Returns the same message when nothing changed.
 */
export function mergeFragment(bubble: Msg, fragment: ContentBlock[]): Msg {
  let content = bubble.content;
  const writable = (): ContentBlock[] => {
    if (content === bubble.content) content = [...content];
    return content;
  };
  for (const block of fragment) {
    if (block.type === 'text' || block.type === 'thinking') {
      const at = content.findLastIndex((existing) => existing.type === block.type);
      const previous = content[at];
      if (previous === undefined) writable().push(block);
      else if (!isEmptyFragment(block)) writable()[at] = appendBlock(previous, block) ?? previous;
      continue;
    }
    if (block.type === 'tool_call' || block.type === 'tool_result') {
      const at = content.findIndex(
        (existing) => existing.type === block.type && existing.id === block.id,
      );
      if (at >= 0) {
        writable()[at] = block;
        continue;
      }
    }
    writable().push(block);
  }
  return content === bubble.content ? bubble : { ...bubble, content };
}
