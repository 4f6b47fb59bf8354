/*
 * The scripted agent's AgentScope events, said in AG-UI 1.0. One request is one run
 * (`RUN_STARTED` … `RUN_FINISHED` or `RUN_ERROR`); each model call is a step; each text block is
 * an assistant text message and each thinking block a reasoning message; a tool call streams its
 * arguments and gets one `TOOL_CALL_RESULT` (content parts when it returns media). The agent keeps
 * a small state (scenario, status, model calls, tools) sent as a snapshot, then JSON Patch deltas.
 * A call that needs approval ends the run with an `interrupt` outcome; a tool the client runs
 * ends it with `pendingToolCallIds`.
 */
import type { AgentEvent } from 'react-agent-messages/core';
import { pyId } from '../protocol.js';
import { AGENT_NAME } from '../session.js';
import type { Completed, DataPart, ResultFile, ToolResult } from '../reply-parts.js';
import { dataUrl, mediaUrlOf, parseInput, ReplyParts } from '../reply-parts.js';
import type { RunEnd } from '../scripted-run.js';

/** One AG-UI event (`BaseEvent` in `@ag-ui/core`). */
export type AgUiEvent = { type: string } & Record<string, unknown>;

/** The agent state this demo keeps per run. */
export interface DemoAgentState {
  scenario: string;
  status: 'running' | 'waiting' | 'done' | 'failed' | 'stopped';
  modelCalls: number;
  tools: { id: string; name: string; state: string }[];
}

/** An AG-UI `Interrupt`, as this agent raises it for a tool approval. */
export interface Interrupt {
  id: string;
  reason: string;
  message: string;
  toolCallId: string;
  responseSchema: Record<string, unknown>;
}

export interface AgUiEmitterOptions {
  write(event: AgUiEvent): void;
  threadId: string;
  runId: string;
  /** Where the page reaches this server, for media URLs. */
  origin: string;
  state: DemoAgentState;
  /** Calls whose result the client sent (a tool it ran itself): not sent again. */
  clientResults?: ReadonlySet<string> | undefined;
}

const INTERRUPTED = 'Interrupted by the user.';
const APPROVAL_SCHEMA = {
  type: 'object',
  properties: { approved: { type: 'boolean', description: 'Run the tool call' } },
  required: ['approved'],
};

export class AgUiEmitter {
  /** The interrupts this run raised; a `resume` entry answers each by `id`. */
  readonly interrupts: Interrupt[] = [];
  private readonly pending: string[] = [];
  private readonly parts = new ReplyParts();
  private state: DemoAgentState;
  private step = 0;
  /** The current model call's latest text message: its tool calls belong to it. */
  private parentMessageId: string | null = null;
  private failure: { message: string; code: string } | null = null;

  constructor(private readonly options: AgUiEmitterOptions) {
    this.state = options.state;
    // A resumed run numbers its steps on from the model calls before it.
    this.step = options.state.modelCalls;
  }

  /** The agent state as it stands (saved with a parked run, restored when it resumes). */
  get agentState(): DemoAgentState {
    return this.state;
  }

  private write(event: AgUiEvent): void {
    this.options.write({ ...event, timestamp: Date.now() });
  }

  private patch(ops: Record<string, unknown>[], next: DemoAgentState): void {
    this.state = next;
    this.write({ type: 'STATE_DELTA', delta: ops });
  }

  private setStatus(status: DemoAgentState['status']): void {
    this.patch([{ op: 'replace', path: '/status', value: status }], { ...this.state, status });
  }

  private setToolState(id: string, state: string): void {
    const index = this.state.tools.findIndex((tool) => tool.id === id);
    if (index < 0) return;
    const tools = this.state.tools.map((tool, i) => (i === index ? { ...tool, state } : tool));
    this.patch([{ op: 'replace', path: `/tools/${index}/state`, value: state }], {
      ...this.state,
      tools,
    });
  }

