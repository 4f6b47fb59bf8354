import type { JsonObject, JsonValue } from '../../model/json.js';

// Operator-Use (CursorTouch/Operator-Use @ d0da87a, successor Jeomon/Tau) as it arrives: session
// JSONL is written with `exclude_none=True` (null fields omitted), RPC events with
// `dataclasses.asdict` (null fields kept), so every optional field may also be null or absent.

/* -------------------------------------------------------------------------------------------------
 * Content
 * -----------------------------------------------------------------------------------------------*/

/** `TextContent`: note the key is `content`, not `text`. */
export interface OperatorUseTextContent {
  type: 'text';
  content?: string;
}

/** `ImageContent`: each string is an http(s) URL, a `data:` URL or bare base64. */
export interface OperatorUseImageContent {
  type: 'image';
  images?: string[];
}

/** `AudioContent`: each string is base64 or a `file:`-prefixed path (Tau renamed the key `audios`). */
export interface OperatorUseAudioContent {
  type: 'audio';
  audio?: string[];
  audios?: string[];
}

/** `ThinkingContent`: `signature` is Anthropic's opaque token, `""` when absent. */
export interface OperatorUseThinkingContent {
  type: 'thinking';
  content?: string;
  signature?: string;
}

/** `ToolKind` values seen across versions; treated as an open string. */
export type OperatorUseToolKind =
  | 'read'
  | 'edit'
  | 'write'
  | 'execute'
  | 'web'
  | 'cron'
  | 'agent'
  | 'workflow'
  | 'plan'
  | 'automation'
  | 'mcp'
  | 'unknown'
  | (string & {});

/** `ToolCallContent`: `args` is an object, not a JSON string. */
export interface OperatorUseToolCallContent {
  type: 'tool_call';
  id?: string;
  name?: string;
  kind?: OperatorUseToolKind | null;
  args?: JsonObject;
  metadata?: JsonObject;
}

/** `ToolResultContent`; `tool_name` and `terminate_message` are Tau additions. */
export interface OperatorUseToolResultContent {
  type: 'tool_result';
  id?: string;
  content?: string;
  is_error?: boolean;
  metadata?: JsonObject;
  terminate?: boolean;
  tool_name?: string | null;
  terminate_message?: string | null;
}

export type OperatorUseContent =
  | OperatorUseTextContent
  | OperatorUseImageContent
  | OperatorUseAudioContent
  | OperatorUseThinkingContent
  | OperatorUseToolCallContent
  | OperatorUseToolResultContent;

/* -------------------------------------------------------------------------------------------------
 * Messages
 * -----------------------------------------------------------------------------------------------*/

export type OperatorUseRole =
  | 'system'
  | 'user'
  | 'assistant'
  | 'tool'
  | 'custom'
  | 'branch_summary'
  | 'compaction_summary'
  | (string & {});

export type OperatorUseStopReason =
  'stop' | 'length' | 'tool_calls' | 'content_filter' | 'abort' | 'error' | (string & {});

export interface OperatorUseUsageCost {
  input?: number;
  output?: number;
  cache_read?: number;
  cache_write?: number;
  total?: number;
}

export interface OperatorUseUsage {
  input_tokens?: number;
  output_tokens?: number;
  cache_read_tokens?: number;
  cache_write_tokens?: number;
  cost?: OperatorUseUsageCost;
  /** Tau: `input_tokens` already counts cache reads. */
  input_tokens_include_cache_read?: boolean;
}

/** `SystemMessage`, `UserMessage`, `ToolMessage` (and `AssistantMessage` below). */
export interface OperatorUseBaseMessage {
  role: OperatorUseRole;
  contents?: OperatorUseContent[];
  /** A uuid4; session-only messages have none. */
  id?: string;
  /** Epoch seconds (a float). */
  timestamp?: number;
}

