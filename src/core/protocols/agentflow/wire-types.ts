import type { JsonObject, JsonValue } from '../../model/json.js';

/*
 * AgentFlow (10xscale) as it really arrives: `agentflow/core/state/message_block.py`, `message.py`
 * and `stream_chunks.py` @ suchith83/Agentflow 852e111, and the TS client `src/message.ts` @ aa9c763.
 * The server dumps without `exclude_none`, so optional fields are usually present as `null`.
 */

/* -------------------------------------------------------------------------------------------------
 * Media and annotation references
 * -----------------------------------------------------------------------------------------------*/

/** How an AgentFlow `MediaRef` points at its bytes. */
export type AgentFlowMediaKind = 'url' | 'file_id' | 'data';

/** AgentFlow's `MediaRef`; `url` may be `agentflow://media/{key}` (10xGraph: `graph://media/{key}`). */
export interface AgentFlowMediaRef {
  kind?: AgentFlowMediaKind | null;
  url?: string | null;
  file_id?: string | null;
  data_base64?: string | null;
  mime_type?: string | null;
  size_bytes?: number | null;
  sha256?: string | null;
  filename?: string | null;
  width?: number | null;
  height?: number | null;
  duration_ms?: number | null;
  page?: number | null;
}

/** AgentFlow's `AnnotationRef`: a cited source. */
export interface AgentFlowAnnotationRef {
  url?: string | null;
  file_id?: string | null;
  page?: number | null;
  index?: number | null;
  title?: string | null;
}

/* -------------------------------------------------------------------------------------------------
 * Content blocks (the code's shapes)
 * -----------------------------------------------------------------------------------------------*/

/** A text block with the sources it cites. */
export interface AgentFlowTextBlock {
  type: 'text';
  text: string;
  annotations?: AgentFlowAnnotationRef[] | null;
}

/** An image; `bbox` is `[x1, y1, x2, y2]`. */
export interface AgentFlowImageBlock {
  type: 'image';
  media: AgentFlowMediaRef;
  alt_text?: string | null;
  bbox?: number[] | null;
}

/** An audio clip. */
export interface AgentFlowAudioBlock {
  type: 'audio';
  media: AgentFlowMediaRef;
  transcript?: string | null;
  sample_rate?: number | null;
  channels?: number | null;
}

/** A video clip. */
export interface AgentFlowVideoBlock {
  type: 'video';
  media: AgentFlowMediaRef;
  thumbnail?: AgentFlowMediaRef | null;
}

/** A document; `text` (the extracted body) exists in the Python model only. */
export interface AgentFlowDocumentBlock {
  type: 'document';
  media: AgentFlowMediaRef;
  text?: string | null;
  pages?: number[] | null;
  excerpt?: string | null;
}

/** Generic bytes, inline or by reference. */
export interface AgentFlowDataBlock {
  type: 'data';
  mime_type: string;
  data_base64?: string | null;
  media?: AgentFlowMediaRef | null;
}

/** A tool call the agent runs itself; the only `tool_type` seen in code is `"server_tool"`. */
export interface AgentFlowToolCallBlock {
  type: 'tool_call';
  id: string;
  name: string;
  args?: JsonObject | null;
  tool_type?: string | null;
}

/** A tool call the client must run (`tool_type` defaults to `"remote"`). */
export interface AgentFlowRemoteToolCallBlock {
  type: 'remote_tool_call';
  id: string;
  name: string;
  args?: JsonObject | null;
  tool_type?: string | null;
}

/** The status values the code accepts. */
export type AgentFlowToolResultStatus = 'completed' | 'failed';

/** A tool's answer; `output` is a string, a one-dict list, or a dumped `Message` (MCP). */
export interface AgentFlowToolResultBlock {
  type: 'tool_result';
  call_id: string;
  output?: JsonValue;
  is_error?: boolean;
  status?: AgentFlowToolResultStatus | null;
}

/** Model reasoning; while streaming each delta carries one `summary` fragment. */
export interface AgentFlowReasoningBlock {
  type: 'reasoning';
  summary: string;
  details?: string[] | null;
}

/** Citations or notes; `spans` are `[start, end)` offsets (Python code points) into a text block. */
export interface AgentFlowAnnotationBlock {
  type: 'annotation';
  kind?: 'citation' | 'note';
  refs?: AgentFlowAnnotationRef[];
  spans?: [number, number][] | null;
}

/** An error inside the content, for instance beside a failed tool result. */
export interface AgentFlowErrorBlock {
  type: 'error';
  message: string;
  code?: string | null;
  data?: JsonObject | null;
}

/** Every block type the AgentFlow code serializes. */
export type AgentFlowContentBlock =
  | AgentFlowTextBlock
  | AgentFlowImageBlock
  | AgentFlowAudioBlock
  | AgentFlowVideoBlock
  | AgentFlowDocumentBlock
  | AgentFlowDataBlock
  | AgentFlowToolCallBlock
  | AgentFlowRemoteToolCallBlock
  | AgentFlowToolResultBlock
  | AgentFlowReasoningBlock
  | AgentFlowAnnotationBlock
  | AgentFlowErrorBlock;

