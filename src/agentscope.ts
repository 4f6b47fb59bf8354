/*
 * react-agent-messages/agentscope: AgentScope 2.x — its event stream (the 28 event types, reading
 * them from SSE or NDJSON, folding them into a conversation), stored `Msg` JSON (1.x shapes
 * upgraded) and the `USER_CONFIRM_RESULT` a decision answers with. `useMessageStream` reads this
 * protocol by default; nothing here imports React.
 */

export type { Diagnostic } from './core/model/diagnostic.js';
export * from './core/model/event.js';
export * from './core/agentscope-stream-exports.js';
export * from './core/protocols/agentscope/messages.js';
export { agentScopeProtocol } from './core/protocols/agentscope/driver.js';
