/*
 * The AG-UI fold: pure, never throws, O(delta) per streamed token, and every message an event
 * does not touch keeps its identity. Where `@ag-ui/client` stops a run at the first event out of
 * order, this keeps what is usable and reports the rest in `diagnostics`.
 */
import { createDiagnostic, type Diagnostic } from '../../model/diagnostic.js';
import { SseParser } from '../../stream/sse.js';
import { createUtf8Decoder } from '../../stream/utf8-decoder.js';
import { deliverJsonText, type ValueSink } from '../../stream/value-sink.js';
import { isRecord, preview } from '../common/read.js';
import { expandEvent, needsExpansion } from './expand.js';
import { foldActivityDelta, foldActivitySnapshot } from './fold-activity.js';
import { foldCustom, foldRaw, foldStateDelta, foldStateSnapshot } from './fold-app-data.js';
import { foldMessagesSnapshot } from './fold-messages-snapshot.js';
import { foldRunError, foldRunFinished } from './fold-run-outcome.js';
import { foldRunStarted, foldStep } from './fold-run.js';
import { foldSubagent } from './fold-subagent.js';
import { foldEncryptedValue, openText } from './fold-text.js';
import { openCall } from './fold-tool-call.js';
import { foldToolResult } from './fold-tool-result.js';
import { createAgUiState, type OpenStream } from './state.js';
import { foldStream } from './stream-phase.js';
import type { AgUiState } from './types.js';
import type { WireEvent } from './wire-event.js';
import { Work } from './work.js';
import { textLines, withoutBom } from '../../stream/text-lines.js';

/** Events that only make sense inside a run: the first of them before any run is reported once. */
const RUN_LEVEL = new Set(['RUN_STARTED', 'RUN_ERROR']);
const IGNORED = new Set(['REASONING_START', 'REASONING_END']);
// Events that may append to the block the previous delta went into (`Work.hot`).
const DELTAS = new Set(['TEXT_MESSAGE_CONTENT', 'REASONING_MESSAGE_CONTENT', 'TOOL_CALL_ARGS']);
const SSE_LINE = /^(?:data|id|event|retry)\s*:|^:/m;

type Fold = (work: Work, event: WireEvent) => void;

const stream =
  (kind: OpenStream['kind'], phase: 'start' | 'delta' | 'end'): Fold =>
  (work, event) =>
    foldStream(work, event, kind, phase, kind === 'tool' ? openCall : openText);

// The fold of each event type (a Map: a type such as `constructor` finds nothing).
const FOLDS = new Map<string, Fold>([
  ['TEXT_MESSAGE_START', stream('text', 'start')],
  ['TEXT_MESSAGE_CONTENT', stream('text', 'delta')],
  ['TEXT_MESSAGE_END', stream('text', 'end')],
  ['REASONING_MESSAGE_START', stream('reasoning', 'start')],
  ['REASONING_MESSAGE_CONTENT', stream('reasoning', 'delta')],
  ['REASONING_MESSAGE_END', stream('reasoning', 'end')],
  ['TOOL_CALL_START', stream('tool', 'start')],
  ['TOOL_CALL_ARGS', stream('tool', 'delta')],
  ['TOOL_CALL_END', stream('tool', 'end')],
  ['TOOL_CALL_RESULT', foldToolResult],
  ['REASONING_ENCRYPTED_VALUE', foldEncryptedValue],
  ['STATE_SNAPSHOT', foldStateSnapshot],
  ['STATE_DELTA', foldStateDelta],
  ['MESSAGES_SNAPSHOT', foldMessagesSnapshot],
  ['ACTIVITY_SNAPSHOT', foldActivitySnapshot],
  ['ACTIVITY_DELTA', foldActivityDelta],
  ['RUN_STARTED', foldRunStarted],
  ['RUN_FINISHED', foldRunFinished],
  ['RUN_ERROR', foldRunError],
  ['STEP_STARTED', foldStep],
  ['STEP_FINISHED', foldStep],
  ['SUBAGENT_STARTED', foldSubagent],
  ['SUBAGENT_FINISHED', foldSubagent],
  ['SUBAGENT_ERROR', foldSubagent],
  ['CUSTOM', foldCustom],
  ['RAW', foldRaw],
]);

