import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  MessageStreamAnswer,
  MessageStreamOptions,
  MessageStreamStore,
  Msg,
} from '../../../src/core.js';
import type { AgUiState } from '../../../src/ag-ui.js';
import { createApprovalPolicy, createMessageStreamStore, userMsg } from '../../../src/core.js';
import { createAiSdkSseDecoder } from '../../../src/core/protocols/ai-sdk/sse.js';
import { parseAgUiSse } from '../../../src/core/protocols/ag-ui/reduce.js';
import { aiSdkProtocol, foldAiSdkStream, fromAiSdkMessages } from '../../../src/ai-sdk.js';
import { agUiProtocol, foldAgUiEvents } from '../../../src/ag-ui.js';
import { foldAgentFlowStream } from '../../../src/agentflow.js';
import { foldOperatorUseEvents } from '../../../src/operator-use.js';
import { recordedSession } from '../../fixtures/stream-events.js';
import { must } from '../fold/helpers.js';
import { manualFrames } from './manual-frames.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../demo/fixtures/${name}`, import.meta.url), 'utf8');
const AI_SDK_LOG = fixture('ai-sdk-demo.sse');
const AG_UI_LOG = fixture('ag-ui-demo.sse');

/** The frames of an AI SDK log, as its decoder reads them (chunk objects and `[DONE]`). */
function aiSdkFrames(text: string): unknown[] {
  const decoder = createAiSdkSseDecoder();
  return [...decoder.push(text), ...decoder.end()];
}

/** The first frames of a log, up to and including the first that `last` picks. */
function upTo(frames: readonly unknown[], last: (frame: unknown) => boolean): unknown[] {
  return frames.slice(0, frames.findIndex(last) + 1);
}

function typeOf(frame: unknown): unknown {
  return typeof frame === 'object' && frame !== null ? (frame as { type?: unknown }).type : frame;
}

/** A fetch response with this body in 97-byte pieces (cut anywhere, even in a character). */
function response(text: string, type = 'text/event-stream'): Response {
  const bytes = new TextEncoder().encode(text);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 97) controller.enqueue(bytes.slice(at, at + 97));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': type } });
}

async function* iterate(items: readonly unknown[]): AsyncGenerator<unknown> {
  for (const item of items) yield await Promise.resolve(item);
}

let stores: MessageStreamStore[] = [];

function createStore(options: MessageStreamOptions) {
  const frames = manualFrames();
  const store = createMessageStreamStore({ ...options, frameScheduler: frames.scheduler });
  stores.push(store);
  return { store, frames };
}

/** Lets the stream, the on-demand imports and the frames run (fake timers yield to I/O). */
async function drain(frames: ReturnType<typeof manualFrames>): Promise<void> {
  for (let i = 0; i < 40; i++) {
    await vi.advanceTimersByTimeAsync(1);
    frames.frame();
  }
}

/** Starts a store and reads its whole source. */
async function readAll(options: MessageStreamOptions) {
  const created = createStore(options);
  created.store.start();
  await drain(created.frames);
  return created;
}

// The store imports the resolver and the drivers on demand; loaded once here, before the fake
// clock, they resolve within the frames the tests draw.
beforeAll(async () => {
  const { loadProtocol } = await import('../../../src/core/protocols/load-protocol.js');
  await import('../../../src/core/protocols/resolve-protocol.js');
  for (const name of ['ai-sdk', 'ag-ui', 'agentflow', 'operator-use'] as const)
    await loadProtocol(name);
});

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  for (const store of stores) store.close();
  stores = [];
  vi.useRealTimers();
});

