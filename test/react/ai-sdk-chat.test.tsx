/*
 * `useAiSdkChat` over the real `useChat` (`@ai-sdk/react`), whose transport posts to a real
 * `streamText` (`ai`) answering with a scripted mock model (`ai/test`): the server runs in the
 * page, behind the `fetch` given to `DefaultChatTransport`. What is asserted is what a user
 * sees: the text, each message's `data-status`, the tool cards and the buttons.
 */
import { useChat } from '@ai-sdk/react';
import type { UIMessage } from 'ai';
import {
  DefaultChatTransport,
  convertToModelMessages,
  jsonSchema,
  lastAssistantMessageIsCompleteWithApprovalResponses,
  lastAssistantMessageIsCompleteWithToolCalls,
  stepCountIs,
  streamText,
  tool,
} from 'ai';
import { MockLanguageModelV4, convertArrayToReadableStream } from 'ai/test';
import * as React from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { cleanup, render } from 'vitest-browser-react';
import { Composer, MessageList } from '../../src/index.js';
import { useAiSdkChat } from '../../src/ai-sdk.js';

/* -------------------------------------------------------------------------------------------------
 * A server the project did not write
 * -----------------------------------------------------------------------------------------------*/

type ModelPart = Record<string, unknown> & { type: string };
/** One model call: its stream parts, or a stream the test controls (a reply that hangs). */
type Step = ModelPart[] | (() => ReadableStream<ModelPart>);

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};
const finish = (reason = 'stop'): ModelPart => ({
  type: 'finish',
  finishReason: { unified: reason, raw: reason },
  usage,
});
const text = (id: string, ...deltas: string[]): ModelPart[] => [
  { type: 'text-start', id },
  ...deltas.map((delta) => ({ type: 'text-delta', id, delta })),
  { type: 'text-end', id },
];
const call = (toolCallId: string, toolName: string, input: unknown): ModelPart => ({
  type: 'tool-call',
  toolCallId,
  toolName,
  input: JSON.stringify(input),
});

/** A 1×1 PNG. */
const PIXEL =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const tools = {
  weather: tool({
    description: 'The weather in a city',
    inputSchema: jsonSchema<{ city: string }>({ type: 'object' }),
    execute: async ({ city }) => ({ city, celsius: 18 }),
  }),
  deploy: tool({
    inputSchema: jsonSchema<{ env: string }>({ type: 'object' }),
    needsApproval: true,
    execute: async ({ env }) => `deployed to ${env}`,
  }),
  // No `execute`: the app runs it (`onToolCall`, then `addToolOutput`).
  location: tool({
    inputSchema: jsonSchema<{ precise?: boolean }>({ type: 'object' }),
    outputSchema: jsonSchema<{ city: string }>({ type: 'object' }),
  }),
  // Run by the app too, after the user allows it.
  camera: tool({
    inputSchema: jsonSchema<{ facing?: string }>({ type: 'object' }),
    outputSchema: jsonSchema<{ city: string }>({ type: 'object' }),
    needsApproval: true,
  }),
};

interface Server {
  fetch: typeof globalThis.fetch;
  /** The UI messages each request carried. */
  requests: UIMessage[][];
}

