/*
 * What the agent hands the application beside its messages: the shared state (`STATE_SNAPSHOT`,
 * `STATE_DELTA`), and the events kept as they came (`CUSTOM`, `RAW`).
 */
import { asJson, readString, readText } from '../common/read.js';
import { applyJsonPatch, jsonEqual } from './json-patch.js';
import { stampOf, type WireEvent } from './wire-event.js';
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

/** `CUSTOM`: kept in arrival order for the application. */
export function foldCustom(work: Work, event: WireEvent): void {
  const name = readString(event['name']);
  if (name === null) work.warn('invalid-event', 'CUSTOM without a name');
  work.customEvents = work.appendCapped(work.customEvents, {
    name: name ?? '',
    value: asJson(event['value']),
    subagentRunId: readText(event['subagentRunId']),
    timestamp: stampOf(event) || null,
  });
}

/** `RAW`: kept apart, in arrival order. */
export function foldRaw(work: Work, event: WireEvent): void {
  work.rawEvents = work.appendCapped(work.rawEvents, {
    event: asJson(event['event']),
    source: readString(event['source']),
    timestamp: stampOf(event) || null,
  });
}
