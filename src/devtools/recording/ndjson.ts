import { stringifyDeep } from '../../core/model/json-walk.js';
import { RECORDING_FORMAT_VERSION } from './library-version.js';
import { MESSAGE_STREAM_PROTOCOLS } from './protocol-names.js';
import { Redactor } from './redact.js';
import { defaultRedactRules } from './redact-rules.js';
import { RecordingFormatError } from './recording-format-error.js';
import type {
  ExportedRecording,
  ExportOptions,
  RecordedCommit,
  RecordedDecision,
  RecordedEvent,
  RecordedEventKind,
  RecordingHeader,
  RecordingSession,
} from './recording-types.js';

/*
 * The file: a header line, then one line per event (`{"event": …}`), commit (`{"commit": …}`)
 * and decision (`{"decision": …}`), in the order they happened. Version 2 adds an event's
 * `kind` (what the app made) and `unserializable` markers; version 1 files read the same.
 */

const KINDS: readonly RecordedEventKind[] = ['add', 'reset', 'event', 'settle'];

/**
 * A frame as plain JSON (its `toJSON`s applied), at any depth, or why it cannot be: frames are
 * untrusted, and a cycle, a BigInt or a throwing getter must cost one marker, not the export.
 */
function plainJson(value: unknown): { readonly value: unknown } | { readonly lost: string } {
  try {
    const text = stringifyDeep(value);
    return { value: text === undefined ? null : (JSON.parse(text) as unknown) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { lost: message.split('\n')[0] ?? 'not JSON' };
  }
}

type Line =
  | { readonly at: number; readonly event: RecordedEvent }
  | { readonly at: number; readonly commit: RecordedCommit }
  | { readonly at: number; readonly decision: RecordedDecision };

/**
 * A session as NDJSON text, redacted by `defaultRedactRules` unless told otherwise; the header
 * lists what was removed.
 * @example
 * const { ndjson, removed } = exportRecording(session);
 * const { ndjson: mine } = exportRecording(session, { redact: [...defaultRedactRules, rule] });
 */
export function exportRecording(
  session: RecordingSession,
  options: ExportOptions = {},
): ExportedRecording {
  const rules = options.redact === false ? [] : (options.redact ?? defaultRedactRules);
  const redactor = new Redactor(rules);
  let unserializable = 0;
  const clean = (value: unknown): { value: unknown; lost?: string } => {
    const json = plainJson(value);
    if ('value' in json) return { value: redactor.value(json.value) };
    unserializable += 1;
    return { value: null, lost: json.lost };
  };
  const lines: Line[] = [
    ...session.events.map((event): Line => {
      if (event.unserializable !== undefined) unserializable += 1;
      const { value, lost } = clean(event.frame);
      return {
        at: event.at,
        event: { ...event, frame: value, ...(lost === undefined ? {} : { unserializable: lost }) },
      };
    }),
    ...session.commits.map((commit) => ({ at: commit.at, commit })),
    ...session.decisions.map((decision): Line => {
      const { value, lost } = clean(decision.sent);
      return {
        at: decision.at,
        decision: { ...decision, sent: lost ? { unserializable: lost } : value },
      };
    }),
  ];
  // Stable: at the same time, events come before the commit that shows them.
  lines.sort((a, b) => a.at - b.at);
  const removed = redactor.notes();
  const { redactions: _previous, unserializable: _lost, ...header } = session.header;
  const head: RecordingHeader = {
    ...header,
    formatVersion: RECORDING_FORMAT_VERSION,
    ...(session.dropped > 0 ? { dropped: session.dropped } : {}),
    ...(removed.length > 0 ? { redactions: removed } : {}),
    ...(unserializable > 0 ? { unserializable } : {}),
  };
  // Every value is plain JSON by now: only depth is left, which `stringifyDeep` walks.
  const text = [head, ...lines.map(({ at: _at, ...line }) => line)]
    .map((line) => stringifyDeep(line) ?? 'null')
    .join('\n');
  return { ndjson: `${text}\n`, removed, unserializable };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function field(value: Record<string, unknown>, name: string, line: number): number {
  const found = value[name];
  if (typeof found !== 'number' || !Number.isFinite(found))
    throw new RecordingFormatError(`"${name}" is not a number`, line);
  return found;
}

function readHeader(value: unknown, line: number): RecordingHeader {
  if (!isObject(value) || value['format'] !== 'react-agent-messages.recording')
    throw new RecordingFormatError(
      'not a recording: the first line is no react-agent-messages.recording header',
      line,
    );
  const { protocol, version, startedAt } = value;
  if (!MESSAGE_STREAM_PROTOCOLS.includes(protocol as never))
    throw new RecordingFormatError(`unknown protocol ${JSON.stringify(protocol)}`, line);
  if (typeof version !== 'string') throw new RecordingFormatError('"version" is not a text', line);
  if (typeof startedAt !== 'string')
    throw new RecordingFormatError('"startedAt" is not a text', line);
  if (
    value['frames'] !== undefined &&
    value['frames'] !== 'stream' &&
    value['frames'] !== 'messages'
  )
    throw new RecordingFormatError('"frames" is neither "stream" nor "messages"', line);
  const { formatVersion } = value;
  if (
    formatVersion !== undefined &&
    (typeof formatVersion !== 'number' || !Number.isInteger(formatVersion) || formatVersion < 1)
  )
    throw new RecordingFormatError('"formatVersion" is not a version number', line);
  if (typeof formatVersion === 'number' && formatVersion > RECORDING_FORMAT_VERSION)
    throw new RecordingFormatError(
      `format version ${formatVersion} is newer than this library reads (${RECORDING_FORMAT_VERSION})`,
      line,
    );
  const { dropped } = value;
  if (dropped !== undefined && (typeof dropped !== 'number' || !(dropped >= 0)))
    throw new RecordingFormatError('"dropped" is not a count', line);
  return value as unknown as RecordingHeader;
}

let imported = 0;

/**
 * Reads a recording `exportRecording` wrote (from any machine). Blank lines are skipped; anything
 * else that is not a header, event, commit or decision throws a `RecordingFormatError` naming
 * its line.
 * @example
 * const session = importRecording(await file.text());
 */
export function importRecording(ndjson: string): RecordingSession {
  const events: RecordedEvent[] = [];
  const commits: RecordedCommit[] = [];
  const decisions: RecordedDecision[] = [];
  let header: RecordingHeader | null = null;
  const lines = ndjson.split(/\r?\n/);
  lines.forEach((text, index) => {
    const line = index + 1;
    if (text.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new RecordingFormatError(`not JSON (${(error as Error).message})`, line);
    }
    if (header === null) {
      header = readHeader(value, line);
      return;
    }
    if (!isObject(value)) throw new RecordingFormatError('not an object', line);
    if (isObject(value['event'])) {
      const event = value['event'];
      if (!('frame' in event)) throw new RecordingFormatError('the event has no "frame"', line);
      const seq = field(event, 'seq', line);
      const expected = (events.at(-1)?.seq ?? seq - 1) + 1;
      if (seq !== expected)
        throw new RecordingFormatError(`event ${seq} out of order (expected ${expected})`, line);
      const { kind, unserializable } = event;
      if (kind !== undefined && !KINDS.includes(kind as never))
        throw new RecordingFormatError(`unknown event kind ${JSON.stringify(kind)}`, line);
      if (unserializable !== undefined && typeof unserializable !== 'string')
        throw new RecordingFormatError('"unserializable" is not a text', line);
      events.push({
        seq,
        at: field(event, 'at', line),
        frame: event['frame'],
        commit: field(event, 'commit', line),
        ...(kind === undefined ? {} : { kind: kind as RecordedEventKind }),
        ...(unserializable === undefined ? {} : { unserializable }),
      });
    } else if (isObject(value['commit'])) {
      const commit = value['commit'];
      commits.push({
        index: field(commit, 'index', line),
        at: field(commit, 'at', line),
        events: field(commit, 'events', line),
        ms: field(commit, 'ms', line),
      });
    } else if (isObject(value['decision'])) {
      const decision = value['decision'];
      const { toolCallId, allowed } = decision;
      if (typeof toolCallId !== 'string' || typeof allowed !== 'boolean')
        throw new RecordingFormatError('the decision has no "toolCallId" or "allowed"', line);
      decisions.push({
        at: field(decision, 'at', line),
        toolCallId,
        allowed,
        sent: decision['sent'],
      });
    } else {
      throw new RecordingFormatError('neither an event, a commit nor a decision', line);
    }
  });
  if (header === null) throw new RecordingFormatError('empty: no header', 1);
  const found: RecordingHeader = header;
  return {
    id: `imported-${++imported}`,
    header: found,
    events,
    commits,
    decisions,
    dropped: found.dropped ?? events[0]?.seq ?? 0,
  };
}
