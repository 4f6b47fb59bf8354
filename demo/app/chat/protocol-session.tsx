/*
 * The chat in the AI SDK's UI message stream or in AG-UI: the same `useMessageStream`, given the
 * protocol's driver. Each run is one POST (a user message, or the answer to an approval), read
 * once; `sourceKey` opens the next. `confirm()` hands the protocol's own answer to `onConfirm`
 * (`{ id, approved }` for the AI SDK, the `resume` list for AG-UI), which starts the run that
 * continues the reply.
 */
import * as React from 'react';
import type { Decision, MessageStreamProtocol, Msg } from 'react-agent-messages';
import type { MessageStreamAnswer, PendingConfirmation } from 'react-agent-messages/core';
import { ConfirmationPrompt, MessageList, useMessageStream, userMsg } from 'react-agent-messages';
import { aiSdkProtocol } from 'react-agent-messages/ai-sdk';
import { agUiProtocol } from 'react-agent-messages/ag-ui';
import type { Speed } from '../settings.js';
import { Composer } from './composer.js';
import type { ChatProtocol, RunRequest } from './protocol-api.js';
import { answerRun, messageRun, openRun } from './protocol-api.js';
import { useFeedback } from './use-feedback.js';
import { DemoError } from '../demo-error.js';

export interface ProtocolSessionProps {
  protocol: ChatProtocol;
  /** The AI SDK chat id, or the AG-UI thread id. */
  chatId: string;
  speed: Speed;
}

export function ProtocolSession({ protocol, chatId, speed }: ProtocolSessionProps) {
  const [problem, setProblem] = React.useState<string | null>(null);
  // The run to open next, and a counter that opens it.
  const [run, setRun] = React.useState<{ key: number; request: RunRequest } | null>(null);
  const speedRef = React.useRef(speed);
  React.useEffect(() => {
    speedRef.current = speed;
  }, [speed]);
  const start = React.useCallback((request: RunRequest) => {
    setProblem(null);
    setRun((previous) => ({ key: (previous?.key ?? 0) + 1, request }));
  }, []);

  // The decision being answered: the AI SDK's answer goes back inside the reply's tool part.
  const deciding = React.useRef<PendingConfirmation | undefined>(undefined);
  const onConfirm = React.useCallback(
    (answer: MessageStreamAnswer) => {
      const pending = deciding.current;
      start(answerRun(protocol, chatId, answer, pending?.message, pending?.toolCall));
    },
    [chatId, protocol, start],
  );
  const request = run?.request;
  // Either driver: the protocol state is the one or the other.
  const driver: MessageStreamProtocol = protocol === 'ai-sdk' ? aiSdkProtocol : agUiProtocol;
  const stream = useMessageStream({
    protocol: driver,
    source: request ? (signal) => openRun(request, speedRef.current, signal) : null,
    sourceKey: run?.key,
    onConfirm,
  });
  const { messages, status, pendingConfirmations, confirm, addMessages, stop } = stream;

  const pendingCalls = React.useMemo(
    () => pendingConfirmations.map((pending) => pending.toolCall),
    [pendingConfirmations],
  );
  const send = React.useCallback(
    (text: string) => {
      addMessages(userMsg(text, { name: 'user' }));
      start(messageRun(protocol, chatId, text));
    },
    [addMessages, chatId, protocol, start],
  );
  const decide = React.useCallback(
    (decision: Decision) => {
      deciding.current = pendingConfirmations.find(
        (pending) => pending.toolCall.id === decision.toolCall.id,
      );
      return confirm(decision).catch((reason: unknown) => {
        setProblem(`The decision was not delivered: ${(reason as Error).message}`);
        throw reason;
      });
    },
    [confirm, pendingConfirmations],
  );
  const streaming = status === 'streaming' || status === 'connecting';
  const awaiting = pendingConfirmations.length > 0;
  // Edit sends the edited text as a new turn, as the AgentScope chat does. Retry is left out
  // here: an AG-UI turn is several messages, so "the replies to one user message" are not versions.
  const busy = (streaming && run !== null) || awaiting;
  const edit = React.useCallback(
    (_message: Msg, text: string) => {
      if (busy) setProblem('Let the reply finish, or stop it, then edit again.');
      else send(text);
    },
    [busy, send],
  );
  const { feedback, onFeedback } = useFeedback();

  return (
    <>
      <MessageList
        className="demo-log"
        messages={messages}
        label="Conversation with Friday"
        confirmationPlacement="none"
        onEdit={edit}
        onFeedback={onFeedback}
        feedback={feedback}
        empty={<p className="demo-muted">Say hello, or pick a suggestion below.</p>}
      />
      <div className="demo-dock">
        <ConfirmationPrompt toolCalls={pendingCalls} onDecision={decide} />
        <DemoError>{problem}</DemoError>
        <Composer
          busy={streaming && run !== null}
          blocked={awaiting ? 'Answer the request above.' : null}
          canStop={streaming && run !== null}
          status={status}
          // Each run is its own request: between runs there is nothing to be connected to.
          statusText={status === 'idle' || status === 'done' ? 'Ready' : undefined}
          onSend={send}
          onStop={stop}
        />
      </div>
    </>
  );
}
