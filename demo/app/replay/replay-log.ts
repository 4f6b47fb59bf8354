/*
 * Reading an event log for the replay viewer: JSON (an array or one object) or JSONL, from any of
 * the three frameworks, told apart by the shape of its entries. Every fold is pure, so the
 * conversation after step n is the fold of the first n entries: scrubbing is re-folding a prefix.
 */
import type { Msg } from 'react-agent-messages';
import {
  AGENT_EVENT_TYPES,
  appendMessages,
  createConversation,
  foldAgentFlowStream,
  foldEvents,
  foldOperatorUseEvents,
  fromAgentFlowMessages,
  fromOperatorUseSession,
} from 'react-agent-messages';

export type LogKind =
  | 'agentscope-events'
  | 'agentflow-stream'
  | 'agentflow-messages'
  | 'operator-use-events'
  | 'operator-use-session';

export const KIND_NAMES: Record<LogKind, string> = {
  'agentscope-events': 'AgentScope events',
  'agentflow-stream': 'AgentFlow stream chunks',
  'agentflow-messages': 'AgentFlow messages',
  'operator-use-events': 'Operator-Use RPC events',
  'operator-use-session': 'Operator-Use session file',
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
  diagnostics: number;
}

type Entry = Record<string, unknown>;

const isEntry = (value: unknown): value is Entry =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const AGENTSCOPE_TYPES: ReadonlySet<string> = new Set(AGENT_EVENT_TYPES);

/* -------------------------------------------------------------------------------------------------
 * Reading
 * -----------------------------------------------------------------------------------------------*/

function entriesOf(text: string): { entries: unknown[]; skipped: number } {
  const trimmed = text.trim();
  if (trimmed === '') throw new Error('The file is empty.');
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
    try {
      entries.push(JSON.parse(line));
    } catch {
      skipped += 1;
    }
  }
  if (entries.length === 0) throw new Error('No line of the file is JSON.');
  return { entries, skipped };
}

function kindOf(entries: readonly unknown[]): LogKind {
  const first = entries.find(isEntry);
  if (!first) throw new Error('The log holds no JSON objects.');
  const objects = entries.filter(isEntry);
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
  throw new Error('This does not look like an AgentScope, AgentFlow or Operator-Use log.');
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
      return { messages: conversation.messages, diagnostics: conversation.diagnostics.length };
    }
    case 'agentflow-stream': {
      const state = foldAgentFlowStream(prefix);
      return { messages: state.messages, diagnostics: state.diagnostics.length };
    }
    case 'agentflow-messages': {
      const result = fromAgentFlowMessages(prefix);
      return { messages: result.messages, diagnostics: result.diagnostics.length };
    }
    case 'operator-use-events': {
      const state = foldOperatorUseEvents(prefix);
      return { messages: state.messages, diagnostics: state.diagnostics.length };
    }
    case 'operator-use-session': {
      const result = fromOperatorUseSession(prefix);
      return { messages: result.messages, diagnostics: result.diagnostics.length };
    }
  }
}

/** A short name for one entry, shown next to the slider. */
export function describeEntry(entry: unknown): string {
  if (!isEntry(entry)) return typeof entry;
  const type = entry['type'] ?? entry['event'];
  if (typeof type !== 'string') {
    return typeof entry['role'] === 'string' ? `${entry['role']} message` : 'entry';
  }
  const role = isEntry(entry['message']) ? entry['message']['role'] : undefined;
  const delta = typeof entry['delta'] === 'string' ? ` “${entry['delta'].slice(0, 40)}”` : '';
  return `${type}${typeof role === 'string' ? ` (${role})` : ''}${delta}`;
}
