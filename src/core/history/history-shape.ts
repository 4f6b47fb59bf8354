import type { Msg } from '../model/message.js';

/** Where a message stands in a turn: the user's prompt, part of a reply, or neither (system). */
export type HistoryTurnRole = 'prompt' | 'reply' | 'other';

/**
 * How the page helpers read one message format: its id, its place in a turn, and the ids that tie
 * it to other messages (a tool call and its result, a subagent run and the call that started it).
 * A page boundary never falls between two messages that share a link, nor inside a turn.
 */
export interface HistoryShape<T> {
  /** The message's id; pages merge by it. */
  id(item: T): string;
  /** The message's place in a turn. */
  turn(item: T): HistoryTurnRole;
  /** Who speaks a reply (an agent's name): another speaker's reply starts a turn of its own. */
  speaker(item: T): string | undefined;
  /** Ids shared with the messages this one belongs with (`call:<id>`, `run:<id>`). */
  links(item: T): readonly string[];
}

/** What the page helpers read of an AI SDK `UIMessage` (structural: `ai` is not a dependency). */
export interface HistoryUIMessage {
  id: string;
  role: string;
  parts: readonly unknown[];
}

/** What the page helpers read of an AG-UI `Message` (structural: `@ag-ui/core` is not a dependency). */
export interface HistoryAgUiMessage {
  id: string;
  role: string;
  toolCalls?: readonly { id: string }[] | undefined;
  toolCallId?: string | undefined;
}

const NO_LINKS: readonly string[] = [];

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function roleTurn(role: string, prompt: string, others: readonly string[]): HistoryTurnRole {
  if (role === prompt) return 'prompt';
  return others.includes(role) ? 'other' : 'reply';
}

const OTHER_ROLES = ['system', 'developer'];

/**
 * A wire message's links: `call:<id>` for each of `items` (its tool parts or calls) by the id under
 * `key`, then for `result` (the call a tool message answers), each only where it is a string.
 */
function callLinks(items: readonly unknown[], key: string, result?: unknown): readonly string[] {
  const ids = items.map((item) => text(record(item)?.[key]));
  ids.push(text(result));
  const links = ids.flatMap((id) => (id === null ? [] : [`call:${id}`]));
  return links.length > 0 ? links : NO_LINKS;
}

/**
 * The canonical `Msg` (what every adapter folds into, AgentScope session histories as they are):
 * tool calls and results by block id, and AG-UI subagent runs by their run and parent call.
 */
export const msgHistoryShape: HistoryShape<Msg> = {
  id: (message) => message.id,
  turn: (message) => roleTurn(message.role, 'user', OTHER_ROLES),
  speaker: (message) => (message.role === 'assistant' && message.name) || undefined,
  links(message) {
    const links: string[] = [];
    for (const block of message.content) {
      if (block.type === 'tool_call' || block.type === 'tool_result')
        links.push(`call:${block.id}`);
    }
    const agUi = record(record(message.metadata)?.['ag_ui']);
    const run = text(agUi?.['subagent_run_id']);
    const parent = text(agUi?.['parent_tool_call_id']);
    if (run !== null) links.push(`run:${run}`);
    if (parent !== null) links.push(`call:${parent}`);
    return links.length > 0 ? links : NO_LINKS;
  },
};

/** AI SDK `UIMessage`s, as `useChat` keeps them: tool parts tie by `toolCallId`. */
export const uiMessageHistoryShape: HistoryShape<HistoryUIMessage> = {
  id: (message) => message.id,
  turn: (message) => roleTurn(message.role, 'user', OTHER_ROLES),
  speaker: () => undefined,
  links: (message) => callLinks(message.parts, 'toolCallId'),
};

/** AG-UI `Message`s (a `MESSAGES_SNAPSHOT`): an assistant's `toolCalls` tie to `tool` messages. */
export const agUiHistoryShape: HistoryShape<HistoryAgUiMessage> = {
  id: (message) => message.id,
  turn: (message) => roleTurn(message.role, 'user', OTHER_ROLES),
  speaker: () => undefined,
  links: (message) => callLinks(message.toolCalls ?? [], 'id', message.toolCallId),
};
