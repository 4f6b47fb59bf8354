'use client';

import * as React from 'react';
import { exportRecording, importRecording } from '../recording/ndjson.js';
import type { RecordingSession, RedactionNote } from '../recording/recording-types.js';
import { downloadText, recordingFileName } from './download-text.js';
import type { RecorderView } from './use-recorder.js';

/* -------------------------------------------------------------------------------------------------
 * DevtoolsToolbar
 * -----------------------------------------------------------------------------------------------*/

interface DevtoolsToolbarProps {
  view: RecorderView;
  onStart(): void;
  onStop(): void;
  onClear(): void;
  /** Recorded sessions, then imported ones. */
  sessions: readonly RecordingSession[];
  selected: RecordingSession | undefined;
  onSelect(id: string): void;
  onImport(session: RecordingSession): void;
}

/** What an export removed, for people: `2 × bearer-token, 1 × api-key`, or that nothing was. */
function describeRedactions(removed: readonly RedactionNote[]): string {
  const notes = removed.filter((note) => note.count > 0);
  if (notes.length === 0) return 'nothing needed redacting';
  return `redacted ${notes.map((note) => `${note.count} × ${note.rule}`).join(', ')}`;
}

/** A session in the picker: which hook, which protocol, how many events. */
function sessionName(session: RecordingSession): string {
  const { label, protocol } = session.header;
  return `${label ?? session.id} · ${protocol} · ${session.events.length} events`;
}

/** Recording controls, ring size and dropped count, the session picker, export and import. */
function DevtoolsToolbar(props: DevtoolsToolbarProps) {
  const { view, sessions, selected } = props;
  const [notice, setNotice] = React.useState<{ text: string; error: boolean } | null>(null);
  const id = React.useId();

  const onExport = () => {
    if (selected === undefined) return;
    try {
      const { ndjson, removed, unserializable } = exportRecording(selected);
      const { label, protocol, startedAt } = selected.header;
      downloadText(ndjson, recordingFileName(label, protocol, startedAt));
      const lost =
        unserializable > 0
          ? `; ${unserializable} not JSON (a cycle, a BigInt), written as markers`
          : '';
      setNotice({
        text: `Exported ${selected.events.length} events: ${describeRedactions(removed)}${lost}.`,
        error: false,
      });
    } catch (error) {
      setNotice({ text: `Could not export: ${messageOf(error)}`, error: true });
    }
  };

  const onFile = (file: File) => {
    file.text().then(
      (text) => {
        try {
          const session = importRecording(text);
          props.onImport(session);
          const redactions = session.header.redactions ?? [];
          setNotice({
            text: `Imported ${file.name}: ${session.events.length} events${
              redactions.length > 0 ? `, exported with ${describeRedactions(redactions)}` : ''
            }.`,
            error: false,
          });
        } catch (error) {
          setNotice({ text: `Could not import ${file.name}: ${messageOf(error)}`, error: true });
        }
      },
      () => setNotice({ text: `Could not read ${file.name}.`, error: true }),
    );
  };

  return (
    <div data-slot="devtools-toolbar">
      <span data-slot="devtools-field">
        <label htmlFor={`${id}-session`}>Session</label>
        <select
          id={`${id}-session`}
          value={selected?.id ?? ''}
          disabled={sessions.length === 0}
          onChange={(event) => props.onSelect(event.target.value)}
        >
          {sessions.length === 0 ? <option value="">No session yet</option> : null}
          {sessions.map((session) => (
            <option key={session.id} value={session.id}>
              {sessionName(session)}
            </option>
          ))}
        </select>
      </span>
      <button
        type="button"
        data-slot="devtools-button"
        data-state={view.recording ? 'recording' : 'stopped'}
        onClick={view.recording ? props.onStop : props.onStart}
      >
        {view.recording ? 'Stop recording' : 'Start recording'}
      </button>
      <button type="button" data-slot="devtools-button" onClick={props.onClear}>
        Clear
      </button>
      <span data-slot="devtools-meta">
        Ring {view.capacity.toLocaleString('en')} events
        {selected ? ` · ${selected.dropped.toLocaleString('en')} dropped` : ''}
      </span>
      <button
        type="button"
        data-slot="devtools-button"
        disabled={selected === undefined}
        onClick={onExport}
      >
        Export NDJSON
      </button>
      <span data-slot="devtools-field">
        <label htmlFor={`${id}-import`}>Import</label>
        <input
          id={`${id}-import`}
          type="file"
          accept=".ndjson,.jsonl,application/x-ndjson,application/json"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) onFile(file);
            event.target.value = '';
          }}
        />
      </span>
      <p
        data-slot="devtools-notice"
        data-status={notice?.error ? 'error' : undefined}
        role={notice?.error ? 'alert' : 'status'}
      >
        {notice?.text}
      </p>
    </div>
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export { DevtoolsToolbar, describeRedactions };
export type { DevtoolsToolbarProps };
