import * as React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { page, userEvent } from 'vitest/browser';
import type { Msg, ToolRendererProps } from '../../src/index.js';
import {
  AgentMessagesProvider,
  Message,
  MessageActions,
  MessageBlocks,
  MessageFooter,
  MessageHeader,
  MessageList,
} from '../../src/index.js';
import { chatMessage, messageOf, toolCall } from '../list/helpers.js';

const HEIGHT = { height: 600 };

/** A finished reply with usage, so that every part has something to show. */
const reply: Msg = {
  ...chatMessage(1, 1),
  id: 'r1',
  usage: {
    input_tokens: 12,
    output_tokens: 34,
    cache_input_tokens: 0,
    cache_creation_input_tokens: 0,
  },
};

/** The `data-slot` of each part the message shows, in document order. */
function partOrder(container: HTMLElement): string[] {
  const root = container.querySelector('[data-slot="message"]');
  const parts = ['message-header', 'message-content', 'message-footer', 'message-actions'];
  return [...(root?.querySelectorAll('[data-slot]') ?? [])]
    .map((element) => element.getAttribute('data-slot') ?? '')
    .filter((slot) => parts.includes(slot));
}

describe('Message parts', () => {
  it('composes header, blocks, footer and actions by default, as the explicit parts do', async () => {
    const plain = await render(<Message message={reply} onRetry={() => {}} />);
    const defaultMarkup = plain.container.innerHTML;
    expect(partOrder(plain.container)).toEqual([
      'message-header',
      'message-content',
      'message-footer',
      'message-actions',
    ]);
    await plain.unmount();
    const composed = await render(
      <Message message={reply} onRetry={() => {}}>
        <MessageHeader />
        <MessageBlocks />
        <MessageFooter />
        <MessageActions />
      </Message>,
    );
    expect(composed.container.innerHTML).toBe(defaultMarkup);
  });

  it('shows the parts in the order the app gives them', async () => {
    const { container } = await render(
      <Message message={reply} onRetry={() => {}}>
        <MessageActions />
        <MessageBlocks />
        <MessageHeader />
        <MessageFooter />
      </Message>,
    );
    expect(partOrder(container)).toEqual([
      'message-actions',
      'message-content',
      'message-header',
      'message-footer',
    ]);
    await expect.element(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  it('leaves out a part the app omits, and keeps the app’s own wrappers around the others', async () => {
    const { container } = await render(
      <Message message={reply}>
        <div className="bubble">
          <MessageBlocks />
        </div>
        <MessageFooter />
      </Message>,
    );
    expect(partOrder(container)).toEqual(['message-content', 'message-footer']);
    expect(container.querySelector('[data-slot="message-header"]')).toBeNull();
    expect(container.querySelector('[data-slot="message-actions"]')).toBeNull();
    const bubble = container.querySelector('[data-slot="message"] > .bubble');
    expect(bubble?.querySelector('[data-slot="message-content"]')?.textContent).toBe('Message 1');
    expect(container.querySelector('[data-slot="message-usage"]')?.textContent).toContain('34');
  });

  it('says which part was used outside a Message', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    class Catch extends React.Component<{ children: React.ReactNode }, { error: string | null }> {
      override state = { error: null };
      static getDerivedStateFromError(error: Error) {
        return { error: error.message };
      }
      override render() {
        return this.state.error ?? this.props.children;
      }
    }
    await render(
      <Catch>
        <MessageFooter />
      </Catch>,
    );
    await expect
      .element(page.getByText('`MessageFooter` must be used within `Message`'))
      .toBeVisible();
    consoleError.mockRestore();
  });
});

describe('MessageList rows', () => {
  it('renders each row through renderMessage, which gets the list’s callbacks and turns without props', async () => {
    const onRetry = vi.fn();
    const question = chatMessage(0, 1);
    const answer = chatMessage(1, 1);
    const renderMessage = (message: Msg) => (
      <Message message={message}>
        <MessageBlocks />
        <MessageActions />
      </Message>
    );
    const { container } = await render(
      <MessageList
        messages={[question, answer]}
        style={HEIGHT}
        onRetry={onRetry}
        renderMessage={renderMessage}
      />,
    );
    await expect.element(page.getByText('Message 1')).toBeVisible();
    // The parts the row left out are not there; the ones it kept act through the list.
    expect(container.querySelector('[data-slot="message-header"]')).toBeNull();
    await userEvent.click(page.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledWith(answer);
  });

  it('hands a composed row its place in a turn: only the turn’s last message shows the actions', async () => {
    const turn = [
      chatMessage(0, 1),
      messageOf('a1', 'assistant', [toolCall('c1', 'lookup')]),
      messageOf('a2', 'assistant', chatMessage(3, 1).content),
    ];
    const { container } = await render(
      <MessageList
        messages={turn}
        style={HEIGHT}
        onRetry={() => {}}
        renderMessage={(message) => (
          <Message message={message}>
            <MessageHeader />
            <MessageBlocks />
            <MessageActions />
          </Message>
        )}
      />,
    );
    await expect.element(page.getByText('Message 3')).toBeVisible();
    const positions = [...container.querySelectorAll('[data-slot="message"]')].map((row) => [
      row.getAttribute('data-turn-position'),
      row.querySelector('[data-slot="message-header"]') !== null,
      row.querySelector('[data-slot="message-actions"]') !== null,
    ]);
    expect(positions).toEqual([
      [null, true, true],
      ['first', true, false],
      ['last', false, true],
    ]);
  });

  it('gives every row the options set once on the provider', async () => {
    function Weather({ call }: ToolRendererProps) {
      return <p data-testid="weather">Weather for {call.id}</p>;
    }
    const share = (message: Msg) => <button type="button">Share {message.id}</button>;
    const messages = [0, 1, 2].flatMap((index) => [
      chatMessage(index * 2, 1),
      messageOf(`w${index}`, 'assistant', [toolCall(`c${index}`, 'weather')]),
    ]);
    const { container } = await render(
      <AgentMessagesProvider tools={{ weather: Weather }} renderActions={share}>
        <MessageList messages={messages} style={HEIGHT} groupTurns={false} />
      </AgentMessagesProvider>,
    );
    // The renderer shows inside each call's card, which stays closed: present, not visible.
    await expect.poll(() => container.querySelectorAll('[data-testid="weather"]').length).toBe(3);
    const cards = [...container.querySelectorAll('[data-testid="weather"]')];
    expect(cards.map((card) => card.textContent)).toEqual([
      'Weather for c0',
      'Weather for c1',
      'Weather for c2',
    ]);
    const shared = [...container.querySelectorAll('[data-slot="message-actions"] button')]
      .map((button) => button.textContent ?? '')
      .filter((text) => text.startsWith('Share'));
    expect(shared).toEqual([
      'Share m0',
      'Share w0',
      'Share m2',
      'Share w1',
      'Share m4',
      'Share w2',
    ]);
  });
});