export interface OperatorUseAssistantMessage extends OperatorUseBaseMessage {
  role: 'assistant';
  usage?: OperatorUseUsage;
  stop_reason?: OperatorUseStopReason;
  /** `""` when the turn did not fail. */
  error?: string;
  /** Tau. */
  error_kind?: string | null;
}

/** Written by extensions; never sent to the model. */
export interface OperatorUseCustomMessage {
  role: 'custom';
  custom_type: string;
  timestamp: number;
  contents?: (OperatorUseTextContent | OperatorUseImageContent)[];
  details?: JsonValue;
}

/** Synthesized from a `branch_summary` entry by `build_session_context()`. */
export interface OperatorUseBranchSummaryMessage {
  role: 'branch_summary';
  summary: string;
  from_id: string;
  timestamp: number;
}

/** Synthesized from a `compaction` entry: the first message the model sees after a compaction. */
export interface OperatorUseCompactionSummaryMessage {
  role: 'compaction_summary';
  summary: string;
  tokens_before: number;
  timestamp: number;
}

export type OperatorUseMessage =
  | OperatorUseBaseMessage
  | OperatorUseAssistantMessage
  | OperatorUseCustomMessage
  | OperatorUseBranchSummaryMessage
  | OperatorUseCompactionSummaryMessage;

/* -------------------------------------------------------------------------------------------------
 * Session file (JSONL)
 * -----------------------------------------------------------------------------------------------*/

/** Line 1 of a session file. */
export interface OperatorUseSessionHeader {
  type: 'session';
  version?: number;
  id?: string;
  timestamp?: number;
  cwd?: string;
  parent_session?: string;
}

interface EntryBase {
  /** 8 hex characters. */
  id: string;
  timestamp?: number;
  /** Omitted for a root entry. */
  parent_id?: string | null;
}

export interface OperatorUseMessageEntry extends EntryBase {
  type: 'message';
  message: OperatorUseMessage;
  meta?: {
    reply_to?: string;
    attachments?: { path: string; mime_type?: string }[];
    reactions?: string[];
    channel_message_id?: string;
  };
}

export interface OperatorUseCompactionEntry extends EntryBase {
  type: 'compaction';
  summary: string;
  first_kept_entry_id: string;
  tokens_before: number;
  details?: JsonValue;
  from_hook?: boolean;
  /** Tau. */
  usage?: OperatorUseUsage;
}

export interface OperatorUseBranchSummaryEntry extends EntryBase {
  type: 'branch_summary';
  from_id: string;
  summary: string;
  details?: JsonValue;
  from_hook?: boolean;
  /** Tau. */
  usage?: OperatorUseUsage;
  /** Tau. */
  label?: string;
}

export interface OperatorUseCustomMessageEntry extends EntryBase {
  type: 'custom_message';
  custom_type: string;
  /** `content` here, `contents` on the rebuilt `CustomMessage`; a string is accepted too. */
  content: (OperatorUseTextContent | OperatorUseImageContent)[] | string;
  display?: boolean;
  details?: JsonValue;
}

export interface OperatorUseCustomEntry extends EntryBase {
  type: 'custom';
  custom_type: string;
  data?: JsonValue;
}

export interface OperatorUseLabelEntry extends EntryBase {
  type: 'label';
  target_id: string;
  label?: string;
}

/** Moves the active branch to `target_id` (no target: an empty branch). */
export interface OperatorUseLeafEntry extends EntryBase {
  type: 'leaf';
  target_id?: string | null;
}

export type OperatorUseThinkingLevel =
  'off' | 'minimal' | 'low' | 'medium' | 'high' | 'xhigh' | 'max' | (string & {});

export interface OperatorUseThinkingLevelChangeEntry extends EntryBase {
  type: 'thinking_level_change';
  thinking_level: OperatorUseThinkingLevel;
}

export interface OperatorUseModelChangeEntry extends EntryBase {
  type: 'model_change';
  model_id: string;
  provider_id: string;
}

