/*
 * react-agent-messages/agentflow: AgentFlow — its stored messages and its run stream (NDJSON
 * `StreamChunk`s, interrupts included) into the canonical model, and its stream driver for
 * `useMessageStream({ protocol: 'agentflow' })`. Nothing here imports React.
 */

export type { Diagnostic } from './core/model/diagnostic.js';
export type { MessageStreamProtocol } from './core/protocols/protocol-types.js';
export { agentFlowProtocol } from './core/protocols/agentflow/driver.js';
export type {
  AgentFlowInterrupt,
  AgentFlowStreamState,
} from './core/protocols/agentflow/stream-work.js';
export type {
  AgentFlowMessageResult,
  AgentFlowMessagesResult,
} from './core/protocols/agentflow/messages.js';
export * from './core/protocols/agentflow/stream.js';
export {
  fromAgentFlowMessage,
  fromAgentFlowMessages,
} from './core/protocols/agentflow/messages.js';
export { isAgentFlowMediaUrl } from './core/protocols/agentflow/media.js';
