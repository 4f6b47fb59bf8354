/*
 * The page's side of the two other protocols the demo server speaks: one POST per run, each
 * answered by that run's stream. `POST /api/chat` takes what `useChat`'s default transport sends
 * (`{ id, messages: UIMessage[], trigger }`); `POST /ag-ui` takes an AG-UI `RunAgentInput`. The
 * server keeps no history, only the replies parked on a decision, so a request carries the new
 * user message, or the answer to the parked call.
 */
import type { Msg, ToolCallBlock } from 'react-agent-messages';
import type { AiSdkApprovalResponse } from 'react-agent-messages/ai-sdk';
import type { AgUiResumeEntry } from 'react-agent-messages/ag-ui';
import { generateId } from 'react-agent-messages/core';

export type ChatProtocol = 'ai-sdk' | 'ag-ui';

/** One run to open: where, and with what body. */
export interface RunRequest {
  url: string;
  body: unknown;
}

/** The run that answers a user message. */
export function messageRun(protocol: ChatProtocol, chatId: string, text: string): RunRequest {
  const id = generateId();
  if (protocol === 'ai-sdk') {
    const messages = [{ id, role: 'user', parts: [{ type: 'text', text }] }];
    return { url: '/api/chat', body: { id: chatId, messages, trigger: 'submit-message' } };
  }
  const messages = [{ id, role: 'user', content: text }];
  return { url: '/ag-ui', body: { threadId: chatId, runId: generateId(), messages } };
}

/**
 * The run that continues a reply parked on an approval: for the AI SDK, the reply's tool part in
 * `approval-responded` (what `addToolApprovalResponse` sends); for AG-UI, the `resume` list.
 */
export function answerRun(
  protocol: ChatProtocol,
  chatId: string,
  answer: unknown,
  reply: Msg | undefined,
  call: ToolCallBlock | undefined,
): RunRequest {
  if (protocol === 'ag-ui') {
    const resume = answer as AgUiResumeEntry[];
    return { url: '/ag-ui', body: { threadId: chatId, runId: generateId(), messages: [], resume } };
  }
  const approval = answer as AiSdkApprovalResponse;
  const part = {
    type: `tool-${call?.name ?? 'tool'}`,
    toolCallId: call?.id,
    state: 'approval-responded',
    input: call?.input,
    approval,
  };
  const messages = [{ id: reply?.id, role: 'assistant', parts: [part] }];
  return { url: '/api/chat', body: { id: chatId, messages, trigger: 'submit-message' } };
}

/** Opens a run: its response is the stream `useMessageStream` reads. */
export function openRun(
  request: RunRequest,
  speed: string,
  signal: AbortSignal,
): Promise<Response> {
  return fetch(`${request.url}?speed=${encodeURIComponent(speed)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request.body),
    signal,
  });
}
