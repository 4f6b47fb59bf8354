'use client';

import * as React from 'react';
import { createAiSdkMessageConverter } from '../../core/protocols/ai-sdk/converter.js';
import { createAiSdkApprovalResponse } from '../../core/protocols/ai-sdk/tool-state.js';
import { devtoolsNow, openDevtoolsTap } from '../../core/client/devtools-hook.js';
import type { Decision } from '../../core/fold/confirm-result.js';
import type { ActivityAction } from '../../components/provider/activity-types.js';
import type { Msg } from '../../core/model/message.js';
import { useIsomorphicLayoutEffect } from '../../components/primitives/use-isomorphic-layout-effect.js';
import type { AgentChat } from '../agent-chat.js';
import { lastReplyFailed } from '../reply-failed.js';
import type { AiSdkChatLike, UseAiSdkChatOptions } from './chat-like.js';
import { chatStatus } from './chat-status.js';
import { createClientCallMarker } from './client-calls.js';
import { toFileParts } from './file-parts.js';
import { currentMarks, isInFlight, NO_REPLY_ENDS, settleReplyEnds } from './reply-ends.js';
import { applyReplyMarks } from './reply-marks.js';
import { hasUnsentApprovals } from './unsent-approvals.js';

function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}

/**
 * A chat over what `@ai-sdk/react`'s `useChat` returns: spread `list` into `<MessageList>` and
 * `composer` into `<Composer>`. Messages are converted as they change (an unchanged message keeps
 * its identity); Allow and Deny answer through `addToolApprovalResponse` and are sent on once the
 * reply's approvals are all answered (unless `useChat`'s `sendAutomaticallyWhen` already sent
 * them); a reply the user stopped shows as interrupted, a failed one as failed with `error` and
 * a Retry (`regenerate`). With `steer`, queued messages can join the running reply; with `stop`,
 * Stop also reaches the server's run.
 *
 * @example
 * const chat = useAiSdkChat(useChat());
 * return (<><MessageList {...chat.list} /><Composer {...chat.composer} /></>);
 */
