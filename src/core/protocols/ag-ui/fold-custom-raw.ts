/*
 * Events kept for the application as they came: `CUSTOM` and `RAW`.
 */
import { asJson, readString, readText } from '../common/read.js';
import { stampOf, type WireEvent } from './wire-event.js';
import type { Work } from './work.js';

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
