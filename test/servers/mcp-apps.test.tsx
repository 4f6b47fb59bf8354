/*
 * The official MCP Apps example (`@modelcontextprotocol/server-basic-react`, its `createServer()`
 * served over Streamable HTTP in Node) hosted in our frame in Chromium, through real clients:
 * the official `@modelcontextprotocol/client` and the AI SDK's `createMCPClient`. Over the AI
 * SDK its tool call is a `UIMessage` part the card shows; over AG-UI it is an `ACTIVITY_SNAPSHOT`
 * with `activityType: "mcp-apps"` folded by `foldAgUiEvents`. The app renders in its frame, shows
 * the result it was sent, grows to its content, and its "Get Server Time" button's `tools/call`
 * reaches the app's callback.
 */
import { createMCPClient } from '@ai-sdk/mcp';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import * as React from 'react';
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { page } from 'vitest/browser';
import { AgentMessagesProvider, Message } from '../../src/index.js';
import { fromAiSdkMessages } from '../../src/ai-sdk.js';
import { foldAgUiEvents } from '../../src/ag-ui.js';
import type { McpAppsOptions, McpAppToolCall, McpObject } from '../../src/mcp-apps.js';
import { McpAppActivity } from '../../src/mcp-apps.js';

const bridge = () => import('@modelcontextprotocol/ext-apps/app-bridge');
const url = () => new URL(inject('mcpBasicUrl'));

let closers: (() => Promise<unknown>)[] = [];
// The official transport logs each message at debug level.
beforeEach(async () => {
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  // Unscaled: Playwright aims clicks inside a frame within a scaled tester frame off target.
  await page.viewport(800, 600);
});
afterEach(async () => {
  await Promise.all(closers.map((close) => close()));
  closers = [];
});

async function officialClient(): Promise<Client> {
  const client = new Client({ name: 'react-agent-messages-test', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(url()));
  closers.push(() => client.close());
  return client;
}

const frameElement = () =>
  page.elementLocator(document.querySelector('[data-slot="mcp-app-frame"]') ?? document.body);
const app = () => page.frameLocator(frameElement());
const root = () => document.querySelector<HTMLElement>('[data-slot="mcp-app"]');

/** The text of a `CallToolResult`'s first content block. */
function firstText(result: McpObject): string {
  const [first] = (result['content'] ?? []) as { text: string }[];
  return first?.text ?? '';
}

/**
 * That the app shows `text`. The frame is cross-origin (opaque), so the page cannot look inside:
 * Playwright can: a (forced, harmless) click on the text waits until the app renders it, or fails.
 */
async function appShows(text: string): Promise<void> {
  await app().getByText(text).click({ force: true });
}

/** A callback that runs the app's `tools/call` on the real server, keeping what it answered. */
function forwardCalls(client: { callTool(call: McpAppToolCall): Promise<unknown> }) {
  const answers: McpObject[] = [];
  const onCallTool = vi.fn(async (call: McpAppToolCall) => {
    const answer = (await client.callTool(call)) as McpObject;
    answers.push(answer);
    return answer;
  });
  return { answers, onCallTool };
}

async function expectRunningApp(time: string, calls: ReturnType<typeof forwardCalls>) {
  await expect.poll(() => root()?.dataset['state']).toBe('ready');
  // The result the host sent is what the app shows.
  await appShows(time);
  // It reported its size, and the frame grew to it.
  await expect
    .poll(() => frameElement().element().getBoundingClientRect().height)
    .toBeGreaterThan(100);
  // Its button's tools/call reaches the app's callback, and the answer reaches the app.
  await app().getByRole('button', { name: 'Get Server Time' }).click();
  await expect.poll(() => calls.answers.length).toBe(1);
  expect(calls.onCallTool.mock.calls[0]?.[0]).toMatchObject({ name: 'get-time' });
  await appShows(firstText(calls.answers[0] ?? {}));
}

describe('the official basic-react MCP App in our host', () => {
  it('over the AI SDK: a get-time tool call in a UIMessage, through createMCPClient', async () => {
    const client = await createMCPClient({ transport: { type: 'http', url: url().href } });
    closers.push(() => client.close());
    const output = (await client.callTool({ name: 'get-time', arguments: {} })) as McpObject;
    const [message = null] = fromAiSdkMessages([
      {
        id: 'a1',
        role: 'assistant',
        parts: [
          {
            type: 'dynamic-tool',
            toolName: 'get-time',
            toolCallId: 'call-1',
            state: 'output-available',
            input: {},
            output,
          },
        ],
      },
    ]).messages;
    const calls = forwardCalls(client);
    const mcpApps: McpAppsOptions = { client, bridge, onCallTool: calls.onCallTool };
    await render(
      <AgentMessagesProvider mcpApps={mcpApps}>
        {message ? <Message message={message} /> : null}
      </AgentMessagesProvider>,
    );
    // The card shows the call, and its app under it.
    const card = document.querySelector('[data-slot="tool-call-card"]');
    await expect.poll(() => card?.querySelector('[data-slot="mcp-app"]')).not.toBeNull();
    await expectRunningApp(firstText(output), calls);
  });

  it('over AG-UI: an mcp-apps ACTIVITY_SNAPSHOT, through the official client', async () => {
    const client = await officialClient();
    const result = (await client.callTool({ name: 'get-time', arguments: {} })) as McpObject;
    const state = foldAgUiEvents([
      { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
      {
        type: 'ACTIVITY_SNAPSHOT',
        messageId: 'mcp-1',
        activityType: 'mcp-apps',
        content: {
          resourceUri: 'ui://get-time/mcp-app.html',
          serverHash: 'basic',
          serverId: 'basic-react',
          toolInput: {},
          result,
        },
        replace: true,
      },
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
    ]);
    const [activity] = Object.values(state.activities);
    if (!activity) throw new Error('the fold kept no activity');
    const readResource = vi.fn(({ uri }: { uri: string }) => client.readResource({ uri }));
    const calls = forwardCalls(client);
    await render(
      <AgentMessagesProvider mcpApps={{ readResource, bridge, onCallTool: calls.onCallTool }}>
        <McpAppActivity
          activityType={activity.activityType}
          content={activity.content}
          messageId={activity.messageId}
          streaming={false}
        />
      </AgentMessagesProvider>,
    );
    await expectRunningApp(firstText(result), calls);
    expect(readResource).toHaveBeenCalledWith(
      expect.objectContaining({ uri: 'ui://get-time/mcp-app.html', serverId: 'basic-react' }),
    );
  });
});
