/*
 * The demo page: a header (views, speed, theme) over the chat or the replay viewer. Everything the
 * conversation shows comes from the library's public entry, `react-agent-messages`.
 */
import * as React from 'react';
import { ChatView } from './chat/chat-view.js';
import { ReplayView } from './replay/replay-view.js';
import type { Speed } from './settings.js';
import { SPEEDS, useSpeed, useTheme } from './settings.js';

type View = 'chat' | 'replay';
const VIEWS: readonly { id: View; label: string }[] = [
  { id: 'chat', label: 'Chat' },
  { id: 'replay', label: 'Replay viewer' },
];

function viewFromHash(): View {
  return location.hash === '#replay' ? 'replay' : 'chat';
}

export function App() {
  const [theme, setTheme] = useTheme();
  const [speed, setSpeed] = useSpeed();
  const [view, setView] = React.useState<View>(viewFromHash);
  const [replayUrl, setReplayUrl] = React.useState<string | null>(null);
  const tabs = React.useRef<(HTMLButtonElement | null)[]>([]);
  const ids = React.useId();

  const show = React.useCallback((next: View) => {
    setView(next);
    history.replaceState(null, '', `${location.pathname}${location.search}#${next}`);
  }, []);
  React.useEffect(() => {
    const onHash = () => setView(viewFromHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  const onTabKey = (event: React.KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + VIEWS.length) % VIEWS.length;
    show(next === 0 ? 'chat' : 'replay');
    tabs.current[next]?.focus();
  };

  return (
    <div className="demo-app">
      <header className="demo-header">
        <h1 className="demo-title">
          react-agent-messages <span className="demo-muted">demo</span>
        </h1>
        <div role="tablist" aria-label="Views" className="demo-tabs">
          {VIEWS.map((item, index) => (
            <button
              key={item.id}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${ids}-tab-${item.id}`}
              aria-selected={view === item.id}
              aria-controls={view === item.id ? `${ids}-panel-${item.id}` : undefined}
              tabIndex={view === item.id ? 0 : -1}
              className="demo-tab"
              onClick={() => show(item.id)}
              onKeyDown={(event) => onTabKey(event, index)}
            >
              {item.label}
            </button>
          ))}
        </div>
        <div className="demo-settings">
          <label htmlFor={`${ids}-speed`}>Speed</label>
          <select
            id={`${ids}-speed`}
            className="demo-select"
            value={speed}
            onChange={(event) => setSpeed(event.target.value as Speed)}
          >
            {SPEEDS.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="demo-button"
            aria-pressed={theme === 'dark'}
            onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
          >
            Dark theme
          </button>
        </div>
      </header>
      <main className="demo-main">
        <div
          className="demo-panel"
          role="tabpanel"
          id={`${ids}-panel-${view}`}
          aria-labelledby={`${ids}-tab-${view}`}
        >
          {view === 'chat' ? (
            <ChatView
              speed={speed}
              onReplay={(sessionId) => {
                setReplayUrl(`/sessions/${encodeURIComponent(sessionId)}/events.jsonl`);
                show('replay');
              }}
            />
          ) : (
            <ReplayView initialUrl={replayUrl} />
          )}
        </div>
      </main>
    </div>
  );
}
