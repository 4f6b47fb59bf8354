/*
 * The scripted agent's AgentScope events, said in the AI SDK's UI message stream (the chunks
 * `useChat` reads; AI SDK 5–7). One reply is one `UIMessage`: `start` names it, each model call
 * is a step, text and thinking stream as `text-*` / `reasoning-*` parts, a tool call streams its
 * input and gets its output in one chunk (the AI SDK has no streamed tool output), media become
 * `file` parts, and a call that needs approval ends the response with `tool-approval-request`.
 */
import type { AgentEvent } from 'react-agent-messages/core';
import type { RunEnd } from '../scripted-run.js';
import type { Completed, DataPart, ToolResult } from '../reply-parts.js';
import { dataUrl, parseInput, ReplyParts } from '../reply-parts.js';
import { pyId } from '../protocol.js';

/** One chunk of the UI message stream (`UIMessageChunk` in `ai`). */
export type AiSdkChunk = { type: string } & Record<string, unknown>;

/** A source the reply cites (`source-url`). */
export interface Source {
  url: string;
  title: string;
}

export interface AiSdkEmitterOptions {
  write(chunk: AiSdkChunk): void;
  /** The `UIMessage` id: the reply's, also when a decision continues it. */
  messageId: string;
  /** Sent before `finish` when the reply completes. */
  sources?: readonly Source[] | undefined;
  /** Calls whose output the client already has (a tool it ran itself): not sent again. */
  clientResults?: ReadonlySet<string> | undefined;
}

const MODEL_NAME = 'demo-scripted-1';
const INTERRUPTED = 'Interrupted by the user.';

/** What a reply's `tool-approval-request` asked: the decision names it by `approvalId`. */
export interface Approval {
  approvalId: string;
  toolCallId: string;
}

export class AiSdkEmitter {
  /** The approvals this response asked for. */
  readonly approvals: Approval[] = [];
  private readonly parts = new ReplyParts();
  private started = false;
  private usage = { inputTokens: 0, outputTokens: 0 };
  private failure: string | null = null;

  constructor(private readonly options: AiSdkEmitterOptions) {}

  private write(chunk: AiSdkChunk): void {
    this.options.write(chunk);
  }

  /** Translates one AgentScope event. */
  onEvent(event: AgentEvent): void {
    let completed: Completed | null = null;
    for (const done of this.parts.take(event)) {
      if (done.kind === 'data') this.file(done.part);
      else completed = done;
    }
    switch (event.type) {
      case 'REPLY_START':
        if (this.started) return;
        this.started = true;
        this.write({ type: 'start', messageId: this.options.messageId });
        return;
      case 'MODEL_CALL_START':
        this.write({ type: 'start-step' });
        return;
      case 'MODEL_CALL_END':
        this.usage.inputTokens += event.input_tokens;
        this.usage.outputTokens += event.output_tokens;
        this.write({ type: 'finish-step' });
        return;
      case 'TEXT_BLOCK_START':
        this.write({ type: 'text-start', id: event.block_id });
        return;
      case 'TEXT_BLOCK_DELTA':
        this.write({ type: 'text-delta', id: event.block_id, delta: event.delta });
        return;
      case 'TEXT_BLOCK_END':
        this.write({ type: 'text-end', id: event.block_id });
        return;
      case 'THINKING_BLOCK_START':
        this.write({ type: 'reasoning-start', id: event.block_id });
        return;
      case 'THINKING_BLOCK_DELTA':
        this.write({ type: 'reasoning-delta', id: event.block_id, delta: event.delta });
        return;
      case 'THINKING_BLOCK_END':
        this.write({ type: 'reasoning-end', id: event.block_id });
        return;
      case 'HINT_BLOCK':
        // A runtime notice has no part of its own: a data part the app may render by name.
        this.write({
          type: 'data-hint',
          id: event.block_id,
          data: { hint: typeof event.hint === 'string' ? event.hint : '', source: event.source },
        });
        return;
      case 'TOOL_CALL_START':
        this.write({
          type: 'tool-input-start',
          toolCallId: event.tool_call_id,
          toolName: event.tool_call_name,
        });
        return;
      case 'TOOL_CALL_DELTA':
        this.write({
          type: 'tool-input-delta',
          toolCallId: event.tool_call_id,
          inputTextDelta: event.delta,
        });
        return;
      case 'TOOL_CALL_END':
        if (completed?.kind === 'call') {
          this.write({
            type: 'tool-input-available',
            toolCallId: completed.call.id,
            toolName: completed.call.name,
            input: parseInput(completed.call.input),
          });
        }
        return;
      case 'REQUIRE_USER_CONFIRM':
        for (const call of event.tool_calls) {
          const approval = { approvalId: `approval_${pyId().slice(0, 24)}`, toolCallId: call.id };
          this.approvals.push(approval);
          this.write({ type: 'tool-approval-request', ...approval });
        }
        return;
      case 'TOOL_RESULT_END':
        if (completed?.kind === 'result') this.result(completed.result);
        return;
      case 'REPLY_END':
        if (event.error) this.failure = event.error.message;
        return;
      default:
        return;
    }
  }

  /** An image the model made: inline, as the AI SDK sends generated files. */
  private file({ mediaType, bytes }: DataPart): void {
    this.write({ type: 'file', mediaType, url: dataUrl(mediaType, bytes.toString('base64')) });
  }

  private result(result: ToolResult): void {
    if (this.options.clientResults?.has(result.id)) return;
    const toolCallId = result.id;
    if (result.state === 'denied') {
      this.write({ type: 'tool-output-denied', toolCallId });
    } else if (result.state === 'error' || result.state === 'interrupted') {
      const errorText = result.state === 'interrupted' ? INTERRUPTED : result.text;
      this.write({ type: 'tool-output-error', toolCallId, errorText });
    } else {
      // Tool output is JSON for the model; the files also go out as parts, so they show as media.
      const files = result.files.map((file) => ({
        mediaType: file.mediaType,
        url: file.url ?? dataUrl(file.mediaType, file.data ?? ''),
      }));
      const output = files.length > 0 ? { text: result.text, files } : result.text;
      this.write({ type: 'tool-output-available', toolCallId, output });
      for (const file of files) this.write({ type: 'file', ...file });
    }
  }

  /** Ends the response the way the run ended (`[DONE]` is the route's); `error` for `error`. */
  end(end: RunEnd['kind'], error?: string): void {
    if (!this.started) {
      this.started = true;
      this.write({ type: 'start', messageId: this.options.messageId });
    }
    const metadata = {
      model: MODEL_NAME,
      usage: { ...this.usage, totalTokens: this.usage.inputTokens + this.usage.outputTokens },
    };
    switch (end) {
      case 'completed':
        for (const source of this.options.sources ?? []) {
          this.write({
            type: 'source-url',
            sourceId: `source_${pyId().slice(0, 12)}`,
            url: source.url,
            title: source.title,
          });
        }
        this.write({ type: 'finish', finishReason: 'stop', messageMetadata: metadata });
        return;
      case 'park':
      case 'exceeded':
        // Stopped after tool calls: waiting for a decision, or out of steps.
        this.write({ type: 'finish', finishReason: 'tool-calls', messageMetadata: metadata });
        return;
      case 'error':
        this.write({ type: 'error', errorText: error ?? this.failure ?? 'The agent failed.' });
        this.write({ type: 'finish', finishReason: 'error', messageMetadata: metadata });
        return;
      case 'interrupted':
        this.write({ type: 'abort', reason: INTERRUPTED });
        return;
    }
  }
}
