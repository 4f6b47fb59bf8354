/*
 * Reading an event log for the replay viewer: SSE (`data:` frames, as the AI SDK and AG-UI send
 * them), JSON (an array or one object) or JSONL, from any of the supported protocols, told apart
 * by the shape of its first entries. Every fold is pure, so the conversation after step n is the
 * fold of the first n entries: scrubbing is re-folding a prefix.
 */
import type { Diagnostic, Msg } from 'react-agent-messages';
import {
  AGENT_EVENT_TYPES,
  appendMessages,
  createConversation,
  foldEvents,
} from 'react-agent-messages/core';
import { foldAgentFlowStream, fromAgentFlowMessages } from 'react-agent-messages/agentflow';
import { foldOperatorUseEvents, fromOperatorUseSession } from 'react-agent-messages/operator-use';
import { foldAiSdkStream, fromAiSdkMessages } from 'react-agent-messages/ai-sdk';
import { foldAgUiEvents, fromAgUiMessages } from 'react-agent-messages/ag-ui';

export type LogKind =
  | 'agentscope-events'
  | 'agentflow-stream'
  | 'agentflow-messages'
  | 'operator-use-events'
  | 'operator-use-session'
  | 'ai-sdk-stream'
  | 'ai-sdk-messages'
  | 'ag-ui-events'
  | 'ag-ui-messages';

export const KIND_NAMES: Record<LogKind, string> = {
  'agentscope-events': 'AgentScope events',
  'agentflow-stream': 'AgentFlow stream chunks',
  'agentflow-messages': 'AgentFlow messages',
  'operator-use-events': 'Operator-Use RPC events',
  'operator-use-session': 'Operator-Use session file',
  'ai-sdk-stream': 'AI SDK UI message stream',
  'ai-sdk-messages': 'AI SDK UIMessages',
  'ag-ui-events': 'AG-UI events',
  'ag-ui-messages': 'AG-UI messages',
};

export interface ReplayLog {
  kind: LogKind;
  entries: readonly unknown[];
  /** Lines that were not JSON (skipped). */
  skipped: number;
}

export interface ReplayFrame {
  messages: readonly Msg[];
  /** What the fold could not use, so far. */
  diagnostics: readonly Diagnostic[];
}

type Entry = Record<string, unknown>;

const isEntry = (value: unknown): value is Entry =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const AGENTSCOPE_TYPES: ReadonlySet<string> = new Set(AGENT_EVENT_TYPES);

/** AG-UI 1.0 event types (and the retired `THINKING_*`) that AgentScope does not share. */
const AG_UI_TYPES: ReadonlySet<string> = new Set([
  'RUN_STARTED',
  'RUN_FINISHED',
  'RUN_ERROR',
  'STEP_STARTED',
  'STEP_FINISHED',
  'TEXT_MESSAGE_START',
  'TEXT_MESSAGE_CONTENT',
  'TEXT_MESSAGE_END',
  'TEXT_MESSAGE_CHUNK',
  'TOOL_CALL_START',
  'TOOL_CALL_ARGS',
  'TOOL_CALL_END',
  'TOOL_CALL_CHUNK',
  'TOOL_CALL_RESULT',
  'REASONING_START',
  'REASONING_MESSAGE_START',
  'REASONING_MESSAGE_CONTENT',
  'REASONING_MESSAGE_END',
  'REASONING_MESSAGE_CHUNK',
  'REASONING_END',
  'REASONING_ENCRYPTED_VALUE',
  'THINKING_START',
  'THINKING_END',
  'THINKING_TEXT_MESSAGE_START',
  'THINKING_TEXT_MESSAGE_CONTENT',
  'THINKING_TEXT_MESSAGE_END',
  'STATE_SNAPSHOT',
  'STATE_DELTA',
  'MESSAGES_SNAPSHOT',
  'ACTIVITY_SNAPSHOT',
  'ACTIVITY_DELTA',
  'SUBAGENT_STARTED',
  'SUBAGENT_FINISHED',
  'SUBAGENT_ERROR',
  'RAW',
]);