describe('createMessageStreamStore: the AI SDK UI message stream', () => {
  it('detects it from the first frames, says so, and folds an SSE response as foldAiSdkStream does', async () => {
    const { store } = await readAll({ source: response(AI_SDK_LOG) });
    const snapshot = store.getSnapshot();

    expect(snapshot.protocol).toBe('ai-sdk');
    expect(snapshot.diagnostics).toEqual([
      { code: 'protocol-detected', message: 'Detected ai-sdk from the first frames' },
    ]);
    expect(snapshot.conversation.messages).toEqual(foldAiSdkStream(AI_SDK_LOG).messages);
    expect(snapshot.conversation.messages.length).toBeGreaterThan(3);
    expect(snapshot.status).toBe('done');
  });

  it('folds an async iterable of chunks with the driver given, and reports nothing it was told', async () => {
    const chunks = aiSdkFrames(AI_SDK_LOG).filter((frame) => typeof frame !== 'string');
    const { store } = await readAll({ protocol: aiSdkProtocol, source: iterate(chunks) as never });
    const snapshot = store.getSnapshot();

    expect(snapshot.protocol).toBe('ai-sdk');
    expect(snapshot.diagnostics).toEqual([]);
    expect(snapshot.conversation.messages).toEqual(foldAiSdkStream(chunks).messages);
    expect(snapshot.protocolState).toMatchObject({ messages: snapshot.conversation.messages });
  });

  it('imports the driver when the protocol is named', async () => {
    const { store } = await readAll({ protocol: 'ai-sdk', source: response(AI_SDK_LOG) });

    expect(store.getSnapshot().protocol).toBe('ai-sdk');
    expect(store.getSnapshot().diagnostics).toEqual([]);
    expect(store.getSnapshot().conversation.messages).toEqual(foldAiSdkStream(AI_SDK_LOG).messages);
  });

  it('shows a call asking for approval, and confirm() hands { id, approved } to onConfirm', async () => {
    const prefix = upTo(aiSdkFrames(AI_SDK_LOG), (f) => typeOf(f) === 'tool-approval-request');
    const answers: MessageStreamAnswer[] = [];
    const { store } = await readAll({
      source: iterate(prefix) as never,
      onConfirm: (answer) => void answers.push(answer),
    });
    const [pending] = store.getSnapshot().conversation.pendingConfirmations;
    const request = prefix.at(-1) as { approvalId: string; toolCallId: string };

    expect(must(pending).toolCall.id).toBe(request.toolCallId);
    expect(store.getSnapshot().status).toBe('awaiting-confirmation');
    await store.confirm({ toolCall: must(pending).toolCall, confirmed: false });
    expect(answers).toEqual([{ id: request.approvalId, approved: false }]);
  });

  it('an approval policy answers the call once, and shows it answered until the next run says more', async () => {
    const prefix = upTo(aiSdkFrames(AI_SDK_LOG), (f) => typeOf(f) === 'tool-approval-request');
    const request = prefix.at(-1) as { approvalId: string; toolCallId: string };
    const start = prefix.find(
      (f) =>
        typeOf(f) === 'tool-input-start' &&
        (f as { toolCallId?: unknown }).toolCallId === request.toolCallId,
    ) as { toolName: string };
    const policy = createApprovalPolicy();
    policy.add(
      { tool_name: start.toolName, rule_content: null, behavior: 'allow', source: 'test' },
      { scope: 'session' },
    );
    const answers: MessageStreamAnswer[] = [];
    const { store } = await readAll({
      source: iterate(prefix) as never,
      approvalPolicy: policy,
      onConfirm: (answer) => void answers.push(answer),
    });
    const call = (messages: readonly Msg[]) =>
      messages
        .flatMap((m) => m.content)
        .find((b) => b.type === 'tool_call' && b.id === request.toolCallId);

    expect(answers).toEqual([{ id: request.approvalId, approved: true }]);
    expect(store.getSnapshot().conversation.pendingConfirmations).toEqual([]);
    expect(call(store.getSnapshot().conversation.messages)).toMatchObject({ state: 'allowed' });
  });

  it('puts an automatic answer that could not be sent back in front of the user', async () => {
    const prefix = upTo(aiSdkFrames(AI_SDK_LOG), (f) => typeOf(f) === 'tool-approval-request');
    const request = prefix.at(-1) as { toolCallId: string };
    const policy = createApprovalPolicy();
    for (const entry of prefix)
      if (typeOf(entry) === 'tool-input-start')
        policy.add(
          {
            tool_name: (entry as { toolName: string }).toolName,
            rule_content: null,
            behavior: 'allow',
            source: 'test',
          },
          { scope: 'session' },
        );
    let sends = 0;
    const { store } = await readAll({
      source: iterate(prefix) as never,
      approvalPolicy: policy,
      onError: () => {},
      onConfirm: () => {
        sends++;
        return Promise.reject(new Error('offline'));
      },
    });

    expect(sends).toBe(1);
    const [pending] = store.getSnapshot().conversation.pendingConfirmations;
    expect(must(pending).toolCall.id).toBe(request.toolCallId);
  });

  it('starts from UIMessage history given as initialHistory, converted by fromAiSdkMessages', () => {
    const history = [
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Which is larger, 9.11 or 9.9?' }] },
      { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: '9.9 is larger.' }] },
    ];
    const { store } = createStore({ protocol: aiSdkProtocol, initialHistory: history });

    expect(store.getSnapshot().conversation.messages).toEqual(fromAiSdkMessages(history).messages);
    expect(store.getSnapshot().status).toBe('idle');
  });

  it("keeps the user's turns in place: before the first frame, and after a reply", async () => {
    const { store, frames } = createStore({ source: response(AI_SDK_LOG) });
    store.addMessages(userMsg('Which is larger, 9.11 or 9.9?', { id: 'u1' }));
    store.start();
    await drain(frames);
    store.addMessages(userMsg('Thanks!', { id: 'u2' }));
    frames.frame();
    const { messages } = store.getSnapshot().conversation;
    const replies = foldAiSdkStream(AI_SDK_LOG).messages;

    expect(messages.map((msg) => msg.id)).toEqual(['u1', ...replies.map((msg) => msg.id), 'u2']);
    expect(messages.slice(1, -1)).toEqual(replies);
  });

  it('never reopens a finished run, and never sends a Last-Event-ID', async () => {
    const opens: (string | null)[] = [];
    await readAll({
      protocol: 'ai-sdk',
      reconnect: { whenEnded: 'always', initialDelayMs: 1, jitter: 0 },
      source: (_signal, lastEventId) => {
        opens.push(lastEventId);
        return response(AI_SDK_LOG);
      },
    });
    expect(opens).toEqual([null]);
  });
});

