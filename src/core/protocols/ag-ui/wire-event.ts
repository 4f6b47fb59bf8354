/*
 * The event record every fold reads, and the few readings of it that all of them share.
 */
import type { Msg } from '../../model/message.js';
import { isRecord, readTimestamp } from '../common/read.js';
import type { Work } from './work.js';

/** An AG-UI event as a record with a string `type`. */
export type WireEvent = Record<string, unknown> & { type: string };

/** The event's timestamp as a model timestamp; `''` when it has none. */
export function stampOf(event: WireEvent): string {
  return readTimestamp(event['timestamp']) ?? '';
}

/** The AG-UI role a message was built from (`reasoning` messages are assistant `Msg`s). */
export function wireRole(msg: Msg): string {
  const agUi = msg.metadata['ag_ui'];
  return isRecord(agUi) && typeof agUi['role'] === 'string' ? agUi['role'] : msg.role;
}

/** The event's `delta` as a string; anything else is reported and read as `''`. */
export function deltaOf(work: Work, event: WireEvent): string {
  const delta = event['delta'];
  if (typeof delta === 'string') return delta;
  if (delta !== undefined)
    work.warn('invalid-event', `${event.type} delta is not a string; read as ""`);
  return '';
}

/** The strings of a list (an outcome's ids); anything else reads as none. */
export function readStrings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
}
