/*
 * `POST /api/chat/:id/steer` and `/stop` on the AI SDK route: a steering message reaches the
 * running reply at its next step (the stream carries a `steering-message` part, and the scripted
 * model's next step answers it, naming the files it carries), Stop ends a resumable reply on the
 * server, and a chat with nothing running says so. In memory, and across two demo servers sharing one redis-server
 * (the request reaches the process that does not run the reply).
 */
import type { UIMessage } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoServer } from '../../demo/server/app.js';
import { startDemoServer } from '../../demo/server/app.js';
import { steeringAcknowledgement } from '../../demo/server/ai-sdk/route.js';
import { aiSdkOracle } from './protocols.js';
import { twoServersOnRedis } from './redis-server.js';

const STORY = 'Tell me a long story';
let counter = 0;
const chatId = () => `steer-${process.pid}-${++counter}`;
const user = (text: string): UIMessage => ({
  id: `u-${++counter}`,
  role: 'user',
  parts: [{ type: 'text', text }],
});

/** Starts a resumable reply and reads its first frames, keeping the response open. */
async function start(base: string, id: string) {
  const response = await fetch(`${base}/api/chat?speed=fast`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id, messages: [user(STORY)], resumable: true }),
  });
  const reader = (response.body as NonNullable<Response['body']>)
    .pipeThrough(new TextDecoderStream())
    .getReader();
  let text = '';
  while (!text.includes('text-delta')) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
  }
  return {
    /** The rest of the reply, to its end. */
    async rest() {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return text;
        text += value;
      }
    },
  };
}

const control = (base: string, id: string, op: 'steer' | 'stop', body?: unknown) =>
  fetch(`${base}/api/chat/${id}/${op}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? '' : JSON.stringify(body),
  });

const textOf = (message: UIMessage) =>
  message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');

/** The reply as the AI SDK reads it: where the steering part is, and the text after it. */
async function steeredReply(text: string) {
  const { message, errors } = await aiSdkOracle(text);
  expect(errors).toEqual([]);
  const at = message.parts.findIndex((part) => part.type === 'steering-message');
  const after = { ...message, parts: message.parts.slice(at + 1) };
  return { message, at, steering: message.parts[at], after: textOf(after) };
}

function runsSteerAndStop(servers: () => { run: string; ask: string }) {
  it('a steering message reaches the running reply, and its next step answers it', async () => {
    const { run, ask } = servers();
    const id = chatId();
    const reply = await start(run, id);
    const steered = await control(ask, id, 'steer', user('Make it about a lighthouse'));
    expect(steered.status).toBe(200);
    expect(await steered.json()).toMatchObject({ delivered: true });
    const { at, steering, after } = await steeredReply(await reply.rest());
    expect(at).toBeGreaterThan(0);
    expect(steering).toMatchObject({
      type: 'steering-message',
      parts: [{ type: 'text', text: 'Make it about a lighthouse' }],
    });
    expect(after).toContain(steeringAcknowledgement('Make it about a lighthouse'));
  });

  it('Stop ends a resumable reply on the server; then there is nothing to steer', async () => {
    const { run, ask } = servers();
    const id = chatId();
    const reply = await start(run, id);
    const stopped = await control(ask, id, 'stop');
    expect(stopped.status).toBe(200);
    expect(await stopped.json()).toEqual({ stopped: true });
    const { message } = await aiSdkOracle(await reply.rest());
    // Cut short: far from the whole story, and nothing left running to resume.
    expect(textOf(message).length).toBeLessThan(2000);
    expect((await fetch(`${run}/api/chat/${id}/stream`)).status).toBe(204);
    const late = await control(ask, id, 'steer', { text: 'too late' });
    expect(late.status).toBe(404);
    expect(await late.json()).toMatchObject({ error: 'no-active-run' });
  });

  it('a chat with nothing running answers 404 with a JSON error, to steer and to stop', async () => {
    const { ask } = servers();
    for (const op of ['steer', 'stop'] as const) {
      const answer = await control(ask, chatId(), op, { text: 'hello?' });
      expect(answer.status).toBe(404);
      expect(answer.headers.get('content-type')).toContain('application/json');
      expect(await answer.json()).toMatchObject({ error: 'no-active-run' });
    }
  });
}

describe('in memory (one process)', { timeout: 60_000 }, () => {
  let server: DemoServer;
  beforeAll(async () => {
    server = await startDemoServer({ port: 0, heartbeatMs: 200 });
  });
  afterAll(() => server.close());

  runsSteerAndStop(() => ({ run: server.url, ask: server.url }));

  it('refuses a steering message without text', async () => {
    const answer = await control(server.url, chatId(), 'steer', { parts: [] });
    expect(answer.status).toBe(422);
  });

  it('a steering message with files carries them, and the next step names them', async () => {
    const id = chatId();
    const reply = await start(server.url, id);
    const file = {
      type: 'file',
      mediaType: 'text/plain',
      filename: 'notes.txt',
      url: 'data:text/plain;base64,aGVsbG8=',
    };
    const steered = await control(server.url, id, 'steer', { text: 'Use these', files: [file] });
    expect(steered.status).toBe(200);
    const { steering, after } = await steeredReply(await reply.rest());
    expect(steering).toMatchObject({
      type: 'steering-message',
      parts: [{ type: 'text', text: 'Use these' }, file],
    });
    expect(after).toContain(steeringAcknowledgement('Use these', ['notes.txt']));
    expect(after).toContain('Noted: “Use these” (1 file: notes.txt).');
  });

  it('a message that comes after the reply ended is not delivered: 404', async () => {
    const id = chatId();
    const reply = await start(server.url, id);
    await reply.rest();
    expect((await control(server.url, id, 'steer', { text: 'after' })).status).toBe(404);
  });
});

describe('two demo servers on one redis-server', { timeout: 60_000 }, () => {
  const on = twoServersOnRedis();

  // The reply runs on A; steer and stop reach B, which relays them.
  runsSteerAndStop(() => ({ run: on.a, ask: on.b }));
});
