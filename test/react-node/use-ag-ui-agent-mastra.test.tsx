/*
 * `useAgUiAgent` with `@ag-ui/client`'s `HttpAgent` against a server we did not write: Mastra
 * agents (mock models from `ai/test`) behind `@ag-ui/mastra`, served with `@ag-ui/encoder`.
 */
import { HttpAgent } from '@ag-ui/client';
import { fetch as nodeFetch } from 'undici';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
  // Node's fetch: happy-dom's reports an aborted request as an error of its own, not `AbortError`.
  const agent = new HttpAgent({ url: `${server.url}/${scenario}`, fetch: nodeFetch as never });
  const hook = renderHook(() => useAgUiAgent(agent, options));
  return { agent, hook, chat: () => hook.result.current };
}

const textOf = (msg: Msg | undefined) =>
  (msg?.content ?? []).map((block) => ('text' in block ? block.text : '')).join('');
const callOf = (messages: readonly Msg[], name: string) =>
  messages
    .flatMap((m) => m.content)
    .find((b): b is ToolCallBlock => b.type === 'tool_call' && b.name === name);
const resultOf = (messages: readonly Msg[], id: string) =>
  messages
    .flatMap((m) => m.content)
    .find((b): b is ToolResultBlock => b.type === 'tool_result' && b.id === id);

