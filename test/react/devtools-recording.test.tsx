/*
 * Importing react-agent-messages/devtools in a browser installs the recorder: a chat on
 * `useMessageStream` is recorded as it streams, and so is `useAiSdkChat` over the real
 * `useChat` (`@ai-sdk/react`) talking to a real `streamText` (`ai`) with a scripted mock model;
 * each recording folds back to what the hook showed.
 */
import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport, streamText } from 'ai';
import type { UIMessage } from 'ai';
import { MockLanguageModelV4, convertArrayToReadableStream } from 'ai/test';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderHook } from 'vitest-browser-react';
import { useAiSdkChat } from '../../src/ai-sdk.js';
import { foldEvents } from '../../src/core.js';
import { DEVTOOLS_HOOK_KEY } from '../../src/core/client/devtools-hook.js';
import { defaultRecorder, foldRecording } from '../../src/devtools.js';
import { useMessageStream } from '../../src/use-message-stream/use-message-stream.js';
import { recordedSession, serveText, toSseText } from '../fixtures/stream-events.js';

const POLL = { timeout: 10_000 };

beforeEach(() => {
  defaultRecorder.clear();
});

describe('react-agent-messages/devtools in a browser', () => {
  it('installs the default recorder as the hook', () => {
    expect((globalThis as Record<string, unknown>)[DEVTOOLS_HOOK_KEY]).toBe(defaultRecorder);
  });

  it('records a useMessageStream chat as it streams, and folds it back to what it showed', async () => {
    const log = recordedSession();
    // One source for every render: a new one each render would reconnect.
    const options = { source: serveText(toSseText(log), { seed: 11 }) };
    const { result } = await renderHook(() => useMessageStream(options));
    await expect.poll(() => result.current.status, POLL).toBe('done');
    await expect.poll(() => defaultRecorder.sessions()[0]?.commits.length ?? 0).toBeGreaterThan(0);

    const sessions = defaultRecorder.sessions();
    expect(sessions).toHaveLength(1);
    const [session] = sessions;
    expect(session?.header.protocol).toBe('agentscope');
    expect(session?.header.userAgent).toBe(navigator.userAgent);
    expect(session?.events.map((event) => event.frame)).toEqual(log);
    expect(session && foldRecording(session).messages).toEqual(result.current.messages);
    expect(result.current.messages).toEqual(foldEvents(log).messages);
  });

  it('records useAiSdkChat: the useChat message lists, folded back to what it showed', async () => {
    const model = new MockLanguageModelV4({
      doStream: {
        stream: convertArrayToReadableStream([
          { type: 'stream-start', warnings: [] },
          { type: 'text-start', id: 't1' },
          { type: 'text-delta', id: 't1', delta: 'Hello ' },
          { type: 'text-delta', id: 't1', delta: 'there.' },
          { type: 'text-end', id: 't1' },
          {
            type: 'finish',
            finishReason: { unified: 'stop', raw: 'stop' },
            usage: {
              inputTokens: { total: 3, noCache: 3, cacheRead: 0, cacheWrite: 0 },
              outputTokens: { total: 2, text: 2, reasoning: 0 },
            },
          },
        ]),
      } as never,
    });
    const fetch = async (_url: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const body = JSON.parse(String(init?.body)) as { messages: UIMessage[] };
      return streamText({ model, prompt: 'hi' }).toUIMessageStreamResponse({
        originalMessages: body.messages,
      });
    };
    const transport = new DefaultChatTransport({ api: '/api/chat', fetch });
    const { result } = await renderHook(() => {
      const chat = useChat({ transport });
      return { chat, agent: useAiSdkChat(chat) };
    });
    await result.current.chat.sendMessage({ text: 'Say hello' });
    await expect.poll(() => result.current.agent.status, POLL).toBe('done');

    const session = defaultRecorder.sessions().find((item) => item.header.label === 'useAiSdkChat');
    expect(session?.header).toMatchObject({ protocol: 'ai-sdk', frames: 'messages' });
    expect(session?.events.at(-1)?.frame).toEqual(result.current.chat.messages);
    const folded = session ? foldRecording(session).messages : [];
    const texts = folded.flatMap((msg) =>
      msg.content.map((block) => ('text' in block ? block.text : '')),
    );
    expect(texts).toEqual(['Say hello', 'Hello there.']);
    expect(folded.map((msg) => msg.id)).toEqual(result.current.agent.messages.map((msg) => msg.id));
    // Each frame is the list as it was then: the first render had no message yet.
    expect(session && foldRecording(session, 1).messages).toEqual([]);
    const counts = session?.events.map((event) => (event.frame as unknown[]).length) ?? [];
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
  });
});
