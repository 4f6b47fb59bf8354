/**
 * Where a run, a reply or a stream stands: one vocabulary for every protocol, the store and each
 * message. A protocol's state uses the values its wire can tell; a message's status never is
 * `idle`, `connecting` or `cancelled`.
 * - `idle`: nothing has started (no run, no connection).
 * - `connecting`: a connection is opening, or waiting to reopen one that dropped.
 * - `streaming`: a run or reply is producing content.
 * - `awaiting-confirmation`: a tool call waits for the user's decision.
 * - `awaiting-external`: a tool call runs outside the stream (a client tool) and its result is due.
 * - `done`: the run or reply finished.
 * - `interrupted`: the run paused for input (AG-UI's interrupt outcome, AgentFlow's `interrupt`), or
 *   a reply ended interrupted.
 * - `cancelled`: the run was stopped (an abort, `stop()`, AgentFlow's `stopped`, Operator-Use's
 *   `aborted`).
 * - `exceeded`: the reply ended at the agent's iteration limit.
 * - `error`: the run or reply failed.
 */
export type RunStatus =
  | 'idle'
  | 'connecting'
  | 'streaming'
  | 'awaiting-confirmation'
  | 'awaiting-external'
  | 'done'
  | 'interrupted'
  | 'cancelled'
  | 'exceeded'
  | 'error';
