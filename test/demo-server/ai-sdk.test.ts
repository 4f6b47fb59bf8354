/*
 * `POST /api/chat`: the scripted agent in the AI SDK's UI message stream. Every answer is read by
 * the AI SDK's own code (its SSE parser validating each chunk against `uiMessageChunkSchema`, then
 * `readUIMessageStream`), and by our `foldAiSdkStream`, which must agree with it. The approval
 * round trip runs through the AI SDK's own chat (`AbstractChat` over `DefaultChatTransport`, the
 * engine of `useChat`), answering with what `createAiSdkApprovalResponse` builds.
 */
import type { ChatState, ChatStatus, UIMessage } from 'ai';
import {
  AbstractChat,
  DefaultChatTransport,
  lastAssistantMessageIsCompleteWithApprovalResponses,
  lastAssistantMessageIsCompleteWithToolCalls,
} from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Msg, ToolCallBlock } from '../../src/core.js';
import { getReplyStatus } from '../../src/core.js';
import {
  createAiSdkApprovalResponse,
  foldAiSdkStream,
  fromAiSdkMessages,
} from '../../src/ai-sdk.js';
import type { DemoServer } from '../../demo/server/app.js';
import { startDemoServer } from '../../demo/server/app.js';
import { SCENARIOS } from '../../demo/server/scenarios.js';
import { aiSdkOracle, dataFrames, postSse, shapeOf, sseEvents } from './protocols.js';

let server: DemoServer;
let base: string;
let counter = 0;

beforeAll(async () => {
  server = await startDemoServer({ port: 0, heartbeatMs: 50 });
  base = server.url;
});
afterAll(() => server.close());

const userMessage = (text: string): UIMessage => ({
  id: `user-${++counter}`,
  role: 'user',
  parts: [{ type: 'text', text }],
});

/** Posts a conversation as `useChat` does and reads the whole answer. */
function chat(messages: UIMessage[]) {
  return postSse(`${base}/api/chat`, {
    id: `chat-${++counter}`,
    messages,
    trigger: 'submit-message',
    speed: 'firehose',
  });
}

/** One prompt: the answer, the AI SDK's message, and ours. */
async function ask(text: string) {
  const answer = await chat([userMessage(text)]);
  const oracle = await aiSdkOracle(answer.text);
  const folded = foldAiSdkStream(answer.text);
  return { answer, oracle, folded, reply: folded.messages.at(-1) as Msg };
}

/** Our fold agrees with the AI SDK's: the same blocks, read from its message by our converter. */
function expectSameAsOracle(reply: Msg, oracle: UIMessage): void {
  const converted = fromAiSdkMessages([oracle]).messages[0];
  expect(shapeOf(reply)).toEqual(shapeOf(converted));
  expect(reply.id).toBe(oracle.id);
}

function askingCall(msg: Msg | undefined): ToolCallBlock {
  const call = msg?.content.find(
    (block): block is ToolCallBlock => block.type === 'tool_call' && block.state === 'asking',
  );
  if (!call) throw new Error('no call waits for approval');
  return call;
}

