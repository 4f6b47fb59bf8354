/*
 * `createMessageStreamStore({ worker })` over a session's life: the app's options change, the
 * store closes and starts again with another worker. The worker here is the real fold
 * (`serveFoldWorker`) on this thread, every message structured-cloned as a Worker's would be.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { MessageStreamOptions, MessageStreamStore } from '../../../src/core.js';
import { createApprovalPolicy, createMessageStreamStore } from '../../../src/core.js';
import { fromAiSdkMessages } from '../../../src/ai-sdk.js';
import type { FoldWorkerLike } from '../../../src/core/client/worker/fold-worker-types.js';
import { serveFoldWorker } from '../../../src/core/client/worker/serve-fold-worker.js';
import { recordedSession, toSseText } from '../../fixtures/stream-events.js';

const POLL = { timeout: 20_000 };

type Listener = (event: { readonly data: unknown }) => void;

/** Starts fold workers on this thread, each message copied and delivered in a task of its own. */
function inProcessWorkers() {
  const spawned: { terminated: boolean; fail(message: string): void }[] = [];
  /** What the workers received, by kind (`init`, `options`, `call`…). */
  const received: string[] = [];
  const delivered = (kind: string) => received.filter((t) => t === kind).length;
  // Typed as the platform's `Worker` for the options, which the store uses no more of than this.
  const spawn = (): never => {
    const toPage: Listener[] = [];
    const toWorker: Listener[] = [];
    const toErrors: ((event: { message?: string; preventDefault(): void }) => void)[] = [];
    // `fail` throws in the worker, as an uncaught error there reaches the page.
    const state = {
      terminated: false,
      fail: (message: string) => {
        for (const listener of toErrors) listener({ message, preventDefault: () => {} });
      },
    };
    spawned.push(state);
    const deliver = (listeners: Listener[], data: unknown) =>
      setTimeout(() => {
        if (!state.terminated) for (const listener of listeners) listener({ data });
      }, 0);
    serveFoldWorker({
      postMessage: (message) => deliver(toPage, structuredClone(message)),
      addEventListener: (_type, listener) => void toWorker.push(listener),
    });
    const worker: FoldWorkerLike = {
      postMessage: (message, transfer) => {
        const copy = structuredClone(message, { transfer: transfer as Transferable[] });
        deliver(toWorker, copy);
        setTimeout(() => received.push((copy as { t: string }).t), 0);
      },
      addEventListener: (type: string, listener: (event: never) => void) => {
        if (type === 'message') toPage.push(listener as Listener);
        if (type === 'error') toErrors.push(listener as (typeof toErrors)[number]);
      },
      terminate: () => void (state.terminated = true),
    };
    return worker as never;
  };
  return { spawn, spawned, delivered };
}

const stores: MessageStreamStore[] = [];
const servers: Server[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.stop();
  for (const server of servers.splice(0)) server.close();
});

function create(options: MessageStreamOptions): MessageStreamStore {
  const store = createMessageStreamStore(options);
  stores.push(store);
  return store;
}

const AI_SDK_LOG = readFileSync(
  new URL('../../../demo/fixtures/ai-sdk-demo.sse', import.meta.url),
  'utf8',
);
const sse = (body: string | ReadableStream<Uint8Array>) =>
  new Response(body, { headers: { 'content-type': 'text/event-stream' } });