/** `streamText` behind a `fetch`: each request is answered by the next of `steps`' model calls. */
function serve(...steps: Step[]): Server {
  const requests: UIMessage[][] = [];
  const model = new MockLanguageModelV4({
    doStream: steps.map((step) => ({
      stream:
        typeof step === 'function'
          ? step()
          : convertArrayToReadableStream([{ type: 'stream-start', warnings: [] }, ...step]),
    })) as never,
  });
  const fetch = async (_url: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const body = JSON.parse(String(init?.body)) as { messages: UIMessage[] };
    requests.push(body.messages);
    const result = streamText({
      model,
      messages: await convertToModelMessages(body.messages, { tools }),
      tools,
      stopWhen: stepCountIs(3),
      ...(init?.signal ? { abortSignal: init.signal } : {}),
      onError: () => {},
    });
    return result.toUIMessageStreamResponse({
      originalMessages: body.messages,
      sendReasoning: true,
      sendSources: true,
      onError: (error) => (error instanceof Error ? error.message : String(error)),
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

/* -------------------------------------------------------------------------------------------------
 * The app, as the README wires it
 * -----------------------------------------------------------------------------------------------*/

interface AppProps {
  server: Server;
  messages?: UIMessage[];
  /** Client-side tools: the app answers `location` when the test says so. */
  clientTools?: { onCall(answer: () => void): void; needApproval?: string[] };
  /** The app sends approvals itself, as the AI SDK docs show. */
  sendApprovals?: boolean;
}

function App({ server, messages, clientTools, sendApprovals }: AppProps) {
  const transport = React.useMemo(
    () => new DefaultChatTransport({ api: '/api/chat', fetch: server.fetch }),
    [server],
  );
  const chat = useChat({
    transport,
    ...(messages ? { messages } : {}),
    ...(sendApprovals
      ? { sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses }
      : {}),
    ...(clientTools
      ? {
          sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls,
          onToolCall: ({ toolCall }) => {
            clientTools.onCall(() => {
              void chat.addToolOutput({
                tool: toolCall.toolName as 'location',
                toolCallId: toolCall.toolCallId,
                output: { city: 'Lyon' },
              });
            });
          },
        }
      : {}),
  });
  const agent = useAiSdkChat(
    chat,
    clientTools?.needApproval ? { clientTools: clientTools.needApproval } : {},
  );
  return (
    <>
      <MessageList {...agent.list} style={{ height: 600 }} />
      <Composer {...agent.composer} />
    </>
  );
}

/* -------------------------------------------------------------------------------------------------
 * Reading the page
 * -----------------------------------------------------------------------------------------------*/

const POLL = { timeout: 10_000 };
let root: HTMLElement;

async function open(props: AppProps) {
  const screen = await render(<App {...props} />);
  root = screen.container;
  return screen;
}

function replies(): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('[data-slot="message"][data-role="assistant"]')];
}
const lastReply = () => replies().at(-1);
const statusOf = () => lastReply()?.dataset['status'];
const textOf = () => lastReply()?.textContent ?? '';
const card = (name: string) =>
  [...root.querySelectorAll<HTMLElement>('[data-slot="tool-call-card"]')].find((node) =>
    node.textContent?.includes(name),
  );

/** Clicks the button once it is on the page and enabled (decision buttons wait a moment). */
async function click(selector: string): Promise<void> {
  const enabled = () =>
    root.querySelector<HTMLButtonElement>(
      `${selector}:not([disabled]):not([aria-disabled="true"])`,
    );
  await expect.poll(enabled, POLL).not.toBeNull();
  await userEvent.click(enabled() as HTMLButtonElement);
}

async function send(message: string) {
  const input = root.querySelector<HTMLTextAreaElement>('textarea');
  if (input === null) throw new Error('no composer');
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
  setter?.call(input, message);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await click('[data-action="send"]');
}

beforeAll(() => {
  // The AI SDK logs provider warnings to the console, which fails a test here.
  (globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;
});
afterEach(cleanup);

/* -------------------------------------------------------------------------------------------------
 * Tests
 * -----------------------------------------------------------------------------------------------*/

describe('useAiSdkChat over useChat and streamText', () => {
  it('text and reasoning: the reply streams in and ends done', async () => {
    const server = serve([
      { type: 'reasoning-start', id: 'r' },
      { type: 'reasoning-delta', id: 'r', delta: 'The user greets me.' },
      { type: 'reasoning-end', id: 'r' },
      ...text('t', 'Hello', ' there', '!'),
      finish(),
    ]);
    await open({ server });
    await send('Hi');
    await expect.poll(textOf, POLL).toContain('Hello there!');
    await expect.poll(statusOf, POLL).toBe('done');
    expect(root.querySelector('[data-slot="message"][data-role="user"]')?.textContent).toContain(
      'Hi',
    );
    expect(textOf()).toMatch(/Thought for|Thoughts/);
    expect(server.requests[0]?.at(-1)?.parts).toEqual([{ type: 'text', text: 'Hi' }]);
  });

  it('a server tool: its structured output is what the card shows, and the reply goes on', async () => {
    const server = serve(
      [call('c1', 'weather', { city: 'Paris' }), finish('tool-calls')],
      [...text('t', 'It is 18 °C in Paris.'), finish()],
    );
    await open({ server });
    await send('Weather in Paris?');
    await expect.poll(textOf, POLL).toContain('It is 18 °C in Paris.');
    await expect.poll(statusOf, POLL).toBe('done');
    expect(card('weather')?.dataset['status']).toBe('success');
    // The result holds the JSON text and the tree both; the tree shows the value.
    expect(card('weather')?.textContent).toContain('celsius');
  });

  it('needsApproval, approved: the answer reaches the server, the tool runs there, the reply goes on', async () => {
    const server = serve(
      [call('c1', 'deploy', { env: 'prod' }), finish('tool-calls')],
      [...text('t', 'Deployed.'), finish()],
    );
    await open({ server });
    await send('Deploy');
    await expect.poll(statusOf, POLL).toBe('awaiting-confirmation');
    await click('[data-action="allow"]');
    await expect.poll(textOf, POLL).toContain('Deployed.');
    await expect.poll(statusOf, POLL).toBe('done');
    expect(server.requests).toHaveLength(2);
    const sent = server.requests[1]?.at(-1)?.parts.find((part) => part.type === 'tool-deploy');
    expect(sent).toMatchObject({ state: 'approval-responded', approval: { approved: true } });
    expect(card('deploy')?.dataset['status']).toBe('success');
    expect(card('deploy')?.textContent).toContain('deployed to prod');
  });

  it('needsApproval, denied: the denial reaches the server and the model answers it', async () => {
    const server = serve(
      [call('c1', 'deploy', { env: 'prod' }), finish('tool-calls')],
      [...text('t', 'Not deploying, then.'), finish()],
    );
    await open({ server });
    await send('Deploy');
    await expect.poll(statusOf, POLL).toBe('awaiting-confirmation');
    await click('[data-action="deny"]');
    await expect.poll(textOf, POLL).toContain('Not deploying, then.');
    expect(server.requests).toHaveLength(2);
    expect(card('deploy')?.dataset['status']).toBe('denied');
    expect(statusOf()).toBe('done');
  });

  it('with useChat’s own sendAutomaticallyWhen, the answer is sent once, not twice', async () => {
    const server = serve(
      [call('c1', 'deploy', { env: 'prod' }), finish('tool-calls')],
      [...text('t', 'Deployed.'), finish()],
      [...text('t', 'A second request was made.'), finish()],
    );
    await open({ server, sendApprovals: true });
    await send('Deploy');
    await click('[data-action="allow"]');
    await expect.poll(textOf, POLL).toContain('Deployed.');
    await expect.poll(statusOf, POLL).toBe('done');
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    expect(server.requests).toHaveLength(2);
    expect(textOf()).not.toContain('A second request');
  });

  it('an approved call waiting for the server reads as the server’s, never “Running externally”', async () => {
    // Saved after Allow, before the answer was sent: the server will run the tool.
    const saved: UIMessage[] = [
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Deploy' }] },
      {
        id: 'a1',
        role: 'assistant',
        parts: [
          { type: 'step-start' },
          {
            type: 'tool-deploy',
            toolCallId: 'c1',
            state: 'approval-responded',
            input: { env: 'prod' },
            approval: { id: 'ap1', approved: true },
          },
        ],
      },
    ];
    await open({ server: serve(), messages: saved });
    await expect.poll(() => card('deploy')?.dataset['status'], POLL).toBe('allowed');
    expect(root.textContent).not.toContain('Running externally');
    expect(statusOf()).not.toBe('awaiting-external');
  });

  it('a client-side tool is the app’s until it answers; then the reply goes on', async () => {
    let answer: (() => void) | null = null;
    const server = serve(
      [call('c1', 'location', {}), finish('tool-calls')],
      [...text('t', 'You are in Lyon.'), finish()],
    );
    await open({ server, clientTools: { onCall: (given) => (answer = given) } });
    await send('Where am I?');
    await expect.poll(statusOf, POLL).toBe('awaiting-external');
    expect(card('location')?.dataset['status']).toBe('submitted');
    await expect.poll(() => answer, POLL).not.toBeNull();
    (answer as (() => void) | null)?.();
    await expect.poll(textOf, POLL).toContain('You are in Lyon.');
    await expect.poll(statusOf, POLL).toBe('done');
    expect(card('location')?.dataset['status']).toBe('success');
  });

  it('a client-side tool that needs approval: once allowed it is the app’s, and nothing is sent before its output', async () => {
    let answer: (() => void) | null = null;
    const server = serve(
      [call('c1', 'camera', {}), finish('tool-calls')],
      [...text('t', 'A photo of Lyon.'), finish()],
    );
    const onCall = (given: () => void) => (answer = given);
    await open({ server, clientTools: { onCall, needApproval: ['camera'] } });
    await send('Take a photo');
    await expect.poll(statusOf, POLL).toBe('awaiting-confirmation');
    await click('[data-action="allow"]');
    await expect.poll(() => card('camera')?.dataset['status'], POLL).toBe('submitted');
    expect(statusOf()).toBe('awaiting-external');
    expect(server.requests).toHaveLength(1);
    (answer as (() => void) | null)?.();
    await expect.poll(textOf, POLL).toContain('A photo of Lyon.');
    await expect.poll(statusOf, POLL).toBe('done');
    expect(server.requests).toHaveLength(2);
  });

  it('sources and files are shown', async () => {
    const server = serve([
      {
        type: 'source',
        sourceType: 'url',
        id: 's1',
        url: 'https://example.com/paris',
        title: 'Paris weather',
      },
      { type: 'file', mediaType: 'image/png', data: { type: 'data', data: PIXEL } },
      ...text('t', 'See the source.'),
      finish(),
    ]);
    await open({ server });
    await send('Sources?');
    await expect.poll(textOf, POLL).toContain('See the source.');
    await expect.poll(statusOf, POLL).toBe('done');
    expect(lastReply()?.querySelector('a[href="https://example.com/paris"]')).not.toBeNull();
    await expect
      .poll(() => lastReply()?.querySelector('img[src^="data:image/png"]'), POLL)
      .not.toBeNull();
  });

  it('a provider error: the reply is marked failed, the error shows, Retry asks again', async () => {
    const server = serve(
      [...text('t', 'Let me'), { type: 'error', error: new Error('The model is overloaded') }],
      [...text('t', 'Here it is.'), finish()],
    );
    await open({ server });
    await send('Hi');
    await expect.poll(statusOf, POLL).toBe('error');
    expect(root.querySelector('[data-slot="message-list-error"]')?.textContent).toContain(
      'The model is overloaded',
    );
    expect(textOf()).toContain('The model is overloaded');
    await click('[data-slot="message-action-retry"]');
    await expect.poll(textOf, POLL).toContain('Here it is.');
    await expect.poll(statusOf, POLL).toBe('done');
    expect(replies()).toHaveLength(1);
    expect(root.querySelector('[data-slot="message-list-error"]')).toBeNull();
  });

  it('a request the server refuses: the error shows under the list, and the chat goes on', async () => {
    const server = serve([...text('t', 'Back again.'), finish()]);
    let refused = false;
    const refusing: Server = {
      requests: server.requests,
      fetch: async (url, init) => {
        if (refused) return server.fetch(url, init);
        refused = true;
        return new Response('The service is down for maintenance', { status: 503 });
      },
    };
    await open({ server: refusing });
    await send('Hi');
    await expect
      .poll(() => root.querySelector('[data-slot="message-list-error"]')?.textContent, POLL)
      .toContain('The service is down for maintenance');
    expect(replies()).toHaveLength(0);
    await click('[data-slot="message-list-error-dismiss"]');
    await expect
      .poll(() => root.querySelector('[data-slot="message-list-error"]'), POLL)
      .toBeNull();
    await send('Hi again');
    await expect.poll(textOf, POLL).toContain('Back again.');
    await expect.poll(statusOf, POLL).toBe('done');
  });

  it('Stop: the reply keeps what it had and is marked interrupted', async () => {
    const hanging = () =>
      new ReadableStream<ModelPart>({
        start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: [] });
          controller.enqueue({ type: 'text-start', id: 't' });
          controller.enqueue({ type: 'text-delta', id: 't', delta: 'Once upon a time' });
        },
      });
    await open({ server: serve(hanging) });
    await send('A story');
    await expect.poll(textOf, POLL).toContain('Once upon a time');
    await click('[data-action="stop"]');
    await expect.poll(statusOf, POLL).toBe('interrupted');
    expect(textOf()).toContain('Once upon a time');
    expect(textOf()).toContain('Interrupted');
    await expect.poll(() => root.querySelector('[data-action="send"]'), POLL).not.toBeNull();
  });

  it('reload from saved UIMessages: the history shows as it was, and the chat goes on', async () => {
    const saved: UIMessage[] = [
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Weather?' }] },
      {
        id: 'a1',
        role: 'assistant',
        parts: [
          { type: 'step-start' },
          {
            type: 'tool-weather',
            toolCallId: 'c0',
            state: 'output-available',
            input: { city: 'Paris' },
            output: { city: 'Paris', celsius: 18 },
          },
          { type: 'text', text: 'It is 18 °C.', state: 'done' },
        ],
      },
    ];
    const server = serve([...text('t', 'Still 18 °C.'), finish()]);
    await open({ server, messages: saved });
    await expect.poll(() => replies().length, POLL).toBe(1);
    expect(statusOf()).toBe('done');
    expect(card('weather')?.dataset['status']).toBe('success');
    await send('And now?');
    await expect.poll(textOf, POLL).toContain('Still 18 °C.');
    expect(replies()).toHaveLength(2);
    expect(server.requests[0]?.slice(0, 2)).toEqual(saved);
  });
});
