/*
 * Steering and stopping a running AI SDK reply (and stopping an AG-UI run, by the same means), as `streamText`'s `experimental_steering` does
 * for a real model: `POST /api/chat/:id/steer` adds the user's message at the reply's next step
 * boundary (the UI stream then carries a `steering-message` part, and the scripted model's next
 * step acknowledges it), and `POST /api/chat/:id/stop` aborts the run itself (a resumable reply
 * outlives its request, so the client stopping to read does not stop it).
 *
 * The controls of a run live in the process that runs it. On Redis the request may reach another
 * process: it is passed over pub/sub, the process holding the run says so at once and then
 * answers with the outcome, which the process the request reached sends back.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJson, sendJson } from '../http.js';
import { pyId } from '../protocol.js';
import type { Relay } from '../relay/relay.js';
import { Refusal } from '../session.js';

/** Why a steering message did not reach the run (the AI SDK's `SteeringNotDeliveredReason`). */
export type NotDelivered = 'finished' | 'waiting-for-tool-results' | 'aborted' | 'error';

/** What became of a steering message. */
export type SteerOutcome =
  | { type: 'delivered'; id: string; stepNumber: number }
  | { type: 'not-delivered'; id: string; reason: NotDelivered };

/** A file the user attached to a steering message: an AI SDK file part (a data URL). */
export interface SteeringFile {
  type: 'file';
  mediaType: string;
  url: string;
  filename?: string;
}

/** What the user steers with: their words and their files (either may be empty, not both). */
export interface SteeringInput {
  text: string;
  files: SteeringFile[];
}

interface Waiting extends SteeringInput {
  id: string;
  settle(outcome: SteerOutcome): void;
}

/** One running reply: its abort, and the steering messages waiting for its next step. */
export class ReplyControl {
  private waiting: Waiting[] = [];
  private ended: NotDelivered | null = null;
  private steps = 0;
  private stopping = false;
  private readonly finished: Promise<void>;
  private finish!: () => void;

  constructor(readonly abort: AbortController) {
    this.finished = new Promise((resolve) => (this.finish = resolve));
  }

  /** Queues `input` for the next step boundary; resolves once it is delivered or cannot be. */
  steer(input: SteeringInput, id = `steer_${pyId().slice(0, 16)}`): Promise<SteerOutcome> {
    if (this.ended) return Promise.resolve({ type: 'not-delivered', id, reason: this.ended });
    return new Promise((settle) => this.waiting.push({ id, ...input, settle }));
  }

  get pending(): boolean {
    return this.waiting.length > 0;
  }

  /** Takes the waiting messages for the step about to start (`stepNumber`, 1-based). */
  take(): { messages: Waiting[]; stepNumber: number } {
    const messages = this.waiting;
    this.waiting = [];
    return { messages, stepNumber: ++this.steps };
  }

  /** Counts a step that received no steering message. */
  step(): void {
    this.steps += 1;
  }

  /** Whether `stop()` ended the run (rather than its script, a dropped request or a shutdown). */
  get stopped(): boolean {
    return this.stopping;
  }

  /** Aborts the run; resolves once it has ended. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.abort.abort();
    await this.finished;
  }

  /** The run is over: what still waits is not delivered. */
  end(reason: NotDelivered): void {
    if (this.ended) return;
    this.ended = reason;
    for (const message of this.waiting) {
      message.settle({ type: 'not-delivered', id: message.id, reason });
    }
    this.waiting = [];
    this.finish();
  }
}

/** The runs this process holds, by chat id (the newest one for a chat wins). */
export class ReplyControls {
  private readonly byChat = new Map<string, ReplyControl>();

  add(chatId: string, control: ReplyControl): void {
    this.byChat.set(chatId, control);
  }

  get(chatId: string): ReplyControl | undefined {
    return this.byChat.get(chatId);
  }

  delete(chatId: string, control: ReplyControl): void {
    if (this.byChat.get(chatId) === control) this.byChat.delete(chatId);
  }
}

/* -------------------------------------------------------------------------------------------------
 * Routes
 * -----------------------------------------------------------------------------------------------*/

type Op = ({ op: 'steer' } & SteeringInput) | { op: 'stop' };

/** What a control request answers: an HTTP status and its JSON body. */
interface Answer {
  status: number;
  body: Record<string, unknown>;
}

const CONTROL = 'ram:ai-sdk:control';
const replyChannel = (requestId: string) => `ram:ai-sdk:control:${requestId}`;
/** How long a forwarded request waits for a process to say it holds the run. */
const HELD_TIMEOUT_MS = 1500;
/** How long it waits for the outcome then (a step can take a while at slow speed). */
const ANSWER_TIMEOUT_MS = 120_000;

const noRun = (chatId: string): Answer => ({
  status: 404,
  body: { error: 'no-active-run', detail: `Chat "${chatId}" has no reply running.` },
});

