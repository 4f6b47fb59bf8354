/*
 * `createMessageStreamStore({ worker })`: the fold in a real Web Worker (src/fold-worker.ts, as
 * Vite serves it), against the same store folding on the page.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  AgentEvent,
  AgentScopeConversation,
  MessageStreamOptions,
  MessageStreamProtocolName,
  MessageStreamSnapshot,
  MessageStreamStore,
  UserConfirmResultEvent,
} from '../../src/core.js';
import { createMessageStreamStore } from '../../src/core.js';
import { must } from '../core/fold/helpers.js';
import { createEventFactory } from '../fixtures/events.js';
import { PROTOCOL_FRAMES } from '../fixtures/recordings.js';
import {
  recordedSession,
  resumedReply,
  parkedReply,
  toSseText,
} from '../fixtures/stream-events.js';
import { settled } from './settled.js';

const POLL = { timeout: 20_000 };
/** Starts the fold worker, and counts the workers started: a test that fell back would not tell. */
const foldWorker = vi.fn(
  () => new Worker(new URL('../../src/fold-worker.ts', import.meta.url), { type: 'module' }),
);

const stores: MessageStreamStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.stop();
});

function open(options: MessageStreamOptions): MessageStreamStore {
  const store = createMessageStreamStore(options);
  stores.push(store);
  store.start();
  return store;
}

/** What a user sees of a snapshot. */
function shown(snapshot: MessageStreamSnapshot) {
  const { conversation } = snapshot;
  // AgentScope's state is the conversation itself, with what only its events carry.
  const own =
    snapshot.protocol === 'agentscope' ? (snapshot.protocolState as AgentScopeConversation) : null;
  return {
    messages: conversation.messages,
    diagnostics: conversation.diagnostics,
    ownState: own && { same: own === conversation, custom: own.customEvents, id: own.lastEventId },
    pending: conversation.pendingConfirmations.map((p) => [p.replyId, p.toolCall.id]),
    status: snapshot.status,
    protocol: snapshot.protocol,
  };
}

const FRAMES: Record<MessageStreamProtocolName, () => unknown[]> = {
  ...PROTOCOL_FRAMES,
  // A CUSTOM event too: AgentScope's own state crosses beside the messages.
  agentscope: () => [
    ...recordedSession(),
    createEventFactory('w').custom('state_updated', { n: 1 }),
  ],
};

/** Frame lists cut into groups, each group appended in one call, some with a frame between. */
const groupings = (length: number) =>
  fc
    .array(fc.tuple(fc.nat({ max: length }), fc.boolean()), { maxLength: 12 })
    .map((cuts) => [...cuts].sort(([a], [b]) => a - b));

async function feed(store: MessageStreamStore, frames: unknown[], cuts: [number, boolean][]) {
  let start = 0;
  for (const [end, wait] of [...cuts, [frames.length, false] as [number, boolean]]) {
    store.append(frames.slice(start, Math.max(start, end)) as AgentEvent[]);
    start = Math.max(start, end);
    if (wait) await settled();
  }
}

