/*
 * `POST /ag-ui`: the scripted agent as an AG-UI 1.0 agent over SSE (what `@ag-ui/client`'s
 * `HttpAgent` posts to). The body is a `RunAgentInput` (`threadId`, `runId`, `messages`, `state`,
 * `tools`, `context`, `forwardedProps`, `resume`); the answer is one run's events as `data:`
 * frames.
 *
 * The latest user message picks the scenario. A run that continues an earlier one says so in the
 * input: `resume` answers the interrupt an approval raised (`resolved` with `{ approved }`, or
 * `cancelled`), and a trailing `tool` message answers a call the client was asked to run.
 *
 * Every frame carries the id `<runId>:<seq>` and is kept in the relay (`run-log.ts`). The same
 * input posted again with `Last-Event-ID` reopens the run: what came after that id, then live,
 * and no new run. A run whose `forwardedProps.resumable` is true (or posted to
 * `?resumable=1`) goes on when its request is dropped; any other stops with its request (Stop in `HttpAgent` closes the request).
 *
 * A closed request cannot say whether it was a drop or a Stop, so a resumable run is stopped by
 * name: `POST /ag-ui/:threadId/:runId/stop` ends that run (relayed, on Redis, to the
 * process that runs it) with `RUN_FINISHED` `outcome: cancelled`, and drops it, so a later
 * resume gets 410.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { originOf, readJson, requestSpeed } from '../http.js';
import { pyId } from '../protocol.js';
import type { ParkedRun, ProtocolRuns } from '../protocol-runs.js';
import { resumeInput } from '../protocol-runs.js';
import type { Scenario } from '../scenarios.js';
import { pickScenario } from '../scenarios.js';
import { runScripted } from '../scripted-run.js';
import { Refusal } from '../session.js';
import type { Relay } from '../relay/relay.js';
import type { ReplyControls } from '../ai-sdk/steering.js';
import { ReplyControl } from '../ai-sdk/steering.js';
import type { AgUiEvent, DemoAgentState } from './emit.js';
import { AgUiEmitter } from './emit.js';
import { parseRunEventId, replayRun, RunLog } from './run-log.js';

const SSE_HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
} as const;

type Entry = Record<string, unknown>;
const isRecord = (value: unknown): value is Entry =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** A message's text: a string `content`, or its text parts joined. */
function textOf(message: Entry): string {
  const content = message['content'];
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => (isRecord(part) && part['type'] === 'text' ? String(part['text'] ?? '') : ''))
    .join('\n');
}

type Plan =
  | { kind: 'new'; scenario: Scenario }
  | { kind: 'resume'; parked: ParkedRun; approved?: boolean; output?: string }
  | { kind: 'stale'; message: string };

function planOf(messages: readonly Entry[], resume: readonly Entry[], runs: ProtocolRuns): Plan {
  if (resume.length > 0) {
    for (const entry of resume) {
      const id = text(entry['interruptId']);
      const parked = id ? runs.take(id) : null;
      if (!parked) continue;
      const payload = entry['payload'];
      const declined = isRecord(payload) && payload['approved'] === false;
      return { kind: 'resume', parked, approved: entry['status'] === 'resolved' && !declined };
    }
    return {
      kind: 'stale',
      message: 'No interrupt of this agent matches `resume` (was the demo server restarted?).',
    };
  }
  const last = messages.at(-1);
  const callId = last?.['role'] === 'tool' ? text(last['toolCallId']) : null;
  if (last && callId) {
    const parked = runs.take(`external:${callId}`);
    if (parked) return { kind: 'resume', parked, output: textOf(last) };
  }
  const user = messages.findLast((message) => message['role'] === 'user');
  return { kind: 'new', scenario: pickScenario(user ? textOf(user) : '') };
}

/**
 * Whether a run goes on when its request drops: `forwardedProps.resumable`, or `?resumable=1` on
 * the URL (what the demo chat's `HttpAgent` sets, since `useAgUiAgent` picks each run's props).
 */
function resumableRun(req: IncomingMessage, forwarded: Entry): boolean {
  if (forwarded['resumable'] === true) return true;
  return new URL(req.url ?? '/', 'http://localhost').searchParams.get('resumable') === '1';
}

/** Where a running run is held for `POST /ag-ui/:threadId/:runId/stop` (beside AI SDK chats). */
export const agUiControlKey = (threadId: string, runId: string): string =>
  `ag-ui:${JSON.stringify([threadId, runId])}`;

