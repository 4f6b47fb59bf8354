/*
 * One run of the scripted agent: what a ReAct agent's `reply_stream` yields, in the order
 * AgentScope emits it (reference/agentscope.md §1.4). Scenarios call these helpers; the helpers
 * pace the tokens, keep track of what is open, and on an interrupt close it the way the Python
 * agent's cancellation path does (`_close_unfinished_tool_calls`, then `REPLY_END(interrupted)`).
 */
import type {
  AgentEventType,
  AgentEventOf,
  ErrorInfo,
  Msg,
  PermissionRule,
  ToolCallBlock,
} from 'react-agent-messages/core';
import type { EventInit } from './protocol.js';
import { makeEvent, pyId, pyToolCall } from './protocol.js';
import type { Pacer } from './pacing.js';
import { tokenize } from './pacing.js';

/* -------------------------------------------------------------------------------------------------
 * Types
 * -----------------------------------------------------------------------------------------------*/

/** Thrown out of a wait when the user interrupts the run. */
export class Interrupted extends Error {
  constructor() {
    super('interrupted by the user');
  }
}

/** Thrown by a scenario to fail the reply the way a model provider's error does. */
export class Failure extends Error {
  constructor(readonly info: ErrorInfo) {
    super(info.message);
  }
}

/** What a turn needs from its session. */
export interface TurnHost {
  readonly sessionId: string;
  readonly agentName: string;
  /** The reply as folded so far (the server keeps it exactly as AgentScope's `append_event`). */
  reply(): Msg | null;
  publish(event: AgentEventOf<AgentEventType>): void;
  allows(call: ToolCallBlock): boolean;
  addRules(rules: readonly PermissionRule[]): void;
}

/** A tool call the model produced: its id, name and arguments. */
export interface Call {
  id: string;
  name: string;
  input: string;
}

const MODEL_NAME = 'demo-scripted-1';
const INTERRUPTED_REMINDER =
  '<system-reminder>The tool call has been interrupted by the user.</system-reminder>';

/* -------------------------------------------------------------------------------------------------
 * Turn
 * -----------------------------------------------------------------------------------------------*/

export class Turn {
  /** Open text/thinking blocks and tool calls, by id, in the order they opened. */
  private readonly open = new Map<string, 'text' | 'thinking' | 'tool_call' | 'data'>();
  private modelCall: { input: number; output: number } | null = null;
  private sinceYield = 0;
  /**
   * Calls this turn started running. AgentScope's agent sets a call's state to `allowed` itself
   * before it runs it, with no event: the folded reply still shows a call a rule (or no check at
   * all) let through as `pending`, so the interrupt path has to know from here.
   */
  private readonly running = new Set<string>();
  /**
   * Runs at each step boundary, before a model call starts (the AI SDK route delivers steering
   * messages there); a model call it makes itself does not call it again.
   */
  stepBoundary: (() => Promise<void>) | null = null;
  private atBoundary = false;

  constructor(
    readonly host: TurnHost,
    readonly replyId: string,
    readonly pacer: Pacer,
    /** Where this server is reachable from the page, for media URLs (`http://host:port`). */
    readonly origin: string,
    readonly signal: AbortSignal,
  ) {}

  emit<T extends AgentEventType>(type: T, fields: Omit<EventInit<T>, 'reply_id'>): void {
    const init = { reply_id: this.replyId, ...fields } as unknown as EventInit<T>;
    this.host.publish(makeEvent(type, init));
  }

