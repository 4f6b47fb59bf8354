/*
 * AG-UI runs that can be read again. Each event of a run goes out as one SSE frame with the id
 * `<runId>:<seq>` (1, 2, … within the run) and is kept in the relay: appended to the run's log and
 * published live, in order. A POST of the same `RunAgentInput` carrying `Last-Event-ID` reads
 * that log after the id and then the live events until the run's end, on any process that shares
 * the relay (in memory: this one). A run's log is dropped a while after it ends.
 */
import type { ServerResponse } from 'node:http';
import type { Relay } from '../relay/relay.js';
import { RELAY_TTL_SECONDS } from '../relay/relay.js';
import { Refusal } from '../session.js';
import type { AgUiEvent } from './emit.js';

/** How long an ended run can still be read again. */
const KEPT_AFTER_END_MS = 5 * 60 * 1000;

const key = (threadId: string, runId: string, what: 'state' | 'log' | 'live') =>
  `ram:ag-ui:${threadId}:${runId}:${what}`;

/** One kept event: its place in the run and the event. */
interface Entry {
  seq: number;
  event: AgUiEvent;
}

/** Whether an event ends its run's stream. */
export const endsRun = (event: AgUiEvent): boolean =>
  event.type === 'RUN_FINISHED' || event.type === 'RUN_ERROR';

/** The SSE frame of a run's event: `id: <runId>:<seq>`, then its JSON. */
export const runFrame = (runId: string, seq: number, event: AgUiEvent): string =>
  `id: ${runId}:${seq}\ndata: ${JSON.stringify(event)}\n\n`;

/** Reads `Last-Event-ID` as `<runId>:<seq>` (a run id may hold colons); null when it is not one. */
export function parseRunEventId(header: string): { runId: string; seq: number } | null {
  const at = header.lastIndexOf(':');
  const seq = Number(header.slice(at + 1));
  if (at <= 0 || !Number.isSafeInteger(seq) || seq < 0) return null;
  return { runId: header.slice(0, at), seq };
}

/** The writing side: numbers a run's events and keeps them in the relay, in order. */
export class RunLog {
  private seq = 0;
  private chain: Promise<unknown>;

  constructor(
    private readonly relay: Relay,
    private readonly threadId: string,
    private readonly runId: string,
  ) {
    this.chain = relay.set(key(threadId, runId, 'state'), 'running', RELAY_TTL_SECONDS);
  }

  /** Keeps `event` and answers its frame. */
  record(event: AgUiEvent): string {
    this.seq += 1;
    const entry = JSON.stringify({ seq: this.seq, event } satisfies Entry);
    const { relay, threadId, runId } = this;
    this.then(async () => {
      await relay.append(key(threadId, runId, 'log'), entry);
      await relay.publish(key(threadId, runId, 'live'), entry);
    });
    if (endsRun(event)) {
      setTimeout(
        () =>
          this.then(() =>
            relay.setAndClear(
              key(threadId, runId, 'state'),
              'dropped',
              key(threadId, runId, 'log'),
            ),
          ),
        KEPT_AFTER_END_MS,
      ).unref();
    }
    return runFrame(runId, this.seq, event);
  }

  /** Drops the run now, once what it wrote is kept: the user stopped it, so a resume gets 410. */
  async drop(): Promise<void> {
    const { relay, threadId, runId } = this;
    this.then(() =>
      relay.setAndClear(key(threadId, runId, 'state'), 'dropped', key(threadId, runId, 'log')),
    );
    await this.chain;
  }

  private then(step: () => Promise<unknown>): void {
    this.chain = this.chain
      .then(step)
      .catch((error: unknown) => console.error(`relay: ${String(error)}`));
  }
}

/**
 * Answers a reopened run: its frames after `after`, then live ones, until the run's end. Refuses
 * (before anything is written) a run the relay does not hold: 404 for one it never saw, 410 for
 * one that ended long enough ago to be dropped. Live events are taken from before the log is
 * read, so none falls between the two; a frame already written is not written again.
 */
export async function replayRun(
  relay: Relay,
  threadId: string,
  runId: string,
  after: number,
  res: ServerResponse,
  headers: Record<string, string>,
): Promise<void> {
  const state = await relay.get(key(threadId, runId, 'state'));
  if (state === null) throw new Refusal(404, `This server has no run "${runId}" to resume.`);
  if (state !== 'running') {
    throw new Refusal(410, `Run "${runId}" ended and is no longer kept.`);
  }
  res.writeHead(200, headers);
  res.flushHeaders();
  let last = after;
  let ended = false;
  let stop = (): void => {};
  const write = (text: string) => {
    if (ended) return;
    const { seq, event } = JSON.parse(text) as Entry;
    if (seq > last) {
      last = seq;
      res.write(runFrame(runId, seq, event));
    }
    if (endsRun(event)) {
      ended = true;
      stop();
      res.end();
    }
  };
  let buffered: string[] | null = [];
  const stopLive = await relay.listen(key(threadId, runId, 'live'), (text) => {
    if (buffered) buffered.push(text);
    else write(text);
  });
  stop = () => void stopLive();
  res.on('close', stop);
  for (const text of await relay.range(key(threadId, runId, 'log'), 0)) write(text);
  for (const text of buffered) write(text);
  buffered = null;
}