/** The `POST /ag-ui` handler. */
export function agUiRoute(runs: ProtocolRuns, relay: Relay, controls: ReplyControls) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const body = await readJson(req);
    if (!isRecord(body)) throw new Refusal(422, 'The body must be a RunAgentInput object.');
    const messages = Array.isArray(body['messages']) ? body['messages'].filter(isRecord) : [];
    const resume = Array.isArray(body['resume']) ? body['resume'].filter(isRecord) : [];
    const threadId = text(body['threadId']) ?? `thread_${pyId().slice(0, 24)}`;
    const header = req.headers['last-event-id'];
    const reopened = typeof header === 'string' && header !== '' ? parseRunEventId(header) : null;
    if (typeof header === 'string' && header !== '' && reopened === null) {
      throw new Refusal(422, '`Last-Event-ID` must be `<runId>:<seq>`, as this server sends it.');
    }
    const named = text(body['runId']);
    if (reopened) {
      if (named !== null && named !== reopened.runId) {
        throw new Refusal(422, '`Last-Event-ID` names another run than the input `runId`.');
      }
      // A reopened run: not a new one, whatever the input says.
      await replayRun(relay, threadId, reopened.runId, reopened.seq, res, SSE_HEADERS);
      return;
    }
    const runId = named ?? `run_${pyId().slice(0, 24)}`;
    const forwarded = isRecord(body['forwardedProps']) ? body['forwardedProps'] : {};
    const speed = requestSpeed(req, forwarded['speed']);
    const plan = planOf(messages, resume, runs);

    res.writeHead(200, SSE_HEADERS);
    res.flushHeaders();
    const log = new RunLog(relay, threadId, runId);
    const write = (event: AgUiEvent) => {
      const frame = log.record(event);
      if (!res.writableEnded && !res.destroyed) res.write(frame);
    };
    // The request, echoed as `RUN_STARTED.input` (so a recorded log holds the user's messages).
    const input: Entry = {
      threadId,
      runId,
      messages,
      tools: Array.isArray(body['tools']) ? body['tools'] : [],
      context: Array.isArray(body['context']) ? body['context'] : [],
      ...(resume.length > 0 ? { resume } : {}),
    };

    const parked = plan.kind === 'resume' ? plan.parked : null;
    const scenario = plan.kind === 'new' ? plan.scenario : null;
    const state: DemoAgentState = parked
      ? { ...(parked.extra as DemoAgentState), status: 'running' }
      : { scenario: scenario?.id ?? '', status: 'running', modelCalls: 0, tools: [] };
    const emitter = new AgUiEmitter({
      write,
      threadId,
      runId,
      origin: originOf(req),
      state,
      // The client's own tool message holds that result already.
      clientResults: parked?.wait === 'external' ? new Set([parked.call.id]) : undefined,
    });
    emitter.begin(input);

    if (plan.kind === 'stale') {
      write({ type: 'RUN_ERROR', message: plan.message, code: 'unknown_interrupt' });
      res.end();
      return;
    }

    const abort = new AbortController();
    // The client stopped reading (`abortRun()`, a closed tab): stop the run, unless it is to be
    // read again after a drop.
    if (!resumableRun(req, forwarded)) res.on('close', () => abort.abort());
    const resumeWith = plan.kind === 'resume' ? resumeInput(plan) : undefined;
    const done = runScripted({
      replyId: parked ? parked.reply.id : pyId(),
      reply: parked?.reply,
      speed,
      origin: originOf(req),
      signal: abort.signal,
      sink: (event) => emitter.onEvent(event),
      input: resumeWith,
      body: (turn) =>
        parked && resumeWith ? parked.resume(turn, resumeWith) : (scenario as Scenario).run(turn),
    });
    if (!runs.track(abort, done)) abort.abort();
    const control = new ReplyControl(abort);
    controls.add(agUiControlKey(threadId, runId), control);
    const end = await done;
    if (end.kind === 'park') {
      const extra = { ...emitter.agentState, status: 'waiting' };
      const scenarioId = parked?.scenarioId ?? scenario?.id ?? '';
      const calls = end.reply.content.filter((block) => block.type === 'tool_call');
      if (end.wait === 'confirm') {
        for (const interrupt of emitter.interrupts) {
          const call = calls.find((block) => block.id === interrupt.toolCallId);
          if (call) runs.park(interrupt.id, { ...end, call, scenarioId, extra });
        }
      } else {
        for (const call of calls.filter((block) => block.state === 'submitted')) {
          runs.park(`external:${call.id}`, { ...end, call, scenarioId, extra });
        }
      }
    }
    emitter.end(end);
    res.end();
    // Stop answers once the run is over and dropped: a resume after it is refused.
    if (control.stopped) await log.drop();
    controls.delete(agUiControlKey(threadId, runId), control);
    control.end(end.kind === 'park' ? 'waiting-for-tool-results' : 'finished');
  };
}
