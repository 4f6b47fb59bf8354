import * as React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { page, userEvent } from 'vitest/browser';
import type { Msg } from '../../src/core.js';
import type { MessageListHandle } from '../../src/components/message-list/message-list.js';
import { MessageList } from '../../src/components/message-list/message-list.js';
import { chatMessage, chatMessages, distanceFromEnd, frames, streamingReply } from './helpers.js';

const HEIGHT = { height: 400 };

function logOf(container: HTMLElement): HTMLElement {
  const log = container.querySelector<HTMLElement>('[data-slot="message-list"]');
  if (!log) throw new Error('no list');
  return log;
}

async function scrollTo(element: HTMLElement, top: number) {
  element.scrollTop = top;
  element.dispatchEvent(new Event('scroll'));
  await frames(3);
}

/** Resolves once the rendered rows have kept their places for three frames. */
async function settled(log: HTMLElement) {
  const places = () =>
    [...log.querySelectorAll<HTMLElement>('[data-slot="message-list-item"]')]
      .map((row) => Math.round(row.getBoundingClientRect().top))
      .join();
  let last = places();
  for (let still = 0; still < 3;) {
    await frames(1);
    const now = places();
    still = now === last ? still + 1 : 0;
    last = now;
  }
}

/**
 * Scrolls as a reader would until `find()` sits 100 px below the top of the viewport three frames
 * after the last scroll. Rows measured for the first time on the way move it, and how far depends on when their
 * measurements land, so a fixed scroll distance does not reliably reach it on a loaded machine.
 */
async function scrollUntilSettled(
  element: HTMLElement,
  find: () => Element | null,
): Promise<Element> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const target = find();
    const offset = target
      ? target.getBoundingClientRect().top - element.getBoundingClientRect().top - 100
      : -element.clientHeight;
    if (target && Math.abs(offset) <= 1) return target;
    await scrollTo(element, element.scrollTop + offset);
  }
  throw new Error('the target never settled in the viewport');
}

