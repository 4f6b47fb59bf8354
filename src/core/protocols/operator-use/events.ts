import type { ErrorInfo } from '../../model/message.js';
import { isRecord, lookup, preview, readString, type UnknownRecord } from '../common/read.js';
import { messageEnd, messageStart, messageUpdate, closeOpen } from './event-messages.js';
import { createOperatorUseEventState, Draft, type OperatorUseEventState } from './event-state.js';
import type { RunStatus } from '../../fold/run-status.js';
import {
  toolExecutionEnd,
  toolExecutionFailure,
  toolExecutionStart,
  toolExecutionUpdate,
} from './event-tools.js';
import { textLines } from '../../stream/text-lines.js';

export { createOperatorUseEventState } from './event-state.js';
export type { OperatorUseEventState } from './event-state.js';

// Hook and transport events that say nothing about the messages.
const IGNORED_EVENTS = new Set(
  `turn_start turn_end queue_update settled save_point before_provider_request
  after_provider_response context before_agent_start subagent_start subagent_end tool_call
  tool_result model_select thinking_level_select input user_bash resources_discover
  session_start session_before_switch session_before_fork session_before_compact session_compact
  session_shutdown session_before_tree session_tree response ready extension_ui_request
  extension_ui_response extension_error compaction_start compaction_end terminal_execution
  terminal_output`.split(/\s+/),
);
const ignored = (type: unknown): boolean =>
  typeof type === 'string' &&
  (IGNORED_EVENTS.has(type) || /^(gateway|channel|message):/.test(type));

/* -------------------------------------------------------------------------------------------------
 * The run
 * -----------------------------------------------------------------------------------------------*/

const END_REASONS: Readonly<Record<string, RunStatus>> = {
  completed: 'done',
  aborted: 'cancelled',
  error: 'error',
};

function setStatus(draft: Draft, status: RunStatus): void {
  if (draft.status === status) return;
  draft.status = status;
  draft.changed = true;
}

function agentEnd(draft: Draft, event: UnknownRecord): void {
  const reason = event['reason'];
  const status = lookup(END_REASONS, reason);
  const what = `agent_end reason ${preview(reason)} is not known; read as completed`;
  if (status === undefined && reason != null)
    draft.diagnose('repaired', what, { path: '$.reason' });
  closeOpen(draft, status === 'error' ? 'error' : 'interrupted');
  setStatus(draft, status ?? 'done');
}

function agentError(draft: Draft, event: UnknownRecord): void {
  const error: ErrorInfo = { type: 'unknown', message: readString(event['error']) ?? '' };
  draft.error = error;
  draft.changed = true;
  setStatus(draft, 'error');
  // The error explains the message `message_end: null` closed just before it.
  const failed = draft.failedId === null ? -1 : draft.position(draft.failedId);
  const message = failed < draft.settled ? draft.message(failed) : undefined;
  if (message?.error === null) draft.set(failed, { ...message, error });
  draft.failedId = null;
}

// What each event type does (a Map: a type such as `constructor` finds nothing).
const HANDLERS = new Map<unknown, (draft: Draft, event: UnknownRecord) => void>([
  ['agent_start', (draft) => setStatus(draft, 'streaming')],
  ['agent_end', agentEnd],
  ['agent_error', agentError],
  ['message_start', messageStart],
  ['message_update', messageUpdate],
  ['message_end', messageEnd],
  ['tool_execution_start', toolExecutionStart],
  ['tool_execution_update', toolExecutionUpdate],
  ['tool_execution_end', toolExecutionEnd],
  ['tool_execution_failure', toolExecutionFailure],
]);

/** Applies one event, whatever it is: what cannot be read is reported and skipped. */
function applySafely(draft: Draft, value: unknown): void {
  draft.current = value;
  try {
    if (!isRecord(value))
      draft.diagnose('invalid-input', `event ${preview(value)} is not a JSON object; skipped`);
    else {
      // docs/rpc.md shows events wrapped as {"type":"event","event":{…}}; the server writes them bare.
      const event = value['type'] === 'event' && isRecord(value['event']) ? value['event'] : value;
      const type = event['type'];
      const handler = HANDLERS.get(type);
      if (handler !== undefined) handler(draft, event);
      else if (!ignored(type)) {
        const what = `event type ${preview(type)} is not an Operator-Use event; skipped`;
        draft.diagnose('unknown-event', what);
      }
    }
  } catch (error) {
    draft.diagnose('invalid-input', `event could not be read (${String(error)}); skipped`);
  }
  draft.current = undefined;
}

/**
 * Applies one RPC event. Pure: the given state is not changed, untouched messages keep their
 * identity, and an event that changes nothing returns the same state.
 */
export function reduceOperatorUseEvent(
  state: OperatorUseEventState,
  event: unknown,
): OperatorUseEventState {
  const draft = new Draft(state);
  applySafely(draft, event);
  return draft.toState(state);
}

/** Folds RPC events (JSONL text, or parsed events) into a conversation, from `state` when given. */
export function foldOperatorUseEvents(
  events: string | Iterable<unknown>,
  state: OperatorUseEventState = createOperatorUseEventState(),
): OperatorUseEventState {
  const draft = new Draft(state);
  const iterable =
    typeof (events as Partial<Iterable<unknown>> | null)?.[Symbol.iterator] === 'function';
  if (typeof events === 'string') {
    for (const { number, text } of textLines(events)) {
      let event: unknown;
      try {
        event = JSON.parse(text);
      } catch {
        draft.diagnose('invalid-input', `line ${number}: not valid JSON; skipped`, { raw: text });
        continue;
      }
      applySafely(draft, event);
    }
  } else if (iterable) for (const event of events) applySafely(draft, event);
  else {
    const what = `events are neither JSONL text nor a list (${preview(events)})`;
    draft.diagnose('invalid-input', what, { raw: events });
  }
  return draft.toState(state);
}
