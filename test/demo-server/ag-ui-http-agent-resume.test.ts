/*
 * `@ag-ui/client`'s own `HttpAgent` through `createResumableAgUiFetch`, against the demo server's
 * `POST /ag-ui`: a connection cut mid-frame is reopened with `Last-Event-ID` (on another process
 * sharing redis too) and the agent folds the same conversation as an undropped run; the user's
 * abort is not retried; an id the server refuses fails the run with an error that says so.
 */
import { HttpAgent } from '@ag-ui/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Msg } from '../../src/core.js';
import type { AgUiState } from '../../src/ag-ui.js';
import { createResumableAgUiFetch, foldAgUiEvents } from '../../src/ag-ui.js';
import type { DemoServer } from '../../demo/server/app.js';
import { startDemoServer } from '../../demo/server/app.js';
import { twoServersOnRedis } from './redis-server.js';
import { cutBody } from './cut-body.js';

const STORY = 'Tell me a long story';

interface Opened {
  url: string;
  lastEventId: string | null;
  body: unknown;
}

/**
 * A fetch whose first answer's body fails after `cutAfter` bytes, as a dropped connection does
 * (mid-frame, most likely); that request goes to `first`, later ones to `then`. `answer` can
 * replace what a reopening gets.
 */
function droppingFetch(
  first: string,
  then: string,
  cutAfter = Infinity,
  answer?: (init: RequestInit) => Response | null,
  stall = false,
) {
  const opened: Opened[] = [];
  const fetchImpl = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    const target = opened.length === 0 ? first : then;
    opened.push({ url: target, lastEventId: headers.get('last-event-id'), body: init.body });
    const replaced = opened.length > 1 ? answer?.(init) : null;
    if (replaced) return replaced;
    const response = await fetch(`${target}${new URL(url, 'http://x').pathname}`, init);
    if (opened.length > 1 || cutAfter === Infinity || !response.body) return response;
    return cutBody(response, cutAfter, stall);
  };
  return { opened, fetch: fetchImpl };
}

let counter = 0;

/** Runs one user message through a real `HttpAgent`; answers the events it saw and how it ended. */
async function runAgent(
  fetchImpl: (url: string, init?: RequestInit) => Promise<Response>,
  idleTimeoutMs?: number,
) {
  const n = ++counter;
  const agent = new HttpAgent({
    url: '/ag-ui',
    threadId: `thread-http-${process.pid}-${n}`,
    fetch: createResumableAgUiFetch({
      fetch: fetchImpl,
      initialDelayMs: 10,
      maxAttempts: 3,
      idleTimeoutMs,
    }),
  });
  const events: unknown[] = [];
  agent.subscribe({ onEvent: ({ event }) => void events.push(event) });
  agent.addMessage({ id: `user-${n}`, role: 'user', content: STORY });
  let error: unknown = null;
  try {
    await agent.runAgent({
      runId: `run-http-${process.pid}-${n}`,
      forwardedProps: { resumable: true, speed: 'fast' },
    });
  } catch (caught) {
    error = caught;
  }
  return { agent, events, error, fold: foldAgUiEvents(events) };
}

/** What a reader sees of the messages, without the ids each run makes up. */
const shown = (messages: readonly Msg[]) =>
  messages.map((msg) => ({
    role: msg.role,
    blocks: msg.content.map((block) =>
      block.type === 'text' ? { text: block.text } : { type: block.type },
    ),
  }));

/** The text `HttpAgent` itself folded into its thread, by role. */
const threadOf = (agent: HttpAgent) =>
  agent.messages.map((message) => ({ role: message.role, content: message.content }));

/** The error the fold shows under the reply (the last message's), and on the run. */
const errorText = (fold: AgUiState) => {
  const shownOnReply = fold.messages.at(-1)?.error?.message ?? '';
  expect(fold.runs.at(-1)?.error?.message).toBe(shownOnReply);
  return shownOnReply;
};

async function dropAndReopen(first: string, then: string, cutAfter: number) {
  const whole = await runAgent(droppingFetch(first, first).fetch);
  expect(whole.error).toBeNull();
  const dropping = droppingFetch(first, then, cutAfter);
  const resumed = await runAgent(dropping.fetch);

  expect(resumed.error).toBeNull();
  expect(dropping.opened.map((open) => open.url)).toEqual([first, then]);
  expect(dropping.opened[1]?.body).toBe(dropping.opened[0]?.body);
  expect(dropping.opened[1]?.lastEventId).toMatch(/^run-http-\d+-\d+:[1-9]\d*$/);
  const state: AgUiState = resumed.fold;
  expect(state.status).toBe('done');
  expect(state.runs).toHaveLength(1);
  expect(shown(state.messages)).toEqual(shown(whole.fold.messages));
  expect(state.diagnostics).toEqual(whole.fold.diagnostics);
  expect(threadOf(resumed.agent)).toEqual(threadOf(whole.agent));
  const reply = String(resumed.agent.messages.at(-1)?.content ?? '');
  expect(reply.length).toBeGreaterThan(2 * cutAfter);
}

