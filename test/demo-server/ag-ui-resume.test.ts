/*
 * AG-UI runs that survive a drop. The demo server's `POST /ag-ui` numbers its frames
 * `<runId>:<seq>` and keeps them in the relay; the stream store (`agUiProtocol`, as
 * `useMessageStream({ protocol: 'ag-ui' })` drives it) reopens a dropped run with the same body
 * and `Last-Event-ID`, here against another server process, and must fold the conversation the
 * same run gives when nothing is dropped: nothing missing, nothing twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageStreamSnapshot, Msg } from '../../src/core.js';
import type { AgUiState } from '../../src/ag-ui.js';
import { agUiProtocol } from '../../src/ag-ui.js';
import { createMessageStreamStore } from '../../src/core.js';
import type { DemoServer } from '../../demo/server/app.js';
import { startDemoServer } from '../../demo/server/app.js';
import { twoServersOnRedis } from './redis-server.js';
import { cutBody } from './cut-body.js';

const STORY = 'Tell me a long story';
let counter = 0;

/** A `RunAgentInput` for one user message, as `HttpAgent` would post it. */
function runInput(text: string, resumable = true) {
  const n = ++counter;
  return {
    threadId: `thread-${process.pid}-${n}`,
    runId: `run-${process.pid}-${n}`,
    messages: [{ id: `user-${n}`, role: 'user', content: text }],
    state: {},
    tools: [],
    context: [],
    forwardedProps: { resumable, speed: 'fast' },
  };
}

/** An SSE body's frames: each one's `id:` and the event in its `data:`. */
const framesOf = (text: string) =>
  text
    .split('\n\n')
    .filter((frame) => frame.includes('data: '))
    .map((frame) => ({
      id: /^id: (.*)$/m.exec(frame)?.[1] ?? null,
      event: JSON.parse(/^data: (.*)$/m.exec(frame)?.[1] ?? 'null') as { type: string },
    }));

interface Opened {
  url: string;
  lastEventId: string | null;
  body: unknown;
}

/**
 * A fetch for the store: the first request goes to `first` and its body fails after `cutAfter`
 * bytes, as a dropped connection does (mid-frame, most likely); later ones go to `then`.
 */
function droppingFetch(first: string, then: string, cutAfter = Infinity) {
  const opened: Opened[] = [];
  const fetchImpl = async (_url: unknown, init: RequestInit): Promise<Response> => {
    const headers = new Headers(init.headers);
    const target = opened.length === 0 ? first : then;
    opened.push({ url: target, lastEventId: headers.get('last-event-id'), body: init.body });
    const response = await fetch(`${target}/ag-ui`, init);
    if (opened.length > 1 || cutAfter === Infinity || !response.body) return response;
    return cutBody(response, cutAfter);
  };
  return { opened, fetch: fetchImpl };
}

