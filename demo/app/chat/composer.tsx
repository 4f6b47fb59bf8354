/*
 * The message box: a textarea (Enter sends, Shift+Enter breaks the line), Send and Stop, and the
 * scenario suggestions as chips that send their prompt at once.
 */
import * as React from 'react';
import type { Suggestion } from './api.js';
import { fetchSuggestions } from './api.js';

const STATUS_TEXT: Record<string, string> = {
  idle: 'Not connected',
  connecting: 'Connecting…',
  streaming: 'Friday is replying…',
  'awaiting-confirmation': 'Waiting for your decision',
  done: 'Connected',
  error: 'Connection lost',
};

export interface ComposerProps {
  /** A reply is streaming: sending waits, Stop is offered. */
  busy: boolean;
  /** Why sending is not possible right now (a decision is pending), or null. */
  blocked: string | null;
  canStop: boolean;
  status: string;
  onSend(text: string): void;
  onStop(): void;
}

export function Composer({ busy, blocked, canStop, status, onSend, onStop }: ComposerProps) {
  const [text, setText] = React.useState('');
  const [suggestions, setSuggestions] = React.useState<Suggestion[]>([]);
  const hintId = React.useId();
  React.useEffect(() => {
    fetchSuggestions().then(setSuggestions, () => setSuggestions([]));
  }, []);

  const disabled = busy || blocked !== null;
  const submit = (value: string) => {
    const trimmed = value.trim();
    if (trimmed === '' || disabled) return;
    onSend(trimmed);
    setText('');
  };

  return (
    <form
      className="demo-composer"
      aria-label="Send a message"
      onSubmit={(event) => {
        event.preventDefault();
        submit(text);
      }}
    >
      {suggestions.length > 0 ? (
        <ul className="demo-chips" aria-label="Suggestions">
          {suggestions.map((suggestion) => (
            <li key={suggestion.id}>
              <button
                type="button"
                className="demo-chip"
                disabled={disabled}
                title={suggestion.prompt}
                onClick={() => submit(suggestion.prompt)}
              >
                {suggestion.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="demo-input-row">
        <label className="demo-visually-hidden" htmlFor={`${hintId}-input`}>
          Message
        </label>
        <textarea
          id={`${hintId}-input`}
          className="demo-input"
          rows={2}
          value={text}
          placeholder="Ask Friday something… (Enter to send, Shift+Enter for a new line)"
          aria-describedby={hintId}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit(text);
            }
          }}
        />
        <div className="demo-actions">
          <button type="submit" className="demo-button" data-variant="primary" disabled={disabled}>
            Send
          </button>
          <button type="button" className="demo-button" disabled={!canStop} onClick={onStop}>
            Stop
          </button>
        </div>
      </div>
      <p id={hintId} className="demo-muted demo-status" data-status={status}>
        {blocked ?? STATUS_TEXT[status] ?? status}
      </p>
    </form>
  );
}
