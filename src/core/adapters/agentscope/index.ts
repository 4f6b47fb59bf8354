export { fromAgentScopeMsg } from './messages.js';
export type { AgentScopeMsgResult } from './messages.js';
export type * from './wire-types.js';