function dispatch(work: Work, event: WireEvent): void {
  const fold = FOLDS.get(event.type);
  if (fold !== undefined) fold(work, event);
  // Spans (REASONING_START/END) group reasoning messages but carry nothing to show.
  else if (!IGNORED.has(event.type))
    work.warn('unknown-event', `unknown event type "${event.type}"; kept here`);
}

function readEvent(work: Work, input: unknown): WireEvent | null {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch {
      work.warn('invalid-json', 'not JSON; skipped', input);
      return null;
    }
  }
  if (!isRecord(value) || typeof value['type'] !== 'string') {
    work.warn(
      'invalid-event',
      `not an AG-UI event (no string "type"): ${preview(value)}; skipped`,
      value,
    );
    return null;
  }
  return value as WireEvent;
}

function applyInput(work: Work, input: unknown): void {
  work.current = input;
  try {
    const event = readEvent(work, input);
    if (event === null) return;
    if (work.eventCount === 0 && work.runs.length === 0 && !RUN_LEVEL.has(event.type))
      work.warn('missing-run-started', `the stream starts with ${event.type}, not RUN_STARTED`);
    else if (
      (work.status === 'done' || work.status === 'error' || work.status === 'cancelled') &&
      !RUN_LEVEL.has(event.type) &&
      event.type !== 'RUN_FINISHED'
    ) {
      work.warn('after-run', `${event.type} after the run ended`);
      work.status = 'streaming';
    }
    if (work.status === 'idle' && !RUN_LEVEL.has(event.type)) work.status = 'streaming';
    if (!DELTAS.has(event.type)) work.hot = null;
    if (!needsExpansion(work, event)) dispatch(work, event);
    else for (const next of expandEvent(work, event)) dispatch(work, next);
  } catch (error) {
    // A bug of ours must not take the conversation down: keep the event and say why.
    work.warn('internal-error', `could not apply: ${String(error)}`);
  } finally {
    work.eventCount += 1;
  }
}

/**
 * Folds one AG-UI event (an object, or its JSON text) into the state. Pure and never throws;
 * every message the event does not touch keeps its identity.
 */
export function reduceAgUiEvent(state: AgUiState, event: unknown): AgUiState {
  const work = new Work(state);
  applyInput(work, event);
  return work.result();
}

/** What `parseAgUiSse` returns: the events in order, and frames it could not read. */
export interface AgUiSseResult {
  events: unknown[];
  diagnostics: Diagnostic[];
}

/**
 * Reads AG-UI events from Server-Sent Events (`data: {...}` frames), given as one text or in
 * pieces (strings, or bytes split anywhere, even inside a character). A text without any SSE
 * field line is read as one JSON event per line. Never throws.
 */
export function parseAgUiSse(source: string | Iterable<string | Uint8Array>): AgUiSseResult {
  const events: unknown[] = [];
  const diagnostics: Diagnostic[] = [];
  const sink: ValueSink = {
    value: (value) => void events.push(value),
    diagnostic: (kind, message, raw) =>
      void diagnostics.push(createDiagnostic(kind, message, { raw })),
  };
  try {
    if (typeof source === 'string' && !SSE_LINE.test(withoutBom(source))) {
      for (const line of textLines(source)) deliverJsonText(line.text.trim(), sink);
      return { events, diagnostics };
    }
    const parser = new SseParser(sink);
    const decoder = createUtf8Decoder();
    for (const piece of typeof source === 'string' ? [source] : source)
      parser.push(typeof piece === 'string' ? piece : decoder.decode(piece));
    parser.push(decoder.end());
    parser.end();
  } catch (error) {
    diagnostics.push(
      createDiagnostic('stream-failed', `reading the stream failed: ${String(error)}`),
    );
  }
  return { events, diagnostics };
}

/**
 * Folds AG-UI events (objects, JSON texts, or a whole SSE or JSON-lines text) into `state`, in
 * one batch. Never throws: unreadable input becomes diagnostics.
 */
export function foldAgUiEvents(
  events: Iterable<unknown> | string,
  state: AgUiState = createAgUiState(),
): AgUiState {
  const work = new Work(state);
  let source: Iterable<unknown>;
  if (typeof events === 'string') {
    const parsed = parseAgUiSse(events);
    work.addDiagnostics(parsed.diagnostics);
    source = parsed.events;
  } else {
    source = events;
  }
  try {
    for (const event of source) applyInput(work, event);
  } catch (error) {
    work.warn('stream-failed', `the event source failed (${String(error)}); folding stopped`, null);
  }
  return work.result();
}
