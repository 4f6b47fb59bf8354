/*
 * `useAgUiAgent` with `@ag-ui/client`'s `HttpAgent` against a server we did not write: Mastra
 * agents (mock models from `ai/test`) behind `@ag-ui/mastra`, served with `@ag-ui/encoder`.
 */
import { HttpAgent } from '@ag-ui/client';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Msg, ToolCallBlock, ToolResultBlock } from '../../src/core.js';
import { getReplyStatus } from '../../src/core.js';
import { useAgUiAgent, type UseAgUiAgentOptions } from '../../src/ag-ui.js';
import { startMastraAgUiServer, type MastraAgUiServer } from '../servers/mastra-agui-server.js';

let server: MastraAgUiServer;
beforeAll(async () => {
  server = await startMastraAgUiServer();
}, 60_000);
afterAll(() => server?.close());

function mount(scenario: string, options?: UseAgUiAgentOptions) {
  const agent = new HttpAgent({ url: `${server.url}/${scenario}` });
  const hook = renderHook(() => useAgUiAgent(agent, options));
  return { agent, hook, chat: () => hook.result.current };
}

const textOf = (msg: Msg | undefined) =>
  (msg?.content ?? []).map((block) => ('text' in block ? block.text : '')).join('');
const callOf = (messages: readonly Msg[], name: string) =>
  messages.flatMap((m) => m.content).find(
    (b): b is ToolCallBlock => b.type === 'tool_call' && b.name === name,
  );
const resultOf = (messages: readonly Msg[], id: string) =>
  messages.flatMap((m) => m.content).find(
    (b): b is ToolResultBlock => b.type === 'tool_result' && b.id === id,
  );

describe('useAgUiAgent against Mastra through @ag-ui/mastra', { timeout: 30_000 }, () => {
  it('shows the user message and the streamed reply (RUN_STARTED carries no input)', async () => {
    const { chat } = mount('text');
    await act(() => chat().send('Hello?'));
    const [user, reply] = chat().messages;
    expect(user?.role).toBe('user');
    expect(textOf(user)).toBe('Hello?');
    expect(textOf(reply)).toBe('Hello from **Mastra**.');
    expect(getReplyStatus(reply as Msg)).toBe('done');
    expect(chat().status).toBe('done');
  });
});
