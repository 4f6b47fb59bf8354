/*
 * `POST /ag-ui/:threadId/:runId/stop`: Stop in the demo's AG-UI mode. A resumable run goes on when
 * its request closes (that may be a drop), so the page names the run to stop: the run ends on the
 * server with `RUN_FINISHED` `outcome: cancelled`, is no longer kept (a resume of it gets 410),
 * and a run that is not running says so. In memory, and across two demo servers sharing one
 * redis-server (the stop reaches the process that does not run the reply).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoServer } from '../../demo/server/app.js';
import { startDemoServer } from '../../demo/server/app.js';
import { twoServersOnRedis } from './redis-server.js';

let counter = 0;

/** A resumable `RunAgentInput` (the long story by default), as the demo page's `HttpAgent` posts it. */
function runInput(content = 'Tell me a long story') {
  const n = ++counter;
  return {
    threadId: `stop-thread-${process.pid}-${n}`,
    runId: `stop-run-${process.pid}-${n}`,
    messages: [{ id: `user-${n}`, role: 'user', content }],
    state: {},
    tools: [],
    context: [],
    forwardedProps: { resumable: true, speed: 'fast' },
  };
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** An SSE body's events, in order. */
const eventsOf = (text: string) =>
  text
    .split('\n\n')
    .filter((frame) => frame.includes('data: '))
    .map(
      (frame) => JSON.parse(/^data: (.*)$/m.exec(frame)?.[1] ?? 'null') as Record<string, unknown>,
    );

/** Starts a run and reads it until its text streams, keeping the response open. */
async function start(base: string, input: ReturnType<typeof runInput>) {
  const response = await post(`${base}/ag-ui`, input);
  const reader = (response.body as NonNullable<Response['body']>)
    .pipeThrough(new TextDecoderStream())
    .getReader();
  let text = '';
  while (!text.includes('TEXT_MESSAGE_CONTENT')) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
  }
  return {
    /** The rest of the run, to its end. */
    async rest() {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return eventsOf(text);
        text += value;
      }
    },
  };
}

function runsStop(servers: () => { run: string; ask: string }) {
  it('Stop ends a resumable run on the server as cancelled; a resume of it gets 410', async () => {
    const { run, ask } = servers();
    const input = runInput();
    const reply = await start(run, input);
    const stopped = await post(`${ask}/ag-ui/${input.threadId}/${input.runId}/stop`, {});
    expect(stopped.status).toBe(200);
    expect(await stopped.json()).toEqual({ stopped: true });

    const events = await reply.rest();
    expect(events.at(-1)).toMatchObject({
      type: 'RUN_FINISHED',
      threadId: input.threadId,
      runId: input.runId,
      outcome: { type: 'cancelled' },
    });
    // Cut short: far from the whole story.
    const told = events
      .filter((event) => event['type'] === 'TEXT_MESSAGE_CONTENT')
      .map((event) => String(event['delta']))
      .join('');
    expect(told.length).toBeLessThan(2000);

    for (const base of [run, ask]) {
      const resumed = await post(`${base}/ag-ui`, input, { 'last-event-id': `${input.runId}:1` });
      expect(resumed.status).toBe(410);
    }
    const again = await post(`${ask}/ag-ui/${input.threadId}/${input.runId}/stop`, {});
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ error: 'no-active-run' });
  });

  it('a run that is not running answers 404 with a JSON error', async () => {
    const { ask } = servers();
    const { threadId, runId } = runInput();
    const answer = await post(`${ask}/ag-ui/${threadId}/${runId}/stop`, {});
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toContain('application/json');
    expect(await answer.json()).toMatchObject({ error: 'no-active-run' });
  });
}

describe('in memory (one process)', { timeout: 60_000 }, () => {
  let server: DemoServer;
  beforeAll(async () => {
    server = await startDemoServer({ port: 0, heartbeatMs: 200 });
  });
  afterAll(() => server.close());

  runsStop(() => ({ run: server.url, ask: server.url }));

  it('a run that ended on its own is not dropped by it: it can still be read again', async () => {
    const input = runInput('Hello');
    await (await start(server.url, input)).rest();
    const resumed = await post(`${server.url}/ag-ui`, input, {
      'last-event-id': `${input.runId}:1`,
    });
    expect(resumed.status).toBe(200);
    expect(eventsOf(await resumed.text()).at(-1)).toMatchObject({ type: 'RUN_FINISHED' });
  });
});

describe('two demo servers on one redis-server', { timeout: 60_000 }, () => {
  const on = twoServersOnRedis();

  // The run goes on A; the stop reaches B, which relays it.
  runsStop(() => ({ run: on.a, ask: on.b }));
});