export function useAiSdkChat(chat: AiSdkChatLike, options: UseAiSdkChatOptions = {}): AgentChat {
  const { sendApprovals = true, clientTools: clientToolList } = options;
  // The app's own channels, read when called: an inline function must not churn the props.
  const channels = React.useRef(options);
  useIsomorphicLayoutEffect(() => {
    channels.current = options;
  });
  const steers = options.steer !== undefined;
  const convert = React.useMemo(() => createAiSdkMessageConverter(), []);
  const markClientCalls = React.useMemo(() => createClientCallMarker(), []);
  const clientToolKey = clientToolList?.join('\n') ?? '';
  const clientTools = React.useMemo(
    () => new Set(clientToolKey === '' ? [] : clientToolKey.split('\n')),
    [clientToolKey],
  );
  const latest = React.useRef(chat);
  // The devtools see `useChat`'s message list each time it changes (its frames, here).
  const tap = React.useMemo(
    () => openDevtoolsTap({ label: 'useAiSdkChat', frames: 'messages', protocol: () => 'ai-sdk' }),
    [],
  );
  useIsomorphicLayoutEffect(() => {
    latest.current = chat;
  });

  // How replies ended is derived from the status as it changes (React's "state from props").
  const [ends, setEnds] = React.useState(NO_REPLY_ENDS);
  const settled = settleReplyEnds(ends, chat.status, chat.messages, chat.error);
  if (settled !== ends) setEnds(settled);

  const inFlight = isInFlight(chat.status);
  const shown = React.useMemo(() => {
    const began = tap && devtoolsNow();
    const { messages: converted } = convert(chat.messages, { streaming: inFlight });
    const marked = markClientCalls(converted, clientTools);
    const list = applyReplyMarks(marked, currentMarks(settled, chat.messages));
    return { list, ms: began === undefined ? 0 : devtoolsNow() - began };
  }, [tap, convert, markClientCalls, chat.messages, inFlight, settled, clientTools]);
  const messages = shown.list;
  React.useEffect(() => {
    tap?.frame(chat.messages);
  }, [tap, chat.messages]);
  React.useEffect(() => {
    tap?.commit(shown.ms);
  }, [tap, shown]);
  const status = chatStatus(chat.status, messages);

  // Errors thrown by the calls themselves (a regenerate of a message that is gone, say).
  const [callError, setCallError] = React.useState<Error | null>(null);
  const error = chat.error ?? callError;
  const guard = React.useCallback((promise: Promise<void>): Promise<void> => {
    return promise.catch((reason: unknown) => setCallError(asError(reason)));
  }, []);

  // After an answer, the next render tells whether `useChat` sent it (a request is in flight).
  const [answered, setAnswered] = React.useState(0);
  const checked = React.useRef(0);
  React.useEffect(() => {
    if (answered === checked.current) return;
    checked.current = answered;
    const current = latest.current;
    if (isInFlight(current.status) || !hasUnsentApprovals(current.messages, clientTools)) return;
    void guard(current.sendMessage());
  }, [answered, guard, clientTools]);

  const onDecision = React.useCallback(
    async (decision: Decision) => {
      const response = createAiSdkApprovalResponse(decision);
      // Only a call from an `approval-requested` part can be answered; the prompt says it failed.
      if (response === null) throw new Error(`The call ${decision.toolCall.id} has no approval id`);
      // A failure rejects: the prompt offers the decision again.
      tap?.decision(decision.toolCall.id, decision.confirmed, response);
      await latest.current.addToolApprovalResponse(response);
      if (sendApprovals) setAnswered((count) => count + 1);
    },
    [sendApprovals, tap],
  );
  const send = React.useCallback(
    (text: string) => guard(latest.current.sendMessage({ text })),
    [guard],
  );
  const onSend = React.useCallback(
    async (text: string, attachments: File[]) => {
      const files = attachments.length > 0 ? await toFileParts(attachments) : undefined;
      await guard(latest.current.sendMessage(files ? { text, files } : { text }));
    },
    [guard],
  );
  // The AI SDK's channel for app data: a `data-activity-action` part in a user message, which
  // the server reads from the request (`convertToModelMessages(…, { convertDataPart })`).
  const onActivityAction = React.useCallback(
    (action: ActivityAction) => {
      if (isInFlight(latest.current.status)) {
        setCallError(new Error('A reply is in progress; the action was not sent.'));
        return;
      }
      const part = { type: 'data-activity-action' as const, data: { ...action } };
      void guard(latest.current.sendMessage({ parts: [part] }));
    },
    [guard],
  );
  const stop = React.useCallback(() => {
    if (!isInFlight(latest.current.status)) return;
    setEnds((current) => (current.stopping ? current : { ...current, stopping: true }));
    void guard(latest.current.stop());
    const serverStop = channels.current.stop;
    // The server's run outlives the request when the chat is resumable: the app stops it there.
    if (serverStop) void guard(Promise.resolve().then(serverStop));
  }, [guard]);
  const onSteer = React.useCallback(async (text: string, attachments: File[]) => {
    const steer = channels.current.steer;
    if (steer === undefined) throw new Error('useAiSdkChat was given no `steer`.');
    const files = attachments.length > 0 ? await toFileParts(attachments) : [];
    await steer({ text, files });
  }, []);
  const onRetry = React.useCallback(
    (message: Msg) => {
      // A second request beside the one in flight would interleave two replies.
      if (isInFlight(latest.current.status)) return;
      setCallError(null);
      void guard(latest.current.regenerate({ messageId: message.id }));
    },
    [guard],
  );
  const onDismissError = React.useCallback(() => {
    setCallError(null);
    latest.current.clearError();
  }, []);

  return React.useMemo(
    () => ({
      messages,
      status,
      error,
      onDecision,
      send,
      stop,
      onActivityAction,
      list: { messages, onDecision, error, onDismissError, onRetry, onActivityAction },
      composer: {
        onSend,
        onStop: stop,
        status,
        queue: true,
        replyFailed: lastReplyFailed(messages),
        ...(steers ? { onSteer } : {}),
      },
    }),
    [
      messages,
      status,
      error,
      onDecision,
      send,
      stop,
      onActivityAction,
      onDismissError,
      onRetry,
      onSend,
      steers,
      onSteer,
    ],
  );
}
