/*
 * The AI SDK scene: a reply streamed through the real `useChat` (`@ai-sdk/react`, over a
 * transport that hands it the chunks the driver pushes) and `useAiSdkChat` into <MessageList>,
 * below `saved` UIMessages of history. Each update is one `text-delta` chunk: the time is from
 * pushing it to the commit that shows it, plus a forced layout (what the AI SDK, the conversion
 * and React do for one chunk). The same reply below 5 and below 500 saved messages tells whether
 * the conversion stays O(changed) with a long history.
 */
import { Chat, useChat } from '@ai-sdk/react';
import type { ChatTransport, UIMessage, UIMessageChunk } from 'ai';
import * as React from 'react';
import { useAiSdkChat } from '../../src/ai-sdk.js';
import { MessageList } from '../../src/index.js';
import { history, streamFragments } from './conversation.js';
import { freshRoot, settle, sleep, yieldTask } from './harness.js';

/** Options of `aiSdkChat`. */
export interface AiSdkChatOptions {
  /** Saved UIMessages the reply streams below. */
  saved: number;
  salt: number;
  updateSize: number;
  limit?: number;
}

/** The bench history as the UIMessages an AI SDK app would have stored. */
function savedMessages(count: number): UIMessage[] {
  return history(count).map((msg) => ({
    id: msg.id,
    role: msg.role === 'user' ? 'user' : 'assistant',
    parts: msg.content.flatMap((block): UIMessage['parts'] => {
      if (block.type === 'text') return [{ type: 'text', text: block.text, state: 'done' }];
      if (block.type !== 'tool_call') return [];
      return [
        {
          type: 'tool-search',
          toolCallId: block.id,
          state: 'output-available',
          input: { query: 'streaming markdown' },
          output: { hits: 3 },
        },
      ];
    }),
  }));
}

function BenchChat({ chat, onCommit }: { chat: Chat<UIMessage>; onCommit(): void }) {
  const agent = useAiSdkChat(useChat({ chat }));
  React.useLayoutEffect(() => onCommit());
  return (
    <div className="bench-list">
      <MessageList {...agent.list} />
    </div>
  );
}

/** Streams one reply through `useChat` + `useAiSdkChat`; the time of each update, in ms. */
export async function aiSdkChat(options: AiSdkChatOptions) {
  const { saved, salt, updateSize, limit } = options;
  const { fragments } = streamFragments(salt, updateSize, limit);
  let controller: ReadableStreamDefaultController<UIMessageChunk> | undefined;
  const transport: ChatTransport<UIMessage> = {
    sendMessages: async () =>
      new ReadableStream<UIMessageChunk>({
        start(c) {
          controller = c;
        },
      }),
    reconnectToStream: async () => null,
  };
  const chat = new Chat<UIMessage>({ messages: savedMessages(saved), transport });
  let committed: (() => void) | null = null;
  const onCommit = () => {
    committed?.();
    committed = null;
  };
  /** Pushes `chunk` and resolves at the commit that follows (or after a second, if none does). */
  const push = (chunk: UIMessageChunk) =>
    Promise.race([
      new Promise<void>((resolve) => {
        committed = resolve;
        controller?.enqueue(chunk);
      }),
      sleep(1000),
    ]);

  const { container, root, dispose } = freshRoot();
  root.render(<BenchChat chat={chat} onCommit={onCommit} />);
  await settle(300);
  void chat.sendMessage({ text: 'Stream a long answer, please.' });
  while (controller === undefined) await yieldTask();
  await push({ type: 'start', messageId: 'bench-reply' });
  await push({ type: 'start-step' });
  await push({ type: 'text-start', id: 't' });
  await settle(100);

  const times: number[] = new Array(fragments.length);
  for (const [index, delta] of fragments.entries()) {
    const t0 = performance.now();
    await push({ type: 'text-delta', id: 't', delta });
    void document.body.offsetHeight;
    times[index] = performance.now() - t0;
    await yieldTask();
  }
  await push({ type: 'text-end', id: 't' });
  await push({ type: 'finish' });
  controller?.close();
  await settle(100);
  const domMessages = container.querySelectorAll('[data-slot="message"]').length;
  const status = container
    .querySelector('[data-slot="message"][data-role="assistant"]:last-of-type')
    ?.getAttribute('data-status');
  dispose();
  await settle();
  return { saved, updates: fragments.length, times, domMessages, lastStatus: status ?? null };
}
