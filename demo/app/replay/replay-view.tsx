/*
 * The replay viewer: load a recorded log (the server's fixtures, this chat's own log, or a file
 * opened or dropped here), then move through it entry by entry with the slider, the step buttons
 * or the keyboard, and see the conversation as it stood after that entry.
 */
import * as React from 'react';
import { MessageList } from 'react-agent-messages';
import type { ReplayLog } from './replay-log.js';
import { describeEntry, foldPrefix, KIND_NAMES, readReplayLog } from './replay-log.js';
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
  const [log, setLog] = React.useState<{ name: string; log: ReplayLog } | null>(null);
  const [step, setStep] = React.useState(0);
  const [problem, setProblem] = React.useState<string | null>(null);
  const [playing, setPlaying] = React.useState(false);
  const [dragging, setDragging] = React.useState(false);
  const ids = React.useId();

  const open = React.useCallback((name: string, text: string) => {
    try {
      const next = readReplayLog(text);
      setLog({ name, log: next });
      setStep(next.entries.length);
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

  const total = log?.log.entries.length ?? 0;
  const frame = React.useMemo(() => (log ? foldPrefix(log.log, step) : null), [log, step]);
  const current = log && step > 0 ? log.log.entries[step - 1] : undefined;

  React.useEffect(() => {
    if (!playing) return;
    if (step >= total) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => setStep((value) => Math.min(total, value + 1)), 60);
    return () => clearTimeout(timer);
  }, [playing, step, total]);

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
      {log && frame ? (
        <>
          <div className="demo-scrubber">
            <p className="demo-muted" id={`${ids}-what`}>
              <strong>{log.name}</strong> · {KIND_NAMES[log.log.kind]} · {total} entries
              {log.log.skipped > 0 ? ` · ${log.log.skipped} unreadable lines skipped` : ''}
              {frame.diagnostics > 0 ? ` · ${frame.diagnostics} diagnostics so far` : ''}
            </p>
            <div className="demo-input-row">
              <div className="demo-actions" role="group" aria-label="Step">
                <button
                  type="button"
                  className="demo-button"
                  disabled={step === 0}
                  onClick={() => setStep(0)}
                >
                  First
                </button>
                <button
                  type="button"
                  className="demo-button"
                  disabled={step === 0}
                  onClick={() => setStep(step - 1)}
                >
                  Previous
                </button>
                <button
                  type="button"
                  className="demo-button"
                  disabled={step >= total}
                  onClick={() => setStep(step + 1)}
                >
                  Next
                </button>
                <button
                  type="button"
                  className="demo-button"
                  disabled={step >= total}
                  onClick={() => setStep(total)}
                >
                  Last
                </button>
                <button
                  type="button"
                  className="demo-button"
                  aria-pressed={playing}
                  onClick={() => {
                    if (!playing && step >= total) setStep(0);
                    setPlaying(!playing);
                  }}
                >
                  {playing ? 'Pause' : 'Play'}
                </button>
              </div>
              <input
                type="range"
                className="demo-range"
                min={0}
                max={total}
                value={step}
                aria-label="Entries applied"
                aria-describedby={`${ids}-what`}
                aria-valuetext={`${step} of ${total}`}
                onChange={(event) => {
                  setPlaying(false);
                  setStep(Number(event.target.value));
                }}
              />
              <output className="demo-step" htmlFor={`${ids}-what`}>
                {step} / {total}
              </output>
            </div>
            <details className="demo-entry">
              <summary>
                {current === undefined
                  ? 'Before the first entry'
                  : `Entry ${step}: ${describeEntry(current)}`}
              </summary>
              <pre>
                {current === undefined ? '' : JSON.stringify(current, null, 2).slice(0, 6000)}
              </pre>
            </details>
          </div>
          <MessageList
            className="demo-log"
            messages={frame.messages}
            label="Replayed conversation"
            announce={false}
            empty={<p className="demo-muted">No message yet at this point of the log.</p>}
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
