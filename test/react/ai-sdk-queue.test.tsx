/*
 * The Composer's queue over the real `useChat` (`@ai-sdk/react`) and a real `streamText` (`ai`)
 * answering with a scripted mock model: what is submitted while a reply streams waits, is
 * editable and removable, and reaches the model once the reply ends (or at once, with "Send now").
 */
import { useChat } from '@ai-sdk/react';
import type { UIMessage } from 'ai';
import { DefaultChatTransport, convertToModelMessages, streamText } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import * as React from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render } from 'vitest-browser-react';
import { Composer, MessageList } from '../../src/index.js';
import { useAiSdkChat } from '../../src/ai-sdk.js';
import { POLL, announced, editQueued, press, queued, submit, userTexts } from './queue-page.js';
import type { ModelPart } from './scripted-step.js';
import { scriptedStep } from './scripted-step.js';

/** `streamText` behind a `fetch`; `prompts` is the last user text of each request, in order. */
function serve(...replies: { stream: ReadableStream<ModelPart> }[]) {
  const prompts: string[] = [];
  const model = new MockLanguageModelV4({
    doStream: replies.map(({ stream }) => ({ stream })) as never,
  });
  const fetch = async (_url: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const body = JSON.parse(String(init?.body)) as { messages: UIMessage[] };
    const last = body.messages.at(-1)?.parts.find((part) => part.type === 'text');
    prompts.push(last?.type === 'text' ? last.text : '');
    const result = streamText({
      model,
      messages: await convertToModelMessages(body.messages),
      ...(init?.signal ? { abortSignal: init.signal } : {}),
      onError: () => {},
    });
    return result.toUIMessageStreamResponse({ originalMessages: body.messages });
  };
  return { fetch: fetch as typeof globalThis.fetch, prompts };
}

function App({ server }: { server: ReturnType<typeof serve> }) {
  const transport = React.useMemo(
    () => new DefaultChatTransport({ api: '/api/chat', fetch: server.fetch }),
    [server],
  );
  const chat = useAiSdkChat(useChat({ transport }));
  return (
    <>
      <MessageList {...chat.list} style={{ height: 400 }} />
      <Composer {...chat.composer} />
    </>
  );
}

let root: HTMLElement;
async function open(server: ReturnType<typeof serve>) {
  root = (await render(<App server={server} />)).container;
}
const replyStatus = () =>
  [...root.querySelectorAll<HTMLElement>('[data-slot="message"][data-role="assistant"]')].map(
    (node) => node.dataset['status'],
  );

beforeAll(() => {
  (globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;
});
afterEach(cleanup);

describe('the Composer queue over useChat and streamText', () => {
  it('a message submitted while the reply streams is queued, edited, and sent when the reply ends', async () => {
    const first = scriptedStep('Once upon');
    const second = scriptedStep('Edited, got it');
    const server = serve(first, second);
    await open(server);
    await submit(root, 'Tell me a story');
    await expect.poll(replyStatus, POLL).toEqual(['streaming']);

    await submit(root, 'Make it short');
    await submit(root, 'And funny');
    await expect
      .poll(() => queued(root), POLL)
      .toEqual([
        { state: 'queued', text: 'Make it short' },
        { state: 'queued', text: 'And funny' },
      ]);
    await editQueued(root, 1, 'Make it very short');
    await press(root, 'Remove queued message 2');
    expect(queued(root)).toEqual([
      { state: 'queued', text: 'Make it very short' },
      { state: 'cancelled', text: 'And funny' },
    ]);
    // Nothing reached the model while the reply streamed.
    expect(server.prompts).toEqual(['Tell me a story']);

    first.end();
    await expect
      .poll(() => server.prompts, POLL)
      .toEqual(['Tell me a story', 'Make it very short']);
    // Sent, and shown so until its reply ends.
    await expect
      .poll(() => queued(root), POLL)
      .toEqual([
        { state: 'sent', text: 'Make it very short' },
        { state: 'cancelled', text: 'And funny' },
      ]);
    expect(announced(root)).toBe('Queued message 1: sent');
    await expect
      .poll(() => userTexts(root), POLL)
      .toEqual(['Tell me a story', 'Make it very short']);
    second.end();
    await expect.poll(replyStatus, POLL).toEqual(['done', 'done']);
    await expect
      .poll(() => queued(root), POLL)
      .toEqual([{ state: 'cancelled', text: 'And funny' }]);
    // The removed message never went.
    expect(server.prompts).toHaveLength(2);
  });

  it('Send now stops the reply and sends the queued message', async () => {
    const first = scriptedStep('Once upon');
    const second = scriptedStep('Sure');
    const server = serve(first, second);
    await open(server);
    await submit(root, 'Tell me a story');
    await expect.poll(replyStatus, POLL).toEqual(['streaming']);
    await submit(root, 'Actually, a poem');
    await press(root, 'Send now: queued message 1');
    await expect.poll(() => server.prompts, POLL).toEqual(['Tell me a story', 'Actually, a poem']);
    await expect.poll(() => replyStatus()[0], POLL).toBe('interrupted');
    expect(queued(root)).toEqual([{ state: 'sent', text: 'Actually, a poem' }]);
    second.end();
    await expect.poll(replyStatus, POLL).toEqual(['interrupted', 'done']);
    await expect.poll(() => queued(root), POLL).toEqual([]);
  });

  it('Stop keeps the queue, paused, until the user resumes it', async () => {
    const first = scriptedStep('Once upon');
    const second = scriptedStep('Sure');
    const server = serve(first, second);
    await open(server);
    await submit(root, 'Tell me a story');
    await expect.poll(replyStatus, POLL).toEqual(['streaming']);
    await submit(root, 'A poem next');
    await press(root, 'Stop');
    await expect.poll(() => replyStatus()[0], POLL).toBe('interrupted');
    const queue = () => root.querySelector<HTMLElement>('[data-slot="composer-queue"]');
    expect(queue()?.dataset['state']).toBe('paused');
    expect(queue()?.textContent).toContain('the reply was stopped');
    expect(queued(root)).toEqual([{ state: 'queued', text: 'A poem next' }]);
    expect(server.prompts).toEqual(['Tell me a story']);

    await press(root, 'Resume');
    await expect.poll(() => server.prompts, POLL).toEqual(['Tell me a story', 'A poem next']);
    await expect.poll(() => queued(root), POLL).toEqual([{ state: 'sent', text: 'A poem next' }]);
    second.end();
    await expect.poll(() => queued(root), POLL).toEqual([]);
  });
});
