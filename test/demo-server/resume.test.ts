/*
 * Replies that survive, at the HTTP level: the AI SDK route through `resumable-stream`
 * (`GET /api/chat/:id/stream` replays the running reply from its start) and AgentScope's stream
 * after `Last-Event-ID`, in memory and across two demo servers sharing one redis-server. The
 * texts are compared with the whole reply the same prompt gives when nothing is dropped.
 */
import type { UIMessage } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoServer } from '../../demo/server/app.js';
import { startDemoServer } from '../../demo/server/app.js';
import { aiSdkOracle, postSse, sseEvents } from './protocols.js';
import { twoServersOnRedis } from './redis-server.js';

const STORY = 'Tell me a long story';
let counter = 0;
const chatId = () => `resume-${process.pid}-${++counter}`;
const user = (text: string): UIMessage => ({
  id: `u-${++counter}`,
  role: 'user',
  parts: [{ type: 'text', text }],
});

const textOf = (message: UIMessage) =>
  message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');

/** Posts a resumable chat request and reads `bytes` characters of it, then drops it. */
async function startAndDrop(base: string, id: string, messages: UIMessage[], chars = 400) {
  const abort = new AbortController();
  const response = await fetch(`${base}/api/chat?speed=fast`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id, messages, trigger: 'submit-message', resumable: true }),
    signal: abort.signal,
  });
  const reader = (response.body as NonNullable<Response['body']>)
    .pipeThrough(new TextDecoderStream())
    .getReader();
  let read = '';
  while (read.length < chars) {
    const { value, done } = await reader.read();
    if (done) break;
    read += value;
  }
  abort.abort();
  return read;
}