export interface OperatorUseSessionInfoEntry extends EntryBase {
  type: 'session_info';
  name?: string;
}

export interface OperatorUseChannelEntry extends EntryBase {
  type: 'channel';
  name: string;
  chat_id?: string;
  user_id?: string;
}

export type OperatorUseSessionEntry =
  | OperatorUseMessageEntry
  | OperatorUseCompactionEntry
  | OperatorUseBranchSummaryEntry
  | OperatorUseCustomMessageEntry
  | OperatorUseCustomEntry
  | OperatorUseLabelEntry
  | OperatorUseLeafEntry
  | OperatorUseThinkingLevelChangeEntry
  | OperatorUseModelChangeEntry
  | OperatorUseSessionInfoEntry
  | OperatorUseChannelEntry;

/* -------------------------------------------------------------------------------------------------
 * RPC events (JSONL over stdout, bare objects)
 * -----------------------------------------------------------------------------------------------*/

export interface OperatorUseAgentStartEvent {
  type: 'agent_start';
}

export interface OperatorUseAgentEndEvent {
  type: 'agent_end';
  messages?: OperatorUseMessage[];
  reason?: 'completed' | 'aborted' | 'error';
}

export interface OperatorUseAgentErrorEvent {
  type: 'agent_error';
  error?: string;
}

export interface OperatorUseTurnStartEvent {
  type: 'turn_start';
  turn_index?: number;
  timestamp?: number;
}

export interface OperatorUseTurnEndEvent {
  type: 'turn_end';
  turn_index?: number;
  message?: OperatorUseMessage | null;
  tool_results?: OperatorUseToolResultContent[];
}

/** Opens a bubble; for an assistant turn the message is still empty. */
export interface OperatorUseMessageStartEvent {
  type: 'message_start';
  message: OperatorUseMessage | null;
}

/**
 * Operator-Use: a fresh message (new random id) holding only the new fragment. Tau: the whole
 * partial message plus `delta` / `thinking_delta` (or only those in `set_update_mode:"delta"`).
 */
export interface OperatorUseMessageUpdateEvent {
  type: 'message_update';
  message?: OperatorUseMessage | null;
  delta?: string;
  thinking_delta?: string;
}

/** The full message, which replaces the bubble; `null` when the turn failed or was aborted. */
export interface OperatorUseMessageEndEvent {
  type: 'message_end';
  message: OperatorUseMessage | null;
}

export interface OperatorUseToolExecutionStartEvent {
  type: 'tool_execution_start';
  tool_call: OperatorUseToolCallContent;
}

/** `ToolResult`: `{id, content, is_error, metadata, terminate, terminate_message}`. */
export interface OperatorUseToolExecutionUpdateEvent {
  type: 'tool_execution_update';
  partial_tool_result: OperatorUseToolResultContent;
}

export interface OperatorUseToolExecutionEndEvent {
  type: 'tool_execution_end';
  tool_result: OperatorUseToolResultContent;
}

export interface OperatorUseToolExecutionFailureEvent {
  type: 'tool_execution_failure';
  tool_name?: string;
  tool_call_id?: string;
  input?: JsonObject;
  error?: string;
}

/** Any other hook or transport event (`queue_update`, `settled`, `session_*`, `response`, …). */
export interface OperatorUseOtherEvent {
  type: string;
  [field: string]: JsonValue | undefined;
}

export type OperatorUseEvent =
  | OperatorUseAgentStartEvent
  | OperatorUseAgentEndEvent
  | OperatorUseAgentErrorEvent
  | OperatorUseTurnStartEvent
  | OperatorUseTurnEndEvent
  | OperatorUseMessageStartEvent
  | OperatorUseMessageUpdateEvent
  | OperatorUseMessageEndEvent
  | OperatorUseToolExecutionStartEvent
  | OperatorUseToolExecutionUpdateEvent
  | OperatorUseToolExecutionEndEvent
  | OperatorUseToolExecutionFailureEvent;
