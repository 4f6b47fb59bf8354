import type {
  ToolCallBlock,
  ToolCallState,
  ToolResultBlock,
  ToolResultState,
} from '../../../core/model/block.js';
import { parseTimestamp } from '../../../core/model/time.js';
import type { Labels } from '../../labels.js';

/** What a tool call card shows as its status: the call's state, or its result's once that says more. */
export type ToolCallStatus = ToolCallState | ToolResultState;

/**
 * The status to show for a call and its paired result. A call waiting for approval says so; a
 * remote call says it runs in the app until its result settles; otherwise the result's state
 * (a finished call whose result was `denied` reads as denied), and the call's own without one.
 */
export function getToolCallStatus(
  call: ToolCallBlock,
  result: ToolResultBlock | undefined,
): ToolCallStatus {
  if (call.state === 'asking') return 'asking';
  if (result === undefined) return call.state;
  if (call.state === 'submitted' && result.state === 'running') return 'submitted';
  return result.state;
}

/** The label for a status from `labels.toolCallState` or `labels.toolResultState`. */
export function getToolCallStatusLabel(status: ToolCallStatus, labels: Labels): string {
  switch (status) {
    case 'pending':
    case 'asking':
    case 'allowed':
    case 'submitted':
    case 'finished':
      return labels.toolCallState[status];
    case 'running':
    case 'success':
    case 'error':
    case 'interrupted':
    case 'denied':
      return labels.toolResultState[status];
    default:
      status satisfies never;
      return String(status);
  }
}

/** True while the call's result is still being produced: its elapsed time runs live. */
export function isToolRunning(result: ToolResultBlock | undefined): boolean {
  return result !== undefined && result.state === 'running' && result.finished_at === null;
}

/**
 * Milliseconds from the call's start to its result's end (or to `now` while it runs); `null`
 * when there is no result yet or a timestamp cannot be read.
 */
export function getToolCallElapsed(
  call: ToolCallBlock,
  result: ToolResultBlock | undefined,
  now: number,
): number | null {
  if (result === undefined) return null;
  const start = parseTimestamp(call.created_at);
  const end = isToolRunning(result) ? now : parseTimestamp(result.finished_at);
  if (start === null || end === null) return null;
  return Math.max(0, end - start);
}