  /** `RUN_STARTED` (echoing the input) and the state snapshot. */
  begin(input: Record<string, unknown>): void {
    const { threadId, runId } = this.options;
    this.write({ type: 'RUN_STARTED', threadId, runId, input });
    this.write({ type: 'STATE_SNAPSHOT', snapshot: this.state });
  }

  /** Translates one AgentScope event. */
  onEvent(event: AgentEvent): void {
    let completed: Completed | null = null;
    for (const done of this.parts.take(event)) {
      if (done.kind === 'data') this.image(done.part);
      else completed = done;
    }
    switch (event.type) {
      case 'MODEL_CALL_START':
        this.step += 1;
        this.parentMessageId = null;
        this.write({ type: 'STEP_STARTED', stepName: `model call ${this.step}` });
        this.patch([{ op: 'replace', path: '/modelCalls', value: this.state.modelCalls + 1 }], {
          ...this.state,
          modelCalls: this.state.modelCalls + 1,
        });
        return;
      case 'MODEL_CALL_END':
        this.write({ type: 'STEP_FINISHED', stepName: `model call ${this.step}` });
        return;
      case 'TEXT_BLOCK_START':
        this.parentMessageId = event.block_id;
        this.write({
          type: 'TEXT_MESSAGE_START',
          messageId: event.block_id,
          role: 'assistant',
          name: AGENT_NAME,
        });
        return;
      case 'TEXT_BLOCK_DELTA':
        this.write({ type: 'TEXT_MESSAGE_CONTENT', messageId: event.block_id, delta: event.delta });
        return;
      case 'TEXT_BLOCK_END':
        this.write({ type: 'TEXT_MESSAGE_END', messageId: event.block_id });
        return;
      case 'THINKING_BLOCK_START':
        this.write({ type: 'REASONING_START', messageId: event.block_id });
        this.write({
          type: 'REASONING_MESSAGE_START',
          messageId: event.block_id,
          role: 'reasoning',
        });
        return;
      case 'THINKING_BLOCK_DELTA':
        this.write({
          type: 'REASONING_MESSAGE_CONTENT',
          messageId: event.block_id,
          delta: event.delta,
        });
        return;
      case 'THINKING_BLOCK_END':
        this.write({ type: 'REASONING_MESSAGE_END', messageId: event.block_id });
        this.write({ type: 'REASONING_END', messageId: event.block_id });
        return;
      case 'HINT_BLOCK':
        this.write({
          type: 'ACTIVITY_SNAPSHOT',
          messageId: event.block_id,
          activityType: 'hint',
          content: { hint: typeof event.hint === 'string' ? event.hint : '', source: event.source },
        });
        return;
      case 'TOOL_CALL_START': {
        const id = event.tool_call_id;
        this.write({
          type: 'TOOL_CALL_START',
          toolCallId: id,
          toolCallName: event.tool_call_name,
          ...(this.parentMessageId ? { parentMessageId: this.parentMessageId } : {}),
        });
        const tool = { id, name: event.tool_call_name, state: 'pending' };
        this.patch([{ op: 'add', path: '/tools/-', value: tool }], {
          ...this.state,
          tools: [...this.state.tools, tool],
        });
        return;
      }
      case 'TOOL_CALL_DELTA':
        this.write({ type: 'TOOL_CALL_ARGS', toolCallId: event.tool_call_id, delta: event.delta });
        return;
      case 'TOOL_CALL_END':
        this.write({ type: 'TOOL_CALL_END', toolCallId: event.tool_call_id });
        return;
      case 'REQUIRE_USER_CONFIRM':
        for (const call of event.tool_calls) {
          this.interrupts.push({
            id: `interrupt_${pyId().slice(0, 24)}`,
            reason: 'tool_approval',
            message: approvalMessage(call.name, call.input),
            toolCallId: call.id,
            responseSchema: APPROVAL_SCHEMA,
          });
          this.setToolState(call.id, 'asking');
        }
        return;
      case 'REQUIRE_EXTERNAL_EXECUTION':
        for (const call of event.tool_calls) {
          this.pending.push(call.id);
          this.setToolState(call.id, 'submitted');
        }
        return;
      case 'TOOL_RESULT_START':
        this.setToolState(event.tool_call_id, 'running');
        return;
      case 'TOOL_RESULT_END':
        if (completed?.kind === 'result') this.result(completed.result);
        return;
      case 'EXCEED_MAX_ITERS':
        this.write({ type: 'CUSTOM', name: 'max_iterations', value: { agent: event.name } });
        return;
      case 'REPLY_END':
        if (event.error) this.failure = { message: event.error.message, code: event.error.type };
        return;
      default:
        return;
    }
  }

