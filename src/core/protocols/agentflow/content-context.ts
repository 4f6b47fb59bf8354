import type { DiagnosticCode } from '../../fold/diagnostic-code.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import type { JsonObject } from '../../model/json.js';
import type { BlockContext } from '../common/block-context.js';

/** What converting one AgentFlow message's content needs to know about the message. */
export interface ContentContext extends BlockContext {
  /** The tool a `role: "tool"` message answers (`metadata.function_name`), for result names. */
  toolName: string | null;
  /** The call a tool message answers (`metadata.tool_call_id`). */
  toolCallId: string | null;
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

/**
 * Reads one wire field found at `path` as a `T`. Never throws: what it cannot read is reported
 * into `diagnostics`.
 */
export type FieldReader<T> = (
  value: unknown,
  path: string,
  diagnostics: Diagnostic<DiagnosticCode>[],
) => T;
