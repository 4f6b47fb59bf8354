/*
 * Events that stand for others, expanded before folding:
 *
 * - `TEXT_MESSAGE_CHUNK`, `TOOL_CALL_CHUNK`, `REASONING_MESSAGE_CHUNK` open their stream on the
 *   first chunk (which names the id), continue it while later chunks name the same id or none,
 *   and end it implicitly: at a chunk of another stream in the same lane, at any other event of
 *   that lane, and at every run-level event. A lane is a subagent (`subagentRunId`) or the parent
 *   agent, as in `@ag-ui/client`'s `transformChunks`.
 * - The pre-1.0 `THINKING_*` events (and the older `THINKING_CONTENT`) are read as `REASONING_*`;
 *   they carry no ids, so theirs are made from the event's position (`thinking:<index>`), which
 *   keeps folding deterministic.
 */
import { lookup, readId, readString, readText } from '../common/read.js';
import { setKey } from './json-patch.js';
import type { ChunkLane } from './state.js';
import type { WireEvent } from './wire-event.js';
import type { Work } from './work.js';

const RUN_EVENTS = new Set(['RUN_STARTED', 'RUN_FINISHED', 'RUN_ERROR', 'MESSAGES_SNAPSHOT']);

/** What a `*_CHUNK` stands for: the start, content and end events of `<prefix>_*`. */
interface ChunkSpec {
  kind: ChunkLane['kind'];
  idField: string;
  start: string;
  content: string;
  end: string;
}

function chunkSpec(kind: ChunkSpec['kind'], idField: string, prefix: string, content: string) {
  const end = `${prefix}_END`;
  return { kind, idField, start: `${prefix}_START`, content: `${prefix}_${content}`, end };
}

const CHUNKS: Record<string, ChunkSpec> = {
  TEXT_MESSAGE_CHUNK: chunkSpec('text', 'messageId', 'TEXT_MESSAGE', 'CONTENT'),
  TOOL_CALL_CHUNK: chunkSpec('tool', 'toolCallId', 'TOOL_CALL', 'ARGS'),
  REASONING_MESSAGE_CHUNK: chunkSpec('reasoning', 'messageId', 'REASONING_MESSAGE', 'CONTENT'),
};

// The events of a lane: the streams the chunks stand for, and what else a lane's agent sends.
const LANE_EVENTS = new Set([
  ...Object.values(CHUNKS).flatMap((chunk) => [chunk.start, chunk.content, chunk.end]),
  'TOOL_CALL_RESULT',
  'STATE_SNAPSHOT',
  'STATE_DELTA',
  'CUSTOM',
  'STEP_STARTED',
  'STEP_FINISHED',
  'REASONING_START',
  'REASONING_END',
]);

function setLane(work: Work, key: string, lane: ChunkLane | null): void {
  const internals = work.ownInternals();
  const lanes = work.draft.edit(internals.lanes as Record<string, ChunkLane>);
  if (lane === null) Reflect.deleteProperty(lanes, key);
  else setKey(lanes, key, lane);
  internals.lanes = lanes;
}

/** The synthetic end of whatever the lane has open, and the lane cleared. */
function closeLane(work: Work, key: string, out: WireEvent[]): void {
  const lane = lookup(work.internals.lanes, key);
  if (lane === undefined) return;
  setLane(work, key, null);
  const spec = Object.values(CHUNKS).find((chunk) => chunk.kind === lane.kind) as ChunkSpec;
  const end: WireEvent = { type: spec.end, [spec.idField]: lane.id };
  if (key !== '') end['subagentRunId'] = key;
  out.push(end);
}

function expandChunk(work: Work, event: WireEvent, out: WireEvent[]): void {
  const spec = CHUNKS[event.type] as ChunkSpec;
  const id = readId(event[spec.idField]);
  const tag = readText(event['subagentRunId']);
  const lanes = work.internals.lanes;
  let key: string | null = null;
  if (id !== null) {
    key =
      Object.entries(lanes).find(([, lane]) => lane.kind === spec.kind && lane.id === id)?.[0] ??
      tag ??
      '';
  } else if (tag !== null) {
    key = tag;
  } else if (lanes['']?.kind === spec.kind) {
    key = '';
  } else {
    const candidates = Object.entries(lanes).filter(([, lane]) => lane.kind === spec.kind);
    if (candidates.length > 1) {
      work.warn(
        'ambiguous-chunk',
        `${event.type} names no id and ${candidates.length} lanes are open; skipped`,
      );
      return;
    }
    key = candidates[0]?.[0] ?? '';
  }
  const open = lookup(lanes, key);
  if (id !== null && open?.id !== id && work.stream(`${spec.kind}:${id}`) !== undefined) {
    // A chunk for a stream opened by an explicit START continues it; its END closes it.
    pushContent(event, spec, id, out);
    return;
  }
  const role = readString(event['role']);
  const name = readString(spec.kind === 'tool' ? event['toolCallName'] : event['name']);
  let lane: ChunkLane;
  if (open !== undefined && open.kind === spec.kind && (id === null || id === open.id)) {
    lane = open;
    if (
      (role !== null && open.role !== null && role !== open.role) ||
      (name !== null && open.name !== null && name !== open.name)
    )
      work.warn(
        'chunk-conflict',
        `${event.type} repeats a field with another value than its first chunk; the first is kept`,
      );
  } else {
    closeLane(work, key, out);
    let opened = id;
    if (opened === null) {
      opened = `chunk:${work.eventCount}`;
      work.warn(
        'missing-id',
        `first ${event.type} of a stream without ${spec.idField}; read as "${opened}"`,
      );
    }
    if (spec.kind === 'tool' && name === null)
      work.warn('invalid-event', `first TOOL_CALL_CHUNK of "${opened}" without a toolCallName`);
    lane = {
      kind: spec.kind,
      id: opened,
      role: spec.kind === 'text' ? (role ?? 'assistant') : null,
      name,
      parentMessageId: readId(event['parentMessageId']),
    };
    setLane(work, key, lane);
    const start: WireEvent = { type: spec.start, [spec.idField]: opened };
    if (spec.kind === 'text') start['role'] = lane.role;
    if (spec.kind === 'reasoning') start['role'] = 'reasoning';
    if (name !== null) start[spec.kind === 'tool' ? 'toolCallName' : 'name'] = name;
    if (lane.parentMessageId !== null) start['parentMessageId'] = lane.parentMessageId;
    copyCommon(event, start);
    out.push(start);
  }
  pushContent(event, spec, lane.id, out);
}