describe('POST /api/chat', () => {
  it('answers in the UI message stream: its headers, data frames and [DONE]', async () => {
    const { answer, oracle, folded, reply } = await ask(
      'Write a markdown report with code, a table and citations',
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/event-stream');
    expect(answer.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
    expect(answer.text.endsWith('data: [DONE]\n\n')).toBe(true);
    const frames = dataFrames(answer.text);
    expect(frames.at(-1)).toBe('[DONE]');
    expect(sseEvents(answer.text)[0]).toMatchObject({ type: 'start' });
    expect(sseEvents(answer.text).at(-1)).toMatchObject({ type: 'finish', finishReason: 'stop' });

    // The AI SDK reads one text part holding the whole report, and the sources it cites.
    const text = oracle.message.parts.filter((part) => part.type === 'text');
    expect(text).toHaveLength(1);
    expect(text[0]).toMatchObject({ state: 'done' });
    expect((text[0] as { text: string }).text).toContain('| Block | Streams? |');
    expect(
      oracle.message.parts.filter((part) => part.type === 'source-url').map((part) => part.url),
    ).toEqual([
      'https://github.com/agentscope-ai/agentscope',
      'https://ai-sdk.dev/docs/ai-sdk-ui/stream-protocol',
      'https://docs.ag-ui.com/concepts/events',
    ]);
    expect(oracle.message.metadata).toMatchObject({ model: 'demo-scripted-1' });

    expect(folded.status).toBe('done');
    expect(folded.diagnostics).toEqual([]);
    expect(getReplyStatus(reply)).toBe('done');
    expect(reply.content[0]?.type === 'text' && reply.content[0].citations).toHaveLength(3);
    expect(reply.usage?.output_tokens).toBeGreaterThan(100);
    expectSameAsOracle(reply, oracle.message);
  });

  it('streams reasoning before the answer', async () => {
    const { oracle, folded, reply } = await ask('Think it through: which is larger, 9.11 or 9.9?');
    expect(oracle.message.parts.map((part) => part.type)).toEqual([
      'step-start',
      'reasoning',
      'text',
    ]);
    expect(oracle.message.parts[1]).toMatchObject({ state: 'done' });
    expect((oracle.message.parts[1] as { text: string }).text).toContain('9.90 - 9.11 = 0.79');
    expect(shapeOf(reply).map((shape) => shape.split(':')[0])).toEqual(['thinking', 'text']);
    expect(folded.diagnostics).toEqual([]);
    expectSameAsOracle(reply, oracle.message);
  });

  it('a tool that fails: its input, then output-error with the error text, then the answer', async () => {
    const { oracle, folded, reply } = await ask("What's the weather in Atlantis?");
    const tool = oracle.message.parts.find((part) => part.type === 'tool-get_weather');
    expect(tool).toMatchObject({
      state: 'output-error',
      input: { city: 'Atlantis', units: 'metric' },
      errorText: 'Error: city "Atlantis" not found (HTTP 404 from weather.example)',
    });
    expect(oracle.message.parts.filter((part) => part.type === 'step-start')).toHaveLength(2);
    expect(shapeOf(reply)).toContain('result:get_weather:error');
    expect(folded.status).toBe('done');
    expectSameAsOracle(reply, oracle.message);
  });

  it('media: the inline image and the tool’s files arrive as file parts', async () => {
    const { oracle, reply } = await ask('Show me an image, an audio clip, a video and a PDF');
    const files = oracle.message.parts.filter((part) => part.type === 'file');
    expect(files.map((file) => file.mediaType)).toEqual([
      'image/png',
      'image/png',
      'audio/wav',
      'video/webm',
      'application/pdf',
    ]);
    expect(files[0]?.url.startsWith('data:image/png;base64,iVBORw0KGgo')).toBe(true);
    expect(files[1]?.url).toBe(`${base}/media/landscape.png`);
    expect(oracle.message.parts.find((part) => part.type === 'tool-render_media')).toMatchObject({
      state: 'output-available',
      output: { text: 'Rendered 4 files.' },
    });
    expect(shapeOf(reply).filter((shape) => shape.startsWith('data:'))).toHaveLength(5);
    expectSameAsOracle(reply, oracle.message);
  });

  it('a provider error mid-stream: an error chunk, and the reply shows it', async () => {
    const { answer, oracle, folded, reply } = await ask('Trigger a server error');
    expect(oracle.errors).toEqual([
      'The model provider answered HTTP 503 (overloaded). Try again in a minute.',
    ]);
    expect(sseEvents(answer.text).at(-1)).toMatchObject({ type: 'finish', finishReason: 'error' });
    expect(folded.status).toBe('error');
    expect(reply.finished_reason).toBe('error');
    expect(reply.error?.message).toContain('HTTP 503');
    expect(shapeOf(reply)).toContain('error');
  });

  it('approval: asks, then continues the same message when the decision comes back', async () => {
    const user = userMessage('Delete the dist folder');
    const first = await chat([user]);
    expect(sseEvents(first.text).at(-1)).toMatchObject({
      type: 'finish',
      finishReason: 'tool-calls',
    });
    const asked = await aiSdkOracle(first.text);
    const tool = asked.message.parts.find((part) => part.type === 'tool-Bash');
    expect(tool).toMatchObject({ state: 'approval-requested', input: { command: 'rm -rf dist' } });

    // Ours: the call is asking, the reply waits; the decision is built from the folded call.
    const folded = foldAiSdkStream(first.text);
    expect(getReplyStatus(folded.messages.at(-1) as Msg)).toBe('awaiting-confirmation');
    const response = createAiSdkApprovalResponse({
      toolCall: askingCall(folded.messages.at(-1)),
      confirmed: false,
    });
    expect(response).toEqual({
      id: (tool as { approval: { id: string } }).approval.id,
      approved: false,
    });

    // What `addToolApprovalResponse` does to the message, then the resend.
    const responded = structuredClone(asked.message);
    const part = responded.parts.find((p) => p.type === 'tool-Bash') as Record<string, unknown>;
    part['state'] = 'approval-responded';
    part['approval'] = { id: response?.id, approved: false };
    const second = await chat([user, responded]);
    expect(sseEvents(second.text)[0]).toEqual({ type: 'start', messageId: asked.message.id });
    const denied = await aiSdkOracle(second.text, responded);
    expect(denied.message.parts.find((p) => p.type === 'tool-Bash')).toMatchObject({
      state: 'output-denied',
    });
    expect(denied.message.parts.at(-1)).toMatchObject({
      type: 'text',
      text: 'Okay, I left `dist/` alone.',
    });
    const after = foldAiSdkStream(second.text, folded).messages.at(-1) as Msg;
    expect(shapeOf(after)).toEqual([
      'text:Deleting `dist/` needs a shell command, so I need your go-ahead.',
      'call:Bash:finished',
      'result:Bash:denied',
      'text:Okay, I left `dist/` alone.',
    ]);
    expect(getReplyStatus(after)).toBe('done');

    // A decision is used once: sent again, it finds nothing waiting and says so.
    const again = await aiSdkOracle((await chat([user, responded])).text, responded);
    expect(again.errors[0]).toMatch(/not waiting/);
  });

  it('approval round trip through the AI SDK chat (useChat’s engine): approved, the tool runs', async () => {
    const chatState = new ArrayChatState();
    const finished: string[] = [];
    const client = new TestChat({
      state: chatState,
      transport: new DefaultChatTransport({ api: `${base}/api/chat`, body: { speed: 'firehose' } }),
      sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
      onFinish: ({ message }) => finished.push(message.id),
    });
    await client.sendMessage({ text: 'List the files in src with ls' });
    expect(client.status).toBe('ready');
    const ours = fromAiSdkMessages(client.messages).messages;
    const call = askingCall(ours.at(-1));
    const response = createAiSdkApprovalResponse({ toolCall: call, confirmed: true });
    if (!response) throw new Error('no approval response');
    await client.addToolApprovalResponse(response);
    await until(() => finished.length === 2 && client.status === 'ready');

    expect(client.messages).toHaveLength(2);
    const reply = client.messages[1] as UIMessage;
    const tool = reply.parts.find((part) => part.type === 'tool-Bash');
    expect(tool).toMatchObject({ state: 'output-available', approval: { approved: true } });
    expect((tool as { output: string }).output).toContain('components');
    expect(reply.parts.at(-1)).toMatchObject({ type: 'text', state: 'done' });
    const converted = fromAiSdkMessages(client.messages).messages.at(-1) as Msg;
    expect(shapeOf(converted)).toEqual([
      "text:I'll list the files in `src/`. That runs a shell command.",
      'call:Bash:finished',
      'result:Bash:success',
      expect.stringContaining('text:`src/` holds **4 folders**'),
    ]);
    expect(getReplyStatus(converted)).toBe('done');
    await client.dispose();
  });

  it('a tool the client runs: the reply ends on it, and the client’s output continues it', async () => {
    const chatState = new ArrayChatState();
    let finishes = 0;
    const client: TestChat = new TestChat({
      state: chatState,
      transport: new DefaultChatTransport({ api: `${base}/api/chat`, body: { speed: 'firehose' } }),
      sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls,
      onToolCall: ({ toolCall }) => {
        void client.addToolOutput({
          tool: toolCall.toolName,
          toolCallId: toolCall.toolCallId,
          output: { timeZone: 'Europe/Paris' },
        } as never);
      },
      onFinish: () => void (finishes += 1),
    });
    await client.sendMessage({ text: 'What time zone is my browser in?' });
    await until(() => finishes === 2 && client.status === 'ready');
    const reply = client.messages[1] as UIMessage;
    const tool = reply.parts.find((part) => part.type === 'tool-get_browser_info');
    expect(tool).toMatchObject({ state: 'output-available', output: { timeZone: 'Europe/Paris' } });
    expect(reply.parts.at(-1)).toMatchObject({ type: 'text' });
    expect((reply.parts.at(-1) as { text: string }).text).toContain('Europe/Paris');
    await client.dispose();
  });

  it('stopping: the client aborts, the run ends, and the server takes the next request', async () => {
    const abort = new AbortController();
    const response = await fetch(`${base}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        id: 'stop',
        messages: [userMessage('Tell me a long story')],
        speed: 'slow',
      }),
      signal: abort.signal,
    });
    const reader = response.body?.getReader();
    expect((await reader?.read())?.done).toBe(false);
    expect(server.runs.running).toBe(1);
    abort.abort();
    // At `slow` speed the story takes minutes: only the abort ends it within the test's timeout.
    await until(() => server.runs.running === 0);
    const next = await ask('Hello');
    expect(next.folded.status).toBe('done');
  });

  it.each([...SCENARIOS.map((s) => [s.id, s.prompt]), ['help', 'Hello']])(
    'every scenario is a valid stream the AI SDK reads as we do (%s)',
    async (_id, prompt) => {
      const { oracle, folded, reply } = await ask(prompt);
      expect(folded.diagnostics).toEqual([]);
      expect(oracle.message.parts.length).toBeGreaterThan(0);
      if (folded.status !== 'error') expectSameAsOracle(reply, oracle.message);
    },
  );

  it('refuses a body that is not a chat request', async () => {
    const response = await fetch(`${base}/api/chat`, { method: 'POST', body: '{"messages": 3}' });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ detail: '`messages` must be a list of UIMessages.' });
  });
});

/* -------------------------------------------------------------------------------------------------
 * The AI SDK's chat, without React
 * -----------------------------------------------------------------------------------------------*/

class ArrayChatState implements ChatState<UIMessage> {
  status: ChatStatus = 'ready';
  error: Error | undefined = undefined;
  messages: UIMessage[] = [];
  pushMessage = (message: UIMessage) => {
    this.messages = [...this.messages, message];
  };
  popMessage = () => {
    this.messages = this.messages.slice(0, -1);
  };
  replaceMessage = (index: number, message: UIMessage) => {
    this.messages = this.messages.map((known, i) => (i === index ? message : known));
  };
  snapshot = <T>(thing: T): T => structuredClone(thing);
}

class TestChat extends AbstractChat<UIMessage> {}

/** Waits for `check` to hold, turning the event loop (no wall-clock budget: vitest's timeout). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
}
