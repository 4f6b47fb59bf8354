import * as React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { page, userEvent } from 'vitest/browser';
import type { BlockProps, Msg, TextBlock } from '../../src/index.js';
import { AgentMessagesProvider, Message } from '../../src/index.js';
import { foldEvents } from '../../src/core.js';
import { createEventFactory } from '../fixtures/events.js';

function must(message: Msg | undefined): Msg {
  if (!message) throw new Error('no such message');
  return message;
}

function reply(
  events: (f: ReturnType<typeof createEventFactory>) => Parameters<typeof foldEvents>[0],
): Msg {
  const message = foldEvents(events(createEventFactory('m'))).getMessage('r1');
  if (!message) throw new Error('no reply');
  return message;
}

describe('Message', () => {
  it('carries the DOM contract: slot, role, reply status and per-block attributes', async () => {
    const message = reply((f) => [
      f.replyStart('r1'),
      f.textStart('r1', 't1'),
      f.textDelta('r1', 't1', 'Hello'),
    ]);
    const { container } = await render(<Message message={message} />);
    const root = container.querySelector('[data-slot="message"]');
    expect(root?.getAttribute('data-role')).toBe('assistant');
    expect(root?.getAttribute('data-status')).toBe('streaming');
    const text = container.querySelector('[data-block-type="text"]');
    expect(text?.getAttribute('data-slot')).toBe('text-block');
    expect(text?.hasAttribute('data-streaming')).toBe(true);
  });

  it('keeps the rest of the message when one block renderer throws, and shows that block raw', async () => {
    const message = reply((f) => [
      f.replyStart('r1'),
      f.textStart('r1', 't1'),
      f.textDelta('r1', 't1', 'first'),
      f.thinkingStart('r1', 'k1'),
      f.thinkingDelta('r1', 'k1', 'secret plan'),
      f.replyEnd('r1'),
    ]);
    function Broken(): React.ReactNode {
      throw new Error('renderer bug');
    }
    // React reports errors caught by boundaries on the console; that is expected here.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    await render(
      <AgentMessagesProvider components={{ thinking: Broken }}>
        <Message message={message} />
      </AgentMessagesProvider>,
    );
    await expect.element(page.getByText('first')).toBeVisible();
    await expect
      .element(page.getByText('This thinking block could not be displayed.'))
      .toBeVisible();
    await userEvent.click(page.getByText('Show raw'));
    await expect.element(page.getByText(/secret plan/)).toBeVisible();
    consoleError.mockRestore();
  });

  it('re-renders only the block a token touched', async () => {
    const f = createEventFactory('p');
    const start = foldEvents([
      f.replyStart('r1'),
      f.textStart('r1', 'a'),
      f.textDelta('r1', 'a', 'finished block'),
      f.textEnd('r1', 'a'),
      f.textStart('r1', 'b'),
    ]);
    const renders: string[] = [];
    function Counting({ block }: BlockProps<TextBlock>) {
      renders.push(block.id);
      return <p>{block.text}</p>;
    }
    const components = { text: Counting };
    const screen = await render(
      <AgentMessagesProvider components={components}>
        <Message message={must(start.getMessage('r1'))} />
      </AgentMessagesProvider>,
    );
    renders.length = 0;
    let state = start;
    for (const word of ['one ', 'two ', 'three']) {
      state = foldEvents([f.textDelta('r1', 'b', word)], state);
      await screen.rerender(
        <AgentMessagesProvider components={components}>
          <Message message={must(state.getMessage('r1'))} />
        </AgentMessagesProvider>,
      );
    }
    expect(renders).toEqual(['b', 'b', 'b']);
    await expect.element(page.getByText('one two three')).toBeVisible();
  });

  it('shows the result of a call inside its card, not twice', async () => {
    const message = reply((f) => [
      f.replyStart('r1'),
      f.toolCallStart('r1', 'c1', 'search'),
      f.toolCallDelta('r1', 'c1', '{"q":"x"}'),
      f.toolCallEnd('r1', 'c1'),
      f.toolResultStart('r1', 'c1', 'search'),
      f.toolResultText('r1', 'c1', 'found it'),
      f.toolResultEnd('r1', 'c1', 'success'),
    ]);
    const { container } = await render(<Message message={message} />);
    expect(container.querySelectorAll('[data-slot="tool-call-card"]')).toHaveLength(1);
    expect(container.querySelectorAll('[data-slot="tool-result-block"]')).toHaveLength(1);
    expect(
      container.querySelector('[data-slot="tool-call-card"] [data-slot="tool-result-block"]'),
    ).not.toBeNull();
  });

  it('announces a reply error that arrives while on screen, not one loaded with history', async () => {
    const f = createEventFactory('e');
    const running = foldEvents([
      f.replyStart('r1'),
      f.textStart('r1', 't'),
      f.textDelta('r1', 't', 'partial'),
    ]);
    const screen = await render(<Message message={must(running.getMessage('r1'))} />);
    const failed = foldEvents(
      [f.replyEnd('r1', 'error', { type: 'upstream', message: 'Model unavailable' })],
      running,
    );
    await screen.rerender(<Message message={must(failed.getMessage('r1'))} />);
    await expect.element(page.getByRole('alert')).toHaveTextContent(/Model unavailable/);

    const history = await render(
      <Message message={{ ...must(failed.getMessage('r1')), id: 'old' }} />,
    );
    expect(history.container.querySelector('[role="alert"]')).toBeNull();
  });

  it('renders a block of a type it has never heard of in a generic form', async () => {
    const message = reply((f) => [f.replyStart('r1')]);
    const odd = { ...message, content: [{ type: 'hologram', id: 'h1', payload: 42 } as never] };
    const { container } = await render(<Message message={odd} />);
    expect(
      container.querySelector('[data-slot="unknown-block"]')?.getAttribute('data-block-type'),
    ).toBe('hologram');
  });

  it('uses labels from the provider', async () => {
    const message = reply((f) => [
      f.replyStart('r1'),
      f.modelCallEnd('r1', 3, 2),
      f.replyEnd('r1', 'interrupted'),
    ]);
    await render(
      <AgentMessagesProvider
        labels={{
          replyStatus: {
            streaming: 'En cours',
            'awaiting-confirmation': 'À valider',
            'awaiting-external': 'Externe',
            done: 'Fini',
            error: 'Échec',
            interrupted: 'Interrompu',
            exceeded: 'Trop long',
            idle: 'Inactif',
            connecting: 'Connexion',
            cancelled: 'Annulé',
          },
        }}
      >
        <Message message={message} />
      </AgentMessagesProvider>,
    );
    await expect.element(page.getByText('Interrompu').first()).toBeVisible();
  });
});

