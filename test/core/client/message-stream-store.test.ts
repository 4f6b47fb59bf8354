import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  MessageStreamConnect,
  MessageStreamOptions,
  MessageStreamSnapshot,
  MessageStreamStore,
} from '../../../src/core.js';
import { createMessageStreamStore, foldEvents, userMsg } from '../../../src/core.js';
import { must } from '../fold/helpers.js';
import { eventChannel } from '../../fixtures/event-channel.js';
import {
  longReply,
  offsetAfterEvent,
  parkedReply,
  recordedSession,
  toSseText,
} from '../../fixtures/stream-events.js';
import { manualFrames } from './manual-frames.js';

/** No jitter: the waits are exact, so the tests can step to the millisecond. */
const BACKOFF = { initialDelayMs: 1000, multiplier: 2, maxDelayMs: 30_000, jitter: 0 };

let stores: MessageStreamStore[] = [];

/** A store on a frame scheduler the test drives, with every snapshot it published. */
function createStore(options: MessageStreamOptions = {}) {
  const frames = manualFrames();
  const store = createMessageStreamStore({ ...options, frameScheduler: frames.scheduler });
  stores.push(store);
  const snapshots: MessageStreamSnapshot[] = [];
  store.subscribe(() => snapshots.push(store.getSnapshot()));
  return { store, frames, snapshots };
}

/** Lets fake time pass (promises settle in between): the connection runs, no frame is drawn. */
async function advance(ms = 0): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  for (const store of stores) store.close();
  stores = [];
  vi.useRealTimers();
});

