import type { MessageStreamProtocolName } from '../../core.js';
import type { EventDescription, RecordedEvent } from '../recording/recording-types.js';

/** What the event list is narrowed to: each field empty or absent means any. */
export interface EventFilter {
  readonly type?: string;
  readonly messageId?: string;
  readonly blockId?: string;
  readonly toolCallId?: string;
}

/** The fields an event can be filtered by, in the order the panel shows them. */
export const FILTER_FIELDS = ['type', 'messageId', 'blockId', 'toolCallId'] as const;

/** One field a filter narrows by. */
export type FilterField = (typeof FILTER_FIELDS)[number];

/** The values each field takes across a session's events, sorted, for the filter pickers. */
export type FilterFacets = { readonly [Field in FilterField]: readonly string[] };

type Describe = (protocol: MessageStreamProtocolName, frame: unknown) => EventDescription;

/** Every event's description, once per session (a frame's shape never changes). */
export function describeEvents(
  protocol: MessageStreamProtocolName,
  events: readonly RecordedEvent[],
  describe: Describe,
): readonly EventDescription[] {
  return events.map((event) => {
    if (event.unserializable !== undefined) return { type: '(unserializable)' };
    const found = safeDescribe(describe, protocol, event.frame);
    if (event.kind === undefined) return found;
    // What the app made reads apart from the wire's frames: `app: add`, `app: USER_CONFIRM_RESULT`.
    if (event.kind === 'settle') {
      const { toolCallId } = (event.frame ?? {}) as { toolCallId?: unknown };
      return typeof toolCallId === 'string'
        ? { type: 'app: settle', toolCallId }
        : { type: 'app: settle' };
    }
    return { ...found, type: `app: ${event.kind === 'event' ? found.type : event.kind}` };
  });
}

/** A hostile frame (a getter that throws) is described as such, never breaking the list. */
function safeDescribe(
  describe: Describe,
  protocol: MessageStreamProtocolName,
  frame: unknown,
): EventDescription {
  try {
    return describe(protocol, frame);
  } catch {
    return { type: '(unreadable)' };
  }
}

/** The distinct values of each field, sorted. */
export function filterFacets(descriptions: readonly EventDescription[]): FilterFacets {
  const sets = {
    type: new Set<string>(),
    messageId: new Set<string>(),
    blockId: new Set<string>(),
    toolCallId: new Set<string>(),
  };
  for (const description of descriptions) {
    for (const field of FILTER_FIELDS) {
      const value = description[field];
      if (value !== undefined && value !== '') sets[field].add(value);
    }
  }
  const sorted = (set: Set<string>) => [...set].sort((a, b) => a.localeCompare(b));
  return {
    type: sorted(sets.type),
    messageId: sorted(sets.messageId),
    blockId: sorted(sets.blockId),
    toolCallId: sorted(sets.toolCallId),
  };
}

/** Whether a filter narrows anything. */
export function isFiltering(filter: EventFilter): boolean {
  return FILTER_FIELDS.some((field) => Boolean(filter[field]));
}

/** The indexes (into the session's events) of those the filter keeps, in order. */
export function filterEvents(
  descriptions: readonly EventDescription[],
  filter: EventFilter,
): readonly number[] {
  const kept: number[] = [];
  descriptions.forEach((description, index) => {
    if (FILTER_FIELDS.every((field) => !filter[field] || description[field] === filter[field])) {
      kept.push(index);
    }
  });
  return kept;
}