/** AI SDK UI message stream chunk types that no other format uses (all hyphenated). */
const AI_SDK_TYPES: ReadonlySet<string> = new Set([
  'text-start',
  'text-delta',
  'text-end',
  'reasoning-start',
  'reasoning-delta',
  'reasoning-end',
  'reasoning-file',
  'tool-input-start',
  'tool-input-delta',
  'tool-input-available',
  'tool-input-error',
  'tool-approval-request',
  'tool-approval-response',
  'tool-output-available',
  'tool-output-error',
  'tool-output-denied',
  'source-url',
  'source-document',
  'start-step',
  'finish-step',
  'reset-step',
  'message-metadata',
  'steering-message',
]);

/** The stream's end marker, kept as an entry: the AI SDK fold closes an unfinished reply on it. */
const DONE = '[DONE]';
/** How many entries decide the format: the first frames tell every supported protocol apart. */
const SNIFF = 50;

/* -------------------------------------------------------------------------------------------------
 * Reading
 * -----------------------------------------------------------------------------------------------*/

/** An SSE text's `data:` payloads (multi-line data joined), each parsed; `[DONE]` kept as text. */
function sseEntries(text: string): { entries: unknown[]; skipped: number } {
  const entries: unknown[] = [];
  let skipped = 0;
  for (const frame of text.split(/\r?\n\r?\n|\r\r/)) {
    const data = frame
      .split(/\r?\n|\r/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5));
    if (data.length === 0) continue;
    const payload = data.join('\n');
    if (payload.trim() === DONE) {
      entries.push(DONE);
      continue;
    }
    try {
      entries.push(JSON.parse(payload));
    } catch {
      skipped += 1;
    }
  }
  if (entries.length === 0) throw new Error('No data: frame of the stream is JSON.');
  return { entries, skipped };
}

function entriesOf(text: string): { entries: unknown[]; skipped: number } {
  const trimmed = text.trim();
  if (trimmed === '') throw new Error('The file is empty.');
  // Server-sent events: the first line is a field (`data:`, `event:`, `id:`) or a comment.
  if (/^(data|event|id|retry):|^:/.test(trimmed)) return sseEntries(trimmed);
  try {
    const whole = JSON.parse(trimmed) as unknown;
    return { entries: Array.isArray(whole) ? whole : [whole], skipped: 0 };
  } catch {
    // Not one JSON document: read it as JSON Lines.
  }
  const entries: unknown[] = [];
  let skipped = 0;
  for (const line of trimmed.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    if (line.trim() === DONE) {
      entries.push(DONE);
      continue;
    }
    try {
      entries.push(JSON.parse(line));
    } catch {
      skipped += 1;
    }
  }
  if (entries.length === 0) throw new Error('No line of the file is JSON.');
  return { entries, skipped };
}

const typeOf = (entry: Entry): string => (typeof entry['type'] === 'string' ? entry['type'] : '');

