/*
 * The recorder behind the core's tap: what the real stream store and the AG-UI binding's store
 * report (every protocol's frames, commits, decisions with what was sent), the bounded ring, and
 * nothing at all when no hook is installed.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AgUiAgentLike, AgUiSubscriberLike } from '../../../src/ag-ui.js';
import { AgUiAgentStore } from '../../../src/bindings/ag-ui/agent-store.js';
import type { MessageStreamOptions } from '../../../src/core.js';
import { createMessageStreamStore } from '../../../src/core.js';
import { DEVTOOLS_HOOK_KEY } from '../../../src/core/client/devtools-hook.js';
import type { RecorderHook } from '../../../src/devtools.js';
import {
  createRecorder,
  exportRecording,
  foldRecording,
  importRecording,
  installRecorder,
} from '../../../src/devtools.js';
import {
  askingCall,
  parkedReply,
  recordedSession,
  toSseText,
} from '../../fixtures/stream-events.js';
import { manualFrames } from '../client/manual-frames.js';
import { CORPORA, corpusNamed } from './corpora.js';
import { must } from '../fold/helpers.js';

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function recording(options?: Parameters<typeof createRecorder>[0]): RecorderHook {
  const recorder = createRecorder(options);
  cleanups.push(installRecorder(recorder));
  return recorder;
}

function openStore(options: MessageStreamOptions) {
  const frames = manualFrames();
  const store = createMessageStreamStore({ ...options, frameScheduler: frames.scheduler });
  cleanups.push(() => store.close());
  return { store, frames };
}

/** Lets the stream run, drawing frames, until `check` passes. */
async function until(frames: ReturnType<typeof manualFrames>, check: () => void): Promise<void> {
  await vi.waitFor(
    () => {
      frames.frame();
      check();
    },
    { timeout: 10_000, interval: 5 },
  );
}

const body = (text: string, type: string) =>
  new Response(text, { headers: { 'content-type': type } });

beforeAll(async () => {
  // The drivers the store imports on demand, loaded once.
  const { loadProtocol } = await import('../../../src/core/protocols/load-protocol.js');
  await import('../../../src/core/protocols/resolve-protocol.js');
  for (const name of ['ai-sdk', 'ag-ui', 'agentflow', 'operator-use'] as const)
    await loadProtocol(name);
});

describe('the recorder: a real stream store, every protocol', () => {
  it.each([
    ['agentscope', () => body(toSseText(recordedSession()), 'text/event-stream')],
    ['ai-sdk', () => body(read('demo/fixtures/ai-sdk-demo.sse'), 'text/event-stream')],
    ['ag-ui', () => body(read('demo/fixtures/ag-ui-demo.sse'), 'text/event-stream')],
    [
      'agentflow',
      () => body(read('demo/fixtures/agentflow-stream.ndjson'), 'application/x-ndjson'),
    ],
    [
      'operator-use',
      () => body(read('demo/fixtures/operator-use-rpc-events.jsonl'), 'application/x-ndjson'),
    ],
  ] as const)(
    '%s: records what the store showed, and a second machine replays it',
    async (protocol, source) => {
      const recorder = recording();
      const { store, frames } = openStore({ source: source() });
      store.start();
      const corpus = must(
        CORPORA.find((item) => item.protocol === protocol && item.frames === 'stream'),
      );
      const expected = corpus.fold(corpus.log);
      await until(frames, () =>
        expect(store.getSnapshot().conversation.messages).toEqual(expected),
      );

      const [session] = recorder.sessions();
      expect(recorder.sessions()).toHaveLength(1);
      expect(session?.header).toMatchObject({
        protocol,
        label: 'message stream',
        frames: 'stream',
      });
      expect(session?.events.length).toBeGreaterThan(0);
      expect(session?.commits.length).toBeGreaterThan(0);
      expect(session?.commits.reduce((sum, commit) => sum + commit.events, 0)).toBeLessThanOrEqual(
        session?.events.length ?? 0,
      );
      const again = importRecording(exportRecording(must(session)).ndjson);
      expect(foldRecording(again).messages).toEqual(store.getSnapshot().conversation.messages);
    },
  );

  it('records the decision sent, with the event that went to onConfirm', async () => {
    const recorder = recording();
    const sent: unknown[] = [];
    const { store, frames } = openStore({
      source: parkedReply(),
      onConfirm: (event) => void sent.push(event),
    });
    store.start();
    await until(frames, () => expect(store.getSnapshot().status).toBe('awaiting-confirmation'));
    await store.confirm({ toolCall: askingCall(), confirmed: false });

    const decisions = recorder.sessions()[0]?.decisions;
    expect(decisions).toHaveLength(1);
    expect(decisions?.[0]).toMatchObject({ toolCallId: 'call-1', allowed: false });
    expect(decisions?.[0]?.sent).toBe(sent[0]);
  });
});

