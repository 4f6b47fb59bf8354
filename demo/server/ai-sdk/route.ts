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
import type { UIMessage } from 'ai';
import { originOf, readJson, requestSpeed } from '../http.js';
import type { Speed } from '../pacing.js';
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
import type { AiSdkRouteContext } from './forward.js';
import { claimDecision, followerAttached, forwardDecision } from './forward.js';
import { pipeSse, replyFrames, UI_MESSAGE_STREAM_HEADERS } from './resumable.js';
import type { NotDelivered, ReplyControls } from './steering.js';
import { ReplyControl } from './steering.js';

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

/** A decision on a parked reply: the key it is parked under, and the answer. */
export interface Decision {
  key: string;
  messageId: string;
  approved?: boolean | undefined;
  output?: string | undefined;
}

/** What the request asks for: a new reply, a decision on a parked one, or nothing waiting. */
type Plan =
  | { kind: 'new'; text: string }
  | { kind: 'decision'; decisions: Decision[] }
  | { kind: 'stale'; messageId: string };

/** A plan that runs the scripted agent: a new reply, or a parked one continued. */
export type RunPlan =
  | { kind: 'new'; text: string }
  | {
      kind: 'resume';
      parked: ParkedRun;
      messageId: string;
      approved?: boolean | undefined;
      output?: string | undefined;
    };

function planOf(messages: readonly UiMessage[]): Plan {
  const last = messages.at(-1);
  if (last?.role === 'assistant') {
    const decisions: Decision[] = [];
    for (const part of last.parts.filter(isToolPart)) {
      const approval = isRecord(part['approval']) ? part['approval'] : null;
      const approvalId = typeof approval?.['id'] === 'string' ? approval['id'] : null;
      if (part['state'] === 'approval-responded' && approvalId) {
        const approved = approval?.['approved'] === true;
        decisions.push({ key: approvalId, messageId: last.id, approved });
      }
    }
    for (const part of last.parts.filter(isToolPart)) {
      const callId = typeof part['toolCallId'] === 'string' ? part['toolCallId'] : null;
      const answered = part['state'] === 'output-available' || part['state'] === 'output-error';
      if (answered && callId) {
        const value = part['state'] === 'output-error' ? part['errorText'] : part['output'];
        const output = typeof value === 'string' ? value : JSON.stringify(value ?? null);
        const key = `external:${callId}`;
        decisions.push({ key, messageId: last.id, output });
      }
    }
    return decisions.length > 0
      ? { kind: 'decision', decisions }
      : { kind: 'stale', messageId: last.id };
  }
  const user = messages.findLast((msg) => msg.role === 'user');
  const text = (user?.parts ?? [])
    .map((part) =>
      part['type'] === 'text' && typeof part['text'] === 'string' ? part['text'] : '',
    )
    .join('\n');
  return { kind: 'new', text };
}

const firstDecision = (plan: { decisions: Decision[] }) => plan.decisions[0] as Decision;

/** A parked reply continued by its decision. */
export function resumePlan(parked: ParkedRun, decision: Decision): RunPlan {
  const { messageId, approved, output } = decision;
  return { kind: 'resume', parked, messageId, approved, output };
}

const STALE =
  'This reply is not waiting for anything on the demo server (was it restarted, or answered already?).';

/**
 * The `POST /api/chat` handler. A body with `resumable: true` (what the demo page sends with
 * `useChat({ resume: true })`) is served through `resumable-stream`: the reply outlives the
 * request, and `GET /api/chat/:id/stream` picks it up again, on any process sharing the relay.
 * Without it, a client that stops reading stops the run.
 */
export function aiSdkChatRoute(context: AiSdkRouteContext) {
  const { runs, chats } = context;
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const body = await readJson(req);
    if (!isRecord(body)) throw new Refusal(422, 'The body must be a JSON object.');
    const sent = readMessages(body);
    const speed = requestSpeed(req, body['speed']);
    const origin = originOf(req);
    const chatId = typeof body['id'] === 'string' ? body['id'] : null;
    const resumable = body['resumable'] === true && chatId !== null;
    const asked = planOf(sent);
    let plan: RunPlan | Extract<Plan, { kind: 'stale' }> =
      asked.kind === 'decision'
        ? { kind: 'stale', messageId: firstDecision(asked).messageId }
        : asked;

    if (asked.kind === 'decision') {
      // The answer to a reply parked here, else the first one (perhaps parked elsewhere).
      const decision = asked.decisions.find((d) => runs.has(d.key)) ?? firstDecision(asked);
      // A decision is used once, whichever process it reaches first.
      const claimed = await claimDecision(context, decision.key);
      const parked = claimed ? runs.take(decision.key) : null;
      if (parked) plan = resumePlan(parked, decision);
      else if (claimed && resumable && context.relay.kind === 'redis') {
        // Parked in another process: it continues the reply there, and we follow its stream.
        const streamId = `${chatId}-${pyId().slice(0, 12)}`;
        const target = { chatId, streamId, speed, origin, sent };
        if (await forwardDecision(context, decision, target)) {
          const attached = () => followerAttached(context, streamId);
          if (await chats.follow(res, streamId, attached)) return;
        }
      }
    }

    if (plan.kind === 'stale') {
      res.writeHead(200, UI_MESSAGE_STREAM_HEADERS);
      res.flushHeaders();
      const write = (chunk: AiSdkChunk | '[DONE]') =>
        res.write(`data: ${typeof chunk === 'string' ? chunk : JSON.stringify(chunk)}\n\n`);
      new AiSdkEmitter({ write, messageId: plan.messageId }).end('error', STALE);
      write('[DONE]');
      res.end();
      return;
    }

    if (resumable) {
      const streamId = `${chatId}-${pyId().slice(0, 12)}`;
      const out = await startResumable(context, plan, { chatId, streamId, speed, origin, sent });
      if (out) await pipeSse(out, res);
      else res.end();
      return;
    }

    res.writeHead(200, UI_MESSAGE_STREAM_HEADERS);
    res.flushHeaders();
    const abort = new AbortController();
    // The client stopped reading (`stop()`, a closed tab): stop the run, as AgentScope's interrupt.
    res.on('close', () => abort.abort());
    const control = { controls: context.controls, chatId };
    await runReply(runs, plan, speed, origin, abort, control, (chunk) =>
      res.writableEnded
        ? undefined
        : res.write(`data: ${typeof chunk === 'string' ? chunk : JSON.stringify(chunk)}\n\n`),
    );
    res.end();
  };
}

