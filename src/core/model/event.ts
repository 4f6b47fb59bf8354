import type {
  DataBlock,
  TextBlock,
  ToolCallBlock,
  ToolResultBlock,
  ToolResultState,
} from './block.js';
import type { JsonObject } from './json.js';
import type { ErrorInfo, ReplyFinishedReason } from './message.js';
import type { PermissionRule } from './permission.js';

/* -------------------------------------------------------------------------------------------------
 * Base
 * -----------------------------------------------------------------------------------------------*/

/** Fields every AgentScope event carries; `type` is the UPPER_SNAKE wire name. */
export interface EventBase {
  id: string;
  created_at: string;
  metadata: JsonObject;
}

/** Fields of every event that belongs to a reply (all but `CUSTOM`). */
export interface ReplyEventBase extends EventBase {
  reply_id: string;
}

/** Fields of the events that build one text, thinking, data or hint block. */
export interface BlockEventBase extends ReplyEventBase {
  block_id: string;
}

/** Fields of the events that build one tool call or its result. */
export interface ToolEventBase extends ReplyEventBase {
  tool_call_id: string;
}

/* -------------------------------------------------------------------------------------------------
 * Reply and model call
 * -----------------------------------------------------------------------------------------------*/

/** A reply begins: the fold creates its message (`id = reply_id`). */
export interface ReplyStartEvent extends ReplyEventBase {
  type: 'REPLY_START';
  session_id: string;
  name: string;
  role: 'user' | 'assistant' | 'system';
}

/** A reply ends, with how it ended and its error, if any. */
export interface ReplyEndEvent extends ReplyEventBase {
  type: 'REPLY_END';
  session_id: string;
  finished_reason: ReplyFinishedReason;
  error: ErrorInfo | null;
}

/** The agent calls its model (one reply may call it several times). */
export interface ModelCallStartEvent extends ReplyEventBase {
  type: 'MODEL_CALL_START';
  model_name: string;
}

/** A model call ends, with its token usage (summed into `Msg.usage`). */
export interface ModelCallEndEvent extends ReplyEventBase {
  type: 'MODEL_CALL_END';
  input_tokens: number;
  output_tokens: number;
  cache_input_tokens: number;
  cache_creation_input_tokens: number;
  finished_reason: 'completed' | 'interrupted';
}

/* -------------------------------------------------------------------------------------------------
 * Text, thinking, data, hint
 * -----------------------------------------------------------------------------------------------*/

/** A text block opens. */
export interface TextBlockStartEvent extends BlockEventBase {
  type: 'TEXT_BLOCK_START';
}
/** Text appended to an open text block. */
export interface TextBlockDeltaEvent extends BlockEventBase {
  type: 'TEXT_BLOCK_DELTA';
  delta: string;
}
/** A text block is finished. */
export interface TextBlockEndEvent extends BlockEventBase {
  type: 'TEXT_BLOCK_END';
}

/** A thinking (reasoning) block opens. */
export interface ThinkingBlockStartEvent extends BlockEventBase {
  type: 'THINKING_BLOCK_START';
}
/** Reasoning text appended to an open thinking block. */
export interface ThinkingBlockDeltaEvent extends BlockEventBase {
  type: 'THINKING_BLOCK_DELTA';
  delta: string;
}
/** A thinking block is finished. */
export interface ThinkingBlockEndEvent extends BlockEventBase {
  type: 'THINKING_BLOCK_END';
}

/** A media or file block opens, with its media type. */
export interface DataBlockStartEvent extends BlockEventBase {
  type: 'DATA_BLOCK_START';
  media_type: string;
}
/** `data` is an independently base64-encoded chunk; chunks are merged as bytes. */
export interface DataBlockDeltaEvent extends BlockEventBase {
  type: 'DATA_BLOCK_DELTA';
  data: string;
  media_type: string;
}
/** A data block is finished. */
export interface DataBlockEndEvent extends BlockEventBase {
  type: 'DATA_BLOCK_END';
}

/** A one-shot notice; never streamed. */
export interface HintBlockEvent extends BlockEventBase {
  type: 'HINT_BLOCK';
  source: string | null;
  hint: string | (TextBlock | DataBlock)[];
}

/* -------------------------------------------------------------------------------------------------
 * Tool calls and results
 * -----------------------------------------------------------------------------------------------*/

/** A tool call opens, with the tool name. */
export interface ToolCallStartEvent extends ToolEventBase {
  type: 'TOOL_CALL_START';
  tool_call_name: string;
}
/** A fragment of the call's JSON arguments. */
export interface ToolCallDeltaEvent extends ToolEventBase {
  type: 'TOOL_CALL_DELTA';
  delta: string;
}
/** The call's arguments are complete. */
export interface ToolCallEndEvent extends ToolEventBase {
  type: 'TOOL_CALL_END';
}

/** A tool starts running: its result block opens in state `running`. */
export interface ToolResultStartEvent extends ToolEventBase {
  type: 'TOOL_RESULT_START';
  tool_call_name: string;
}
/** Text output appended to a running tool's result. */
export interface ToolResultTextDeltaEvent extends ToolEventBase {
  type: 'TOOL_RESULT_TEXT_DELTA';
  delta: string;
}
/** Exactly one of `data` (base64) and `url` is set. */
export interface ToolResultDataDeltaEvent extends ToolEventBase {
  type: 'TOOL_RESULT_DATA_DELTA';
  block_id: string;
  media_type: string;
  data: string | null;
  url: string | null;
}
/** A tool finished: its result's final state; the paired call becomes `finished`. */
export interface ToolResultEndEvent extends ToolEventBase {
  type: 'TOOL_RESULT_END';
  state: ToolResultState;
}