describe('react-agent-messages', () => {
  it('exports the documented React names and a few model and fold names from core', async () => {
    const [core, entry] = await Promise.all([
      import('../../src/core.js'),
      import('../../src/index.js'),
    ]);
    const own = Object.keys(entry)
      .filter((name) => !(name in core))
      .sort();
    expect(own).toEqual([
      'AgentMessagesProvider',
      'ApprovalRules',
      'BranchPicker',
      'Composer',
      'ConfirmationPrompt',
      'DataBlockView',
      'ErrorBlockView',
      'HintBlockView',
      'InterruptPrompt',
      'Message',
      'MessageActions',
      'MessageBlocks',
      'MessageFooter',
      'MessageHeader',
      'MessageList',
      'TextBlockView',
      'ThinkingBlockView',
      'ToolCallCard',
      'ToolCallCardArgs',
      'ToolCallCardContent',
      'ToolCallCardElapsed',
      'ToolCallCardHeader',
      'ToolCallCardResult',
      'ToolCallCardStatus',
      'ToolCallCardSummary',
      'ToolResultView',
      'UnknownBlockView',
      'createLabels',
      'defaultBlockComponents',
      'defaultHighlightLanguages',
      'defaultLabels',
      'useAgentMessagesConfig',
      'useBlockContext',
      'useLabels',
      'useMessageSearch',
      'useMessageStream',
      'useUrlPolicy',
    ]);
    // Of core's values, the root keeps what building and handling messages needs; the rest (the
    // events, the store, safety, approvals, history) is imported from react-agent-messages/core.
    const fromCore = Object.keys(entry)
      .filter((name) => name in core)
      .sort();
    expect(fromCore).toEqual(['MessageStreamError', 'assistantMsg', 'userMsg']);
    for (const name of fromCore)
      expect(entry[name as keyof typeof entry]).toBe(core[name as keyof typeof core]);
  });
});
