/*
 * react-agent-messages/agentscope: AgentScope 2.x — its event stream (the 28 event types, reading
 * them from SSE or NDJSON, folding them into a conversation), stored `Msg` JSON (1.x shapes
 * upgraded) and the `USER_CONFIRM_RESULT` a decision answers with. `useMessageStream` reads this
 * protocol by default; nothing here imports React.
 */

export type { Diagnostic } from './core/model/diagnostic.js';
export * from './core/model/event.js';
export { parseAgentEvent } from './core/model/parse/event-reader.js';
export { appendEvent } from './core/protocols/agentscope/append-event.js';
export type { AgentScopeConversation } from './core/fold/conversation.js';
export { foldEvents, reduceConversation } from './core/fold/conversation.js';
export { createConfirmResult } from './core/fold/confirm-result.js';
export type {
  AbortSignalLike,
  EventStream,
  ReadEventStreamOptions,
} from './core/stream/read-event-stream.js';
export { readEventStream } from './core/stream/read-event-stream.js';
export type { StreamDiagnosticCode } from './core/stream/diagnostic.js';
export type { AgentScopeMsgResult } from './core/protocols/agentscope/messages.js';
export { fromAgentScopeMsg } from './core/protocols/agentscope/messages.js';
export { agentScopeProtocol } from './core/protocols/agentscope/driver.js';
