import type { AgentEvent } from '../model/event.js';
import type { Msg } from '../model/message.js';
import { AgentScopeDecoder } from '../protocols/agentscope/decoder.js';
import type { AgentScopeConversation, Conversation } from './conversation-state.js';
import { ConversationState } from './conversation-state.js';
import { emptyWriterState } from './writer-state.js';

export type {
  AgentScopeConversation,
  Conversation,
  PendingConfirmation,
} from './conversation-state.js';

function asState(conversation: Conversation): ConversationState {
  if (conversation instanceof ConversationState) return conversation;
  // A conversation built elsewhere (or revived from JSON): rebuild it from its messages.
  return emptyConversation(conversation.messages);
}

function emptyConversation(messages: readonly Msg[] | undefined): ConversationState {
  const empty = new ConversationState(
    emptyWriterState(),
    { head: null, byReply: new Map() },
    0,
    [],
    null,
  );
  empty.seen.head = empty;
  return messages?.length ? appendTo(empty, messages) : empty;
}

/** Whether `value` is a conversation AgentScope's fold made (a store's AgentScope `protocolState`). */
export function isAgentScopeConversation(value: unknown): value is AgentScopeConversation {
  return value instanceof ConversationState;
}

/** An empty conversation, or one holding history loaded first. */
export function createConversation(
  init: { messages?: readonly Msg[] } = {},
): AgentScopeConversation {
  return emptyConversation(init.messages);
}

/**
 * Folds one event into the conversation: creates the reply's message on `REPLY_START`, applies
 * everything else to the message of its `reply_id`, ignores an event whose `id` it has already
 * applied, keeps `CUSTOM` events apart and records unusable input in `diagnostics`. Never throws.
 */
export function reduceConversation(state: Conversation, event: AgentEvent): AgentScopeConversation {
  return foldEvents([event], state);
}

/**
 * Folds many events at once: what a UI does once per frame. The result equals folding them one
 * by one, but each message and block is copied at most once per call.
 */
export function foldEvents(
  events: Iterable<AgentEvent>,
  state: Conversation = createConversation(),
): AgentScopeConversation {
  const decoder = new AgentScopeDecoder(asState(state));
  for (const event of events) decoder.apply(event);
  return decoder.finish();
}

/** Adds messages (history, or the user's own turn), replacing any with the same id. */
export function appendMessages(
  state: Conversation,
  messages: readonly Msg[],
): AgentScopeConversation {
  return appendTo(asState(state), messages);
}

function appendTo(state: ConversationState, messages: readonly Msg[]): ConversationState {
  const decoder = new AgentScopeDecoder(state);
  for (const msg of messages) decoder.upsert(msg);
  return decoder.finish();
}
