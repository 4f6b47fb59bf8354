/*
 * The chat in AG-UI, wired as the README shows: `@ag-ui/client`'s `HttpAgent` on `POST /ag-ui`
 * and `useAgUiAgent`, whose list and composer props go to the library's components. The agent
 * keeps the thread and sends it with every run; the hook folds the events, answers approvals and
 * questions with `resume`, and Stop aborts the run, here and (by its id) on the server. The
 * agent's fetch is `createResumableAgUiFetch()`: a connection dropped mid-reply is reopened with `Last-Event-ID`
 * (on whichever server process answers) and the reply goes on in place.
 */
import { HttpAgent } from '@ag-ui/client';
import * as React from 'react';
import type { Msg } from 'react-agent-messages';
import { InterruptPrompt, MessageList } from 'react-agent-messages';
import { createResumableAgUiFetch, useAgUiAgent } from 'react-agent-messages/ag-ui';
import type { Speed } from '../settings.js';
import { Composer } from './composer.js';
import { useFeedback } from './use-feedback.js';

export interface AgUiSessionProps {
  /** The AG-UI thread id. */
  chatId: string;
  speed: Speed;
}

// `resumable=1`: the demo server keeps the run going when its request drops, to be read again.
// A closed request cannot say whether it was a drop or a Stop, so Stop also names the run to the
// server (`POST /ag-ui/:threadId/:runId/stop`), which ends it there.
const urlFor = (speed: Speed) => `/ag-ui?speed=${encodeURIComponent(speed)}&resumable=1`;

// A connection that dies silently (offline, a sleeping laptop) shows as 4 s without a byte: the
// scripted agent is never quiet that long while it streams.
const resumableFetch = createResumableAgUiFetch({ idleTimeoutMs: 4000 });

/** The `runId` of the `RunAgentInput` that `HttpAgent` posts (it picks one for each run). */
function runIdOf(body: unknown): string | null {
  try {
    const { runId } = JSON.parse(String(body)) as { runId?: unknown };
    return typeof runId === 'string' ? runId : null;
  } catch {
    return null;
  }
}

export function AgUiSession({ chatId, speed }: AgUiSessionProps) {
  // The run posted last: what Stop names to the server.
  const runId = React.useRef<string | null>(null);
  const [agent] = React.useState(
    () =>
      new HttpAgent({
        url: urlFor(speed),
        threadId: chatId,
        fetch: (url: string, init?: RequestInit) => {
          runId.current = runIdOf(init?.body);
          return resumableFetch(url, init);
        },
      }),
  );
  React.useEffect(() => {
    agent.url = urlFor(speed);
  }, [agent, speed]);
  const chat = useAgUiAgent(agent);
  const { stop: stopHere } = chat;
  const stop = React.useCallback(() => {
    const run = runId.current;
    stopHere();
    if (run === null) return;
    const path = `/ag-ui/${encodeURIComponent(chatId)}/${encodeURIComponent(run)}/stop`;
    // 404 when the run had ended already: nothing to do.
    fetch(path, { method: 'POST' }).catch(() => {});
  }, [chatId, stopHere]);
  const { feedback, onFeedback } = useFeedback();
  const streaming = chat.status === 'streaming';
  const awaiting = chat.status === 'awaiting-confirmation';
  const send = React.useCallback(
    (text: string) => {
      const sent = chat.composer.onSend(text, []);
      // A failed send is shown under the list; the composer keeps the text.
      sent.catch(() => {});
      return sent;
    },
    [chat.composer],
  );
  // Edit sends the edited text as a new turn, as the AgentScope chat does.
  const edit = React.useCallback(
    (_message: Msg, text: string) => {
      if (!streaming && !awaiting) void send(text);
    },
    [awaiting, send, streaming],
  );

  return (
    <>
      <MessageList
        className="demo-log"
        {...chat.list}
        label="Conversation with Friday"
        onEdit={edit}
        onFeedback={onFeedback}
        feedback={feedback}
        empty={<p className="demo-muted">Say hello, or pick a suggestion below.</p>}
      />
      <div className="demo-dock">
        {chat.interrupts.map((interrupt) => (
          <InterruptPrompt
            key={interrupt.id}
            interrupt={interrupt}
            onResolve={chat.onResolveInterrupt}
          />
        ))}
        <Composer
          busy={streaming}
          blocked={awaiting ? 'Answer the request above.' : null}
          canStop={streaming}
          status={chat.status}
          // Each run is its own request: between runs there is nothing to be connected to.
          statusText={chat.status === 'idle' || chat.status === 'done' ? 'Ready' : undefined}
          onSend={send}
          onStop={stop}
        />
      </div>
    </>
  );
}
