/*
 * `POST /api/chat`: the scripted agent behind the AI SDK's default chat transport (what `useChat`
 * calls). The body is `{ id, messages: UIMessage[], trigger, messageId? }`; the answer is the UI
 * message stream over SSE (`x-vercel-ai-ui-message-stream: v1`, `data: <chunk>` frames, then
 * `data: [DONE]`).
 *
 * The latest user message picks the scenario. When the last message is the assistant's, the
 * client is continuing it: a tool part in `approval-responded` carries the user's decision
 * (`addToolApprovalResponse`), a part in `output-available` the result of a tool the client ran
 * (`addToolOutput`); the parked reply continues under the same message id.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { originOf, readJson, requestSpeed } from '../http.js';
import { pyId } from '../protocol.js';
import type { ParkedRun, ProtocolRuns } from '../protocol-runs.js';
import { resumeInput } from '../protocol-runs.js';
import type { Scenario } from '../scenarios.js';
import { pickScenario } from '../scenarios.js';
import type { RunEnd } from '../scripted-run.js';
import { runScripted } from '../scripted-run.js';
import { Refusal } from '../session.js';
import type { AiSdkChunk } from './emit.js';
import { AiSdkEmitter } from './emit.js';

/** The AI SDK's `UI_MESSAGE_STREAM_HEADERS`. */
export const UI_MESSAGE_STREAM_HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
  'x-vercel-ai-ui-message-stream': 'v1',
  'x-accel-buffering': 'no',
} as const;

type Part = Record<string, unknown>;
type UiMessage = { id: string; role: string; parts: Part[] };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The body's messages, read leniently: anything without `role` and `parts` is skipped. */
function readMessages(body: Record<string, unknown>): UiMessage[] {
  const list = body['messages'];
  if (!Array.isArray(list)) throw new Refusal(422, '`messages` must be a list of UIMessages.');
  return list.filter(
    (item): item is UiMessage =>
      isRecord(item) && typeof item['role'] === 'string' && Array.isArray(item['parts']),
  );
}

const isToolPart = (part: Part) =>
  typeof part['type'] === 'string' &&
  (part['type'].startsWith('tool-') || part['type'] === 'dynamic-tool');

/** What the request asks for: a new reply, or the continuation of a parked one. */
type Plan =
  | { kind: 'new'; text: string }
  | { kind: 'resume'; parked: ParkedRun; messageId: string; approved?: boolean; output?: string }
  | { kind: 'stale'; messageId: string };

function planOf(messages: readonly UiMessage[], runs: ProtocolRuns): Plan {
  const last = messages.at(-1);
  if (last?.role === 'assistant') {
    for (const part of last.parts.filter(isToolPart)) {
      const approval = isRecord(part['approval']) ? part['approval'] : null;
      const approvalId = typeof approval?.['id'] === 'string' ? approval['id'] : null;
      if (part['state'] === 'approval-responded' && approvalId && runs.has(approvalId)) {
        const parked = runs.take(approvalId) as ParkedRun;
        return {
          kind: 'resume',
          parked,
          messageId: last.id,
          approved: approval?.['approved'] === true,
        };
      }
      const callId = typeof part['toolCallId'] === 'string' ? part['toolCallId'] : null;
      const answered = part['state'] === 'output-available' || part['state'] === 'output-error';
      if (answered && callId && runs.has(`external:${callId}`)) {
        const parked = runs.take(`external:${callId}`) as ParkedRun;
        const value = part['state'] === 'output-error' ? part['errorText'] : part['output'];
        const output = typeof value === 'string' ? value : JSON.stringify(value ?? null);
        return { kind: 'resume', parked, messageId: last.id, output };
      }
    }
    return { kind: 'stale', messageId: last.id };
  }
  const user = messages.findLast((msg) => msg.role === 'user');
  const text = (user?.parts ?? [])
    .map((part) =>
      part['type'] === 'text' && typeof part['text'] === 'string' ? part['text'] : '',
    )
    .join('\n');
  return { kind: 'new', text };
}

/** The `POST /api/chat` handler. */
export function aiSdkChatRoute(runs: ProtocolRuns) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const body = await readJson(req);
    if (!isRecord(body)) throw new Refusal(422, 'The body must be a JSON object.');
    const plan = planOf(readMessages(body), runs);
    const speed = requestSpeed(req, body['speed']);

    res.writeHead(200, UI_MESSAGE_STREAM_HEADERS);
    res.flushHeaders();
    const write = (chunk: AiSdkChunk | '[DONE]') =>
      res.writableEnded
        ? undefined
        : res.write(`data: ${typeof chunk === 'string' ? chunk : JSON.stringify(chunk)}\n\n`);

    if (plan.kind === 'stale') {
      // Nothing parked under what the message answers (the server restarted, or it was answered).
      new AiSdkEmitter({ write, messageId: plan.messageId }).end(
        'error',
        'This reply is not waiting for anything on the demo server (was it restarted?).',
      );
      write('[DONE]');
      res.end();
      return;
    }

    const scenario = plan.kind === 'new' ? pickScenario(plan.text) : null;
    const parked = plan.kind === 'resume' ? plan.parked : null;
    const messageId = plan.kind === 'resume' ? plan.messageId : `msg_${pyId().slice(0, 24)}`;
    const emitter = new AiSdkEmitter({
      write,
      messageId,
      sources: scenario?.sources,
      // A tool the client ran: its output is already in the client's message.
      clientResults: parked?.wait === 'external' ? new Set([parked.call.id]) : undefined,
    });
    const abort = new AbortController();
    // The client stopped reading (`stop()`, a closed tab): stop the run, as AgentScope's interrupt.
    res.on('close', () => abort.abort());

    const input = plan.kind === 'resume' ? resumeInput(plan) : undefined;
    const done = runScripted({
      replyId: parked ? parked.reply.id : messageId,
      reply: parked?.reply,
      speed,
      origin: originOf(req),
      signal: abort.signal,
      sink: (event) => emitter.onEvent(event),
      input,
      body: (turn) =>
        parked && input ? parked.resume(turn, input) : (scenario as Scenario).run(turn),
    });
    if (!runs.track(abort, done)) abort.abort();
    const end: RunEnd = await done;
    if (end.kind === 'park') park(runs, end, emitter, parked?.scenarioId ?? scenario?.id ?? '');
    emitter.end(end.kind);
    write('[DONE]');
    res.end();
  };
}

/** Parks a reply under what its decision will name: the approval id, or the client's call. */
function park(
  runs: ProtocolRuns,
  end: Extract<RunEnd, { kind: 'park' }>,
  emitter: AiSdkEmitter,
  scenarioId: string,
): void {
  const calls = end.reply.content.filter((block) => block.type === 'tool_call');
  if (end.wait === 'confirm') {
    for (const approval of emitter.approvals) {
      const call = calls.find((block) => block.id === approval.toolCallId);
      if (call) runs.park(approval.approvalId, { ...end, call, scenarioId });
    }
  } else {
    for (const call of calls.filter((block) => block.state === 'submitted')) {
      runs.park(`external:${call.id}`, { ...end, call, scenarioId });
    }
  }
}