describe('a worker store over a session', () => {
  it('keeps the initial history for the protocol the stream tells, after the app changed headers', async () => {
    const history = [
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Which is larger, 9.11 or 9.9?' }] },
      { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'Let me think.' }] },
    ];
    const options = { initialHistory: history, reconnect: false as const };
    const onPage = create({ ...options, source: sse(AI_SDK_LOG) });
    onPage.start();
    const { spawn, delivered } = inProcessWorkers();
    // The server's first frame, which tells the protocol (AI SDK), comes when the test says.
    let server!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => void (server = controller),
    });
    const source = sse(body);
    const inWorker = create({ ...options, source, worker: spawn });
    inWorker.start();
    await expect.poll(() => delivered('call'), POLL).toBe(1);
    // A token refreshed while the stream is connecting.
    inWorker.setOptions({
      ...options,
      source,
      headers: { authorization: 'Bearer 2' },
      worker: spawn,
    });
    await expect.poll(() => delivered('options'), POLL).toBe(1);
    server.enqueue(new TextEncoder().encode(AI_SDK_LOG));
    server.close();

    await expect.poll(() => onPage.getSnapshot().conversation.messages.length, POLL).toBe(6);
    const expected = onPage.getSnapshot().conversation.messages;
    expect(expected.slice(0, 2)).toEqual(fromAiSdkMessages(history).messages);
    await expect.poll(() => inWorker.getSnapshot().protocol, POLL).toBe('ai-sdk');
    await expect.poll(() => inWorker.getSnapshot().conversation.messages, POLL).toEqual(expected);
  }, 60_000);

  it('a retired worker’s successor connects again to a URL object source', async () => {
    const events = recordedSession();
    const served: string[] = [];
    const server = createServer((request, response) => {
      served.push(request.url ?? '');
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      // The first connection stays open after its events; the second has the rest.
      if (served.length === 1) response.write(toSseText(events.slice(0, 20)));
      else response.end(toSseText(events.slice(20)));
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const source = new URL(`http://127.0.0.1:${port}/stream`);
    const { spawn, spawned } = inProcessWorkers();
    const store = create({ source, protocol: 'agentscope', reconnect: false, worker: spawn });
    store.start();
    await expect.poll(() => store.getSnapshot().conversation.messages.length, POLL).toBe(1);

    store.close();
    // A closed store lets its worker go after a while; starting again starts another.
    await expect.poll(() => spawned[0]?.terminated, POLL).toBe(true);
    store.start();
    expect(spawned).toHaveLength(2);

    const onPage = create({ protocol: 'agentscope' });
    onPage.append(events);
    await expect.poll(() => onPage.getSnapshot().conversation.messages.length, POLL).toBe(2);
    await expect.poll(() => served.length, POLL).toBe(2);
    await expect
      .poll(() => store.getSnapshot().conversation.messages, POLL)
      .toEqual(onPage.getSnapshot().conversation.messages);
  }, 60_000);

  describe('keeps the initial history when the worker goes before the stream told the protocol', () => {
    const history = [
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Which is larger, 9.11 or 9.9?' }] },
      { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'Let me think.' }] },
    ];

    /** A server whose first connection stays silent (the agent thinks), the next ones send the log. */
    async function slowThenLog() {
      const served: string[] = [];
      const server = createServer((request, response) => {
        served.push(request.url ?? '');
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        if (served.length === 1) response.flushHeaders();
        else response.end(AI_SDK_LOG);
      });
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      return { served, source: `http://127.0.0.1:${port}/stream` };
    }

    /** What the same history and log show folded on this thread. */
    async function expected() {
      const onPage = create({ initialHistory: history, source: sse(AI_SDK_LOG), reconnect: false });
      onPage.start();
      await expect.poll(() => onPage.getSnapshot().conversation.messages.length, POLL).toBe(6);
      const { messages } = onPage.getSnapshot().conversation;
      expect(messages.slice(0, 2)).toEqual(fromAiSdkMessages(history).messages);
      return messages;
    }

    /** A store folding in a worker, connected (the worker said so), its protocol not told yet. */
    async function connected(
      { source, served }: Awaited<ReturnType<typeof slowThenLog>>,
      spawn: () => never,
      more: MessageStreamOptions = {},
    ) {
      const options: MessageStreamOptions = {
        ...more,
        initialHistory: history,
        source,
        reconnect: false,
        worker: spawn,
      };
      const store = create(options);
      store.start();
      await expect.poll(() => served.length, POLL).toBe(1);
      // Open, no reply in progress: the agent has not answered yet.
      await expect.poll(() => store.getSnapshot().status, POLL).toBe('done');
      expect(store.getSnapshot().protocol).toBeNull();
      return { store, options };
    }

    it('a retired worker’s successor', async () => {
      const server = await slowThenLog();
      const { spawn, spawned } = inProcessWorkers();
      const { store } = await connected(server, spawn);
      // The chat is put away, and shown again after its worker was let go.
      store.close();
      await expect.poll(() => spawned[0]?.terminated, POLL).toBe(true);
      store.start();
      expect(spawned).toHaveLength(2);

      const messages = await expected();
      await expect.poll(() => server.served.length, POLL).toBe(2);
      await expect.poll(() => store.getSnapshot().protocol, POLL).toBe('ai-sdk');
      await expect.poll(() => store.getSnapshot().conversation.messages, POLL).toEqual(messages);
    }, 60_000);

    it('the store on the page, after the worker failed', async () => {
      const server = await slowThenLog();
      const { spawn, spawned } = inProcessWorkers();
      const errors: string[] = [];
      const onError = (error: Error) => void errors.push(error.message);
      const { store } = await connected(server, spawn, { onError });
      spawned[0]?.fail('out of memory');
      expect(errors).toEqual(['useMessageStream: folding on the main thread: out of memory']);

      const messages = await expected();
      await expect.poll(() => store.getSnapshot().protocol, POLL).toBe('ai-sdk');
      await expect.poll(() => store.getSnapshot().conversation.messages, POLL).toEqual(messages);
    }, 60_000);

    it('the store on the page, after the app set an option the worker cannot take', async () => {
      const server = await slowThenLog();
      const { spawn } = inProcessWorkers();
      const { store, options } = await connected(server, spawn);
      // The user turns on automatic approvals while the agent thinks: an approval policy folds here.
      store.setOptions({ ...options, approvalPolicy: createApprovalPolicy() });

      const messages = await expected();
      await expect.poll(() => store.getSnapshot().protocol, POLL).toBe('ai-sdk');
      await expect.poll(() => store.getSnapshot().conversation.messages, POLL).toEqual(messages);
    }, 60_000);
  });
});
