/*
 * What the app adds itself is recorded too: a store's `addMessages()` and `reset()` (the user's
 * own turns), the event an optimistic AgentScope decision folds ahead of the server, and the call
 * another protocol's driver settles here. A recording exported and imported elsewhere folds to
 * exactly what the store showed.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MessageStreamOptions, Msg, ToolCallBlock } from '../../../src/core.js';
import { createMessageStreamStore, foldEvents, userMsg } from '../../../src/core.js';
import type { RecorderHook, RecordingSession } from '../../../src/devtools.js';
import {
  createRecorder,
  describeEvent,
  exportRecording,
  foldRecording,
  importRecording,
  installRecorder,
} from '../../../src/devtools.js';
import { describeEvents } from '../../../src/devtools/panel/event-filter.js';
import {
  askingCall,
  longReply,
  parkedReply,
  recordedSession,
  resumedReply,
  toSseText,
} from '../../fixtures/stream-events.js';
import { manualFrames } from '../client/manual-frames.js';
import { must } from '../fold/helpers.js';

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

beforeAll(async () => {
  const { loadProtocol } = await import('../../../src/core/protocols/load-protocol.js');
  await import('../../../src/core/protocols/resolve-protocol.js');
  await loadProtocol('ag-ui');
});

function recording(): RecorderHook {
  const recorder = createRecorder();
  cleanups.push(installRecorder(recorder));
  return recorder;
}

function openStore(options: MessageStreamOptions) {
  const frames = manualFrames();
  const store = createMessageStreamStore({ ...options, frameScheduler: frames.scheduler });
  cleanups.push(() => store.close());
  const until = (check: () => void) =>
    vi.waitFor(
      () => {
        frames.frame();
        check();
      },
      { timeout: 10_000, interval: 5 },
    );
  return { store, frames, until };
}

const body = (text: string, type: string) =>
  new Response(text, { headers: { 'content-type': type } });

/** The session as a second machine reads it: exported (redacted, as by default), imported. */
const elsewhere = (session: RecordingSession | undefined) =>
  importRecording(exportRecording(must(session)).ndjson);

const callIn = (messages: readonly Msg[], id: string) =>
  must(
    messages
      .flatMap((msg) => msg.content)
      .find((block): block is ToolCallBlock => block.type === 'tool_call' && block.id === id),
  );

