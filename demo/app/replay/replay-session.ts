/*
 * A log the replay viewer opened, as a recording the devtools inspector reads: an NDJSON
 * recording exported from the panel as it is, any other log (SSE, JSON, JSONL of any protocol)
 * as one event per entry with the demo's own fold, which also knows the formats that are
 * histories rather than streams and the user turns an AgentScope log keeps between its events.
 */
import type { MessageStreamProtocolName } from 'react-agent-messages/core';
import type { RecordingFold, RecordingSession } from 'react-agent-messages/devtools';
import { importRecording, LIBRARY_VERSION } from 'react-agent-messages/devtools';
import type { LogKind, ReplayLog } from './replay-log.js';
import { foldPrefix, KIND_NAMES, readReplayLog } from './replay-log.js';

const PROTOCOLS: Record<LogKind, MessageStreamProtocolName> = {
  'agentscope-events': 'agentscope',
  'agentflow-stream': 'agentflow',
  'agentflow-messages': 'agentflow',
  'operator-use-events': 'operator-use',
  'operator-use-session': 'operator-use',
  'ai-sdk-stream': 'ai-sdk',
  'ai-sdk-messages': 'ai-sdk',
  'ag-ui-events': 'ag-ui',
  'ag-ui-messages': 'ag-ui',
};

/** The logs carry no arrival times: replay spaces their entries this far apart. */
const ENTRY_MS = 40;

export interface OpenedLog {
  session: RecordingSession;
  /** The demo's fold, for a log that is not a recording (a recording folds by its protocol). */
  fold?: RecordingFold;
  /** What the log is, for people: `AgentScope events`, `a devtools recording`, … */
  kind: string;
  /** Lines that were not JSON (skipped). */
  skipped: number;
}

const isRecording = (text: string): boolean =>
  /^\s*\{[^\n]*"format"\s*:\s*"react-agent-messages\.recording"/.test(text);

/** Reads a recording or a log; throws an Error that says what is wrong with it. */
export function openLog(name: string, text: string): OpenedLog {
  if (isRecording(text)) {
    const session = importRecording(text);
    return { session, kind: `devtools recording (${session.header.protocol})`, skipped: 0 };
  }
  const log = readReplayLog(text);
  return {
    session: sessionOf(name, log),
    fold: (_session, count) => foldPrefix(log, count),
    kind: KIND_NAMES[log.kind],
    skipped: log.skipped,
  };
}

function sessionOf(name: string, log: ReplayLog): RecordingSession {
  return {
    id: `log:${name}`,
    header: {
      format: 'react-agent-messages.recording',
      protocol: PROTOCOLS[log.kind],
      version: LIBRARY_VERSION,
      startedAt: new Date(0).toISOString(),
      label: name,
    },
    events: log.entries.map((frame, seq) => ({ seq, at: seq * ENTRY_MS, frame, commit: seq })),
    commits: log.entries.map((_, index) => ({ index, at: index * ENTRY_MS, events: 1, ms: 0 })),
    decisions: [],
    dropped: 0,
  };
}
