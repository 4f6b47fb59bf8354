/*
 * A turn of several messages reads as one bubble: its rows touch, with no border, corner or
 * margin between them. The stylesheets load in the order the build joins them (theme first, then
 * by name), where the plain message rules come after the turn's: the turn's must still win.
 */
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { page } from 'vitest/browser';
import '../../src/styles/theme.css';
import '../../src/styles/base.css';
import '../../src/styles/message-list.css';
import '../../src/styles/message-turn.css';
import '../../src/styles/message.css';
import type { Msg } from '../../src/index.js';
import { MessageList } from '../../src/components/message-list/message-list.js';
import { chatMessage, messageOf, toolCall, toolResult } from './helpers.js';

const T = '2026-09-01T12:00:00';

function text(value: string, id: string) {
  return { type: 'text' as const, text: value, id, created_at: T, finished_at: T };
}

/** A call, its result in a tool message, then the answer: one turn of two bubbles' worth. */
const TURN: Msg[] = [
  chatMessage(0),
  messageOf('call', 'assistant', [text('Let me check.', 'x1'), toolCall('c1', 'get_weather')]),
  messageOf('result', 'tool', [toolResult('c1', 'get_weather', '18 °C')]),
  messageOf('answer', 'assistant', [text('Take an umbrella.', 'x2')]),
];

function article(container: HTMLElement, position: string): HTMLElement {
  const element = container.querySelector(
    `[data-slot="message"][data-turn-position="${position}"]`,
  );
  if (!(element instanceof HTMLElement)) throw new Error(`no ${position} message`);
  return element;
}

describe('a turn shown as one bubble', () => {
  it('joins its messages: no border, corner or gap between them', async () => {
    const { container } = await render(<MessageList messages={TURN} style={{ height: 600 }} />);
    await expect.element(page.getByText('Take an umbrella.')).toBeVisible();
    const first = article(container, 'first');
    const last = article(container, 'last');
    const [top, bottom] = [getComputedStyle(first), getComputedStyle(last)];
    expect(top.borderBottomWidth).toBe('0px');
    expect(top.borderBottomLeftRadius).toBe('0px');
    expect(bottom.borderTopWidth).toBe('0px');
    expect(bottom.borderTopRightRadius).toBe('0px');
    // The rows touch: the answer starts where the call ends.
    const gap = last.getBoundingClientRect().top - first.getBoundingClientRect().bottom;
    expect(gap).toBeCloseTo(0, 0);
    // Outside the turn, a message keeps its frame.
    expect(getComputedStyle(first).borderTopWidth).not.toBe('0px');
  });
});