async function resumeText(base: string, id: string) {
  const response = await fetch(`${base}/api/chat/${id}/stream`);
  expect(response.status).toBe(200);
  expect(response.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
  return response.text();
}

/** The story as a reply nothing interrupted. */
async function wholeStory(base: string): Promise<string> {
  const answer = await postSse(`${base}/api/chat`, {
    id: chatId(),
    messages: [user(STORY)],
    speed: 'firehose',
  });
  return textOf((await aiSdkOracle(answer.text)).message);
}

describe('in memory (one process)', { timeout: 60_000 }, () => {
  let server: DemoServer;
  beforeAll(async () => {
    server = await startDemoServer({ port: 0, heartbeatMs: 200 });
  });
  afterAll(() => server.close());

  it('the AI SDK reply goes on after the request is dropped, and resumes from its start', async () => {
    const whole = await wholeStory(server.url);
    const id = chatId();
    const sent = [user(STORY)];
    const first = await startAndDrop(server.url, id, sent);
    expect(first.length).toBeGreaterThan(0);
    const resumed = await aiSdkOracle(await resumeText(server.url, id));
    expect(resumed.errors).toEqual([]);
    expect(textOf(resumed.message)).toBe(whole);
    // Finished: nothing to resume, and the saved chat holds the reply.
    expect((await fetch(`${server.url}/api/chat/${id}/stream`)).status).toBe(204);
    const saved = (await (await fetch(`${server.url}/api/chat/${id}/messages`)).json()) as {
      messages: UIMessage[];
    };
    expect(saved.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(textOf(saved.messages[1] as UIMessage)).toBe(whole);
  });

  it('a chat with nothing running answers 204', async () => {
    expect((await fetch(`${server.url}/api/chat/${chatId()}/stream`)).status).toBe(204);
  });
});

describe('two demo servers on one redis-server', { timeout: 60_000 }, () => {
  const on = twoServersOnRedis();

  it('an AI SDK reply started on A resumes on B, whole and once', async () => {
    const whole = await wholeStory(on.a);
    const id = chatId();
    await startAndDrop(on.a, id, [user(STORY)]);
    const resumed = await aiSdkOracle(await resumeText(on.b, id));
    expect(textOf(resumed.message)).toBe(whole);
  });

  it('an approval asked on A is answered on B once: the second answer runs nothing', async () => {
    const id = chatId();
    const asked = await postSse(`${on.a}/api/chat`, {
      id,
      messages: [user('Delete the dist folder')],
      speed: 'firehose',
      resumable: true,
    });
    const waiting = (await aiSdkOracle(asked.text)).message;
    // B has the saved chat, with the call waiting for its answer.
    const saved = (await (await fetch(`${on.b}/api/chat/${id}/messages`)).json()) as {
      messages: UIMessage[];
    };
    const part = saved.messages.at(-1)?.parts.find((p) => p.type.startsWith('tool-')) as
      { state: string; approval: { id: string } } | undefined;
    expect(part?.state).toBe('approval-requested');
    const answered = {
      ...waiting,
      parts: waiting.parts.map((p) =>
        p.type.startsWith('tool-')
          ? {
              ...p,
              state: 'approval-responded',
              approval: { id: part?.approval.id, approved: true },
            }
          : p,
      ),
    } as UIMessage;
    const body = { id, messages: [user('Delete the dist folder'), answered], resumable: true };
    const first = await postSse(`${on.b}/api/chat?speed=firehose`, body);
    const ran = sseEvents(first.text).filter((e) => e.type === 'tool-output-available');
    expect(ran).toHaveLength(1);
    // The same answer again, on either process: an error, and the tool does not run again.
    for (const base of [on.a, on.b]) {
      const again = await postSse(`${base}/api/chat?speed=firehose`, body);
      const events = sseEvents(again.text);
      expect(events.filter((e) => e.type === 'tool-output-available')).toEqual([]);
      expect(events.some((e) => e.type === 'error')).toBe(true);
    }
  });

  it('AgentScope: a stream dropped on A continues on B after Last-Event-ID, nothing doubled', async () => {
    const session = `as-${chatId()}`;
    const post = (base: string, input: unknown) =>
      fetch(`${base}/chat/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ session_id: session, input, speed: 'fast' }),
      });
    const frames = (text: string) =>
      text
        .split('\n\n')
        .filter((f) => f.includes('data: '))
        .map((f) => {
          const lines = f.split('\n');
          const id = lines.find((l) => l.startsWith('id: '))?.slice(4) ?? null;
          const event = JSON.parse(
            lines.find((l) => l.startsWith('data: '))?.slice(6) ?? 'null',
          ) as { id: string; type: string; delta?: string };
          return { id, event };
        });
    const open = async (base: string, lastEventId?: string) => {
      const abort = new AbortController();
      const response = await fetch(`${base}/sessions/${session}/stream`, {
        headers: lastEventId ? { 'last-event-id': lastEventId } : {},
        signal: abort.signal,
      });
      const reader = (response.body as NonNullable<Response['body']>)
        .pipeThrough(new TextDecoderStream())
        .getReader();
      let text = '';
      return {
        async until(done: (text: string) => boolean) {
          while (!done(text)) {
            const { value, done: ended } = await reader.read();
            if (ended) break;
            text += value;
          }
          return text;
        },
        close: () => abort.abort(),
      };
    };
    const streamA = await open(on.a);
    expect(
      (await post(on.a, { role: 'user', name: 'user', content: [{ type: 'text', text: STORY }] }))
        .status,
    ).toBe(200);
    const before = frames(
      await streamA.until((t) => (t.match(/TEXT_BLOCK_DELTA/g) ?? []).length >= 20),
    );
    streamA.close();
    const last = before.at(-1);
    expect(last?.id).toBe(last?.event.id);
    const streamB = await open(on.b, last?.id ?? '');
    const after = frames(await streamB.until((t) => t.includes('"REPLY_END"')));
    streamB.close();
    const all = [...before, ...after].map((f) => f.event);
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    const text = all
      .filter((e) => e.type === 'TEXT_BLOCK_DELTA')
      .map((e) => e.delta)
      .join('');
    expect(text).toBe(await wholeStory(on.a));
  });
});