/** Acts on a run held here. */
async function act(control: ReplyControl, op: Op): Promise<Answer> {
  if (op.op === 'stop') {
    await control.stop();
    return { status: 200, body: { stopped: true } };
  }
  const outcome = await control.steer({ text: op.text, files: op.files });
  if (outcome.type === 'delivered') {
    return {
      status: 200,
      body: { delivered: true, id: outcome.id, stepNumber: outcome.stepNumber },
    };
  }
  return {
    status: 409,
    body: {
      error: 'not-delivered',
      reason: outcome.reason,
      detail: `The reply ended before the message reached it (${outcome.reason}).`,
    },
  };
}

/** Asks the other processes for the run of `chatId`; 404 when none holds it. */
async function forward(relay: Relay, chatId: string, op: Op): Promise<Answer> {
  const requestId = pyId();
  let onHeld!: () => void;
  let onAnswer!: (answer: Answer) => void;
  const held = new Promise<boolean>((resolve) => {
    onHeld = () => resolve(true);
    setTimeout(() => resolve(false), HELD_TIMEOUT_MS).unref();
  });
  const answered = new Promise<Answer>((resolve) => {
    onAnswer = resolve;
    setTimeout(
      () => resolve({ status: 504, body: { error: 'timeout', detail: 'No answer from the run.' } }),
      ANSWER_TIMEOUT_MS,
    ).unref();
  });
  const stop = await relay.listen(replyChannel(requestId), (text) => {
    const message = JSON.parse(text) as { kind: 'held' } | ({ kind: 'answer' } & Answer);
    if (message.kind === 'held') onHeld();
    else onAnswer({ status: message.status, body: message.body });
  });
  try {
    await relay.publish(CONTROL, JSON.stringify({ requestId, chatId, ...op }));
    return (await held) ? await answered : noRun(chatId);
  } finally {
    await stop();
  }
}

/** Answers control requests forwarded by other processes for the runs held here (on Redis). */
export function listenForControls(
  relay: Relay,
  controls: ReplyControls,
): Promise<() => Promise<void>> {
  return relay.listen(CONTROL, (text) => {
    let message: { requestId: string; chatId: string } & Op;
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return;
    }
    const control = controls.get(message.chatId);
    if (!control) return;
    const channel = replyChannel(message.requestId);
    void (async () => {
      await relay.publish(channel, JSON.stringify({ kind: 'held' }));
      const answer = await act(control, message);
      await relay.publish(channel, JSON.stringify({ kind: 'answer', ...answer }));
    })();
  });
}

/**
 * The user's words and files in a steer body: `{ text, files }` (what `useAiSdkChat`'s `steer`
 * receives), or a UIMessage's text and file parts.
 */
function steeringInput(body: unknown): SteeringInput {
  if (typeof body !== 'object' || body === null) return { text: '', files: [] };
  const record = body as Record<string, unknown>;
  const parts = Array.isArray(record['parts']) ? (record['parts'] as unknown[]) : [];
  const listed = Array.isArray(record['files']) ? (record['files'] as unknown[]) : [];
  const text =
    typeof record['text'] === 'string'
      ? record['text']
      : parts
          .map((part) => {
            const p = part as Record<string, unknown> | null;
            return p?.['type'] === 'text' && typeof p['text'] === 'string' ? p['text'] : '';
          })
          .join('\n');
  return { text: text.trim(), files: [...listed, ...parts].flatMap(fileOf) };
}

/** A well-formed file part, or nothing. */
function fileOf(part: unknown): SteeringFile[] {
  const p = part as Record<string, unknown> | null;
  if (p?.['type'] !== 'file' || typeof p['url'] !== 'string') return [];
  const mediaType = typeof p['mediaType'] === 'string' ? p['mediaType'] : '';
  const name = typeof p['filename'] === 'string' ? { filename: p['filename'] } : {};
  return [{ type: 'file', mediaType, url: p['url'], ...name }];
}

/**
 * `POST /api/chat/:id/steer` (body: a UIMessage, or `{ text, files }`) and `POST /api/chat/:id/stop`;
 * AG-UI's `POST /ag-ui/:threadId/:runId/stop` too, its runs held under `agUiControlKey`. 200 when done;
 * 404 when nothing runs under `chatId`; 409 when a steering message came too late (the reply
 * ended, or waits for a decision).
 */
export function replyControlRoute(relay: Relay, controls: ReplyControls, kind: Op['op']) {
  return async (req: IncomingMessage, res: ServerResponse, chatId: string): Promise<void> => {
    let op: Op = { op: 'stop' };
    if (kind === 'steer') {
      const input = steeringInput(await readJson(req));
      if (input.text === '' && input.files.length === 0) {
        throw new Refusal(422, 'A steering message needs text or a file.');
      }
      op = { op: 'steer', ...input };
    }
    const control = controls.get(chatId);
    const answer = control
      ? await act(control, op)
      : relay.kind === 'redis'
        ? await forward(relay, chatId, op)
        : noRun(chatId);
    sendJson(res, answer.status, answer.body);
  };
}