  /** Assistant messages hold text only: an image the model made is linked in markdown. */
  private image({ id, mediaType, bytes }: DataPart): void {
    const url =
      mediaUrlOf(bytes, this.options.origin) ?? dataUrl(mediaType, bytes.toString('base64'));
    this.write({ type: 'TEXT_MESSAGE_START', messageId: id, role: 'assistant', name: AGENT_NAME });
    this.write({ type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta: `![An image](${url})` });
    this.write({ type: 'TEXT_MESSAGE_END', messageId: id });
  }

  private result(result: ToolResult): void {
    this.setToolState(result.id, result.state);
    if (this.options.clientResults?.has(result.id)) return;
    const content =
      result.state === 'denied'
        ? 'The user declined this call, so it did not run.'
        : result.state === 'interrupted'
          ? INTERRUPTED
          : result.files.length > 0
            ? [{ type: 'text', text: result.text }, ...result.files.map(partOf)]
            : result.text;
    this.write({
      type: 'TOOL_CALL_RESULT',
      messageId: `tool_${pyId().slice(0, 24)}`,
      toolCallId: result.id,
      role: 'tool',
      content,
    });
  }

  /** Ends the run the way the scripted reply ended. */
  end(end: RunEnd): void {
    const { threadId, runId } = this.options;
    switch (end.kind) {
      case 'completed':
      case 'exceeded':
        this.setStatus('done');
        this.write({
          type: 'RUN_FINISHED',
          threadId,
          runId,
          outcome: { type: 'success' },
          ...(end.kind === 'exceeded' ? { result: { stopped: 'iteration limit' } } : {}),
        });
        return;
      case 'park':
        this.setStatus('waiting');
        this.write({
          type: 'RUN_FINISHED',
          threadId,
          runId,
          outcome:
            end.wait === 'confirm'
              ? { type: 'interrupt', interrupts: this.interrupts }
              : { type: 'success', pendingToolCallIds: this.pending },
        });
        return;
      case 'error':
        this.setStatus('failed');
        this.write({
          type: 'RUN_ERROR',
          message: this.failure?.message ?? 'The agent failed.',
          code: this.failure?.code ?? 'internal',
        });
        return;
      case 'interrupted':
        this.setStatus('stopped');
        this.write({ type: 'RUN_FINISHED', threadId, runId, outcome: { type: 'cancelled' } });
        return;
    }
  }
}

/** The approval prompt: the command for a shell call, else the tool and its arguments. */
function approvalMessage(name: string, input: string): string {
  const args = parseInput(input);
  const command =
    typeof args === 'object' && args !== null && 'command' in args ? String(args.command) : null;
  return command ? `Allow ${name} to run \`${command}\`?` : `Allow ${name} to run with ${input}?`;
}

/** A media file of a tool result as an AG-UI content part. */
function partOf(file: ResultFile): Record<string, unknown> {
  const kind = file.mediaType.split('/')[0];
  const type = kind === 'image' || kind === 'audio' || kind === 'video' ? kind : 'document';
  const source = file.url
    ? { type: 'url', value: file.url, mimeType: file.mediaType }
    : { type: 'data', value: file.data ?? '', mimeType: file.mediaType };
  return { type, source };
}