  /** Waits `ms` (or yields to the event loop now and then in firehose mode); throws on interrupt. */
  async wait(ms: number): Promise<void> {
    if (this.signal.aborted) throw new Interrupted();
    if (ms <= 0) {
      if (++this.sinceYield < 40) return;
      this.sinceYield = 0;
      await new Promise((resolve) => setImmediate(resolve));
    } else {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.signal.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        this.signal.addEventListener('abort', done, { once: true });
      });
    }
    if (this.signal.aborted) throw new Interrupted();
  }

  /* ---------------------------------------------------------------------------------------------
   * Model calls, text and thinking
   * -------------------------------------------------------------------------------------------*/

  /** One model call: `MODEL_CALL_START`, what `body` streams, ends still open, `MODEL_CALL_END`. */
  async model<T>(body: () => Promise<T>, inputTokens = 1200): Promise<T> {
    if (this.stepBoundary && !this.atBoundary) {
      this.atBoundary = true;
      try {
        await this.stepBoundary();
      } finally {
        this.atBoundary = false;
      }
    }
    this.emit('MODEL_CALL_START', { model_name: MODEL_NAME });
    this.modelCall = { input: inputTokens, output: 0 };
    await this.wait(this.pacer.latency());
    const value = await body();
    this.closeOpen();
    this.endModelCall('completed');
    return value;
  }

  /** Streams a text or thinking block token by token, closing the other kind first. */
  async say(text: string, kind: 'text' | 'thinking' = 'text'): Promise<void> {
    // A chunk without blocks of a kind closes that kind (§1.4).
    for (const [id, open] of this.open) {
      if (open === 'text' || open === 'thinking') this.end(id, open);
    }
    const blockId = pyId();
    const prefix = kind === 'text' ? 'TEXT' : 'THINKING';
    this.emit(`${prefix}_BLOCK_START`, { block_id: blockId });
    this.open.set(blockId, kind);
    for (const token of tokenize(text)) {
      await this.wait(this.pacer.token());
      this.emit(`${prefix}_BLOCK_DELTA`, { block_id: blockId, delta: token });
      if (this.modelCall) this.modelCall.output += 1;
    }
  }

  /** A base64 data block streamed in independently encoded chunks (an image the model made). */
  async data(bytes: Buffer, mediaType: string, chunkBytes = 1536): Promise<void> {
    const blockId = pyId();
    this.emit('DATA_BLOCK_START', { block_id: blockId, media_type: mediaType });
    this.open.set(blockId, 'data');
    for (let at = 0; at < bytes.length; at += chunkBytes) {
      await this.wait(this.pacer.token() * 3);
      const chunk = bytes.subarray(at, at + chunkBytes).toString('base64');
      this.emit('DATA_BLOCK_DELTA', { block_id: blockId, data: chunk, media_type: mediaType });
    }
  }

  /** A runtime notice (`HINT_BLOCK`), one-shot. */
  hint(hint: string, source: { label: string; sublabel?: string }): void {
    this.emit('HINT_BLOCK', { block_id: pyId(), source: JSON.stringify(source), hint });
  }

  /* ---------------------------------------------------------------------------------------------
   * Tools
   * -------------------------------------------------------------------------------------------*/

  /** The model writes a tool call: its JSON arguments arrive in fragments. */
  async call(name: string, args: Record<string, unknown>): Promise<Call> {
    const id = `call_${pyId().slice(0, 24)}`;
    const input = JSON.stringify(args);
    for (const [blockId, open] of this.open) {
      if (open === 'text' || open === 'thinking') this.end(blockId, open);
    }
    this.emit('TOOL_CALL_START', { tool_call_id: id, tool_call_name: name });
    this.open.set(id, 'tool_call');
    for (let at = 0; at < input.length; at += 12) {
      await this.wait(this.pacer.token());
      this.emit('TOOL_CALL_DELTA', { tool_call_id: id, delta: input.slice(at, at + 12) });
    }
    return { id, name, input };
  }

  /** The call as a `REQUIRE_*` event carries it, in the state given. */
  callBlock(
    call: Call,
    state: ToolCallBlock['state'],
    rules: PermissionRule[] = [],
  ): ToolCallBlock {
    const known = this.host
      .reply()
      ?.content.find(
        (block): block is ToolCallBlock => block.type === 'tool_call' && block.id === call.id,
      );
    return pyToolCall({
      type: 'tool_call',
      id: call.id,
      name: call.name,
      input: call.input,
      state,
      suggested_rules: rules,
      created_at: known?.created_at ?? '',
      finished_at: known?.finished_at ?? null,
    });
  }

  /** The call is allowed and starts running: its result block opens (`TOOL_RESULT_START`). */
  startResult(call: Call): void {
    this.running.add(call.id);
    this.emit('TOOL_RESULT_START', { tool_call_id: call.id, tool_call_name: call.name });
  }

  /** Runs a local tool: `TOOL_RESULT_START`, its output line by line, `TOOL_RESULT_END`. */
  async runTool(
    call: Call,
    output: readonly string[],
    state: 'success' | 'error' = 'success',
    lineMs = 60,
  ): Promise<void> {
    this.startResult(call);
    for (const line of output) {
      await this.wait(this.pacer.latency(lineMs));
      this.emit('TOOL_RESULT_TEXT_DELTA', { tool_call_id: call.id, delta: line });
    }
    this.emit('TOOL_RESULT_END', { tool_call_id: call.id, state });
  }

  /* ---------------------------------------------------------------------------------------------
   * Closing
   * -------------------------------------------------------------------------------------------*/

  /** Ends what is still open, in AgentScope's order: text, thinking, tool calls, data. */
  closeOpen(): void {
    for (const kind of ['text', 'thinking', 'tool_call', 'data'] as const) {
      for (const [id, open] of this.open) if (open === kind) this.end(id, open);
    }
  }

  /** The cancellation path: close what is open, answer unresolved calls, `REPLY_END(interrupted)`. */
  closeInterrupted(): void {
    if (this.modelCall) {
      this.closeOpen();
      this.endModelCall('interrupted');
    }
    for (const block of this.host.reply()?.content ?? []) {
      if (block.type !== 'tool_call' || block.state === 'finished') continue;
      // Allowed and submitted calls already have a running result (§1.4, step 5).
      const started =
        this.running.has(block.id) || block.state === 'allowed' || block.state === 'submitted';
      if (!started) {
        this.emit('TOOL_RESULT_START', { tool_call_id: block.id, tool_call_name: block.name });
      }
      this.emit('TOOL_RESULT_TEXT_DELTA', { tool_call_id: block.id, delta: INTERRUPTED_REMINDER });
      this.emit('TOOL_RESULT_END', { tool_call_id: block.id, state: 'interrupted' });
    }
    this.emit('REPLY_END', { session_id: this.host.sessionId, finished_reason: 'interrupted' });
  }

  private end(id: string, kind: 'text' | 'thinking' | 'tool_call' | 'data'): void {
    this.open.delete(id);
    if (kind === 'tool_call') this.emit('TOOL_CALL_END', { tool_call_id: id });
    else if (kind === 'data') this.emit('DATA_BLOCK_END', { block_id: id });
    else this.emit(kind === 'text' ? 'TEXT_BLOCK_END' : 'THINKING_BLOCK_END', { block_id: id });
  }

  private endModelCall(reason: 'completed' | 'interrupted'): void {
    const usage = this.modelCall;
    this.modelCall = null;
    if (!usage) return;
    this.emit('MODEL_CALL_END', {
      input_tokens: usage.input,
      output_tokens: usage.output,
      finished_reason: reason,
    });
  }
}
