/*
 * `POST /ag-ui`: the scripted agent as an AG-UI 1.0 agent. Every run is made by `@ag-ui/client`'s
 * own `HttpAgent` against the server (it verifies the event order and fails a run on any event
 * out of place), and the events it received are folded by our `foldAgUiEvents`, which must agree
 * with the client's `agent.messages`, `agent.state` and `agent.pendingInterrupts`. The approval
 * round trip answers the interrupt with what `createAgUiResume` builds.
 */
import type { BaseEvent, Message } from '@ag-ui/client';
import { HttpAgent } from '@ag-ui/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Msg } from '../../src/core.js';
import type { AgUiState } from '../../src/ag-ui.js';
import { getReplyStatus } from '../../src/core.js';
import { createAgUiResume, foldAgUiEvents } from '../../src/ag-ui.js';
import type { DemoServer } from '../../demo/server/app.js';
import { startDemoServer } from '../../demo/server/app.js';
import { SCENARIOS } from '../../demo/server/scenarios.js';
import { postSse, sseEvents } from './protocols.js';

let server: DemoServer;
let base: string;
let counter = 0;

beforeAll(async () => {
  server = await startDemoServer({ port: 0, heartbeatMs: 50 });
  base = server.url;
});
afterAll(() => server.close());

/** An agent with a conversation, and our fold of every event it received. */
class Conversation {
  readonly agent = new HttpAgent({ url: `${base}/ag-ui`, threadId: `thread-${++counter}` });
  readonly events: BaseEvent[] = [];
  folded: AgUiState = foldAgUiEvents([]);
  error: string | null = null;

  /** Runs the agent (after adding a user message, when given); our fold follows its events. */
  async run(text: string | null, resume?: ReturnType<typeof createAgUiResume>): Promise<void> {
    if (text !== null) {
      this.agent.addMessage({ id: `user-${++counter}`, role: 'user', content: text });
    }
    const from = this.events.length;
    try {
      await this.agent.runAgent(
        { forwardedProps: { speed: 'firehose' }, ...(resume ? { resume } : {}) },
        { onEvent: ({ event }) => void this.events.push(structuredClone(event)) },
      );
      this.error = null;
    } catch (error) {
      this.error = error instanceof Error ? error.message : String(error);
    }
    this.folded = foldAgUiEvents(this.events.slice(from), this.folded);
  }

  get reply(): Msg | undefined {
    return this.folded.messages.findLast((msg) => msg.role === 'assistant');
  }
}

/** The client's messages, in the shape a reader compares. */
function clientShape(messages: readonly Message[]): string[] {
  return messages.map((message) => {
    if (message.role === 'assistant') {
      const calls = (message.toolCalls ?? []).map((call) => `+${call.function.name}`).join('');
      return `assistant:${message.content ?? ''}${calls}`;
    }
    if (message.role === 'tool') return `tool:${message.toolCallId}`;
    if (message.role === 'reasoning') return `reasoning:${message.content}`;
    if (message.role === 'activity') return `activity:${message.activityType}`;
    return `${message.role}:${typeof message.content === 'string' ? message.content : '[parts]'}`;
  });
}

/** Our messages, in the same shape. */
function ourShape(messages: readonly Msg[]): string[] {
  return messages.map((msg) => {
    const agUi = msg.metadata['ag_ui'] as { role?: string; activity_type?: string } | undefined;
    const role = agUi?.role ?? msg.role;
    const text = msg.content.map((block) =>
      block.type === 'text' ? block.text : block.type === 'thinking' ? block.thinking : '',
    );
    if (role === 'assistant') {
      const calls = msg.content.map((b) => (b.type === 'tool_call' ? `+${b.name}` : '')).join('');
      return `assistant:${text.join('')}${calls}`;
    }
    if (role === 'tool') {
      const result = msg.content.find((block) => block.type === 'tool_result');
      return `tool:${result?.id ?? ''}`;
    }
    if (role === 'activity') return `activity:${agUi?.activity_type ?? ''}`;
    return `${role}:${text.join('')}`;
  });
}

function expectSameAsClient(conversation: Conversation): void {
  expect(ourShape(conversation.folded.messages)).toEqual(clientShape(conversation.agent.messages));
  expect(conversation.folded.state).toEqual(conversation.agent.state);
  expect(conversation.folded.interrupts).toEqual(conversation.agent.pendingInterrupts);
}

