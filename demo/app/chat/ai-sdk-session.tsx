/*
 * The chat over the AI SDK, wired as an AI SDK app is: `useChat` with its default transport
 * posting to `/api/chat`, and `useAiSdkChat` handing the list and the composer what they need
 * (approvals answered and sent on, Stop, errors with Retry). Only the demo's own chrome is added:
 * the prompt in the dock, the suggestion chips and the status line.
 *
 * Replies survive a reload, as the AI SDK's resumable streams do: the chat's saved messages are
 * loaded first (`GET /api/chat/:id/messages`), then `resume: true` asks
 * `GET /api/chat/:id/stream` for the reply still running, which the server replays from its start.
 */
import { useChat } from '@ai-sdk/react';
import type { UIMessage } from 'ai';
import { DefaultChatTransport } from 'ai';
import * as React from 'react';
import type { ToolCallBlock } from 'react-agent-messages';
import { ConfirmationPrompt, MessageList } from 'react-agent-messages';
import { useAiSdkChat } from 'react-agent-messages/ai-sdk';
import type { Speed } from '../settings.js';
import { Composer } from './composer.js';
import { useFeedback } from './use-feedback.js';

export interface AiSdkSessionProps {
  chatId: string;
  speed: Speed;
}

export function AiSdkSession({ chatId, speed }: AiSdkSessionProps) {
  const [saved, setSaved] = React.useState<UIMessage[] | null>(null);
  const [problem, setProblem] = React.useState<string | null>(null);
  React.useEffect(() => {
    const abort = new AbortController();
    fetch(`/api/chat/${encodeURIComponent(chatId)}/messages`, { signal: abort.signal })
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.json() as Promise<{ messages: UIMessage[] }>;
      })
      .then(
        ({ messages }) => setSaved(messages),
        (reason: unknown) => {
          if (!abort.signal.aborted)
            setProblem(`Could not load the conversation: ${String(reason)}`);
        },
      );
    return () => abort.abort();
  }, [chatId]);
  if (problem) {
    return (
      <p role="alert" className="demo-error">
        {problem}
      </p>
    );
  }
  if (!saved) {
    return (
      <p role="status" className="demo-muted demo-grow">
        Loading the conversation…
      </p>
    );
  }
  return <AiSdkChat chatId={chatId} speed={speed} saved={saved} />;
}

function AiSdkChat({ chatId, speed, saved }: AiSdkSessionProps & { saved: UIMessage[] }) {
  const speedRef = React.useRef(speed);
  React.useEffect(() => {
    speedRef.current = speed;
  }, [speed]);
  const transport = React.useMemo(
    () =>
      new DefaultChatTransport({
        api: '/api/chat',
        // Served through `resumable-stream`: the reply goes on if this page goes away.
        body: { resumable: true },
        // The demo server paces its replies by `?speed=`; read when each request starts.
        fetch: (url, init) =>
          fetch(`${String(url)}?speed=${encodeURIComponent(speedRef.current)}`, init),
      }),
    [],
  );
  const chat = useAiSdkChat(useChat({ id: chatId, messages: saved, transport, resume: true }), {
    // The demo server's routes reach the run wherever it runs (relayed over Redis when shared).
    steer: ({ text, files }) => postRun(chatId, 'steer', { text, files }),
    // Stop ends the run on the server too: a resumable reply would otherwise play on.
    stop: () => postRun(chatId, 'stop'),
  });
  const { feedback, onFeedback } = useFeedback();

  const asking = React.useMemo(
    () =>
      chat.messages.flatMap((message) =>
        message.content.filter(
          (block): block is ToolCallBlock => block.type === 'tool_call' && block.state === 'asking',
        ),
      ),
    [chat.messages],
  );
  const streaming = chat.status === 'streaming';

  return (
    <>
      <MessageList
        {...chat.list}
        className="demo-log"
        label="Conversation with Friday"
        confirmationPlacement="none"
        onFeedback={onFeedback}
        feedback={feedback}
        empty={<p className="demo-muted">Say hello, or pick a suggestion below.</p>}
      />
      <div className="demo-dock">
        <ConfirmationPrompt toolCalls={asking} onDecision={chat.onDecision} />
        <Composer
          busy={streaming}
          blocked={asking.length > 0 ? 'Answer the request above.' : null}
          canStop={streaming}
          status={chat.status}
          statusText={chat.status === 'idle' || chat.status === 'done' ? 'Ready' : undefined}
          onSend={(text) => void chat.send(text)}
          onStop={chat.stop}
          queue={chat.composer}
        />
      </div>
    </>
  );
}

/** `POST /api/chat/:id/steer` or `/stop`; a refusal rejects with the server's reason. */
async function postRun(chatId: string, action: 'steer' | 'stop', body?: object): Promise<void> {
  const response = await fetch(`/api/chat/${encodeURIComponent(chatId)}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  // A reply that ended just before Stop has nothing left to stop.
  if (response.ok || (action === 'stop' && response.status === 404)) return;
  const { error, reason } = (await response.json().catch(() => ({}))) as {
    error?: string;
    reason?: string;
  };
  throw new Error(
    `Not ${action === 'steer' ? 'steered' : 'stopped'}: ${reason ?? error ?? `HTTP ${response.status}`}`,
  );
}
