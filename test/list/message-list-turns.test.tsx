import * as React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { page, userEvent } from 'vitest/browser';
import type { BlockProps, Msg, TextBlock } from '../../src/index.js';
import { MessageList } from '../../src/components/message-list/message-list.js';
import { AgentMessagesProvider } from '../../src/components/provider/agent-messages-provider.js';
import { chatMessage, frames, messageOf, streamingReply, toolCall, toolResult } from './helpers.js';

const HEIGHT = { height: 500 };
const T = '2026-09-01T12:00:00';

function text(value: string, id: string) {
  return { type: 'text' as const, text: value, id, created_at: T, finished_at: T };
}

const usage = (input: number, output: number) => ({
  input_tokens: input,
  output_tokens: output,
  cache_input_tokens: 0,
  cache_creation_input_tokens: 0,
});

/** AgentFlow's shape: a call, its result in a tool message, then the answer. */
function agentTurn(): Msg[] {
  return [
    chatMessage(0),
    {
      ...messageOf('call', 'assistant', [
        text('Let me check.', 'x1'),
        toolCall('c1', 'get_weather'),
      ]),
      usage: usage(10, 5),
    },
    messageOf('result', 'tool', [toolResult('c1', 'get_weather', '18 °C')]),
    { ...messageOf('answer', 'assistant', [text('Take an umbrella.', 'x2')]), usage: usage(3, 2) },
  ];
}

/** A message tagged as the AG-UI adapter tags a subagent's messages. */
function subagentReply(id: string, content: Msg['content']): Msg {
  return {
    ...messageOf(id, 'assistant', content),
    name: 'Researcher',
    metadata: {
      ag_ui: { role: 'assistant', subagent_run_id: 'run-1', parent_tool_call_id: 'spawn' },
    },
  };
}