describe('createMessageStreamStore({ worker })', () => {
  for (const name of Object.keys(FRAMES) as MessageStreamProtocolName[]) {
    it(`folds ${name} frames as the page does, however they are grouped`, async () => {
      const frames = FRAMES[name]();
      await fc.assert(
        fc.asyncProperty(groupings(frames.length), async (cuts) => {
          const onPage = open({ protocol: name });
          const onError = vi.fn();
          const started = foldWorker.mock.calls.length;
          const inWorker = open({ protocol: name, worker: foldWorker, onError });
          await Promise.all([feed(onPage, frames, cuts), feed(inWorker, frames, cuts)]);
          // Another protocol's driver is imported first: everything held folds at once after it.
          await expect
            .poll(() => onPage.getSnapshot().conversation.messages.length, POLL)
            .toBeGreaterThan(0);
          await settled();
          const expected = shown(onPage.getSnapshot());
          await expect.poll(() => shown(inWorker.getSnapshot()), POLL).toEqual(expected);
          expect(foldWorker.mock.calls.length).toBe(started + 1);
          expect(onError).not.toHaveBeenCalled();
          onPage.stop();
          inWorker.stop();
        }),
        { numRuns: 4 },
      );
    }, 120_000);
  }

  it('parses and folds a URL source in the worker, as the page does', async () => {
    const url = URL.createObjectURL(
      new Blob([toSseText(recordedSession(), true)], { type: 'text/event-stream' }),
    );
    const onPage = open({ source: url, reconnect: false });
    const inWorker = open({ source: url, reconnect: false, worker: foldWorker });
    await expect.poll(() => onPage.getSnapshot().status, POLL).toBe('done');
    const expected = shown(onPage.getSnapshot());
    await expect.poll(() => shown(inWorker.getSnapshot()), POLL).toEqual(expected);
    URL.revokeObjectURL(url);
  });

  it('reads a Response moved into the worker', async () => {
    const text = toSseText(recordedSession());
    const response = () => new Response(text, { headers: { 'content-type': 'text/event-stream' } });
    const onPage = open({ source: response() });
    const inWorker = open({ source: response(), worker: foldWorker });
    await expect.poll(() => onPage.getSnapshot().status, POLL).toBe('done');
    await expect
      .poll(() => shown(inWorker.getSnapshot()), POLL)
      .toEqual(shown(onPage.getSnapshot()));
  });

  it('keeps unchanged messages as they were: only changed ones are copied over', async () => {
    const inWorker = open({ protocol: 'agentscope', worker: foldWorker });
    inWorker.append(recordedSession());
    await expect.poll(() => inWorker.getSnapshot().status, POLL).toBe('idle');
    await expect.poll(() => inWorker.getSnapshot().conversation.messages.length, POLL).toBe(2);
    const [first, second] = inWorker.getSnapshot().conversation.messages;
    inWorker.addMessages({ ...must(second), id: 'u-2', role: 'user', content: [] });
    await expect.poll(() => inWorker.getSnapshot().conversation.messages.length, POLL).toBe(3);
    const after = inWorker.getSnapshot().conversation.messages;
    expect(after[0]).toBe(first);
    expect(after[1]).toBe(second);
    inWorker.reset([]);
    await expect.poll(() => inWorker.getSnapshot().conversation.messages, POLL).toEqual([]);
  });

  it('lets a closed store’s worker go, and a later start() picks up from what was shown', async () => {
    const events = recordedSession();
    const spawned = foldWorker.mock.calls.length;
    const store = open({ protocol: 'agentscope', worker: foldWorker });
    store.append(events.slice(0, 20));
    await expect.poll(() => store.getSnapshot().conversation.messages.length, POLL).toBe(1);
    store.close();
    // Past the second a closed store keeps its worker (StrictMode's rehearsal reopens at once).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    store.start();
    store.append(events.slice(20));
    expect(foldWorker.mock.calls.length).toBe(spawned + 2);
    const onPage = open({ protocol: 'agentscope' });
    onPage.append(events);
    await settled();
    await expect
      .poll(() => shown(store.getSnapshot()).messages, POLL)
      .toEqual(shown(onPage.getSnapshot()).messages);
  });

  it('answers a confirmation through the page’s onConfirm, and folds the server’s reply', async () => {
    const onConfirm = vi.fn((_event: UserConfirmResultEvent) => Promise.resolve());
    const store = open({ protocol: 'agentscope', worker: foldWorker, onConfirm });
    store.append(parkedReply());
    await expect.poll(() => store.getSnapshot().status, POLL).toBe('awaiting-confirmation');
    const [pending] = store.getSnapshot().conversation.pendingConfirmations;

    await store.confirm({ toolCall: must(pending).toolCall, confirmed: true });

    expect(onConfirm).toHaveBeenCalledTimes(1);
    const event = must(onConfirm.mock.calls[0])[0];
    expect(event).toMatchObject({
      type: 'USER_CONFIRM_RESULT',
      reply_id: 'r1',
      confirm_results: [{ confirmed: true, tool_call: { id: 'call-1' } }],
    });
    // Not optimistic: the call asks until the server publishes the decision back.
    await settled();
    expect(store.getSnapshot().conversation.pendingConfirmations).toHaveLength(1);
    store.append(resumedReply(event));
    await expect
      .poll(() => store.getSnapshot().conversation.pendingConfirmations, POLL)
      .toEqual([]);
    expect(store.getSnapshot().conversation.messages.at(-1)?.content.at(-1)).toMatchObject({
      type: 'text',
    });
  });

  it('rejects confirm() when the transport fails, and the call asks again', async () => {
    const onError = vi.fn();
    const onConfirm = vi.fn(() => Promise.reject(new Error('offline')));
    const store = open({
      protocol: 'agentscope',
      worker: foldWorker,
      onConfirm,
      onError,
      optimistic: true,
    });
    store.append(parkedReply());
    await expect.poll(() => store.getSnapshot().status, POLL).toBe('awaiting-confirmation');
    const [pending] = store.getSnapshot().conversation.pendingConfirmations;

    await expect(
      store.confirm({ toolCall: must(pending).toolCall, confirmed: true }),
    ).rejects.toThrow('offline');

    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'offline' }));
    await expect
      .poll(() => store.getSnapshot().conversation.pendingConfirmations.length, POLL)
      .toBe(1);
  });

  it('answers an AI SDK approval through the worker', async () => {
    const onConfirm = vi.fn(() => Promise.resolve());
    // The fixture up to its request to approve a call.
    const all = FRAMES['ai-sdk']();
    const request = all.findIndex(
      (frame) => (frame as { type?: unknown }).type === 'tool-approval-request',
    );
    const frames = all.slice(0, request + 1);
    const onPage = open({ protocol: 'ai-sdk' });
    const store = open({ protocol: 'ai-sdk', worker: foldWorker, onConfirm });
    onPage.append(frames as AgentEvent[]);
    store.append(frames as AgentEvent[]);
    await expect
      .poll(() => onPage.getSnapshot().conversation.pendingConfirmations.length, POLL)
      .toBe(1);
    await expect.poll(() => shown(store.getSnapshot()), POLL).toEqual(shown(onPage.getSnapshot()));
    const [pending] = store.getSnapshot().conversation.pendingConfirmations;
    await store.confirm({ toolCall: must(pending).toolCall, confirmed: false });
    expect(onConfirm).toHaveBeenCalledWith(
      expect.objectContaining({ id: expect.any(String), approved: false }),
    );
  });

  it('folds on the page when the worker cannot load, with the error to onError', async () => {
    const onError = vi.fn();
    const store = open({
      protocol: 'agentscope',
      onError,
      worker: () => new Worker('/no-such-fold-worker.js', { type: 'module' }),
    });
    store.append(recordedSession());
    await expect.poll(() => onError.mock.calls.length, POLL).toBeGreaterThan(0);
    expect(String(must(onError.mock.calls[0])[0])).toMatch(/folding on the main thread/);
    const onPage = open({ protocol: 'agentscope' });
    onPage.append(recordedSession());
    await settled();
    await expect.poll(() => shown(store.getSnapshot()), POLL).toEqual(shown(onPage.getSnapshot()));
  });

  it('folds on the page when the worker throws, keeping what it had shown', async () => {
    const onError = vi.fn();
    // A worker that folds nothing and dies at its first message.
    const script = URL.createObjectURL(
      new Blob(['self.onmessage = () => { throw new Error("boom"); };'], {
        type: 'text/javascript',
      }),
    );
    const events = recordedSession();
    const store = open({ protocol: 'agentscope', onError, worker: () => new Worker(script) });
    store.append(events.slice(0, 10));
    store.append(events.slice(10));
    await expect.poll(() => onError.mock.calls.length, POLL).toBeGreaterThan(0);
    expect(String(must(onError.mock.calls[0])[0])).toMatch(/boom/);
    const onPage = open({ protocol: 'agentscope' });
    onPage.append(events);
    await settled();
    await expect.poll(() => shown(store.getSnapshot()), POLL).toEqual(shown(onPage.getSnapshot()));
    URL.revokeObjectURL(script);
  });

  it('folds on the page when the worker dies mid-stream: what it showed and what came after stay', async () => {
    const onError = vi.fn();
    const fold = new URL('../../src/fold-worker.ts', import.meta.url).href;
    // The real fold worker, which crashes once the page's third change has arrived.
    const script = URL.createObjectURL(
      new Blob(
        [
          `import ${JSON.stringify(fold)};
          self.addEventListener('message', (event) => {
            if (event.data.seq === 3) setTimeout(() => { throw new Error('crashed'); });
          });`,
        ],
        { type: 'text/javascript' },
      ),
    );
    const events = recordedSession();
    const store = open({
      protocol: 'agentscope',
      onError,
      worker: () => new Worker(script, { type: 'module' }),
    });
    store.append(events.slice(0, 20));
    await expect.poll(() => store.getSnapshot().conversation.messages.length, POLL).toBe(1);
    store.append(events.slice(20, 30));
    store.append(events.slice(30));
    await expect.poll(() => onError.mock.calls.length, POLL).toBeGreaterThan(0);
    expect(String(must(onError.mock.calls[0])[0])).toMatch(/crashed/);
    const onPage = open({ protocol: 'agentscope' });
    onPage.append(events);
    await settled();
    await expect
      .poll(() => shown(store.getSnapshot()).messages, POLL)
      .toEqual(shown(onPage.getSnapshot()).messages);
    URL.revokeObjectURL(script);
  });

  it('folds on the page, saying why, for options that cannot cross (a function source)', async () => {
    const onError = vi.fn();
    const events = recordedSession();
    const store = open({
      source: () => toSseStream(events),
      reconnect: false,
      onError,
      worker: foldWorker,
    });
    await expect.poll(() => store.getSnapshot().conversation.messages.length, POLL).toBe(2);
    expect(String(must(onError.mock.calls[0])[0])).toMatch(/cannot take a source/);
  });
});

function toSseStream(events: AgentEvent[]): Response {
  return new Response(toSseText(events), { headers: { 'content-type': 'text/event-stream' } });
}