/** Reads one run through the store until its run ended and the connection closed. */
async function readRun(
  input: ReturnType<typeof runInput>,
  fetchImpl: ReturnType<typeof droppingFetch>['fetch'],
  reconnect: { whenEnded?: 'always' } = {},
): Promise<MessageStreamSnapshot> {
  const store = createMessageStreamStore({
    source: 'http://demo.invalid/ag-ui',
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
    protocol: agUiProtocol,
    fetch: fetchImpl as never,
    reconnect: { initialDelayMs: 10, jitter: 0, ...reconnect },
    frameScheduler: {
      requestFrame: (callback) => setTimeout(callback, 0),
      cancelFrame: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
  });
  store.start();
  try {
    for (let waited = 0; waited < 40_000; waited += 20) {
      const snapshot = store.getSnapshot();
      const run = snapshot.protocolState as AgUiState | null;
      const settled = snapshot.status !== 'connecting' && snapshot.status !== 'streaming';
      if (run && run.status !== 'streaming' && run.status !== 'idle' && settled) {
        // Long enough for a wrongly scheduled reopen to have started.
        await new Promise((resolve) => setTimeout(resolve, 100));
        return store.getSnapshot();
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`the run did not end: ${store.getSnapshot().status}`);
  } finally {
    store.stop();
  }
}

/** What a reader sees of the messages, without the ids each run makes up. */
const shown = (messages: readonly Msg[]) =>
  messages.map((msg) => ({
    role: msg.role,
    blocks: msg.content.map((block) =>
      block.type === 'text' ? { text: block.text } : { type: block.type },
    ),
  }));

/** Drops a story run on `first` after `cutAfter` bytes, reopens it on `then`, compares it whole. */
async function dropAndReopen(first: string, then: string, cutAfter: number) {
  const whole = await readRun(runInput(STORY), droppingFetch(first, first).fetch);
  const input = runInput(STORY);
  const dropping = droppingFetch(first, then, cutAfter);
  const resumed = await readRun(input, dropping.fetch);

  expect(resumed.error).toBeNull();
  expect(dropping.opened.map((open) => open.url)).toEqual([first, then]);
  // The same run asked again: the same body, after the last whole frame read.
  expect(dropping.opened[1]?.body).toBe(dropping.opened[0]?.body);
  expect(dropping.opened[1]?.lastEventId).toMatch(new RegExp(`^${input.runId}:[1-9]\\d*$`));
  const state = resumed.protocolState as AgUiState;
  expect(state.status).toBe('done');
  expect(state.runs).toHaveLength(1);
  expect(shown(resumed.conversation.messages)).toEqual(shown(whole.conversation.messages));
  expect(resumed.conversation.diagnostics).toEqual(whole.conversation.diagnostics);
  const text = resumed.conversation.messages.at(-1)?.content.find((b) => b.type === 'text');
  expect(text?.type === 'text' && text.text.length).toBeGreaterThan(2 * cutAfter);
}

describe('in memory (one process)', { timeout: 90_000 }, () => {
  let server: DemoServer;
  beforeAll(async () => {
    server = await startDemoServer({ port: 0, heartbeatMs: 200 });
  });
  afterAll(() => server.close());

  it('a dropped run reopened with Last-Event-ID reads as the undropped one', async () => {
    await dropAndReopen(server.url, server.url, 1500);
  });

  it('every frame has the id <runId>:<seq>, counted from 1', async () => {
    const input = runInput('hello', false);
    const response = await fetch(`${server.url}/ag-ui`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    const frames = framesOf(await response.text());
    expect(frames.length).toBeGreaterThan(3);
    expect(frames.map((frame) => frame.id)).toEqual(
      frames.map((_, i) => `${input.runId}:${i + 1}`),
    );
    expect(frames.at(-1)?.event.type).toBe('RUN_FINISHED');
  });

  it('reopening after the last frame answers nothing more and starts no run', async () => {
    const input = runInput('hello');
    const post = (lastEventId?: string) =>
      fetch(`${server.url}/ag-ui`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
        },
        body: JSON.stringify(input),
      });
    const first = framesOf(await (await post()).text());
    expect(first.at(-1)?.event.type).toBe('RUN_FINISHED');
    const again = await post(`${input.runId}:${first.length}`);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe('');
    const tail = framesOf(await (await post(`${input.runId}:${first.length - 2}`)).text());
    expect(tail).toEqual(first.slice(-2));
  });

  it('refuses a run it does not hold, and an id that is not one of its own', async () => {
    const input = runInput('hello');
    const post = (lastEventId: string) =>
      fetch(`${server.url}/ag-ui`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'last-event-id': lastEventId },
        body: JSON.stringify(input),
      });
    expect((await post(`${input.runId}:3`)).status).toBe(404);
    expect((await post('not-an-id')).status).toBe(422);
    expect((await post('another-run:3')).status).toBe(422);
  });

  it('a run parked on an approval ended its request: the store does not reopen it', async () => {
    const opened = droppingFetch(server.url, server.url);
    const parked = await readRun(runInput('Delete the dist folder'), opened.fetch, {
      whenEnded: 'always',
    });
    expect((parked.protocolState as AgUiState).status).toBe('interrupted');
    expect(parked.status).toBe('awaiting-confirmation');
    expect(opened.opened).toHaveLength(1);
  });
});

describe('two demo servers on one redis-server', { timeout: 90_000 }, () => {
  const on = twoServersOnRedis();

  it('a run dropped on A is reopened on B: the same conversation, nothing twice', async () => {
    await dropAndReopen(on.a, on.b, 1500);
  });
});