describe('createMessageStreamStore: snapshots', () => {
  it('starts from initialMessages, idle, with no connection until start()', async () => {
    const history = [userMsg('Is the tree clean?', { id: 'u0' })];
    const open = vi.fn<MessageStreamConnect>(() => recordedSession());
    const { store, snapshots } = createStore({ source: open, initialMessages: history });

    expect(store.getSnapshot().conversation.messages).toEqual(history);
    expect(store.getSnapshot().status).toBe('connecting');
    await advance(1000);
    expect(open).not.toHaveBeenCalled();
    expect(snapshots).toEqual([]);
  });

  it('publishes one snapshot per frame, however many events arrive in it', () => {
    const { store, frames, snapshots } = createStore();
    const log = longReply(600);

    for (const event of log.slice(0, 300)) store.append(event);
    expect(snapshots).toHaveLength(0);
    expect(store.getSnapshot().conversation.eventCount).toBe(0);
    frames.frame();
    expect(snapshots).toHaveLength(1);
    expect(store.getSnapshot().conversation.eventCount).toBe(300);

    store.append(log.slice(300, 450));
    store.append(log.slice(450));
    frames.frame();
    expect(snapshots).toHaveLength(2);
    expect(store.getSnapshot().conversation.messages).toEqual(foldEvents(log).messages);
  });

  it('keeps the same snapshot object, and publishes nothing, when a frame changes nothing', () => {
    const { store, frames, snapshots } = createStore();
    const log = longReply(12);
    store.append(log);
    frames.frame();
    const before = store.getSnapshot();

    // The same events again are duplicates: the fold ignores them.
    store.append(log);
    frames.frame();

    expect(store.getSnapshot()).toBe(before);
    expect(snapshots).toHaveLength(1);
    expect(frames.pending).toBe(0);
  });

  it('stops calling a listener once it unsubscribes', () => {
    const { store, frames } = createStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.append(longReply(6).slice(0, 3));
    frames.frame();
    expect(listener).toHaveBeenCalledTimes(1);

    unsubscribe();
    store.append(longReply(6).slice(3));
    frames.frame();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('commits on a timer when no frame comes (a hidden tab)', async () => {
    const { store, frames, snapshots } = createStore();
    store.append(longReply(8));

    await advance(199);
    expect(snapshots).toHaveLength(0);
    await advance(1);
    expect(snapshots).toHaveLength(1);
    expect(store.getSnapshot().conversation.eventCount).toBe(8);
    expect(frames.pending).toBe(0);
  });

  it('runs without animation frames at all (a server, a worker) on a 16 ms timer', async () => {
    const store = createMessageStreamStore();
    stores.push(store);
    const listener = vi.fn();
    store.subscribe(listener);
    store.append(longReply(8));

    await advance(15);
    expect(listener).not.toHaveBeenCalled();
    await advance(1);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().conversation.eventCount).toBe(8);
  });

  it('folds queued events before messages added after them, and reset starts over', () => {
    const { store, frames } = createStore();
    const log = longReply(8, 'r1');
    store.append(log.slice(0, 3));
    store.addMessages(userMsg('next', { id: 'u2' }));
    frames.frame();
    expect(store.getSnapshot().conversation.messages.map((message) => message.id)).toEqual([
      'r1',
      'u2',
    ]);

    store.reset();
    frames.frame();
    expect(store.getSnapshot().conversation.messages).toEqual([]);
  });
});

describe('createMessageStreamStore: connecting', () => {
  it('reads a source after start(), streaming while it is open, then done', async () => {
    const log = recordedSession();
    const channel = eventChannel();
    const { store, frames } = createStore({ source: channel });

    store.start();
    await advance();
    frames.frame();
    expect(store.getSnapshot().status).toBe('streaming');

    channel.push(...log);
    channel.end();
    await advance();
    frames.frame();
    expect(store.getSnapshot().status).toBe('done');
    expect(store.getSnapshot().conversation.messages).toEqual(foldEvents(log).messages);
    expect(channel.opens).toBe(1);
  });

  it('opens one connection for start(), close(), start() in a row (StrictMode rehearses so)', async () => {
    const open = vi.fn<MessageStreamConnect>(() => eventChannel());
    const { store } = createStore({ source: open });

    store.start();
    store.close();
    store.start();
    await advance(60_000);

    expect(open).toHaveBeenCalledTimes(1);
  });

  it('stop() aborts the connection, keeps what arrived and reports idle', async () => {
    const channel = eventChannel();
    const open = vi.fn<MessageStreamConnect>(() => channel);
    const { store, frames } = createStore({ source: open });
    store.start();
    channel.push(...parkedReply().slice(0, 5));
    await advance();
    frames.frame();
    expect(store.getSnapshot().status).toBe('streaming');

    store.stop();
    await advance();
    frames.frame();

    expect(must(open.mock.calls[0])[0].aborted).toBe(true);
    expect(channel.returned).toBe(true);
    expect(store.getSnapshot().status).toBe('idle');
    expect(store.getSnapshot().conversation.eventCount).toBe(5);
  });

  it('waits longer after each quiet failure, and stops retrying after stop()', async () => {
    const open = vi.fn<MessageStreamConnect>(() => {
      throw new TypeError('offline');
    });
    const onError = vi.fn();
    const { store, frames } = createStore({ source: open, onError, reconnect: BACKOFF });
    store.start();

    await advance(999);
    expect(open).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(open).toHaveBeenCalledTimes(2);
    await advance(1999);
    expect(open).toHaveBeenCalledTimes(2);
    await advance(1);
    expect(open).toHaveBeenCalledTimes(3);
    frames.frame();
    expect(store.getSnapshot().status).toBe('connecting');
    expect(store.getSnapshot().error?.message).toBe('offline');
    expect(onError).toHaveBeenCalledTimes(3);

    store.stop();
    await advance(60_000);
    frames.frame();
    expect(open).toHaveBeenCalledTimes(3);
    expect(store.getSnapshot()).toMatchObject({ status: 'idle', error: null });
  });

  it('does not reopen a stream that ended after its reply finished', async () => {
    const open = vi.fn<MessageStreamConnect>(() => recordedSession());
    const { store, frames } = createStore({ source: open, reconnect: BACKOFF });
    store.start();

    await advance(60_000);
    frames.frame();

    expect(open).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().status).toBe('done');
  });

  it('fetches a URL source with the given fetch, and Last-Event-ID on reconnect', async () => {
    const log = recordedSession();
    const text = toSseText(log);
    const fetch = vi.fn((_url: string | URL | Request, init?: RequestInit) => {
      const resumed = new Headers(init?.headers).has('last-event-id');
      // The first response ends cleanly after event 4, with its reply still open.
      const bytes = new TextEncoder().encode(text);
      const body = resumed ? bytes : bytes.slice(0, offsetAfterEvent(log, 4));
      return Promise.resolve(
        new Response(body, {
          status: 200,
          headers: { 'content-type': 'text/event-stream' },
        }),
      );
    });
    const { store, frames } = createStore({
      source: '/sessions/s1/stream',
      fetch,
      headers: { authorization: 'Bearer token' },
      reconnect: BACKOFF,
    });
    store.start();

    await advance(1000);
    frames.frame();

    expect(fetch).toHaveBeenCalledTimes(2);
    const headers = fetch.mock.calls.map(([, init]) => new Headers(init?.headers));
    expect(headers[0]?.get('authorization')).toBe('Bearer token');
    expect(headers[0]?.get('accept')).toBe('text/event-stream');
    expect(headers[0]?.has('last-event-id')).toBe(false);
    expect(headers[1]?.get('last-event-id')).toBe(log[4]?.id);
    expect(store.getSnapshot().conversation.messages).toEqual(foldEvents(log).messages);
    expect(store.getSnapshot().status).toBe('done');
  });
});

describe('createMessageStreamStore: confirm', () => {
  it('hands a USER_CONFIRM_RESULT to onConfirm and rejects without a transport', async () => {
    const onConfirm = vi.fn();
    const { store } = createStore({ onConfirm });
    store.append(parkedReply());
    const toolCall = must(
      parkedReply()
        .flatMap((event) => (event.type === 'REQUIRE_USER_CONFIRM' ? event.tool_calls : []))
        .at(0),
    );

    await store.confirm({ toolCall, confirmed: true });
    expect(must(onConfirm.mock.calls[0])[0]).toMatchObject({
      type: 'USER_CONFIRM_RESULT',
      reply_id: 'r1',
    });

    store.setOptions({});
    await expect(store.confirm({ toolCall, confirmed: true })).rejects.toThrow(/onConfirm/);
  });
});