describe('createMessageStreamStore: AG-UI events', () => {
  it('detects them from the first frames and folds an SSE response as foldAgUiEvents does', async () => {
    const { store } = await readAll({ source: response(AG_UI_LOG) });
    const snapshot = store.getSnapshot();
    const expected = foldAgUiEvents(AG_UI_LOG);

    expect(snapshot.protocol).toBe('ag-ui');
    expect(snapshot.diagnostics.map((d) => d.message)).toEqual([
      'Detected ag-ui from the first frames',
    ]);
    expect(snapshot.conversation.messages).toEqual(expected.messages);
    expect((snapshot.protocolState as AgUiState).state).toEqual(expected.state);
  });

  it('confirm() hands the resume list for the interrupt to onConfirm', async () => {
    const prefix = upTo(parseAgUiSse(AG_UI_LOG).events, (event) => {
      const outcome = (event as { outcome?: { type?: unknown } }).outcome;
      return typeOf(event) === 'RUN_FINISHED' && outcome?.type === 'interrupt';
    });
    const answers: MessageStreamAnswer[] = [];
    const { store } = await readAll({
      protocol: agUiProtocol,
      source: iterate(prefix) as never,
      onConfirm: (answer) => void answers.push(answer),
    });
    const [interrupt] = (store.getSnapshot().protocolState as AgUiState).interrupts;
    const [pending] = store.getSnapshot().conversation.pendingConfirmations;

    expect(must(pending).toolCall.id).toBe(must(interrupt).toolCallId);
    await store.confirm({ toolCall: must(pending).toolCall, confirmed: true });
    expect(answers).toEqual([
      [{ interruptId: must(interrupt).id, status: 'resolved', payload: { approved: true } }],
    ]);
  });

  it('starts from AG-UI Message[] history given as initialHistory', () => {
    const history = [
      { id: 'u1', role: 'user', content: 'List the files' },
      { id: 'a1', role: 'assistant', content: 'Here they are.' },
    ];
    const { store } = createStore({ protocol: agUiProtocol, initialHistory: history });

    expect(store.getSnapshot().conversation.messages).toEqual(
      foldAgUiEvents([{ type: 'MESSAGES_SNAPSHOT', messages: history }]).messages,
    );
    expect(store.getSnapshot().conversation.messages).toHaveLength(2);
  });

  it('rejects confirm() for a call with no interrupt, and tells onError', async () => {
    const onError = vi.fn();
    const { store } = await readAll({
      protocol: 'ag-ui',
      source: iterate(parseAgUiSse(AG_UI_LOG).events.slice(0, 5)) as never,
      onConfirm: () => {},
      onError,
    });
    const toolCall = { type: 'tool_call', id: 'nope', name: 'Bash', input: '{}' } as never;
    await expect(store.confirm({ toolCall, confirmed: true })).rejects.toThrow(/nothing to answer/);
    expect(onError).toHaveBeenCalledTimes(1);
  });
});