/* -------------------------------------------------------------------------------------------------
 * Documented shapes the code rejects (accepted leniently, with a diagnostic)
 * -----------------------------------------------------------------------------------------------*/

/** `docs/reference/python/messages.md`: `tool_call_id` and `content`; status `"error"` (concepts doc). */
export interface AgentFlowDocumentedToolResultBlock {
  type: 'tool_result';
  tool_call_id: string;
  content?: JsonValue;
  is_error?: boolean;
  status?: 'completed' | 'error' | null;
}

/** The docs' `ReasoningBlock(thinking=…, signature=…)` and `ReasoningBlock(text=…)`. */
export interface AgentFlowDocumentedReasoningBlock {
  type: 'reasoning';
  thinking?: string;
  text?: string;
  signature?: string | null;
}

/** The docs' `ErrorBlock(error=…, code=…, tool_call_id=…)`. */
export interface AgentFlowDocumentedErrorBlock {
  type: 'error';
  error: string;
  code?: string | null;
  tool_call_id?: string | null;
}

/** The docs' `AnnotationBlock(annotation=AnnotationRef)`. */
export interface AgentFlowDocumentedAnnotationBlock {
  type: 'annotation';
  annotation: AgentFlowAnnotationRef;
}

/** Documented block shapes that the real models reject. */
export type AgentFlowDocumentedBlock =
  | AgentFlowDocumentedToolResultBlock
  | AgentFlowDocumentedReasoningBlock
  | AgentFlowDocumentedErrorBlock
  | AgentFlowDocumentedAnnotationBlock;

/* -------------------------------------------------------------------------------------------------
 * Message
 * -----------------------------------------------------------------------------------------------*/

/** AgentFlow's `TokenUsages`. */
export interface AgentFlowTokenUsages {
  completion_tokens: number;
  prompt_tokens: number;
  total_tokens: number;
  reasoning_tokens?: number;
  cache_creation_input_tokens?: number;
  cache_read_input_tokens?: number;
  image_tokens?: number | null;
  audio_tokens?: number | null;
}

/** The roles AgentFlow knows. */
export type AgentFlowRole = 'user' | 'assistant' | 'system' | 'tool';

/**
 * AgentFlow's `Message`. `timestamp` is epoch seconds from Python, epoch milliseconds from the TS
 * client, and an ISO string from servers older than 2025-10-12; `reasoning` and `parsed_content`
 * exist in Python only; `message_id` is a number when the server uses an int id generator.
 */
export interface AgentFlowMessage {
  message_id?: string | number | null;
  role: AgentFlowRole;
  content: (AgentFlowContentBlock | AgentFlowDocumentedBlock)[];
  delta?: boolean;
  tools_calls?: JsonObject[] | null;
  reasoning?: string | null;
  timestamp?: number | string | null;
  metadata?: JsonObject;
  usages?: AgentFlowTokenUsages | null;
  raw?: JsonObject | null;
  parsed_content?: JsonObject | null;
}

/* -------------------------------------------------------------------------------------------------
 * Stream (NDJSON under a text/event-stream header)
 * -----------------------------------------------------------------------------------------------*/

/** The `event` of a `StreamChunk`. */
export type AgentFlowStreamEvent = 'message' | 'state' | 'updates' | 'error';

/** 10xGraph's `interrupt(...)` payload, sent as `updates` `data.interrupt`. */
export interface AgentFlowInterruptPayload {
  id?: string | null;
  key?: string | null;
  node?: string | null;
  value?: JsonValue;
  message?: string | null;
  reason?: string | null;
  response_schema?: JsonValue;
  tool_call_id?: string | null;
}

/** `AgentState.execution_meta`. */
export interface AgentFlowExecutionMeta {
  current_node?: string | null;
  step?: number;
  status?: string;
  interrupted_node?: string | null;
  interrupt_reason?: string | null;
  interrupt_data?: JsonValue;
  thread_id?: string | null;
  stop_current_execution?: string | boolean | null;
  internal_data?: JsonObject;
}

/** The full graph state a `state` chunk carries. */
export interface AgentFlowAgentState {
  context?: AgentFlowMessage[];
  context_summary?: string | null;
  execution_meta?: AgentFlowExecutionMeta;
  [field: string]: unknown;
}

/**
 * One line of the stream. `timestamp` defaults to the server's process start time, so it cannot
 * order chunks.
 */
export interface AgentFlowStreamChunk {
  event: AgentFlowStreamEvent;
  message?: AgentFlowMessage | null;
  state?: AgentFlowAgentState | null;
  data?: JsonObject | null;
  thread_id?: string | null;
  run_id?: string | null;
  metadata?: JsonObject | null;
  timestamp?: number;
}
