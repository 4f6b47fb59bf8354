/*
 * The replay viewer: a thin page over the devtools inspector. It opens a recorded log (the
 * server's fixtures, this chat's own log, or a file opened or dropped here, a devtools recording
 * included) and hands it to `DevtoolsInspector`, which scrubs, steps, filters and replays it.
 */
import * as React from 'react';
import { DevtoolsInspector } from 'react-agent-messages/devtools';
import type { OpenedLog } from './replay-session.js';
import { openLog } from './replay-session.js';
import { DemoError } from '../demo-error.js';

interface FixtureInfo {
  name: string;
  title: string;
  url: string;
}

export interface ReplayViewProps {
  /** A log to open first (this chat's, from the chat view's "Replay this chat"). */
  initialUrl: string | null;
}

export function ReplayView({ initialUrl }: ReplayViewProps) {
  const [fixtures, setFixtures] = React.useState<FixtureInfo[]>([]);
  const [choice, setChoice] = React.useState(initialUrl ?? '');
  const [log, setLog] = React.useState<{ name: string; opened: OpenedLog } | null>(null);
  const [problem, setProblem] = React.useState<string | null>(null);
  const [dragging, setDragging] = React.useState(false);
  const ids = React.useId();

  const open = React.useCallback((name: string, text: string) => {
    try {
      setLog({ name, opened: openLog(name, text) });
      setProblem(null);
    } catch (error) {
      setProblem(`${name}: ${(error as Error).message}`);
    }
  }, []);

  const load = React.useCallback(
    async (url: string) => {
      try {
        const response = await fetch(url);
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        open(url.split('/').pop() ?? url, await response.text());
      } catch (error) {
        setProblem(`Could not load ${url}: ${(error as Error).message}`);
      }
    },
    [open],
  );

  React.useEffect(() => {
    fetch('/fixtures')
      .then((response) => response.json() as Promise<FixtureInfo[]>)
      .then((list) => {
        setFixtures(list);
        const first = initialUrl ?? list[0]?.url;
        if (first) {
          setChoice(first);
          void load(first);
        }
      })
      .catch(() => setProblem('Could not list the recorded logs.'));
  }, [initialUrl, load]);

  const readFile = (file: File) => {
    file.text().then(
      (text) => open(file.name, text),
      () => setProblem(`Could not read ${file.name}.`),
    );
  };

  return (
    <div
      className="demo-replay"
      data-dragging={dragging ? '' : undefined}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        const file = event.dataTransfer.files[0];
        if (file) readFile(file);
      }}
    >
      <div className="demo-toolbar">
        <label htmlFor={`${ids}-fixture`}>Recorded log</label>
        <select
          id={`${ids}-fixture`}
          className="demo-select"
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
        >
          {initialUrl && !fixtures.some((f) => f.url === initialUrl) ? (
            <option value={initialUrl}>This chat session</option>
          ) : null}
          {fixtures.map((fixture) => (
            <option key={fixture.url} value={fixture.url}>
              {fixture.title}
            </option>
          ))}
        </select>
        <button type="button" className="demo-button" onClick={() => void load(choice)}>
          Load
        </button>
        <label className="demo-button demo-file">
          Open a file…
          <input
            type="file"
            accept=".json,.jsonl,.ndjson,.sse,.txt,.log,application/json,text/event-stream"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) readFile(file);
              event.target.value = '';
            }}
          />
        </label>
        <span className="demo-muted">
          or drop one here (SSE, JSON or JSONL: AgentScope, AI SDK, AG-UI, AgentFlow or
          Operator-Use)
        </span>
      </div>
      <DemoError>{problem}</DemoError>
      {log ? (
        <>
          <p className="demo-muted">
            <strong>{log.name}</strong> · {log.opened.kind} · {log.opened.session.events.length}{' '}
            entries
            {log.opened.skipped > 0 ? ` · ${log.opened.skipped} unreadable lines skipped` : ''}
          </p>
          <DevtoolsInspector
            key={`${log.name}:${log.opened.session.id}`}
            session={log.opened.session}
            headingLevel={2}
            {...(log.opened.fold ? { fold: log.opened.fold } : {})}
          />
        </>
      ) : (
        <p role="status" className="demo-muted demo-grow">
          Loading…
        </p>
      )}
    </div>
  );
}