describe('createMessageStreamStore: AgentFlow and Operator-Use', () => {
  it('detects an AgentFlow NDJSON stream and folds it as foldAgentFlowStream does', async () => {
    const log = fixture('agentflow-stream.ndjson');
    const { store } = await readAll({ source: response(log, 'application/x-ndjson') });

    expect(store.getSnapshot().protocol).toBe('agentflow');
    expect(store.getSnapshot().conversation.messages).toEqual(foldAgentFlowStream(log).messages);
  });

  it('detects Operator-Use RPC events and folds them as foldOperatorUseEvents does', async () => {
    const log = fixture('operator-use-rpc-events.jsonl');
    const lines = log.split('\n').filter((line) => line.trim() !== '');
    const { store } = await readAll({ source: response(log, 'application/x-ndjson') });

    expect(store.getSnapshot().protocol).toBe('operator-use');
    expect(store.getSnapshot().conversation.messages).toEqual(
      foldOperatorUseEvents(lines.map((line) => JSON.parse(line) as unknown)).messages,
    );
  });
});

describe('createMessageStreamStore: AgentScope by default', () => {
  it('reports AgentScope when it detects it, and reads its events as before', async () => {
    const log = recordedSession();
    const { store } = await readAll({ source: iterate(log) as never });

    expect(store.getSnapshot().protocol).toBe('agentscope');
    expect(store.getSnapshot().protocolState).toBe(store.getSnapshot().conversation);
    expect(store.getSnapshot().diagnostics.map((d) => d.message)).toEqual([
      'Detected agentscope from the first frames',
    ]);
    expect(store.getSnapshot().conversation.eventCount).toBe(log.length);
  });

  it('reports a junk first frame as AgentScope would, then reads the events after it', async () => {
    const log = recordedSession();
    const onDiagnostic = vi.fn();
    const { store } = await readAll({
      source: iterate([{ hello: 1 }, ...log]) as never,
      onDiagnostic,
    });

    expect(onDiagnostic).toHaveBeenCalledWith(expect.objectContaining({ code: 'invalid-event' }));
    expect(store.getSnapshot().protocol).toBe('agentscope');
    expect(store.getSnapshot().conversation.eventCount).toBe(log.length);
  });

  it("reads AgentScope's events without detection when told", async () => {
    const log = recordedSession();
    const { store } = await readAll({ protocol: 'agentscope', source: iterate(log) as never });

    expect(store.getSnapshot().protocol).toBe('agentscope');
    expect(store.getSnapshot().diagnostics).toEqual([]);
    expect(store.getSnapshot().conversation.eventCount).toBe(log.length);
  });
});