function kindOf(entries: readonly unknown[]): LogKind {
  const first = entries.find(isEntry);
  if (!first) throw new Error('The log holds no JSON objects.');
  const objects = entries.filter(isEntry);
  // The newer protocols first, from their first frames: their type names are unambiguous, while
  // AgentScope and AG-UI share `CUSTOM`, and Operator-Use's lowercase names include `start`-like
  // words the AI SDK uses too.
  const head = objects.slice(0, SNIFF);
  if (head.some((e) => AG_UI_TYPES.has(typeOf(e)))) return 'ag-ui-events';
  if (
    entries.slice(0, SNIFF).includes(DONE) ||
    head.some((e) => AI_SDK_TYPES.has(typeOf(e)) || typeOf(e).startsWith('data-'))
  ) {
    return 'ai-sdk-stream';
  }
  if (head.some((e) => typeof e['role'] === 'string' && Array.isArray(e['parts']))) {
    return 'ai-sdk-messages';
  }
  if (
    head.some(
      (e) =>
        typeof e['role'] === 'string' &&
        typeof e['id'] === 'string' &&
        (typeof e['content'] === 'string' || Array.isArray(e['toolCalls']) || 'toolCallId' in e),
    )
  ) {
    return 'ag-ui-messages';
  }
  if (objects.some((e) => typeof e['type'] === 'string' && AGENTSCOPE_TYPES.has(e['type']))) {
    return 'agentscope-events';
  }
  if (first['type'] === 'session' && 'version' in first) return 'operator-use-session';
  if (objects.some((e) => typeof e['event'] === 'string' && ('message' in e || 'data' in e))) {
    return 'agentflow-stream';
  }
  if (objects.some((e) => 'message_id' in e && 'content' in e)) return 'agentflow-messages';
  if (objects.some((e) => typeof e['type'] === 'string' && /^[a-z_]+$/.test(e['type']))) {
    return 'operator-use-events';
  }
  if (objects.some((e) => typeof e['role'] === 'string' && Array.isArray(e['content']))) {
    return 'agentscope-events';
  }
  throw new Error(
    'This does not look like an AgentScope, AI SDK, AG-UI, AgentFlow or Operator-Use log.',
  );
}

/** Reads a log; throws an Error whose message says what is wrong with it. */
export function readReplayLog(text: string): ReplayLog {
  const { entries, skipped } = entriesOf(text);
  return { kind: kindOf(entries), entries, skipped };
}

/* -------------------------------------------------------------------------------------------------
 * Folding
 * -----------------------------------------------------------------------------------------------*/

/** The conversation after the first `count` entries. */
export function foldPrefix(log: ReplayLog, count: number): ReplayFrame {
  const prefix = log.entries.slice(0, count);
  switch (log.kind) {
    case 'agentscope-events': {
      // User turns are not events: a recorded session keeps them as `Msg` lines between events.
      let conversation = createConversation();
      let batch: unknown[] = [];
      const flush = () => {
        if (batch.length > 0) conversation = foldEvents(batch as never[], conversation);
        batch = [];
      };
      for (const entry of prefix) {
        if (isEntry(entry) && !('type' in entry) && Array.isArray(entry['content'])) {
          flush();
          conversation = appendMessages(conversation, [entry as unknown as Msg]);
        } else batch.push(entry);
      }
      flush();
      return { messages: conversation.messages, diagnostics: conversation.diagnostics };
    }
    case 'agentflow-stream': {
      const state = foldAgentFlowStream(prefix);
      return { messages: state.messages, diagnostics: state.diagnostics };
    }
    case 'agentflow-messages': {
      const result = fromAgentFlowMessages(prefix);
      return { messages: result.messages, diagnostics: result.diagnostics };
    }
    case 'operator-use-events': {
      const state = foldOperatorUseEvents(prefix);
      return { messages: state.messages, diagnostics: state.diagnostics };
    }
    case 'operator-use-session': {
      const result = fromOperatorUseSession(prefix);
      return { messages: result.messages, diagnostics: result.diagnostics };
    }
    case 'ai-sdk-stream': {
      const state = foldAiSdkStream(prefix);
      return { messages: state.messages, diagnostics: state.diagnostics };
    }
    case 'ai-sdk-messages': {
      const result = fromAiSdkMessages(prefix);
      return { messages: result.messages, diagnostics: result.diagnostics };
    }
    case 'ag-ui-events': {
      const state = foldAgUiEvents(prefix);
      // System and developer messages are hidden, as in a chat.
      const messages = state.messages.filter((msg) => msg.metadata['hidden'] !== true);
      return { messages, diagnostics: state.diagnostics };
    }
    case 'ag-ui-messages': {
      const result = fromAgUiMessages(prefix);
      const messages = result.messages.filter((msg) => msg.metadata['hidden'] !== true);
      return { messages, diagnostics: result.diagnostics };
    }
  }
}
