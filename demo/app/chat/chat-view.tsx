/*
 * The chat: history first (`GET /sessions/{id}/messages`), then the session's SSE stream through
 * `useMessageStream`, which replays the run in progress and goes live. A reload lands here again
 * with the same session id and rebuilds the same conversation: history holds finished turns, the
 * replay holds the running one, and the fold ignores any event it has already applied.
 */
import * as React from 'react';
import type { Decision, Msg } from 'react-agent-messages';
import type { PendingConfirmation, UserConfirmResultEvent } from 'react-agent-messages/core';
import { ConfirmationPrompt, MessageList, useMessageStream, userMsg } from 'react-agent-messages';
import { getReplyStatus } from 'react-agent-messages/core';
// Imported up front, so the recorder is installed before the chat's stream opens: the panel then
// shows this chat from its first frame, whenever it is toggled on.
import { AgentDevtools } from 'react-agent-messages/devtools';
import type { Speed } from '../settings.js';
import { CHAT_PROTOCOLS, useChatProtocol, useSessionId } from '../settings.js';
import { fetchHistory, interrupt, postChat, streamUrl } from './api.js';
import { DemoApprovals, demoApprovalPolicy } from './approvals.js';
import { Composer } from './composer.js';
import { ExternalToolRequest } from './external-tool.js';
import { AgUiSession } from './ag-ui-session.js';
import { AiSdkSession } from './ai-sdk-session.js';
import { ProtocolSession } from './protocol-session.js';
import { useReplyVersions } from './reply-versions.js';
import { useFeedback } from './use-feedback.js';
import { DemoError } from '../demo-error.js';

/* -------------------------------------------------------------------------------------------------
 * ChatView
 * -----------------------------------------------------------------------------------------------*/

export interface ChatViewProps {
  speed: Speed;
  /** Opens this session's event log in the replay viewer. */
  onReplay(sessionId: string): void;
}

export function ChatView({ speed, onReplay }: ChatViewProps) {
  const [sessionId, restart] = useSessionId();
  const [protocol, setProtocol] = useChatProtocol();
  const protocolId = React.useId();
  const [history, setHistory] = React.useState<{ id: string; messages: Msg[] } | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const [devtools, setDevtools] = React.useState(false);

  React.useEffect(() => {
    const abort = new AbortController();
    setError(null);
    fetchHistory(sessionId, abort.signal).then(
      ({ messages }) => setHistory({ id: sessionId, messages }),
      (reason: unknown) => {
        if (!abort.signal.aborted) setError(`Could not load the conversation: ${String(reason)}`);
      },
    );
    return () => abort.abort();
  }, [sessionId]);

  return (
    <div className="demo-chat">
      <div className="demo-toolbar">
        <p className="demo-muted">
          Session <code>{sessionId}</code>
        </p>
        <label htmlFor={protocolId}>Protocol</label>
        <select
          id={protocolId}
          className="demo-select"
          value={protocol}
          onChange={(event) => setProtocol(event.target.value as typeof protocol)}
        >
          {CHAT_PROTOCOLS.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.label}
            </option>
          ))}
        </select>
        {protocol === 'agentscope' ? (
          <button type="button" className="demo-button" onClick={() => onReplay(sessionId)}>
            Replay this chat
          </button>
        ) : null}
        <button type="button" className="demo-button" onClick={restart}>
          New chat
        </button>
        <button
          type="button"
          className="demo-button"
          aria-pressed={devtools}
          onClick={() => setDevtools(!devtools)}
        >
          Devtools
        </button>
      </div>
      {devtools ? <AgentDevtools defaultOpen placement="bottom" /> : null}
      {protocol === 'ai-sdk' ? (
        <AiSdkSession key={`${protocol}-${sessionId}`} chatId={sessionId} speed={speed} />
      ) : protocol === 'ag-ui' ? (
        <AgUiSession key={`${protocol}-${sessionId}`} chatId={sessionId} speed={speed} />
      ) : protocol !== 'agentscope' ? (
        <ProtocolSession
          key={`${protocol}-${sessionId}`}
          protocol={protocol}
          chatId={sessionId}
          speed={speed}
        />
      ) : error ? (
        <p role="alert" className="demo-error">
          {error}
        </p>
      ) : history?.id === sessionId ? (
        <DemoApprovals sessionId={sessionId}>
          <ChatSession
            key={sessionId}
            sessionId={sessionId}
            history={history.messages}
            speed={speed}
          />
        </DemoApprovals>
      ) : (
        <p role="status" className="demo-muted demo-grow">
          Loading the conversation…
        </p>
      )}
    </div>
  );
}

/* -------------------------------------------------------------------------------------------------
 * ChatSession
 * -----------------------------------------------------------------------------------------------*/

