/*
 * The message box: the library's `<Composer>` (Enter sends, Shift+Enter breaks the line, Stop
 * while a reply streams), the scenario suggestions as chips that send their prompt at once, a
 * Stop for a reply parked on a decision, and a line saying where things stand.
 */
import * as React from 'react';
import type { RunStatus } from 'react-agent-messages';
import { Composer as MessageComposer } from 'react-agent-messages';
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
  status: RunStatus;
  /** What the status line says instead of `status` (a protocol run that ended is "Ready"). */
  statusText?: string | undefined;
  onSend(text: string): void;
  onStop(): void;
  /**
   * The library Composer's queue, as a binding hands it (`chat.composer`): what is sent while a
   * reply streams waits, and with `onSteer` a queued message can steer the running reply.
   */
  queue?: QueueProps | undefined;
}

/** What the library Composer's queue needs from a binding. */
export interface QueueProps {
  onSend(text: string, attachments: File[]): Promise<void>;
  onSteer?: ((text: string, attachments: File[]) => Promise<void>) | undefined;
  replyFailed: boolean;
}

export function Composer(props: ComposerProps) {
  const { busy, blocked, canStop, status, statusText, onSend, onStop, queue } = props;
  const [suggestions, setSuggestions] = React.useState<Suggestion[]>([]);
  React.useEffect(() => {
    fetchSuggestions().then(setSuggestions, () => setSuggestions([]));
  }, []);

  const disabled = (busy && !queue) || blocked !== null;
  // The library's composer holds sending back (or queues it) while a reply streams or a decision waits.
  const composerStatus: RunStatus = busy ? 'streaming' : blocked ? 'awaiting-confirmation' : status;

  return (
    <div className="demo-composer">
      {suggestions.length > 0 ? (
        <ul className="demo-chips" aria-label="Suggestions">
          {suggestions.map((suggestion) => (
            <li key={suggestion.id}>
              <button
                type="button"
                className="demo-chip"
                disabled={disabled}
                title={suggestion.prompt}
                onClick={() => onSend(suggestion.prompt)}
              >
                {suggestion.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="demo-input-row">
        <MessageComposer
          className="demo-composer-input"
          status={composerStatus}
          placeholder="Ask Friday something… (Enter to send, Shift+Enter for a new line)"
          onSend={queue ? queue.onSend : (text) => onSend(text)}
          onStop={onStop}
          {...(queue ? { queue: true, replyFailed: queue.replyFailed } : {})}
          {...(queue?.onSteer ? { onSteer: queue.onSteer } : {})}
        />
        {canStop && !busy ? (
          <button type="button" className="demo-button" onClick={onStop}>
            Stop
          </button>
        ) : null}
      </div>
      <p className="demo-muted demo-status" data-status={status}>
        {blocked ?? statusText ?? STATUS_TEXT[status] ?? status}
      </p>
    </div>
  );
}