/** Where a resumable reply goes, and what it answers. */
export interface ReplyTarget {
  chatId: string;
  streamId: string;
  speed: Speed;
  origin: string;
  sent: readonly unknown[];
}

/**
 * Runs a reply into a resumable stream: the run goes on when the request that started it ends
 * (only shutting the server down stops it), and any reader can resume it by `streamId`.
 */
export async function startResumable(
  context: AiSdkRouteContext,
  plan: RunPlan,
  target: ReplyTarget,
  gate: Promise<void> = Promise.resolve(),
): Promise<ReadableStream<string> | null> {
  const frames = replyFrames();
  const done = gate
    .then(() =>
      runReply(
        context.runs,
        plan,
        target.speed,
        target.origin,
        new AbortController(),
        { controls: context.controls, chatId: target.chatId },
        (chunk) => frames.write(chunk),
      ),
    )
    .finally(() => frames.end());
  return context.chats.start(
    target.chatId,
    target.streamId,
    frames,
    target.sent as UIMessage[],
    done,
  );
}

/** Where a run's controls (steer, stop) are kept while it runs: under its chat, if it has one. */
interface ControlTarget {
  controls: ReplyControls;
  chatId: string | null;
}

/** How a steering message that waited to the end of a run is reported, by how the run ended. */
const NOT_DELIVERED: Record<RunEnd['kind'], NotDelivered> = {
  completed: 'finished',
  exceeded: 'finished',
  park: 'waiting-for-tool-results',
  interrupted: 'aborted',
  error: 'error',
};

/**
 * The scripted model's answer to a steering message, in its next step: what a real model given
 * the message would do, only predictable. Its files are named (`files`: their names).
 */
export function steeringAcknowledgement(text: string, files: readonly string[] = []): string {
  const count = `${files.length} file${files.length === 1 ? '' : 's'}: ${files.join(', ')}`;
  const said = text === '' ? count : files.length === 0 ? `“${text}”` : `“${text}” (${count})`;
  return `Noted: ${said}. I'll take that into account from here.`;
}

/** Runs the scripted agent for a plan, writing UI message chunks, then `[DONE]`. */
async function runReply(
  runs: ProtocolRuns,
  plan: RunPlan,
  speed: Speed,
  origin: string,
  abort: AbortController,
  target: ControlTarget,
  write: (chunk: AiSdkChunk | '[DONE]') => unknown,
): Promise<void> {
  const control = new ReplyControl(abort);
  if (target.chatId !== null) target.controls.add(target.chatId, control);
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
  const input = plan.kind === 'resume' ? resumeInput(plan) : undefined;
  const done = runScripted({
    replyId: parked ? parked.reply.id : messageId,
    reply: parked?.reply,
    speed,
    origin,
    signal: abort.signal,
    sink: (event) => emitter.onEvent(event),
    input,
    body: async (turn) => {
      // At each step boundary the waiting steering messages go in, each answered by a step.
      const deliver = async () => {
        const { messages, stepNumber } = control.take();
        for (const message of messages) {
          const { text, files } = message;
          write({
            type: 'steering-message',
            id: message.id,
            parts: [...(text === '' ? [] : [{ type: 'text' as const, text }]), ...files],
          });
          message.settle({ type: 'delivered', id: message.id, stepNumber });
          const names = files.map((file) => file.filename ?? file.mediaType);
          await turn.model(() => turn.say(steeringAcknowledgement(text, names)));
        }
      };
      turn.stepBoundary = () => (control.pending ? deliver() : Promise.resolve(control.step()));
      const outcome = await (parked && input
        ? parked.resume(turn, input)
        : (scenario as Scenario).run(turn));
      // A message that came during the last step keeps the run going for one more (as the AI SDK).
      while (outcome.kind === 'completed' && control.pending) await deliver();
      return outcome;
    },
  });
  if (!runs.track(abort, done)) abort.abort();
  const end: RunEnd = await done;
  control.end(NOT_DELIVERED[end.kind]);
  if (target.chatId !== null) target.controls.delete(target.chatId, control);
  if (end.kind === 'park') park(runs, end, emitter, parked?.scenarioId ?? scenario?.id ?? '');
  emitter.end(end.kind);
  write('[DONE]');
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