describe('useAgUiAgent against Mastra through @ag-ui/mastra', { timeout: 30_000 }, () => {
  it("resolves the Composer's send once the agent answers, before the reply ends", async () => {
    const { chat } = mount('slow');
    await act(() => chat().composer.onSend('Talk a lot', []));
    expect(chat().status).toBe('streaming');
    expect(textOf(chat().messages[0])).toBe('Talk a lot');
    act(() => chat().stop());
  });

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

  it('sends attached files as content parts, and shows them', async () => {
    const { chat, agent } = mount('text');
    const file = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await act(() => chat().composer.onSend('See attached', [file]));
    await waitFor(() => expect(chat().status).toBe('done'), { timeout: 20_000 });
    expect(agent.messages[0]).toMatchObject({
      role: 'user',
      content: [
        { type: 'text', text: 'See attached' },
        {
          type: 'document',
          source: { type: 'data', value: btoa('hello'), mimeType: 'text/plain' },
          metadata: { filename: 'notes.txt' },
        },
      ],
    });
    const blocks = chat().messages[0]?.content ?? [];
    expect(blocks.map((block) => block.type)).toEqual(['text', 'data']);
    expect(blocks[1]).toMatchObject({ name: 'notes.txt' });
  });

  it('shows reasoning apart from the answer', async () => {
    const { chat } = mount('reasoning');
    await act(() => chat().send('Hi'));
    const blocks = chat().messages.flatMap((m) => m.content);
    expect(blocks.find((b) => b.type === 'thinking')).toMatchObject({
      thinking: 'The user says hello.',
    });
    expect(textOf(chat().messages.at(-1))).toBe('Hi there.');
  });

  it('shows a server tool with its structured result, then the answer', async () => {
    const { chat } = mount('tool');
    await act(() => chat().send('Weather in Paris?'));
    const { messages } = chat();
    const call = callOf(messages, 'weather');
    expect(call).toMatchObject({ input: '{"city":"Paris"}', state: 'finished' });
    const result = resultOf(messages, 'call-w');
    expect(result?.state).toBe('success');
    expect(result?.value).toEqual({ city: 'Paris', celsius: 18 });
    expect(result?.output).toBe('{"city":"Paris","celsius":18}');
    expect(textOf(messages.at(-1))).toBe('It is 18 degrees in Paris.');
    expect(messages.filter((m) => m.role === 'user')).toHaveLength(1);
  });

  it('streams the agent state: a snapshot, then a delta', async () => {
    const { chat } = mount('state');
    await act(() => chat().send('Remember milk and eggs'));
    expect(chat().state).toEqual({ todo: ['milk', 'eggs'] });
    const kinds = chat().fold.diagnostics.map((d) => d.code);
    expect(kinds).not.toContain('invalid-patch');
  });

  it('marks a failed run on its reply, with a readable error', async () => {
    const { chat } = mount('error');
    await act(() => chat().send('Hi'));
    const reply = chat().messages.at(-1) as Msg;
    expect(getReplyStatus(reply)).toBe('error');
    expect(reply.error?.message).toContain('the model is overloaded');
    // The error shows on the reply: not a second time under the list.
    expect(chat().error).toBeNull();
  });

  it('stops a reply: abortRun, and the reply is marked interrupted', async () => {
    const { chat } = mount('slow');
    let sent: Promise<void> | undefined;
    act(() => {
      sent = chat().send('Talk a lot');
    });
    await waitFor(() => expect(textOf(chat().messages.at(-1))).toContain('word2'), {
      timeout: 20_000,
    });
    expect(chat().status).toBe('streaming');
    act(() => chat().stop());
    await act(() => sent);
    const reply = chat().messages.at(-1) as Msg;
    expect(getReplyStatus(reply)).toBe('interrupted');
    expect(textOf(reply)).not.toContain('word99');
    expect(chat().status).toBe('done');
    expect(chat().error).toBeNull();
  });

  it.each([
    [true, 'Done: deleted.'],
    [false, 'Done: kept.'],
  ])(
    'asks before a suspended tool runs, with its question and name; answered %s',
    async (confirmed, answer) => {
      const { chat } = mount('suspend');
      await act(() => chat().send('Clean the cache'));
      expect(chat().status).toBe('awaiting-confirmation');
      const call = callOf(chat().messages, 'delete_files');
      expect(call).toMatchObject({ state: 'asking', input: '{"path":"/var/cache/app"}' });
      expect(call?.question).toBe('Approve deleting /var/cache/app?');
      expect(chat().interrupts).toEqual([]);
      await act(() => chat().onDecision({ toolCall: call as ToolCallBlock, confirmed }));
      const { messages } = chat();
      expect(callOf(messages, 'delete_files')?.state).toBe('finished');
      expect(resultOf(messages, 'call-d')?.value).toEqual({
        deleted: confirmed,
        path: '/var/cache/app',
      });
      expect(textOf(messages.at(-1))).toBe(answer);
      expect(chat().status).toBe('done');
    },
  );

  it('runs a frontend tool, shows its result and sends it back', async () => {
    const seen: unknown[] = [];
    const { chat } = mount('frontend', {
      tools: [
        {
          name: 'read_theme',
          description: "The page's colour theme",
          handler: (args) => {
            seen.push(args);
            return { theme: 'Dark' };
          },
        },
      ],
    });
    await act(() => chat().send('Which theme?'));
    expect(seen).toEqual([{}]);
    const { messages } = chat();
    expect(resultOf(messages, 'call-f')).toMatchObject({
      output: '{"theme":"Dark"}',
      value: { theme: 'Dark' },
    });
    expect(textOf(messages.at(-1))).toBe('The page says dark.');
    expect(callOf(messages, 'read_theme')).toMatchObject({ state: 'finished' });
    expect(messages.filter((m) => m.role === 'user')).toHaveLength(1);
  });

  it('leaves a frontend call without a handler waiting for the app', async () => {
    const { chat } = mount('frontend');
    await act(() => chat().send('Which theme?'));
    const call = callOf(chat().messages, 'read_theme');
    expect(call).toMatchObject({ remote: true, state: 'submitted' });
    expect(resultOf(chat().messages, 'call-f')).toBeUndefined();
  });

  it("sends a failing handler's error back as the call's error", async () => {
    const { chat } = mount('frontend', {
      tools: [
        {
          name: 'read_theme',
          description: "The page's colour theme",
          handler: () => {
            throw new Error('no theme here');
          },
        },
      ],
    });
    await act(() => chat().send('Which theme?'));
    expect(resultOf(chat().messages, 'call-f')).toMatchObject({
      state: 'error',
      output: 'no theme here',
    });
    expect(textOf(chat().messages.at(-1))).toBe('The page says light.');
  });

  it('shows a run that fails before it starts under the list, and keeps the message', async () => {
    // @ag-ui/client logs the failure itself; that log is the client's, not ours.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { chat, agent } = mount('no-such-agent');
    // The Composer's send rejects, so it keeps the text, and the thread does not keep the message.
    await act(() => expect(chat().composer.onSend('Anyone there?', [])).rejects.toThrow('404'));
    expect(agent.messages).toEqual([]);
    expect(chat().error).toBeInstanceOf(Error);
    expect(chat().list.error).toBe(chat().error);
    expect(chat().status).toBe('error');
    act(() => chat().list.onDismissError());
    expect(chat().error).toBeNull();
    expect(logged.mock.calls.map(String).join()).toContain('HTTP 404');
  });
});
