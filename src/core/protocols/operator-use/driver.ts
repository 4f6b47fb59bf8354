import type { OperatorUseEventState } from './event-state.js';
import { createOperatorUseEventState } from './event-state.js';
import { foldOperatorUseEvents } from './events.js';
import { defineProtocol } from '../define-protocol.js';

/**
 * Operator-Use RPC events (`agent_start`, `message_update`, …) for `useMessageStream`, folded by
 * `foldOperatorUseEvents`. Its sessions load with `fromOperatorUseSession` into
 * `initialMessages` (`initialHistory` is not read); it asks no approvals, so `confirm()` has
 * nothing to send.
 */
export const operatorUseProtocol = /* @__PURE__ */ defineProtocol<OperatorUseEventState>({
  name: 'operator-use',
  createState: () => createOperatorUseEventState(),
  fold: (state, frames) => foldOperatorUseEvents(frames, state),
  messages: (state) => state.messages,
  diagnostics: (state) => state.diagnostics,
  answer: () => null,
});
