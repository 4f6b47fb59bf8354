/*
 * The agent's shared state: `STATE_SNAPSHOT` and `STATE_DELTA`.
 */
import { asJson } from '../common/read.js';
import { applyJsonPatch, jsonEqual } from './json-patch.js';
import type { WireEvent } from './wire-event.js';
import type { Work } from './work.js';

/** `STATE_SNAPSHOT` replaces the agent state. */
export function foldStateSnapshot(work: Work, event: WireEvent): void {
  if (!('snapshot' in event))
    work.warn('invalid-event', 'STATE_SNAPSHOT without a snapshot; read as null');
  if (!jsonEqual(work.state, event['snapshot'])) work.state = asJson(event['snapshot']);
}

/** `STATE_DELTA` patches the agent state (a failed patch changes nothing). */
export function foldStateDelta(work: Work, event: WireEvent): void {
  const result = applyJsonPatch(work.state, event['delta']);
  if (result.ok) work.state = result.value;
  else
    work.warn(
      'invalid-patch',
      `state patch not applied (operation ${result.index}: ${result.error})`,
    );
}
