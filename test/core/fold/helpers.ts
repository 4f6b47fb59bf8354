import type {
  AgentEvent,
  AgentScopeConversation,
  ContentBlock,
  Msg,
  PermissionRule,
  ToolCallBlock,
} from '../../../src/core.js';
import { appendEvent, assistantMsg } from '../../../src/core.js';

/** An open assistant reply with a fixed id and timestamp, as the service builds it on REPLY_START. */
export function reply(id = 'r1', content: ContentBlock[] = []): Msg {
  return assistantMsg(content, { id, name: 'Friday', created_at: '2026-09-01T00:00:00.000000' });
}

/** `events.reduce(appendEvent, msg)`. */
export function apply(msg: Msg, ...events: AgentEvent[]): Msg {
  return events.reduce(appendEvent, msg);
}

/** `value`, failing the test when it is missing. */
export function must<T>(value: T | null | undefined, what = 'value'): T {
  if (value === null || value === undefined) throw new Error(`missing ${what}`);
  return value;
}

/** The block at `index`, failing the test when there is none. */
export function at<T extends ContentBlock = ContentBlock>(msg: Msg, index: number): T {
  const block = msg.content[index];
  if (block === undefined)
    throw new Error(`no block at ${index} (message has ${msg.content.length})`);
  return block as T;
}

/** Tool calls of `msg`, in order. */
export function toolCalls(msg: Msg): ToolCallBlock[] {
  return msg.content.filter((block): block is ToolCallBlock => block.type === 'tool_call');
}

/** A deep, plain copy to compare against later (catches any mutation). */
export function snapshot<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** What a user can observe of a conversation, as plain data. */
export function view(conversation: AgentScopeConversation) {
  return {
    messages: conversation.messages,
    customEvents: conversation.customEvents,
    diagnostics: conversation.diagnostics.map(({ code, raw }) => ({ code, raw })),
    pendingConfirmations: conversation.pendingConfirmations.map(({ replyId, toolCall }) => ({
      replyId,
      toolCall,
    })),
    lastEventId: conversation.lastEventId,
    eventCount: conversation.eventCount,
  };
}

export const bashRule: PermissionRule = {
  tool_name: 'Bash',
  rule_content: 'git status:*',
  behavior: 'allow',
  source: 'suggested',
};