describe('HttpAgent with createResumableAgUiFetch, one process', { timeout: 90_000 }, () => {
  let server: DemoServer;
  beforeAll(async () => {
    server = await startDemoServer({ port: 0, heartbeatMs: 200 });
  });
  afterAll(() => server.close());

  it('a connection cut mid-frame is reopened: the same thread, nothing twice', async () => {
    await dropAndReopen(server.url, server.url, 1500);
  });

  it('a second drop, in the reopened stream too, still ends whole', async () => {
    const whole = await runAgent(droppingFetch(server.url, server.url).fetch);
    let opens = 0;
    // Cuts the first two answers: the original, and the first reopening.
    const twice = async (url: string, init: RequestInit = {}) => {
      opens += 1;
      return droppingFetch(server.url, server.url, opens <= 2 ? 900 : Infinity).fetch(url, init);
    };
    const resumed = await runAgent(twice);
    expect(resumed.error).toBeNull();
    expect(opens).toBe(3);
    expect(threadOf(resumed.agent)).toEqual(threadOf(whole.agent));
  });

  it('a connection that goes quiet without an error is reopened after idleTimeoutMs', async () => {
    const whole = await runAgent(droppingFetch(server.url, server.url).fetch);
    const stalled = droppingFetch(server.url, server.url, 1500, undefined, true);
    const resumed = await runAgent(stalled.fetch, 1000);
    expect(resumed.error).toBeNull();
    expect(stalled.opened).toHaveLength(2);
    expect(stalled.opened[1]?.lastEventId).toMatch(/:[1-9]\d*$/);
    expect(threadOf(resumed.agent)).toEqual(threadOf(whole.agent));
  });

  it("the user's abort is not retried", async () => {
    const opened = droppingFetch(server.url, server.url);
    const n = ++counter;
    const agent = new HttpAgent({
      url: '/ag-ui',
      threadId: `thread-abort-${n}`,
      fetch: createResumableAgUiFetch({ fetch: opened.fetch, initialDelayMs: 10 }),
    });
    let texts = 0;
    agent.subscribe({
      onEvent: ({ event }) => {
        if (event.type === 'TEXT_MESSAGE_CONTENT' && ++texts === 3) agent.abortRun();
      },
    });
    agent.addMessage({ id: `user-${n}`, role: 'user', content: STORY });
    await agent
      .runAgent({ forwardedProps: { resumable: true, speed: 'fast' } })
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(texts).toBeGreaterThanOrEqual(3);
    expect(opened.opened).toHaveLength(1);
  });

  it('an id the server refuses fails the run with an error that says so', async () => {
    // The reopening is answered as by a server that no longer keeps the run.
    const gone = droppingFetch(
      server.url,
      server.url,
      1500,
      () => new Response('Run ended and is no longer kept.', { status: 410 }),
    );
    const failed = await runAgent(gone.fetch);
    expect(gone.opened).toHaveLength(2);
    expect(failed.fold.status).toBe('error');
    expect(failed.events.at(-1)).toMatchObject({ type: 'RUN_ERROR', code: 'RESUME_REFUSED' });
    expect(errorText(failed.fold)).toMatch(/could not be resumed after run-http-\S+: HTTP 410/);
  });

  it('a server that keeps answering 503 is tried a bounded number of times', async () => {
    const busy = droppingFetch(
      server.url,
      server.url,
      1500,
      () => new Response('busy', { status: 503 }),
    );
    const failed = await runAgent(busy.fetch);
    // The first request, then `maxAttempts` (3) reopenings.
    expect(busy.opened).toHaveLength(4);
    expect(failed.events.at(-1)).toMatchObject({ type: 'RUN_ERROR', code: 'RESUME_FAILED' });
    expect(errorText(failed.fold)).toMatch(/3 attempts to resume it after \S+ failed/);
  });

  it('a server that keeps nothing (404) fails the run with its own words', async () => {
    // The reopening reaches a server without the run's log: the real demo server's 404.
    const other = await startDemoServer({ port: 0, heartbeatMs: 200 });
    try {
      const lost = droppingFetch(server.url, other.url, 1500);
      const failed = await runAgent(lost.fetch);
      expect(lost.opened).toHaveLength(2);
      expect(failed.fold.status).toBe('error');
      expect(errorText(failed.fold)).toMatch(/HTTP 404: .*no run .* to resume/);
    } finally {
      await other.close();
    }
  });
});

describe(
  'HttpAgent with createResumableAgUiFetch, two servers on redis',
  { timeout: 90_000 },
  () => {
    const on = twoServersOnRedis();

    it('a run dropped on A goes on from B: the same thread, nothing twice', async () => {
      await dropAndReopen(on.a, on.b, 1500);
    });
  },
);
