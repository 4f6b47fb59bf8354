/*
 * react-agent-messages/operator-use: Operator-Use (and Tau) — session files (JSONL, rebuilt along
 * their active branch, with the branches beside it), stored messages and live RPC events into the
 * canonical model, and its stream driver for `useMessageStream({ protocol: 'operator-use' })`.
 * Nothing here imports React.
 */

export type { Diagnostic } from './core/model/diagnostic.js';
export type { MessageStreamProtocol } from './core/protocols/protocol-types.js';
export { operatorUseProtocol } from './core/protocols/operator-use/driver.js';
export * from './core/protocols/operator-use/events.js';
export {
  type OperatorUseMessageResult,
  type OperatorUseNotice,
  fromOperatorUseMessage,
} from './core/protocols/operator-use/messages.js';
export * from './core/protocols/operator-use/session.js';
export {
  type OperatorUseAlternative,
  type OperatorUseBranches,
  type OperatorUseBranchPosition,
  operatorUseBranches,
} from './core/protocols/operator-use/session-branches.js';