describe('recording what the app adds', () => {
  it("AgentScope: a reset, the user's turns, a streamed reply and an optimistic decision", async () => {
    const recorder = recording();
    let answer: (() => void) | undefined;
    const { store, frames, until } = openStore({
      source: body(toSseText(parkedReply()), 'text/event-stream'),
      optimistic: true,
      onConfirm: () => new Promise<void>((resolve) => (answer = resolve)),
    });
    store.reset([userMsg('Earlier question', { id: 'u0' })]);
    store.addMessages(userMsg('What is the git status?', { id: 'u1' }));
    store.start();
    await until(() => expect(store.getSnapshot().status).toBe('awaiting-confirmation'));
    const deciding = store.confirm({ toolCall: askingCall(), confirmed: true });
    frames.frame();
    // Folded ahead of the server: the call no longer asks while the answer is on its way.
    expect(callIn(store.getSnapshot().conversation.messages, 'call-1').state).not.toBe('asking');
    const [atDecision] = recorder.sessions();
    expect(foldRecording(elsewhere(atDecision)).messages).toEqual(
      store.getSnapshot().conversation.messages,
    );

    must(answer)();
    await deciding;
    store.append(resumedReply(null));
    store.addMessages(userMsg('Thanks!', { id: 'u2' }));
    frames.frame();

    const [session] = recorder.sessions();
    const kinds = must(session).events.map((event) => event.kind ?? 'frame');
    expect(kinds.slice(0, 2)).toEqual(['reset', 'add']);
    expect(kinds).toContain('event');
    expect(kinds.at(-1)).toBe('add');
    const shown = store.getSnapshot().conversation.messages;
    expect(shown.map((msg) => msg.id)).toEqual(['u0', 'u1', 'r1', 'u2']);
    expect(foldRecording(elsewhere(session)).messages).toEqual(shown);
  });

  it("AG-UI through the store: the user's turn, the stream, a call settled here", async () => {
    const recorder = recording();
    const log = read('demo/fixtures/ag-ui-demo.sse');
    // Up to the run that parks on an approval: the answer is ours to give.
    const parked = log.slice(
      0,
      log.indexOf('data: {"type":"RUN_STARTED"', log.indexOf('interrupt')),
    );
    const { store, frames, until } = openStore({
      source: body(parked, 'text/event-stream'),
      optimistic: true,
      onConfirm: () => undefined,
    });
    store.addMessages(userMsg('Which is larger, 9.11 or 9.9?', { id: 'user-1' }));
    store.start();
    await until(() => expect(store.getSnapshot().status).toBe('awaiting-confirmation'));
    const asking = must(
      store
        .getSnapshot()
        .conversation.messages.flatMap((msg) => msg.content)
        .find(
          (block): block is ToolCallBlock => block.type === 'tool_call' && block.state === 'asking',
        ),
    );
    await store.confirm({ toolCall: asking, confirmed: false });
    store.addMessages(userMsg('Why not?', { id: 'user-2' }));
    frames.frame();

    const shown = store.getSnapshot().conversation.messages;
    expect(callIn(shown, asking.id).state).not.toBe('asking');
    expect(shown.map((msg) => msg.id)).toEqual(expect.arrayContaining(['user-1', 'user-2']));
    const [session] = recorder.sessions();
    expect(session?.header.protocol).toBe('ag-ui');
    const kinds = must(session).events.map((event) => event.kind ?? 'frame');
    expect(kinds.filter((kind) => kind !== 'frame')).toEqual(['add', 'settle', 'add']);
    // The panel's event list tells them from the wire's frames.
    const types = describeEvents('ag-ui', must(session).events, describeEvent).map((d) => d.type);
    expect(types.filter((type) => type.startsWith('app: '))).toEqual([
      'app: add',
      'app: settle',
      'app: add',
    ]);
    expect(foldRecording(elsewhere(session)).messages).toEqual(shown);
  });

  it('AgentScope: a server that replays the history the app reset to folds it once', async () => {
    const recorder = recording();
    const history = foldEvents(recordedSession()).messages;
    const { store, until } = openStore({
      source: body(toSseText([...recordedSession(), ...longReply(5, 'r3')]), 'text/event-stream'),
    });
    store.reset(history);
    store.start();
    await until(() => expect(store.getSnapshot().status).toBe('done'));

    const shown = store.getSnapshot().conversation.messages;
    expect(shown.map((msg) => msg.id)).toEqual(['r1', 'r2', 'r3']);
    expect(foldRecording(elsewhere(recorder.sessions()[0])).messages).toEqual(shown);
  });

  it('reads a version 1 file (no kinds, no format version) as before', () => {
    const header = JSON.stringify({
      format: 'react-agent-messages.recording',
      protocol: 'agentscope',
      version: '0.1.0',
      startedAt: '2026-12-01T00:00:00.000Z',
    });
    const lines = parkedReply().map((frame, seq) =>
      JSON.stringify({ event: { seq, at: seq, frame, commit: 0 } }),
    );
    const session = importRecording([header, ...lines].join('\n'));
    expect(session.events.every((event) => event.kind === undefined)).toBe(true);
    expect(foldRecording(session).messages.map((msg) => msg.id)).toEqual(['r1']);
    expect(exportRecording(session).ndjson).toContain('"formatVersion":2');
  });

  it('refuses a newer format, or an event kind it does not know, naming the line', () => {
    const header = (formatVersion: number) =>
      JSON.stringify({
        format: 'react-agent-messages.recording',
        formatVersion,
        protocol: 'agentscope',
        version: '9.0.0',
        startedAt: '2026-12-01T00:00:00.000Z',
      });
    expect(() => importRecording(header(3))).toThrow(
      expect.objectContaining({ line: 1, message: expect.stringMatching(/newer/) }),
    );
    const odd = JSON.stringify({ event: { seq: 0, at: 0, frame: [], commit: 0, kind: 'poke' } });
    expect(() => importRecording(`${header(2)}\n${odd}`)).toThrow(
      expect.objectContaining({ line: 2, message: expect.stringMatching(/unknown event kind/) }),
    );
  });
});