interface ChatSessionProps {
  sessionId: string;
  history: readonly Msg[];
  speed: Speed;
}

function ChatSession({ sessionId, history, speed }: ChatSessionProps) {
  const [problem, setProblem] = React.useState<string | null>(null);
  const speedRef = React.useRef(speed);
  React.useEffect(() => {
    speedRef.current = speed;
  }, [speed]);

  const onConfirm = React.useCallback(
    (event: UserConfirmResultEvent) => postChat(sessionId, event, speedRef.current),
    [sessionId],
  );
  const stream = useMessageStream({
    source: streamUrl(sessionId),
    initialMessages: history,
    onConfirm,
    approvalPolicy: demoApprovalPolicy(sessionId),
    // AgentScope's session stream is long-lived: reopen it whenever it ends (a proxy, a restart),
    // and treat silence past its 30 s heartbeat as a dead connection.
    reconnect: { whenEnded: 'always' },
    idleTimeoutMs: 75_000,
  });
  const { messages, status, pendingConfirmations, confirm, addMessages } = stream;

  const last = messages.at(-1);
  const lastStatus = last && last.role !== 'user' ? getReplyStatus(last) : null;
  const streaming = status === 'streaming';
  const awaiting = pendingConfirmations.length > 0 || lastStatus === 'awaiting-external';
  const pendingCalls = React.useMemo(
    () => pendingConfirmations.map((pending: PendingConfirmation) => pending.toolCall),
    [pendingConfirmations],
  );

  const send = React.useCallback(
    async (text: string) => {
      setProblem(null);
      // Shown at once; the server persists it under the same id, so a reload does not repeat it.
      const message = userMsg(text, { name: 'user' });
      addMessages(message);
      try {
        await postChat(sessionId, message, speedRef.current);
      } catch (reason) {
        setProblem(`The agent did not take the message: ${(reason as Error).message}`);
      }
    },
    [addMessages, sessionId],
  );
  const stop = React.useCallback(() => {
    interrupt(sessionId).catch((reason: unknown) =>
      setProblem(`Could not stop the reply: ${(reason as Error).message}`),
    );
  }, [sessionId]);
  const decide = React.useCallback(
    (decision: Decision) =>
      confirm(decision).catch((reason: unknown) => {
        setProblem(`The decision was not delivered: ${(reason as Error).message}`);
        throw reason;
      }),
    [confirm],
  );

  // Message actions. Retry sends the reply's user message again (the same Msg: the server keeps
  // it in place and answers anew); the earlier reply stays as a version behind the picker.
  const versions = useReplyVersions(sessionId, messages);
  const { promptOf, expectVersion, cancelVersion } = versions;
  const retry = React.useCallback(
    async (reply: Msg) => {
      setProblem(null);
      const prompt = promptOf(reply);
      if (!prompt) {
        setProblem('This reply answers no message of yours: there is nothing to ask again.');
        return;
      }
      expectVersion(prompt);
      try {
        await postChat(sessionId, prompt, speedRef.current);
      } catch (reason) {
        cancelVersion();
        setProblem(`Could not ask again: ${(reason as Error).message}`);
      }
    },
    [cancelVersion, expectVersion, promptOf, sessionId],
  );
  // The demo agent keeps one linear history and has no earlier state to rewind to, so an edited
  // message is sent as a new turn; the original and its reply stay above it.
  const edit = React.useCallback(
    (_message: Msg, text: string) => {
      if (streaming || awaiting) setProblem('Let the reply finish, or stop it, then edit again.');
      else void send(text);
    },
    [awaiting, send, streaming],
  );
  const { feedback, onFeedback } = useFeedback();

  return (
    <>
      <MessageList
        className="demo-log"
        messages={versions.messages}
        label="Conversation with Friday"
        confirmationPlacement="none"
        onRetry={retry}
        onEdit={edit}
        onFeedback={onFeedback}
        feedback={feedback}
        branchOf={versions.branchOf}
        onBranchChange={versions.onBranchChange}
        loading={status === 'connecting' && messages.length === 0 ? 'Connecting…' : undefined}
        empty={<p className="demo-muted">Say hello, or pick a suggestion below.</p>}
      />
      <div className="demo-dock">
        <ConfirmationPrompt toolCalls={pendingCalls} onDecision={decide} />
        {last && lastStatus === 'awaiting-external' ? (
          <ExternalToolRequest
            reply={last}
            onResult={(event) => postChat(sessionId, event, speedRef.current)}
          />
        ) : null}
        <DemoError>{problem}</DemoError>
        <Composer
          busy={streaming}
          blocked={awaiting ? 'Answer the request above, or press Stop.' : null}
          canStop={streaming || awaiting}
          onSend={send}
          onStop={stop}
          status={status}
        />
      </div>
    </>
  );
}
