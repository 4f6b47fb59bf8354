import type { ContentBlock } from './block.js';
import type { JsonObject } from './json.js';

/** AgentScope's roles, widened so adapters can keep a framework's own (`compaction_summary`, …). */
export type Role = 'user' | 'assistant' | 'system' | 'tool' | (string & {});

/** Why a reply ended (`REPLY_END.finished_reason`). */
export type ReplyFinishedReason = 'completed' | 'interrupted' | 'exceed_max_iters' | 'error';

/** Every `ReplyFinishedReason`. */
export const REPLY_FINISHED_REASONS: readonly ReplyFinishedReason[] = [
  'completed',
  'interrupted',
  'exceed_max_iters',
  'error',
];

/** The kind of error that ended a reply. */
export type ErrorType =
  | 'authentication'
  | 'permission'
  | 'rate_limit'
  | 'invalid_request'
  | 'upstream'
  | 'connection'
  | 'internal'
  | 'setup'
  | 'unknown';

/** A reply-level failure; `type` is open because servers add their own. */
export interface ErrorInfo {
  type: ErrorType | (string & {});
  message: string;
}

/** Token counts, summed over a reply's model calls. */
export interface Usage {
  input_tokens: number;
  output_tokens: number;
  cache_input_tokens: number;
  cache_creation_input_tokens: number;
  reasoning_tokens?: number;
  /** Money spent, in the provider's currency (Operator-Use reports it). */
  cost?: number;
}

/** One message: a user turn or a whole assistant reply, as AgentScope 2.x's `Msg`. */
export interface Msg {
  name: string;
  content: ContentBlock[];
  role: Role;
  id: string;
  metadata: JsonObject;
  created_at: string;
  usage: Usage | null;
  /** `null` while the reply is open (AgentScope user and system messages are finished at birth). */
  finished_at: string | null;
  finished_reason: ReplyFinishedReason | null;
  structured_output: JsonObject | null;
  error: ErrorInfo | null;
}

/**
 * A conversation's messages, oldest first: what `useMessageStream().messages` returns and
 * `<MessageList messages>` takes. Read-only so that both a plain `Msg[]` and a frozen or shared
 * array fit; copy it (`[...messages]`) before sorting or pushing.
 */
export type MsgList = readonly Msg[];