/** The content event a chunk with a delta (or metadata) stands for. */
function pushContent(event: WireEvent, spec: ChunkSpec, id: string, out: WireEvent[]): void {
  if (event['delta'] === undefined && event['metadata'] === undefined) return;
  const content: WireEvent = {
    type: spec.content,
    [spec.idField]: id,
    delta: event['delta'] ?? '',
  };
  copyCommon(event, content);
  out.push(content);
}

function copyCommon(from: WireEvent, to: WireEvent): void {
  for (const field of ['timestamp', 'metadata', 'subagentRunId'])
    if (from[field] !== undefined) to[field] = from[field];
}

function expandLegacy(work: Work, event: WireEvent, out: WireEvent[]): void {
  const legacy = work.internals.legacyReasoning;
  const fresh = `thinking:${work.eventCount}`;
  const set = (next: { span: string | null; message: string | null }) => {
    work.ownInternals().legacyReasoning = next;
  };
  const withType = (type: string, messageId: string): WireEvent => {
    const next: WireEvent = { ...event, type, messageId };
    delete next['title'];
    return next;
  };
  switch (event.type) {
    case 'THINKING_START':
      work.warn('legacy-event', 'THINKING_START read as REASONING_START');
      set({ ...legacy, span: fresh });
      out.push(withType('REASONING_START', fresh));
      return;
    case 'THINKING_TEXT_MESSAGE_START':
      work.warn('legacy-event', 'THINKING_TEXT_MESSAGE_START read as REASONING_MESSAGE_START');
      set({ ...legacy, message: fresh });
      out.push({ ...withType('REASONING_MESSAGE_START', fresh), role: 'reasoning' });
      return;
    case 'THINKING_TEXT_MESSAGE_CONTENT':
    case 'THINKING_CONTENT': {
      let message = legacy.message;
      if (message === null) {
        work.warn(
          'legacy-event',
          `${event.type} read as REASONING_MESSAGE_CONTENT of a new reasoning message`,
        );
        message = fresh;
        set({ ...legacy, message });
        out.push({ type: 'REASONING_MESSAGE_START', messageId: message, role: 'reasoning' });
      }
      out.push(withType('REASONING_MESSAGE_CONTENT', message));
      return;
    }
    case 'THINKING_TEXT_MESSAGE_END':
      if (legacy.message === null) {
        work.warn(
          'not-open',
          'THINKING_TEXT_MESSAGE_END without an open thinking message; ignored',
        );
        return;
      }
      set({ ...legacy, message: null });
      out.push(withType('REASONING_MESSAGE_END', legacy.message));
      return;
    default:
      // THINKING_END; an implicit message opened by THINKING_CONTENT ends with its span.
      if (legacy.message !== null) out.push(withType('REASONING_MESSAGE_END', legacy.message));
      set({ span: null, message: null });
      if (legacy.span !== null) out.push(withType('REASONING_END', legacy.span));
  }
}

const LEGACY = new Set([
  'THINKING_START',
  'THINKING_END',
  'THINKING_TEXT_MESSAGE_START',
  'THINKING_TEXT_MESSAGE_CONTENT',
  'THINKING_TEXT_MESSAGE_END',
  'THINKING_CONTENT',
]);

/** Whether an event stands for others (a chunk, a legacy event, or one that ends a chunk stream). */
export function needsExpansion(work: Work, event: WireEvent): boolean {
  for (const _ in work.internals.lanes) return true;
  return Object.hasOwn(CHUNKS, event.type) || LEGACY.has(event.type);
}

/** The events one input event stands for, in order. */
export function expandEvent(work: Work, event: WireEvent): WireEvent[] {
  const lanes = work.internals.lanes;
  const out: WireEvent[] = [];
  if (Object.hasOwn(CHUNKS, event.type)) {
    expandChunk(work, event, out);
    return out;
  }
  if (LEGACY.has(event.type)) {
    const expanded: WireEvent[] = [];
    expandLegacy(work, event, expanded);
    for (const next of expanded) {
      if (needsExpansion(work, next)) out.push(...expandEvent(work, next));
      else out.push(next);
    }
    return out;
  }
  if (RUN_EVENTS.has(event.type)) {
    for (const key of Object.keys(lanes)) closeLane(work, key, out);
  } else if (
    LANE_EVENTS.has(event.type) ||
    event.type === 'SUBAGENT_FINISHED' ||
    event.type === 'SUBAGENT_ERROR'
  ) {
    const tag = readText(event['subagentRunId']);
    if (tag !== null || LANE_EVENTS.has(event.type)) closeLane(work, tag ?? '', out);
  }
  out.push(event);
  return out;
}
