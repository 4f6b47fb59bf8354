/*
 * An A2UI surface over the AI SDK: a `data-a2ui` part written by a real `createUIMessageStream`
 * (`ai`), read by the real `useChat` (`@ai-sdk/react`) into `useAiSdkChat`; the surface's button
 * goes back as a user message with a `data-activity-action` part, in the next request.
 */
import { useChat } from '@ai-sdk/react';
import type { UIMessage } from 'ai';
import { DefaultChatTransport, createUIMessageStream, createUIMessageStreamResponse } from 'ai';
import * as React from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { page, userEvent } from 'vitest/browser';
import { useAiSdkChat } from '../../src/ai-sdk.js';
import { AgentMessagesProvider, Composer, MessageList } from '../../src/index.js';
import { bookingV09, loadA2ui } from '../fixtures/activity/a2ui-surfaces.js';

function serve() {
  const requests: UIMessage[][] = [];
  const fetch = async (_url: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const body = JSON.parse(String(init?.body)) as { messages: UIMessage[] };
    requests.push(body.messages);
    const stream = createUIMessageStream({
      execute: ({ writer }) => {
        writer.write({ type: 'data-a2ui', id: 'surface-1', data: bookingV09('booking', '21:00') });
      },
    });
    return createUIMessageStreamResponse({ stream });
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

function App({ server }: { server: ReturnType<typeof serve> }) {
  const transport = React.useMemo(
    () => new DefaultChatTransport({ api: '/api/chat', fetch: server.fetch }),
    [server],
  );
  const chat = useAiSdkChat(useChat({ transport }));
  return (
    <AgentMessagesProvider a2ui={loadA2ui}>
      <MessageList {...chat.list} style={{ height: 600 }} />
      <Composer {...chat.composer} />
    </AgentMessagesProvider>
  );
}

describe('A2UI over the AI SDK', () => {
  beforeAll(async () => {
    // Lit (under @a2ui/web_core) announces its dev mode once, on import: not this library's doing.
    await loadA2ui();
  });

  it('draws a data-a2ui part and sends its button back as a data-activity-action message', async () => {
    const server = serve();
    await render(<App server={server} />);
    await userEvent.fill(page.getByRole('textbox'), 'Book a table');
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByText('Table for two')).toBeVisible();
    await userEvent.click(page.getByRole('button', { name: 'Book' }));
    await vi.waitFor(() => expect(server.requests).toHaveLength(2));
    const sent = server.requests[1]?.at(-1);
    expect(sent?.role).toBe('user');
    expect(sent?.parts).toEqual([
      {
        type: 'data-activity-action',
        data: expect.objectContaining({
          activityType: 'a2ui-surface',
          messageId: 'surface-1',
          name: 'book',
          payload: {
            userAction: expect.objectContaining({ name: 'book', context: { time: '21:00' } }),
          },
        }),
      },
    ]);
  });
});