describe('MessageList turns', () => {
  it('shows a reply made of several messages as one bubble with one header, footer and action bar', async () => {
    const onRetry = vi.fn();
    const { container } = await render(
      <MessageList messages={agentTurn()} onRetry={onRetry} style={HEIGHT} />,
    );
    await expect.element(page.getByText('Take an umbrella.')).toBeVisible();
    const articles = [...container.querySelectorAll('[data-slot="message"]')];
    expect(articles.map((a) => a.getAttribute('data-turn-position'))).toEqual([
      null,
      'first',
      'last',
    ]);
    expect(container.querySelectorAll('[data-slot="message-header"]')).toHaveLength(2);
    const usageText = [...container.querySelectorAll('[data-slot="message-usage"]')].map(
      (node) => node.textContent,
    );
    expect(usageText).toEqual(['13 tokens in · 7 tokens out']);
    const bars = container.querySelectorAll('[data-turn-position] [data-slot="message-actions"]');
    expect(bars).toHaveLength(1);
    await userEvent.click(page.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledWith(expect.objectContaining({ id: 'call' }));
  });

  it('shows each message on its own with groupTurns={false}', async () => {
    const { container } = await render(
      <MessageList messages={agentTurn()} groupTurns={false} style={HEIGHT} />,
    );
    await expect.element(page.getByText('Take an umbrella.')).toBeVisible();
    expect(container.querySelector('[data-turn-position]')).toBeNull();
    expect(container.querySelectorAll('[data-slot="message-header"]')).toHaveLength(3);
    expect(container.querySelectorAll('[data-slot="message-usage"]')).toHaveLength(2);
  });

  it('re-renders only the streaming row of a turn', async () => {
    const renders: string[] = [];
    function Counting({ block }: BlockProps<TextBlock>) {
      renders.push(block.id);
      return <p>{block.text}</p>;
    }
    const components = { text: Counting };
    const history = agentTurn().slice(0, 3);
    const ui = (value: string) => (
      <AgentMessagesProvider components={components}>
        <MessageList messages={[...history, streamingReply('tail', value)]} style={HEIGHT} />
      </AgentMessagesProvider>
    );
    const screen = await render(ui('Take'));
    await frames(4);
    expect(screen.container.querySelector('[data-turn-position="last"]')).not.toBeNull();
    renders.length = 0;
    for (const value of ['Take an', 'Take an umbrella', 'Take an umbrella.']) {
      await screen.rerender(ui(value));
      await frames(2);
    }
    expect(renders.length).toBeGreaterThanOrEqual(3);
    expect(new Set(renders)).toEqual(new Set(['tail-text']));
  });

  it('steps between versions with the branch picker, by click and by keyboard', async () => {
    const onBranchChange = vi.fn();
    const branchOf = (message: Msg) =>
      message.id === 'answer' ? { index: 1, count: 3 } : undefined;
    await render(
      <MessageList
        messages={agentTurn()}
        branchOf={branchOf}
        onBranchChange={onBranchChange}
        style={HEIGHT}
      />,
    );
    const picker = page.getByRole('group', { name: 'Versions' });
    await expect.element(picker).toBeVisible();
    expect(document.querySelectorAll('[data-slot="branch-picker"]')).toHaveLength(1);
    await userEvent.click(page.getByRole('button', { name: 'Next version' }));
    expect(onBranchChange).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'answer' }), 2);
    (page.getByRole('button', { name: 'Previous version' }).element() as HTMLElement).focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(onBranchChange).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'answer' }), 0);
  });

  it('keeps keyboard focus in the picker when the app shows another version as a new row', async () => {
    // Each version is its own message (its own id, so its own row), as in the README's recipe.
    const versions = [
      messageOf('v0', 'assistant', [text('First answer.', 'a0')]),
      messageOf('v1', 'assistant', [text('Second answer.', 'a1')]),
    ];
    function Versions() {
      const [chosen, setChosen] = React.useState(1);
      return (
        <MessageList
          messages={[chatMessage(0), ...versions.slice(chosen, chosen + 1)]}
          groupTurns={false}
          branchOf={(message) =>
            message.id.startsWith('v') ? { index: chosen, count: versions.length } : undefined
          }
          onBranchChange={(_, index) => setChosen(index)}
          style={HEIGHT}
        />
      );
    }
    await render(<Versions />);
    await expect.element(page.getByText('Second answer.')).toBeVisible();
    (page.getByRole('button', { name: 'Previous version' }).element() as HTMLElement).focus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect.element(page.getByText('First answer.')).toBeVisible();
    const focused = document.activeElement;
    expect(focused?.getAttribute('data-slot')).toBe('branch-picker-button');
    expect(focused?.closest('[data-slot="message"]')?.textContent).toContain('First answer.');
    // A second key press works without the user finding the picker again.
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(page.getByText('Second answer.')).toBeVisible();
    expect(document.activeElement?.getAttribute('data-slot')).toBe('branch-picker-button');
  });

  it('hides instructions marked hidden unless showHiddenMessages', async () => {
    const system: Msg = {
      ...messageOf('sys', 'system', [text('You are a weather bot.', 'sx')]),
      metadata: { hidden: true },
    };
    const messages = [system, ...agentTurn()];
    const screen = await render(<MessageList messages={messages} style={HEIGHT} />);
    await expect.element(page.getByText('Take an umbrella.')).toBeVisible();
    expect(screen.container.textContent).not.toContain('You are a weather bot.');
    await screen.rerender(<MessageList messages={messages} showHiddenMessages style={HEIGHT} />);
    await expect.element(page.getByText('You are a weather bot.')).toBeVisible();
  });

  it('shows a subagent’s messages under the call that started it, behind a disclosure', async () => {
    const parent = messageOf('parent', 'assistant', [toolCall('spawn', 'research')]);
    const first = subagentReply('s1', [text('Searching the archive.', 'sa')]);
    const second = subagentReply('s2', [text('Found three papers.', 'sb')]);
    const { container } = await render(
      <MessageList messages={[chatMessage(0), parent, first, second]} style={HEIGHT} />,
    );
    const trigger = page.getByRole('button', { name: 'Subagent Researcher: 2 messages' });
    await expect.element(trigger).toBeVisible();
    const rows = container.querySelectorAll('[data-slot="message-list-item"]');
    expect(rows).toHaveLength(2);
    expect(container.textContent).not.toContain('Found three papers.');
    const group = container.querySelector('[data-slot="subagent-group"]');
    expect(
      group?.closest('[data-slot="tool-call-card"], [data-slot="message-content"]'),
    ).not.toBeNull();
    (trigger.element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByText('Found three papers.')).toBeVisible();
    expect(group?.hasAttribute('data-open')).toBe(true);
    await userEvent.keyboard('{Enter}');
    expect(container.textContent).not.toContain('Found three papers.');
  });

  it('opens a subagent group by itself when a message in it asks for approval', async () => {
    const parent = messageOf('parent', 'assistant', [toolCall('spawn', 'research')]);
    const asking = subagentReply('s1', [toolCall('c9', 'Bash', { state: 'asking' })]);
    await render(
      <MessageList
        messages={[chatMessage(0), parent, { ...asking, finished_at: null, finished_reason: null }]}
        onDecision={() => {}}
        style={HEIGHT}
      />,
    );
    await expect.element(page.getByRole('button', { name: /^Allow/ })).toBeInTheDocument();
  });
});
