/*
 * Steering over the real `useChat` (`@ai-sdk/react`) and a real `streamText` (`ai`) with
 * `experimental_createSteering()`, answering with a scripted mock model: a queued message steered
 * while the reply streams reaches the model's next step (in the same reply, with no new request),
 * shows in the reply as the steering hint, and its row says Sent; a steer that fails puts the row
 * back in the queue with the failure shown, and the message then goes as the next one.
 */
import { useChat } from '@ai-sdk/react';
import type { Experimental_Steering as Steering, UIMessage } from 'ai';
import {
  DefaultChatTransport,
  convertToModelMessages,
  experimental_createSteering,
  stepCountIs,
  streamText,
} from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import * as React from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render } from 'vitest-browser-react';
import { Composer, MessageList } from '../../src/index.js';
import type { AiSdkSteeringMessage } from '../../src/ai-sdk.js';
import { useAiSdkChat } from '../../src/ai-sdk.js';
import { POLL, announced, press, queued, submit } from './queue-page.js';
import type { ModelPart } from './scripted-step.js';
import { scriptedStep } from './scripted-step.js';

/** `streamText` behind a `fetch`, with a steering object per request and `steer` to reach it. */
function serve(...steps: { stream: ReadableStream<ModelPart> }[]) {
  const prompts: string[] = [];
  const model = new MockLanguageModelV4({
    doStream: steps.map(({ stream }) => ({ stream })) as never,
  });
  let steering: Steering | null = null;
  const fetch = async (_url: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const body = JSON.parse(String(init?.body)) as { messages: UIMessage[] };
    const last = body.messages.at(-1)?.parts.find((part) => part.type === 'text');
    prompts.push(last?.type === 'text' ? last.text : '');
    steering = experimental_createSteering();
    const result = streamText({
      model,
      messages: await convertToModelMessages(body.messages),
      experimental_steering: steering,
      // One step is the default: a steering message needs a step after the current one.
      stopWhen: stepCountIs(5),
      ...(init?.signal ? { abortSignal: init.signal } : {}),
      onError: () => {},
    });
    return result.toUIMessageStreamResponse({ originalMessages: body.messages });
  };
  /** What the app's steer endpoint would do on the server. */
  const steer = async ({ text }: AiSdkSteeringMessage) => {
    if (steering === null) throw new Error('no run');
    const outcome = await steering.steer(text);
    if (outcome.type !== 'delivered') throw new Error(`not delivered: ${outcome.reason}`);
  };
  /** The user texts the model received in each of its calls. */
  const received = () =>
    model.doStreamCalls.map((call) =>
      call.prompt
        .filter((message) => message.role === 'user')
        .flatMap((message) => message.content)
        .map((part) => (part.type === 'text' ? part.text : '')),
    );
  return { fetch: fetch as typeof globalThis.fetch, prompts, steer, received };
}

function App({
  server,
  steer,
}: {
  server: ReturnType<typeof serve>;
  steer: (message: AiSdkSteeringMessage) => Promise<void>;
}) {
  const transport = React.useMemo(
    () => new DefaultChatTransport({ api: '/api/chat', fetch: server.fetch }),
    [server],
  );
  const chat = useAiSdkChat(useChat({ transport }), { steer });
  return (
    <>
      <MessageList {...chat.list} style={{ height: 400 }} />
      <Composer {...chat.composer} />
    </>
  );
}

let root: HTMLElement;
const replies = () => [
  ...root.querySelectorAll<HTMLElement>('[data-slot="message"][data-role="assistant"]'),
];
const replyStatus = () => replies().map((node) => node.dataset['status']);

beforeAll(() => {
  (globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;
});
afterEach(cleanup);

describe('steering a reply over useChat and streamText', () => {
  it('a steered message reaches the next step of the same reply and shows as its steering hint', async () => {
    const first = scriptedStep('Once upon a time');
    const second = scriptedStep('A lighthouse it is.');
    const server = serve(first, second);
    root = (await render(<App server={server} steer={server.steer} />)).container;
    await submit(root, 'Tell me a story');
    await expect.poll(replyStatus, POLL).toEqual(['streaming']);

    await submit(root, 'Make it about a lighthouse');
    await press(root, 'Steer: queued message 1');
    await expect
      .poll(() => queued(root), POLL)
      .toEqual([{ state: 'sent', text: 'Make it about a lighthouse' }]);
    expect(announced(root)).toBe('Queued message 1: sent');

    // The step ends; the run goes on for another step with the steering message in its prompt.
    first.end();
    await expect.poll(() => server.received().length, POLL).toBe(2);
    expect(server.received()[1]).toEqual(['Tell me a story', 'Make it about a lighthouse']);
    second.end();
    await expect.poll(replyStatus, POLL).toEqual(['done']);
    const hint = replies()[0]?.querySelector('[data-slot="hint-block"]');
    expect(hint?.textContent).toContain('Make it about a lighthouse');
    // In place: after what the reply wrote before, before what it wrote after.
    expect(replies()[0]?.textContent).toMatch(
      /Once upon a time.*Make it about a lighthouse.*A lighthouse it is\./,
    );
    // One request: steering is not a new message.
    expect(server.prompts).toEqual(['Tell me a story']);
    await expect.poll(() => queued(root), POLL).toEqual([]);
  });

  it('a failed steer puts the row back in the queue with the failure shown; it goes next', async () => {
    const first = scriptedStep('Once upon a time');
    const second = scriptedStep('Sure.');
    const server = serve(first, second);
    let refuse!: (error: Error) => void;
    const steer = () => new Promise<void>((_resolve, reject) => (refuse = reject));
    root = (await render(<App server={server} steer={steer} />)).container;
    await submit(root, 'Tell me a story');
    await expect.poll(replyStatus, POLL).toEqual(['streaming']);
    await submit(root, 'Shorter please');
    await press(root, 'Steer: queued message 1');
    await expect
      .poll(() => queued(root), POLL)
      .toEqual([{ state: 'sent', text: 'Shorter please' }]);

    refuse(new Error('the server said 409'));
    await expect
      .poll(() => queued(root), POLL)
      .toEqual([{ state: 'queued', text: 'Shorter please' }]);
    const row = root.querySelector<HTMLElement>('[data-slot="composer-queue-item"]');
    expect(row?.dataset['steerFailed']).toBe('');
    expect(row?.querySelector('[role="alert"]')?.textContent).toBe(
      'Not added to the running reply; it waits in the queue.',
    );
    // Nothing reached the model meanwhile; when the reply ends, the message goes as the next one.
    expect(server.received()).toHaveLength(1);
    first.end();
    await expect.poll(() => server.prompts, POLL).toEqual(['Tell me a story', 'Shorter please']);
    second.end();
    await expect.poll(replyStatus, POLL).toEqual(['done', 'done']);
  });
});
