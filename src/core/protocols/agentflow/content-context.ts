import type { DiagnosticCode } from '../../fold/diagnostic-code.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import type { JsonObject } from '../../model/json.js';

/** What converting one message's content needs to know about the message. */
export interface ContentContext {
  messageId: string;
  created_at: string;
  /** `null` for a streaming fragment (`delta: true`). */
  finished_at: string | null;
  /** The tool a `role: "tool"` message answers (`metadata.function_name`), for result names. */
  toolName: string | null;
  /** The call a tool message answers (`metadata.tool_call_id`). */
  toolCallId: string | null;
  diagnostics: Diagnostic<DiagnosticCode>[];
  /** Wire fields the model has no place for, by block id; they end in `metadata.agentflow.block_extras`. */
  extras: Record<string, JsonObject>;
}

/**
 * Converts one AgentFlow block record found at `path`; `id` is the block's id in its message.
 * Never throws: what it cannot read is reported into `ctx.diagnostics`.
 */
export type BlockConverter<B> = (
  raw: Record<string, unknown>,
  id: string,
  path: string,
  ctx: ContentContext,
) => B;

/** What a converted block needs besides its source: id and timestamps. */
export interface BlockStamp {
  id: string;
  created_at: string;
  finished_at: string | null;
}

/** A block's id and the message's timestamps. */
export function stamp(ctx: ContentContext, id: string): BlockStamp {
  return { id, created_at: ctx.created_at, finished_at: ctx.finished_at };
}
