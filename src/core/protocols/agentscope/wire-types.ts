import type { JsonObject } from '../../model/json.js';
import type { Msg } from '../../model/message.js';

/**
 * An AgentScope 2.x `Msg` as `model_dump(mode="json")` writes it: exactly the canonical model
 * (every field present, timestamps naive local ISO from Python or UTC `Z` from the TS port).
 */
export type AgentScopeMsgJson = Msg;

/* -------------------------------------------------------------------------------------------------
 * AgentScope 1.x (`message/_message_block.py`, `_message_base.py`; still used by agentscope-studio)
 * -----------------------------------------------------------------------------------------------*/

export interface AgentScopeLegacyTextBlock {
  type: 'text';
  text?: string;
}

export interface AgentScopeLegacyThinkingBlock {
  type: 'thinking';
  thinking?: string;
}

/** `data` is bare base64 (the docstring says RFC 2397, so a `data:` URL is accepted too). */
export interface AgentScopeLegacyBase64Source {
  type: 'base64';
  media_type: string;
  data: string;
}

/** No `media_type` in 1.x; `url` may also be a local file path. */
export interface AgentScopeLegacyUrlSource {
  type: 'url';
  url: string;
}

export type AgentScopeLegacySource = AgentScopeLegacyBase64Source | AgentScopeLegacyUrlSource;

export interface AgentScopeLegacyMediaBlock {
  type: 'image' | 'audio' | 'video';
  source: AgentScopeLegacySource;
}

/** `input` is an object; `raw_input` (later 1.x) is the model's raw JSON string. */
export interface AgentScopeLegacyToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: JsonObject;
  raw_input?: string;
}

export interface AgentScopeLegacyToolResultBlock {
  type: 'tool_result';
  id: string;
  name: string;
  output: string | (AgentScopeLegacyTextBlock | AgentScopeLegacyMediaBlock)[];
  is_error?: boolean;
}

export type AgentScopeLegacyBlock =
  | AgentScopeLegacyTextBlock
  | AgentScopeLegacyThinkingBlock
  | AgentScopeLegacyMediaBlock
  | AgentScopeLegacyToolUseBlock
  | AgentScopeLegacyToolResultBlock;

/** `Msg.to_dict()` in 1.x: `timestamp` is `"%Y-%m-%d %H:%M:%S.%f"` cut to milliseconds, local time. */
export interface AgentScopeLegacyMsg {
  id: string;
  name: string;
  role: 'user' | 'assistant' | 'system';
  content: string | AgentScopeLegacyBlock[];
  metadata: JsonObject | null;
  timestamp: string;
  /** Early 1.x. */
  invocation_id?: string | null;
  /** Later 1.x (`GenerateReason`). */
  generate_reason?: string | null;
}
