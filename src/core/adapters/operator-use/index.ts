export { fromOperatorUseMessage } from './messages.js';
export type { OperatorUseMessageResult, OperatorUseNotice } from './messages.js';
export { fromOperatorUseSession } from './session.js';
export type { OperatorUseSessionHeaderInfo, OperatorUseSessionResult } from './session.js';
export {
  createOperatorUseEventState,
  foldOperatorUseEvents,
  reduceOperatorUseEvent,
} from './events.js';
export type { OperatorUseEventState, OperatorUseRunStatus } from './events.js';
export type * from './wire-types.js';
