/*
 * The public names of AgentScope's event stream beside its event types (`model/event.ts`):
 * reading events from a stream and folding them into a conversation. Both
 * `react-agent-messages/core` (the store reads this protocol by default) and
 * `react-agent-messages/agentscope` export them whole from here, so the two lists cannot drift
 * apart.
 */

export { parseAgentEvent } from './model/parse/event-reader.js';
export { appendEvent } from './protocols/agentscope/append-event.js';
export type { AgentScopeConversation } from './fold/conversation.js';
export { foldEvents, reduceConversation } from './fold/conversation.js';
export { createConfirmResult } from './fold/confirm-result.js';
export type {
  AbortSignalLike,
  EventStream,
  ReadEventStreamOptions,
} from './stream/read-event-stream.js';
export { readEventStream } from './stream/read-event-stream.js';
export type { StreamDiagnosticCode } from './stream/diagnostic.js';