describe('the recorder: the AG-UI binding', () => {
  it('records every event the binding folds, and the resume it sends', async () => {
    const recorder = recording();
    const subscribers = new Set<AgUiSubscriberLike>();
    const runs: unknown[] = [];
    const agent: AgUiAgentLike = {
      messages: [],
      state: {},
      subscribe(subscriber) {
        subscribers.add(subscriber);
        return { unsubscribe: () => void subscribers.delete(subscriber) };
      },
      addMessage() {},
      runAgent: async (parameters) => void runs.push(parameters),
      abortRun() {},
    };
    const store = new AgUiAgentStore(agent);
    cleanups.push(store.attach());
    const log = corpusNamed('ag-ui: the demo log').log;
    const parked = log.slice(
      0,
      log.findIndex((event) => JSON.stringify(event).includes('"interrupt"')) + 1,
    );
    for (const event of parked)
      for (const subscriber of subscribers)
        subscriber.onEvent?.({
          event: event as { type: string },
          input: { messages: [], resume: [] },
        });
    const interrupt = await vi.waitFor(() => {
      const [open] = store.getSnapshot().fold.interrupts;
      expect(open).toBeDefined();
      return must(open);
    });
    await store.resolve({
      interrupt,
      entry: { interruptId: interrupt.id, status: 'resolved', payload: { approved: true } },
    });

    const [session] = recorder.sessions();
    expect(session?.header).toMatchObject({ protocol: 'ag-ui', label: 'useAgUiAgent' });
    expect(session?.events.map((event) => event.frame)).toEqual(parked);
    expect(foldRecording(must(session)).messages).toEqual(store.getSnapshot().fold.messages);
    expect(session?.decisions).toEqual([
      expect.objectContaining({
        toolCallId: interrupt.toolCallId,
        allowed: true,
        sent: (runs[0] as { resume: unknown }).resume,
      }),
    ]);
  });
});

describe('the recorder: the ring, start and stop', () => {
  function tapOf(recorder: RecorderHook) {
    return recorder.open({ label: 'test', frames: 'stream', protocol: () => 'ag-ui' });
  }

  it('keeps the newest events up to its capacity, counting the ones it dropped', () => {
    const recorder = createRecorder({ capacity: 5 });
    const tap = tapOf(recorder);
    for (let i = 0; i < 12; i++) tap.frame({ type: 'CUSTOM', name: 'n', value: i });
    tap.commit(1);
    const [session] = recorder.sessions();

    expect(recorder.capacity).toBe(5);
    expect(session?.dropped).toBe(7);
    expect(session?.events.map((event) => event.seq)).toEqual([7, 8, 9, 10, 11]);
    expect(session?.events.map((event) => (event.frame as { value: number }).value)).toEqual([
      7, 8, 9, 10, 11,
    ]);
    const back = importRecording(exportRecording(must(session)).ndjson);
    expect(back.dropped).toBe(7);
    expect(back.header.dropped).toBe(7);
    expect(back.events.map((event) => event.seq)).toEqual([7, 8, 9, 10, 11]);
  });

  it('records nothing while stopped, and forgets everything on clear', async () => {
    const recorder = createRecorder({ autoStart: false });
    const listener = vi.fn();
    recorder.subscribe(listener);
    const tap = tapOf(recorder);
    tap.frame({ type: 'RUN_STARTED' });
    expect(recorder.sessions()).toEqual([]);

    recorder.start();
    tap.frame({ type: 'RUN_STARTED' });
    const version = recorder.version();
    tap.frame({ type: 'RUN_FINISHED' });
    expect(recorder.version()).not.toBe(version);
    expect(recorder.sessions()[0]?.events).toHaveLength(2);
    // Listeners hear once per task, however many frames came.
    expect(listener).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(listener).toHaveBeenCalledTimes(1);

    recorder.clear();
    expect(recorder.sessions()).toEqual([]);
  });

  it('keeps the same session object until something changes', () => {
    const recorder = createRecorder();
    tapOf(recorder).frame({ type: 'RUN_STARTED' });
    expect(recorder.sessions()).toBe(recorder.sessions());
    expect(recorder.sessions()[0]).toBe(recorder.sessions()[0]);
  });
});

describe('without the hook', () => {
  it('a store keeps nothing: a recorder installed later hears nothing of it', async () => {
    expect(DEVTOOLS_HOOK_KEY in globalThis).toBe(false);
    const { store, frames } = openStore({
      source: toSseText(recordedSession()).length ? recordedSession() : [],
    });
    store.start();
    await until(frames, () => expect(store.getSnapshot().status).toBe('done'));

    const recorder = recording();
    store.append(must(recordedSession()[0]));
    frames.frame();
    expect(recorder.sessions()).toEqual([]);
    // A store made now is heard.
    const other = openStore({ source: recordedSession() });
    other.store.start();
    await until(other.frames, () => expect(recorder.sessions()).toHaveLength(1));
  });
});