/* -------------------------------------------------------------------------------------------------
 * Human in the loop
 * -----------------------------------------------------------------------------------------------*/

/** The agent stopped after too many reasoning–acting steps. */
export interface ExceedMaxItersEvent extends ReplyEventBase {
  type: 'EXCEED_MAX_ITERS';
  name: string;
}

/** The reply is parked until the user decides; suggestions ride on each call's `suggested_rules`. */
export interface RequireUserConfirmEvent extends ReplyEventBase {
  type: 'REQUIRE_USER_CONFIRM';
  tool_calls: ToolCallBlock[];
}

/** Tool calls the app must run itself (their state becomes `submitted`). */
export interface RequireExternalExecutionEvent extends ReplyEventBase {
  type: 'REQUIRE_EXTERNAL_EXECUTION';
  tool_calls: ToolCallBlock[];
}

/** One decision: `rules` (complete rules, possibly edited) apply only when `confirmed`. */
export interface ConfirmResult {
  confirmed: boolean;
  tool_call: ToolCallBlock;
  rules: PermissionRule[] | null;
}

/** The user's decisions on calls that asked (input to the agent, and echoed back). */
export interface UserConfirmResultEvent extends ReplyEventBase {
  type: 'USER_CONFIRM_RESULT';
  confirm_results: ConfirmResult[];
}

/** The user interrupted the reply. */
export interface UserInterruptEvent extends ReplyEventBase {
  type: 'USER_INTERRUPT';
}

/** Results of tool calls the app ran itself. */
export interface ExternalExecutionResultEvent extends ReplyEventBase {
  type: 'EXTERNAL_EXECUTION_RESULT';
  execution_results: ToolResultBlock[];
}

/** Out-of-band state (`state_updated`, `team_updated`, …). It belongs to no reply. */
export interface CustomEvent extends EventBase {
  type: 'CUSTOM';
  name: string;
  value: JsonObject;
}

/* -------------------------------------------------------------------------------------------------
 * The union
 * -----------------------------------------------------------------------------------------------*/

/** Every AgentScope event, discriminated by `type` (the 28 wire types). */
export type AgentEvent =
  | ReplyStartEvent
  | ReplyEndEvent
  | ModelCallStartEvent
  | ModelCallEndEvent
  | TextBlockStartEvent
  | TextBlockDeltaEvent
  | TextBlockEndEvent
  | ThinkingBlockStartEvent
  | ThinkingBlockDeltaEvent
  | ThinkingBlockEndEvent
  | DataBlockStartEvent
  | DataBlockDeltaEvent
  | DataBlockEndEvent
  | HintBlockEvent
  | ToolCallStartEvent
  | ToolCallDeltaEvent
  | ToolCallEndEvent
  | ToolResultStartEvent
  | ToolResultTextDeltaEvent
  | ToolResultDataDeltaEvent
  | ToolResultEndEvent
  | ExceedMaxItersEvent
  | RequireUserConfirmEvent
  | RequireExternalExecutionEvent
  | UserConfirmResultEvent
  | UserInterruptEvent
  | ExternalExecutionResultEvent
  | CustomEvent;

/** The wire name of an event type, e.g. `TEXT_BLOCK_DELTA`. */
export type AgentEventType = AgentEvent['type'];

/** The event of a given wire type. */
export type AgentEventOf<T extends AgentEventType> = Extract<AgentEvent, { type: T }>;

/** Every wire type, in AgentScope's declaration order. */
export const AGENT_EVENT_TYPES = [
  'REPLY_START',
  'REPLY_END',
  'MODEL_CALL_START',
  'MODEL_CALL_END',
  'TEXT_BLOCK_START',
  'TEXT_BLOCK_DELTA',
  'TEXT_BLOCK_END',
  'THINKING_BLOCK_START',
  'THINKING_BLOCK_DELTA',
  'THINKING_BLOCK_END',
  'DATA_BLOCK_START',
  'DATA_BLOCK_DELTA',
  'DATA_BLOCK_END',
  'HINT_BLOCK',
  'TOOL_CALL_START',
  'TOOL_CALL_DELTA',
  'TOOL_CALL_END',
  'TOOL_RESULT_START',
  'TOOL_RESULT_TEXT_DELTA',
  'TOOL_RESULT_DATA_DELTA',
  'TOOL_RESULT_END',
  'EXCEED_MAX_ITERS',
  'REQUIRE_USER_CONFIRM',
  'REQUIRE_EXTERNAL_EXECUTION',
  'USER_CONFIRM_RESULT',
  'USER_INTERRUPT',
  'EXTERNAL_EXECUTION_RESULT',
  'CUSTOM',
] as const satisfies readonly AgentEventType[];

// A compile error here means the list above misses a member of the union.
type MissingEventType = Exclude<AgentEventType, (typeof AGENT_EVENT_TYPES)[number]>;
true satisfies [MissingEventType] extends [never] ? true : MissingEventType;
