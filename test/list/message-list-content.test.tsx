import * as React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { page, userEvent } from 'vitest/browser';
import type { BlockProps, Msg, TextBlock } from '../../src/index.js';
import { MessageList } from '../../src/components/message-list/message-list.js';
import { AgentMessagesProvider } from '../../src/components/provider/agent-messages-provider.js';
import {
  chatMessages,
  distanceFromEnd,
  frames,
  messageOf,
  streamingReply,
  toolCall,
  toolResult,
} from './helpers.js';

const HEIGHT = { height: 400 };

function weatherConversation(): Msg[] {
  return [
    ...chatMessages(0, 3),
    messageOf('call-msg', 'assistant', [toolCall('c1', 'get_weather')]),
    messageOf('tool-msg', 'tool', [toolResult('c1', 'get_weather', '18 °C, light rain')]),
    messageOf('answer', 'assistant', [
      { type: 'text', text: 'Take an umbrella.', id: 'a1', created_at: '', finished_at: '' },
    ]),
  ];
}

describe('MessageList content', () => {
  it('hides a tool message whose result shows in its call card, and shows it on request', async () => {
    const messages = weatherConversation();
    const screen = await render(<MessageList messages={messages} style={HEIGHT} />);
    await expect.element(page.getByText('Take an umbrella.')).toBeVisible();
    const container = screen.container;
    expect(container.querySelector('[data-slot="message"][data-role="tool"]')).toBeNull();
    const card = container.querySelector('[data-slot="tool-call-card"]');
    expect(card?.getAttribute('data-status')).toBe('success');
    await userEvent.click(page.getByRole('button', { name: /get_weather/ }));
    await expect.element(page.getByText('18 °C, light rain')).toBeVisible();

    await screen.rerender(<MessageList messages={messages} style={HEIGHT} showToolMessages />);
    await expect
      .poll(() => container.querySelector('[data-slot="message"][data-role="tool"]'))
      .not.toBeNull();
  });

  it('lets the keyboard reach an approval prompt in the list and decide with Enter', async () => {
    const onDecision = vi.fn();
    const asking = messageOf(
      'ask',
      'assistant',
      [toolCall('c9', 'Bash', { state: 'asking', input: '{"command": "ls"}' })],
      true,
    );
    await render(
      <>
        <button type="button">Before</button>
        <MessageList
          messages={[...chatMessages(0, 20), asking]}
          onDecision={onDecision}
          style={HEIGHT}
        />
      </>,
    );
    await expect.element(page.getByRole('button', { name: /^Allow/ })).toBeInTheDocument();
    // A new prompt ignores activation for a moment (a stray Enter must not approve it).
    await new Promise((resolve) => setTimeout(resolve, 600));
    (document.querySelector('button') as HTMLButtonElement).focus();
    let reached = false;
    for (let i = 0; i < 30 && !reached; i++) {
      await userEvent.keyboard('{Tab}');
      const active = document.activeElement;
      reached = active instanceof HTMLButtonElement && /^Allow/.test(active.textContent ?? '');
    }
    expect(reached).toBe(true);
    await userEvent.keyboard('{Enter}');
    expect(onDecision).toHaveBeenCalledTimes(1);
    expect(onDecision.mock.calls[0]?.[0]).toMatchObject({ confirmed: true });
  });

  it('keeps a row asking for approval mounted even when it is far out of view', async () => {
    const asking = messageOf('ask', 'assistant', [toolCall('c9', 'Bash', { state: 'asking' })]);
    const messages = [...chatMessages(0, 5), asking, ...chatMessages(6, 300)];
    const { container } = await render(
      <MessageList messages={messages} onDecision={() => {}} style={HEIGHT} />,
    );
    await frames(4);
    expect(container.querySelectorAll('[data-slot="confirmation-prompt"]')).toHaveLength(1);
    expect(container.querySelectorAll('[data-slot="message"]').length).toBeLessThanOrEqual(40);
  });

  it('leaves prompts to the app with confirmationPlacement="none"', async () => {
    const asking = messageOf('ask', 'assistant', [toolCall('c9', 'Bash', { state: 'asking' })]);
    const { container } = await render(
      <MessageList
        messages={[asking]}
        onDecision={() => {}}
        confirmationPlacement="none"
        style={HEIGHT}
      />,
    );
    await frames(2);
    expect(container.querySelector('[data-slot="confirmation-prompt"]')).toBeNull();
  });

  it('does not re-render finished messages while the last one streams', async () => {
    const renders: string[] = [];
    function Counting({ block }: BlockProps<TextBlock>) {
      renders.push(block.id);
      return <p>{block.text}</p>;
    }
    const components = { text: Counting };
    const history = chatMessages(0, 6);
    const ui = (text: string) => (
      <AgentMessagesProvider components={components}>
        <MessageList messages={[...history, streamingReply('tail', text)]} style={HEIGHT} />
      </AgentMessagesProvider>
    );
    const screen = await render(ui('Hello'));
    await frames(4);
    renders.length = 0;
    for (const text of ['Hello there', 'Hello there, how', 'Hello there, how are you?']) {
      await screen.rerender(ui(text));
      await frames(2);
    }
    expect(renders.length).toBeGreaterThanOrEqual(3);
    expect(new Set(renders)).toEqual(new Set(['tail-text']));
  });

  it('announces a reply that finishes, but not the history present at mount', async () => {
    const history = chatMessages(0, 4);
    const ui = (messages: Msg[]) => <MessageList messages={messages} style={HEIGHT} />;
    const screen = await render(ui(history));
    const polite = screen.container.querySelector('[data-politeness="polite"]');
    const assertive = screen.container.querySelector('[data-politeness="assertive"]');
    await frames(2);
    expect(polite?.textContent).toBe('');

    await screen.rerender(ui([...history, streamingReply('r', 'Working on it')]));
    await frames(1);
    expect(polite?.textContent).toBe('');

    const asking = messageOf('r', 'assistant', [toolCall('c1', 'Bash', { state: 'asking' })], true);
    await screen.rerender(ui([...history, asking]));
    await expect.poll(() => assertive?.textContent).toBe('Approval needed: tool Bash');

    const done = messageOf('r', 'assistant', [
      toolCall('c1', 'Bash'),
      toolResult('c1', 'Bash', 'ok'),
    ]);
    await screen.rerender(ui([...history, done]));
    await expect
      .poll(() => polite?.textContent)
      .toBe('Tool Bash finished. Friday finished replying');

    const interrupted: Msg = {
      ...streamingReply('r2', 'Half'),
      finished_at: '2026-09-01T12:01:00',
      finished_reason: 'interrupted',
    };
    await screen.rerender(ui([...history, done, streamingReply('r2', 'Half')]));
    await screen.rerender(ui([...history, done, interrupted]));
    await expect.poll(() => polite?.textContent).toBe('Reply interrupted');
  });

  it('shows the empty state, the loading row and the thinking indicator', async () => {
    const screen = await render(<MessageList messages={[]} style={HEIGHT} />);
    await expect.element(page.getByText('No messages yet')).toBeVisible();
    await screen.rerender(<MessageList messages={[]} loading style={HEIGHT} />);
    await expect.element(page.getByText('Loading…')).toBeVisible();
    expect(page.getByRole('log').element().getAttribute('aria-busy')).toBe('true');
    await screen.rerender(
      <MessageList messages={[...chatMessages(0, 2), streamingReply('r', '')]} style={HEIGHT} />,
    );
    await expect.element(page.getByText('Friday is thinking…')).toBeVisible();
    await screen.rerender(
      <MessageList
        messages={[...chatMessages(0, 2), streamingReply('r', 'Hi')]}
        empty={<p>Say hello</p>}
        style={HEIGHT}
      />,
    );
    await expect
      .poll(() => screen.container.querySelector('[data-slot="message-list-typing"]'))
      .toBeNull();
    await screen.rerender(<MessageList messages={[]} empty={<p>Say hello</p>} style={HEIGHT} />);
    await expect.element(page.getByText('Say hello')).toBeVisible();
  });

  it('keeps the list at the end when the thinking indicator gives way to content', async () => {
    const history = chatMessages(0, 30);
    const screen = await render(
      <MessageList messages={[...history, streamingReply('r', '')]} style={HEIGHT} />,
    );
    const log = page.getByRole('log').element() as HTMLElement;
    await expect.poll(() => distanceFromEnd(log)).toBeLessThanOrEqual(1);
    await screen.rerender(
      <MessageList
        messages={[...history, streamingReply('r', 'First words\n\nand a second paragraph')]}
        style={HEIGHT}
      />,
    );
    await expect.poll(() => distanceFromEnd(log)).toBeLessThanOrEqual(1);
  });

  it('behaves the same under StrictMode', async () => {
    const history = chatMessages(0, 30);
    const ui = (messages: Msg[]) => (
      <React.StrictMode>
        <MessageList messages={messages} style={HEIGHT} />
      </React.StrictMode>
    );
    const screen = await render(ui(history));
    const log = page.getByRole('log').element() as HTMLElement;
    await expect.poll(() => distanceFromEnd(log)).toBeLessThanOrEqual(1);
    const polite = screen.container.querySelector('[data-politeness="polite"]');
    await frames(2);
    expect(polite?.textContent).toBe('');
    await screen.rerender(ui([...history, streamingReply('r', 'Hi')]));
    await screen.rerender(ui([...history, { ...streamingReply('r', 'Hi'), finished_at: 'x' }]));
    await expect.poll(() => polite?.textContent).toBe('Friday finished replying');
    await expect.poll(() => distanceFromEnd(log)).toBeLessThanOrEqual(1);
  });

  it('passes className, style and other props to the root and labels it', async () => {
    const renderMessage = vi.fn((message: Msg) => <div>custom {message.id}</div>);
    await render(
      <MessageList
        messages={chatMessages(0, 3)}
        className="chat"
        style={HEIGHT}
        label="Support chat"
        data-testid="list"
        renderMessage={renderMessage}
      />,
    );
    const log = page.getByRole('log', { name: 'Support chat' }).element() as HTMLElement;
    expect(log.className).toBe('chat');
    expect(log.style.height).toBe('400px');
    expect(log.getAttribute('data-testid')).toBe('list');
    await expect.element(page.getByText('custom m2')).toBeVisible();
    const row = log.querySelector('[data-slot="message-list-item"]');
    expect(row?.getAttribute('data-index')).toBe('0');
  });
});
