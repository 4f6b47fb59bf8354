import type { JsonObject, JsonValue } from './json.js';
import type { PermissionRule } from './permission.js';

/* -------------------------------------------------------------------------------------------------
 * Shared fields
 * -----------------------------------------------------------------------------------------------*/

/** Fields every AgentScope block carries. Timestamps are opaque strings (see `parseTimestamp`). */
export interface BlockBase {
  id: string;
  created_at: string;
  /** `null` while the block is still streaming. */
  finished_at: string | null;
}

/* -------------------------------------------------------------------------------------------------
 * Text and thinking
 * -----------------------------------------------------------------------------------------------*/

/** A source the text cites (AgentFlow annotations); `span` is `[start, end)` into `text`. */
export interface Citation {
  url?: string;
  file_id?: string;
  title?: string;
  page?: number;
  index?: number;
  snippet?: string;
  span?: readonly [start: number, end: number];
}

/** Markdown text from the model (or the user). */
export interface TextBlock extends BlockBase {
  type: 'text';
  text: string;
  citations?: Citation[];
}

/**
 * Model reasoning. Provider fields (`signature`, `redacted_thinking_data`, …) pass through, as
 * AgentScope's `extra="allow"` does; a redacted block has an empty `thinking`.
 */
export interface ThinkingBlock extends BlockBase {
  type: 'thinking';
  thinking: string;
  details?: string[];
  signature?: string;
  [providerField: string]: unknown;
}

/* -------------------------------------------------------------------------------------------------
 * Data (all media)
 * -----------------------------------------------------------------------------------------------*/

/** Inline bytes: base64 `data` of a media type. */
export interface Base64Source {
  type: 'base64';
  data: string;
  media_type: string;
}

/** Bytes at a URL (checked by the URL policy before anything loads). */
export interface UrlSource {
  type: 'url';
  url: string;
  media_type: string;
}

/** A reference the app resolves itself (`resolveMedia`), such as an AgentFlow `file_id`. */
export interface FileIdSource {
  type: 'file_id';
  file_id: string;
  media_type: string;
}

/** Where a data block's bytes are: inline, at a URL, or behind a file id. */
export type DataSource = Base64Source | UrlSource | FileIdSource;

/** Images, audio, video, documents and files: one block, told apart by `source.media_type`. */
export interface DataBlock extends BlockBase {
  type: 'data';
  source: DataSource;
  name: string | null;
  alt?: string;
  transcript?: string;
  thumbnail?: DataSource;
  pages?: number[];
  page?: number;
  excerpt?: string;
  width?: number;
  height?: number;
  duration_ms?: number;
  size_bytes?: number;
  sha256?: string;
}

/* -------------------------------------------------------------------------------------------------
 * Hints
 * -----------------------------------------------------------------------------------------------*/

/** A notice injected by the runtime; `source` is often JSON such as `{"label":"System"}`. */
export interface HintBlock extends BlockBase {
  type: 'hint';
  hint: string | (TextBlock | DataBlock)[];
  source: string | null;
}

/* -------------------------------------------------------------------------------------------------
 * Tools
 * -----------------------------------------------------------------------------------------------*/

/** AgentScope's `ToolCallState`: pending → asking → allowed → submitted → finished. */
export type ToolCallState = 'pending' | 'asking' | 'allowed' | 'submitted' | 'finished';

/** Every `ToolCallState`, in lifecycle order. */
export const TOOL_CALL_STATES: readonly ToolCallState[] = [
  'pending',
  'asking',
  'allowed',
  'submitted',
  'finished',
];

/** A tool call: its name, its raw JSON arguments, its state and the rules the agent suggests. */
export interface ToolCallBlock extends BlockBase {
  type: 'tool_call';
  name: string;
  /** The arguments as the raw JSON string the model produced (partial while streaming). */
  input: string;
  state: ToolCallState;
  suggested_rules: PermissionRule[];
  /** The framework's tool kind (`tool_type`, `kind`), when it has one. */
  kind?: string;
  /** The client, not the agent, executes this call (AgentFlow `remote_tool_call`). */
  remote?: boolean;
  /** What the agent asks the user about this call while it is `asking` (an AG-UI interrupt's `message`). */
  question?: string;
}

/** AgentScope's `ToolResultState`. */
export type ToolResultState = 'running' | 'success' | 'error' | 'interrupted' | 'denied';

/** Every `ToolResultState`. */
export const TOOL_RESULT_STATES: readonly ToolResultState[] = [
  'running',
  'success',
  'error',
  'interrupted',
  'denied',
];

/** A tool's output (text or text and media blocks), paired with its call by `id`. */
export interface ToolResultBlock extends BlockBase {
  type: 'tool_result';
  /** The id of the tool call this answers. */
  id: string;
  name: string;
  output: string | (TextBlock | DataBlock)[];
  state: ToolResultState;
  metadata: JsonObject;
  /** Structured JSON output, rendered as a tree. */
  value?: JsonValue;
}

/* -------------------------------------------------------------------------------------------------
 * Extensions
 * -----------------------------------------------------------------------------------------------*/

/** An error reported inside the content (AgentFlow `ErrorBlock`); not an AgentScope block. */
export interface ErrorBlock {
  type: 'error';
  id: string;
  message: string;
  code?: string;
  data?: JsonValue;
  created_at?: string;
  finished_at?: string | null;
}

/**
 * A block this library does not know. The original JSON is kept in `raw` so that nothing is
 * lost and the UI can show it in a generic form.
 */
export interface UnknownBlock {
  type: 'unknown';
  id: string;
  /** The `type` the source gave the block, when it had one. */
  original_type: string | null;
  raw: JsonValue;
  created_at?: string;
  finished_at?: string | null;
}

/** Every block a message can hold, discriminated by `type`. */
export type ContentBlock =
  | TextBlock
  | ThinkingBlock
  | DataBlock
  | HintBlock
  | ToolCallBlock
  | ToolResultBlock
  | ErrorBlock
  | UnknownBlock;

/** The `type` of a content block. */
export type ContentBlockType = ContentBlock['type'];