describe('POST /ag-ui', () => {
  it('answers over SSE, one run from RUN_STARTED to RUN_FINISHED', async () => {
    const answer = await postSse(`${base}/ag-ui`, {
      threadId: 't',
      runId: 'r',
      messages: [{ id: 'u', role: 'user', content: 'Write a markdown report' }],
      forwardedProps: { speed: 'firehose' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/event-stream');
    const events = sseEvents(answer.text);
    expect(events[0]).toMatchObject({ type: 'RUN_STARTED', threadId: 't', runId: 'r' });
    expect(events[1]).toMatchObject({ type: 'STATE_SNAPSHOT', snapshot: { scenario: 'markdown' } });
    expect(events.at(-1)).toEqual(
      expect.objectContaining({ type: 'RUN_FINISHED', outcome: { type: 'success' } }),
    );
  });

  it('markdown: one assistant text message, the agent state done', async () => {
    const c = new Conversation();
    await c.run('Write a markdown report with code, a table and citations');
    expect(c.error).toBeNull();
    expect(c.agent.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(c.agent.messages[1]?.content).toContain('| Block | Streams? |');
    expect(c.agent.state).toEqual({
      scenario: 'markdown',
      status: 'done',
      modelCalls: 1,
      tools: [],
    });
    expect(c.folded.status).toBe('done');
    expect(c.folded.diagnostics).toEqual([]);
    expect(getReplyStatus(c.reply as Msg)).toBe('done');
    expectSameAsClient(c);
  });

  it('reasoning: a reasoning message, then the answer', async () => {
    const c = new Conversation();
    await c.run('Think it through: which is larger, 9.11 or 9.9?');
    expect(c.agent.messages.map((message) => message.role)).toEqual([
      'user',
      'reasoning',
      'assistant',
    ]);
    expect(c.agent.messages[1]?.content).toContain('9.90 - 9.11 = 0.79');
    expect(c.folded.messages[1]?.content[0]?.type).toBe('thinking');
    expectSameAsClient(c);
  });

  it('tools: a call, its result after it, and media as content parts', async () => {
    const c = new Conversation();
    await c.run('Show me an image, an audio clip, a video and a PDF');
    expect(c.error).toBeNull();
    const result = c.agent.messages.find((message) => message.role === 'tool');
    expect(Array.isArray(result?.content)).toBe(true);
    expect((result?.content as { type: string }[]).map((part) => part.type)).toEqual([
      'text',
      'image',
      'audio',
      'video',
      'document',
    ]);
    // The inline chart: an assistant message linking the same-origin image.
    expect(c.agent.messages.some((m) => String(m.content).includes('/media/chart.png'))).toBe(true);
    const ours = c.folded.messages.find((msg) => msg.role === 'tool');
    expect(ours?.content[0]?.type === 'tool_result' && ours.content[0].output).toHaveLength(5);
    expect(c.agent.state).toMatchObject({
      tools: [{ name: 'render_media', state: 'success' }],
      modelCalls: 2,
    });
    expectSameAsClient(c);
  });

  it('a failing tool: its result says why, the answer follows', async () => {
    const c = new Conversation();
    await c.run("What's the weather in Atlantis?");
    const result = c.agent.messages.find((message) => message.role === 'tool');
    expect(result?.content).toContain('not found');
    expect(c.agent.state).toMatchObject({ tools: [{ name: 'get_weather', state: 'error' }] });
    expectSameAsClient(c);
  });

  it('a provider error: RUN_ERROR, shown on the reply', async () => {
    const c = new Conversation();
    await c.run('Trigger a server error');
    expect(c.events.at(-1)).toMatchObject({ type: 'RUN_ERROR', code: 'upstream' });
    expect(c.folded.status).toBe('error');
    expect(c.reply?.finished_reason).toBe('error');
    expect(c.reply?.error?.message).toContain('HTTP 503');
    expect(ourShape(c.folded.messages)).toEqual(clientShape(c.agent.messages));
  });

  it('approval, approved: the run ends on an interrupt, the resume runs the tool', async () => {
    const c = new Conversation();
    await c.run('List the files in src with ls');
    expect(c.error).toBeNull();
    expect(c.events.at(-1)).toMatchObject({
      type: 'RUN_FINISHED',
      outcome: { type: 'interrupt' },
    });
    const [interrupt] = c.agent.pendingInterrupts;
    const call = c.reply?.content.find((block) => block.type === 'tool_call');
    expect(interrupt).toMatchObject({
      reason: 'tool_approval',
      toolCallId: call?.id,
      message: 'Allow Bash to run `ls -la src`?',
    });
    expect(call?.type === 'tool_call' && call.state).toBe('asking');
    expect(c.agent.state).toMatchObject({ status: 'waiting', tools: [{ state: 'asking' }] });
    expectSameAsClient(c);

    if (call?.type !== 'tool_call') throw new Error('no call');
    const resume = createAgUiResume(c.folded.interrupts, [{ toolCall: call, confirmed: true }]);
    expect(resume).toEqual([
      { interruptId: interrupt?.id, status: 'resolved', payload: { approved: true } },
    ]);
    await c.run(null, resume);
    expect(c.error).toBeNull();
    expect(c.agent.pendingInterrupts).toEqual([]);
    const result = c.agent.messages.find((message) => message.role === 'tool');
    expect(result?.content).toContain('components');
    expect(String(c.agent.messages.at(-1)?.content)).toContain('`src/` holds **4 folders**');
    expect(c.agent.state).toMatchObject({ status: 'done', tools: [{ state: 'success' }] });
    expect(c.folded.interrupts).toEqual([]);
    expect(c.folded.status).toBe('done');
    expectSameAsClient(c);
  });

  it('approval, denied: the resume reports the call declined and the answer says so', async () => {
    const c = new Conversation();
    await c.run('Delete the dist folder');
    const call = c.reply?.content.find((block) => block.type === 'tool_call');
    if (call?.type !== 'tool_call') throw new Error('no call');
    const resume = createAgUiResume(c.folded.interrupts, [{ toolCall: call, confirmed: false }]);
    await c.run(null, resume);
    expect(c.error).toBeNull();
    const result = c.agent.messages.find((message) => message.role === 'tool');
    expect(result?.content).toBe('The user declined this call, so it did not run.');
    expect(c.agent.messages.at(-1)?.content).toBe('Okay, I left `dist/` alone.');
    expect(c.agent.state).toMatchObject({ status: 'done', tools: [{ state: 'denied' }] });
    expectSameAsClient(c);

    // The interrupt was answered: answering it again is an error the run reports.
    await c.run(null, resume);
    expect(c.events.at(-1)).toMatchObject({ type: 'RUN_ERROR', code: 'unknown_interrupt' });
  });

  it('a tool the client runs: pendingToolCallIds, then its tool message continues the reply', async () => {
    const c = new Conversation();
    await c.run('What time zone is my browser in?');
    const finished = c.events.at(-1) as { outcome?: { pendingToolCallIds?: string[] } };
    const callId = finished.outcome?.pendingToolCallIds?.[0];
    expect(callId).toMatch(/^call_/);
    c.agent.addMessage({
      id: `tool-${++counter}`,
      role: 'tool',
      toolCallId: callId ?? '',
      content: '{"timeZone":"Europe/Paris"}',
    });
    await c.run(null);
    expect(c.error).toBeNull();
    expect(String(c.agent.messages.at(-1)?.content)).toContain('Europe/Paris');
    expect(c.agent.messages.filter((message) => message.role === 'tool')).toHaveLength(1);
    expectSameAsClient(c);
  });

  it('stopping: aborting the request ends the run', async () => {
    const abort = new AbortController();
    const response = await fetch(`${base}/ag-ui?speed=slow`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        messages: [{ id: 'u', role: 'user', content: 'Tell me a long story' }],
      }),
      signal: abort.signal,
    });
    expect((await response.body?.getReader().read())?.done).toBe(false);
    expect(server.runs.running).toBe(1);
    abort.abort();
    // At `slow` speed the story takes minutes: only the abort ends it within the test's timeout.
    while (server.runs.running > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  });

  it.each([...SCENARIOS.map((s) => [s.id, s.prompt]), ['help', 'Hello']])(
    'every scenario is a valid run the AG-UI client folds as we do (%s)',
    async (id, prompt) => {
      const c = new Conversation();
      await c.run(prompt);
      expect(c.error).toBeNull();
      expect(c.folded.diagnostics).toEqual([]);
      expect(c.agent.state).toMatchObject({ scenario: id });
      expect(ourShape(c.folded.messages)).toEqual(clientShape(c.agent.messages));
      expect(c.folded.state).toEqual(c.agent.state);
    },
  );

  it('refuses a body that is not a RunAgentInput', async () => {
    const response = await fetch(`${base}/ag-ui`, { method: 'POST', body: '[1]' });
    expect(response.status).toBe(422);
  });
});