describe('MessageList scrolling', () => {
  it('mounts 10,000 messages with only the visible rows and overscan in the DOM, at the end', async () => {
    const messages = chatMessages(0, 10_000);
    const { container } = await render(<MessageList messages={messages} style={HEIGHT} />);
    const log = logOf(container);
    await expect.poll(() => distanceFromEnd(log)).toBeLessThanOrEqual(1);
    await frames(4);
    const rendered = container.querySelectorAll('[data-slot="message"]').length;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThanOrEqual(40);
    await expect.element(page.getByText('Message 9999', { exact: true })).toBeInTheDocument();
    expect(log.getAttribute('role')).toBe('log');
    expect(log.getAttribute('aria-live')).toBe('off');
    expect(log.hasAttribute('data-following')).toBe(true);
    await expect.element(page.getByRole('log', { name: 'Conversation' })).toBeInTheDocument();
  });

  it('keeps a streaming tail in view while it grows', async () => {
    const history = chatMessages(0, 30);
    let text = 'Hello';
    const screen = await render(
      <MessageList messages={[...history, streamingReply('tail', text)]} style={HEIGHT} />,
    );
    const log = logOf(screen.container);
    await expect.poll(() => distanceFromEnd(log)).toBeLessThanOrEqual(1);
    for (let i = 0; i < 40; i++) {
      text += i % 5 === 4 ? `\n\nParagraph ${i}: ` : ` word${i} and some more words`;
      await screen.rerender(
        <MessageList messages={[...history, streamingReply('tail', text)]} style={HEIGHT} />,
      );
      await frames(1);
      if (i % 10 === 9) {
        await expect.poll(() => distanceFromEnd(log)).toBeLessThanOrEqual(2);
      }
    }
    await expect.poll(() => distanceFromEnd(log)).toBeLessThanOrEqual(2);
    expect(log.scrollHeight).toBeGreaterThan(log.clientHeight);
    expect(log.hasAttribute('data-following')).toBe(true);
  });

  it('stops following when the user scrolls up, counts new messages, and jumps back', async () => {
    const onFollowingChange = vi.fn();
    let messages: Msg[] = chatMessages(0, 40);
    const ui = () => (
      <MessageList messages={messages} style={HEIGHT} onFollowingChange={onFollowingChange} />
    );
    const screen = await render(ui());
    const log = logOf(screen.container);
    await expect.poll(() => distanceFromEnd(log)).toBeLessThanOrEqual(1);

    await scrollTo(log, 200);
    await expect.poll(() => log.hasAttribute('data-following')).toBe(false);
    expect(onFollowingChange).toHaveBeenLastCalledWith(false);
    await expect
      .element(page.getByRole('button', { name: /^Jump to latest$/ }))
      .toBeInTheDocument();

    const before = log.scrollTop;
    messages = [...messages, ...chatMessages(40, 43)];
    await screen.rerender(ui());
    await frames(3);
    expect(Math.abs(log.scrollTop - before)).toBeLessThanOrEqual(1);
    const jump = page.getByRole('button', { name: 'Jump to latest 3 new messages' });
    await expect.element(jump).toBeInTheDocument();

    await userEvent.click(jump);
    await expect.poll(() => distanceFromEnd(log)).toBeLessThanOrEqual(1);
    await expect.poll(() => log.hasAttribute('data-following')).toBe(true);
    expect(screen.container.querySelector('[data-slot="message-list-jump"]')).toBeNull();
    await expect.element(page.getByText('Message 42', { exact: true })).toBeInTheDocument();

    // Following again: the next message is scrolled into view.
    messages = [...messages, ...chatMessages(43, 44)];
    await screen.rerender(ui());
    await expect.poll(() => distanceFromEnd(log)).toBeLessThanOrEqual(1);
  });

  it('does not move a reader who scrolled up while the tail streams, even inside a tall message', async () => {
    const tall = { ...chatMessage(21, 60), id: 'tall' };
    const history = [...chatMessages(0, 20), tall, ...chatMessages(22, 26)];
    let text = 'Start';
    const ui = () => (
      <MessageList messages={[...history, streamingReply('tail', text)]} style={HEIGHT} />
    );
    const screen = await render(ui());
    const log = logOf(screen.container);
    await expect.poll(() => distanceFromEnd(log)).toBeLessThanOrEqual(1);
    // Read from the middle of the tall message.
    await scrollTo(log, log.scrollTop - 1500);
    const line = await scrollUntilSettled(log, () =>
      page.getByText('Line 30 of message 21.').query(),
    );
    await expect.poll(() => log.hasAttribute('data-following')).toBe(false);
    const before = line.getBoundingClientRect().top;
    const viewport = log.getBoundingClientRect();
    expect(before).toBeGreaterThan(viewport.top);
    expect(before).toBeLessThan(viewport.bottom);
    for (let i = 0; i < 15; i++) {
      text += `\n\nParagraph ${i} of the streaming answer.`;
      await screen.rerender(ui());
      await frames(1);
    }
    await frames(3);
    expect(Math.abs(line.getBoundingClientRect().top - before)).toBeLessThanOrEqual(1);
    expect(log.hasAttribute('data-following')).toBe(false);
  });

  it('does not pull back a scroll whose event has not fired yet when messages arrive', async () => {
    let messages: Msg[] = chatMessages(0, 40);
    const screen = await render(<MessageList messages={messages} style={HEIGHT} />);
    const log = logOf(screen.container);
    await expect.poll(() => distanceFromEnd(log)).toBeLessThanOrEqual(1);
    log.scrollTop = 300;
    messages = [...messages, ...chatMessages(40, 42)];
    await screen.rerender(<MessageList messages={messages} style={HEIGHT} />);
    await frames(3);
    expect(Math.abs(log.scrollTop - 300)).toBeLessThanOrEqual(1);
    expect(log.hasAttribute('data-following')).toBe(false);
    await expect
      .element(page.getByRole('button', { name: 'Jump to latest 2 new messages' }))
      .toBeInTheDocument();
  });

  it('resumes following when the user scrolls back to the end', async () => {
    const screen = await render(<MessageList messages={chatMessages(0, 40)} style={HEIGHT} />);
    const log = logOf(screen.container);
    await expect.poll(() => distanceFromEnd(log)).toBeLessThanOrEqual(1);
    await scrollTo(log, 100);
    await expect.poll(() => log.hasAttribute('data-following')).toBe(false);
    await scrollTo(log, log.scrollHeight);
    await expect.poll(() => log.hasAttribute('data-following')).toBe(true);
  });

  it('keeps the first visible message in place when 50 older messages are prepended', async () => {
    let messages: Msg[] = chatMessages(100, 160);
    const ui = () => <MessageList messages={messages} style={HEIGHT} />;
    const screen = await render(ui());
    const log = logOf(screen.container);
    await expect.poll(() => distanceFromEnd(log)).toBeLessThanOrEqual(1);
    await scrollTo(log, Math.round(log.scrollHeight / 2));
    await expect.poll(() => log.hasAttribute('data-following')).toBe(false);
    // Rows scrolled into view are first placed at their estimated size and move once measured
    // (later on a busy machine): the position to keep is the one they settle at.
    await settled(log);

    const top = log.getBoundingClientRect().top;
    const firstVisible = [
      ...screen.container.querySelectorAll<HTMLElement>('[data-slot="message"]'),
    ].find((element) => element.getBoundingClientRect().bottom > top + 1);
    if (!firstVisible) throw new Error('nothing visible');
    const name = firstVisible.querySelector('p')?.textContent ?? '';
    const offset = firstVisible.getBoundingClientRect().top - top;

    messages = [...chatMessages(50, 100), ...messages];
    await screen.rerender(ui());
    // Rows measured on a busy machine settle over more frames: the position must come back.
    const shift = () => {
      const same = [
        ...screen.container.querySelectorAll<HTMLElement>('[data-slot="message"]'),
      ].find((element) => element.querySelector('p')?.textContent === name);
      if (!same) throw new Error(`"${name}" is no longer rendered`);
      return Math.abs(same.getBoundingClientRect().top - top - offset);
    };
    await expect.poll(shift).toBeLessThanOrEqual(3);
    expect(log.hasAttribute('data-following')).toBe(false);
  });

  it('asks for older messages near the top, once per batch', async () => {
    const onReachTop = vi.fn();
    let messages: Msg[] = chatMessages(100, 160);
    const ui = () => <MessageList messages={messages} style={HEIGHT} onReachTop={onReachTop} />;
    const screen = await render(ui());
    const log = logOf(screen.container);
    await expect.poll(() => distanceFromEnd(log)).toBeLessThanOrEqual(1);
    expect(onReachTop).not.toHaveBeenCalled();
    await scrollTo(log, 50);
    await scrollTo(log, 10);
    expect(onReachTop).toHaveBeenCalledTimes(1);
    messages = [...chatMessages(80, 100), ...messages];
    await screen.rerender(ui());
    await frames(3);
    await scrollTo(log, 0);
    expect(onReachTop).toHaveBeenCalledTimes(2);
  });

  it('scrolls to a message and back to the bottom through its handle', async () => {
    const ref = React.createRef<MessageListHandle>();
    const screen = await render(
      <MessageList ref={ref} messages={chatMessages(0, 200)} style={HEIGHT} />,
    );
    const log = logOf(screen.container);
    await expect.poll(() => distanceFromEnd(log)).toBeLessThanOrEqual(1);
    expect(ref.current?.element).toBe(log);
    expect(ref.current?.scrollToMessage('m10', { behavior: 'auto' })).toBe(true);
    expect(ref.current?.scrollToMessage('nope')).toBe(false);
    await expect.element(page.getByText('Message 10', { exact: true })).toBeVisible();
    expect(ref.current?.isFollowing()).toBe(false);
    ref.current?.scrollToBottom({ behavior: 'auto' });
    await expect.poll(() => distanceFromEnd(log)).toBeLessThanOrEqual(1);
    expect(ref.current?.isFollowing()).toBe(true);
  });
});
