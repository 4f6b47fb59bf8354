import * as React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { page, userEvent } from 'vitest/browser';
import type { Msg } from '../../src/core.js';
import type { MessageListHandle } from '../../src/components/message-list/message-list.js';
import { MessageList } from '../../src/components/message-list/message-list.js';
import { LongHistory } from '../../stories/fixtures/long-history.js';
import {
  chatMessages,
  distanceFromEnd,
  frames,
  messageOf,
  toolCall,
  toolResult,
} from './helpers.js';

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

/** The first row whose bottom is below the top of the viewport, and its offset from that top. */
function firstVisible(log: HTMLElement): { text: string; offset: number } {
  const top = log.getBoundingClientRect().top;
  const rows = [...log.querySelectorAll<HTMLElement>('[data-slot="message-list-item"]')].sort(
    (a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top,
  );
  const row = rows.find((element) => element.getBoundingClientRect().bottom > top + 1);
  if (!row) throw new Error('nothing visible');
  return {
    text: row.querySelector('p')?.textContent ?? '',
    offset: row.getBoundingClientRect().top - top,
  };
}

function rowWithText(log: HTMLElement, text: string): HTMLElement | undefined {
  return [...log.querySelectorAll<HTMLElement>('[data-slot="message-list-item"]')].find(
    (row) => row.querySelector('p')?.textContent === text,
  );
}

/** True when the row showing `text` is rendered and inside the viewport. */
function inView(log: HTMLElement, text: string): boolean {
  const row = rowWithText(log, text);
  if (!row) return false;
  const [box, view] = [row.getBoundingClientRect(), log.getBoundingClientRect()];
  return box.bottom > view.top && box.top < view.bottom;
}

/** `slices` components that each keep the main thread busy for 8 ms while they render. */
function SlowRender({ slices }: { slices: number }) {
  return Array.from({ length: slices }, (_, i) => <BusySlice key={i} />);
}

function BusySlice() {
  const end = performance.now() + 8;
  while (performance.now() < end);
  return null;
}

describe('MessageList over a window of a long history', () => {
  it('opens a 10,000-message history at its last page, jumps to its first message and back', async () => {
    const ref = React.createRef<MessageListHandle>();
    const screen = await render(<LongHistory listRef={ref} />);
    const log = logOf(screen.container);
    await expect.poll(() => inView(log, 'Message 9999.')).toBe(true);
    expect(log.querySelectorAll('[data-slot="message-list-item"]').length).toBeLessThanOrEqual(40);

    await page.getByRole('button', { name: 'Jump to the first message' }).click();
    await expect.poll(() => inView(log, 'Message 0.'), { timeout: 5000 }).toBe(true);
    expect(log.hasAttribute('data-following')).toBe(false);
    expect(
      log.querySelector('[data-slot="message-list-item"][data-index="0"] p')?.textContent,
    ).toBe('Message 0.');

    await page.getByRole('button', { name: 'Jump to the latest message' }).click();
    await expect.poll(() => inView(log, 'Message 9999.'), { timeout: 5000 }).toBe(true);
    await expect.poll(() => distanceFromEnd(log)).toBeLessThanOrEqual(1);
  });

  it('resolves a jump still waiting for its page false when the list unmounts', async () => {
    const ref = React.createRef<MessageListHandle>();
    let finish = () => {};
    const screen = await render(
      <MessageList
        ref={ref}
        messages={chatMessages(940, 1000)}
        hasOlder
        loadAround={() => new Promise<void>((resolve) => (finish = resolve))}
        style={HEIGHT}
      />,
    );
    const jump = ref.current?.jumpTo('m12');
    await screen.unmount();
    finish();
    expect(await jump).toBe(false);
  });

  it('resolves jumpTo once the message is shown, and false for one the app cannot find', async () => {
    const ref = React.createRef<MessageListHandle>();
    const screen = await render(<LongHistory listRef={ref} total={2000} />);
    const log = logOf(screen.container);
    await expect.poll(() => inView(log, 'Message 1999.')).toBe(true);
    const found = await ref.current?.jumpTo('m700', { align: 'center' });
    expect(found).toBe(true);
    await expect.poll(() => inView(log, 'Message 700.')).toBe(true);
    expect(await ref.current?.jumpTo('nowhere')).toBe(false);
    // A jump replaced by a newer one resolves false; the newer one lands.
    const [first, second] = await Promise.all([
      ref.current?.jumpTo('m10'),
      ref.current?.jumpTo('m1500'),
    ]);
    expect([first, second]).toEqual([false, true]);
    await expect.poll(() => inView(log, 'Message 1500.')).toBe(true);
  });

  it('lands a jump whose page the app renders in a transition that takes many frames', async () => {
    const ref = React.createRef<MessageListHandle>();
    function App() {
      const [window, setWindow] = React.useState(() => chatMessages(940, 1000));
      return (
        <>
          {/* What a slow device or a heavy page beside the list does to the render of a page. */}
          <SlowRender key={window[0]?.id} slices={20} />
          <MessageList
            ref={ref}
            messages={window}
            hasOlder
            loadAround={() => React.startTransition(() => setWindow(chatMessages(0, 60)))}
            style={HEIGHT}
          />
        </>
      );
    }
    const screen = await render(<App />);
    const log = logOf(screen.container);
    await expect.poll(() => distanceFromEnd(log)).toBeLessThanOrEqual(1);
    expect(await ref.current?.jumpTo('m12', { behavior: 'auto' })).toBe(true);
    await expect.poll(() => inView(log, 'Message 12')).toBe(true);
  });

  it('lands a jump that something else moved before it came to rest, unless the user scrolls', async () => {
    const ref = React.createRef<MessageListHandle>();
    const screen = await render(
      <MessageList ref={ref} messages={chatMessages(0, 400)} style={HEIGHT} />,
    );
    const log = logOf(screen.container);
    await expect.poll(() => distanceFromEnd(log)).toBeLessThanOrEqual(1);
    await ref.current?.jumpTo('m100', { behavior: 'auto' });
    // What a slow device sees: the virtualizer stopped correcting before the rows were measured,
    // or content above moved the list. Not the user: no input came with it.
    log.scrollTop = 0;
    await expect.poll(() => inView(log, 'Message 100')).toBe(true);

    await ref.current?.jumpTo('m200', { behavior: 'auto' });
    // The user takes over: the list leaves the jump alone.
    log.dispatchEvent(new WheelEvent('wheel', { deltaY: -40, bubbles: true }));
    log.scrollTop = 0;
    await frames(12);
    expect(log.scrollTop).toBe(0);
    expect(inView(log, 'Message 200')).toBe(false);
  });

  it('keeps the first visible message in place, to a pixel or two, when loadOlder prepends a page', async () => {
    const screen = await render(<LongHistory total={3000} size={80} latency={400} />);
    const log = logOf(screen.container);
    await expect.poll(() => inView(log, 'Message 2999.')).toBe(true);
    const height = log.scrollHeight;
    // Near the top, the list asks for the page before and shows that it loads.
    await scrollTo(log, 150);
    const loadingOlder = page.getByText('Loading earlier messages…');
    await expect.element(loadingOlder).toBeInTheDocument();
    const before = firstVisible(log);
    await expect.element(loadingOlder, { timeout: 5000 }).not.toBeInTheDocument();
    expect(log.scrollHeight).toBeGreaterThan(height);
    await frames(4);
    const row = rowWithText(log, before.text);
    if (!row) throw new Error(`"${before.text}" is no longer rendered`);
    const offset = row.getBoundingClientRect().top - log.getBoundingClientRect().top;
    expect(Math.abs(offset - before.offset)).toBeLessThanOrEqual(2);
  });

  it('pages forward near the bottom of a window in the past, and does not follow its end', async () => {
    const loadNewer = vi.fn();
    const screen = await render(
      <MessageList messages={chatMessages(0, 60)} hasNewer loadNewer={loadNewer} style={HEIGHT} />,
    );
    const log = logOf(screen.container);
    // The list opens at the window's end, which is near its bottom: it asks at once.
    await expect.poll(() => loadNewer.mock.calls.length).toBe(1);
    await scrollTo(log, 0);
    await scrollTo(log, log.scrollHeight);
    await scrollTo(log, log.scrollHeight - log.clientHeight - 20);
    expect(loadNewer).toHaveBeenCalledTimes(2);
    expect(log.hasAttribute('data-following')).toBe(false);
  });

  it('jumps to a tool result shown in its call card: the call row', async () => {
    const ref = React.createRef<MessageListHandle>();
    const messages: Msg[] = [
      messageOf('call', 'assistant', [toolCall('k1', 'weather')]),
      messageOf('result', 'tool', [toolResult('k1', 'weather', 'Sunny')]),
      ...chatMessages(0, 80),
    ];
    const screen = await render(<MessageList ref={ref} messages={messages} style={HEIGHT} />);
    const log = logOf(screen.container);
    await expect.poll(() => distanceFromEnd(log)).toBeLessThanOrEqual(1);
    expect(log.querySelector('[data-slot="message-list-item"][data-index="0"]')).toBeNull();
    expect(await ref.current?.jumpTo('result', { behavior: 'auto' })).toBe(true);
    await expect
      .poll(() =>
        log.querySelector(
          '[data-slot="message-list-item"][data-index="0"] [data-slot="tool-call-card"]',
        ),
      )
      .not.toBeNull();
    await expect.poll(() => log.scrollTop).toBe(0);
  });
});

describe('find-in-page in a virtualized list', () => {
  it('keeps the text of unrendered rows findable in hidden="until-found" placeholders, one bare element each', async () => {
    const screen = await render(
      <MessageList messages={chatMessages(0, 10_000)} findInPage={Infinity} style={HEIGHT} />,
    );
    const log = logOf(screen.container);
    await expect.poll(() => distanceFromEnd(log)).toBeLessThanOrEqual(1);
    const rows = () => log.querySelectorAll('[data-slot="message-list-find-row"]');
    await expect.poll(() => rows().length).toBe(10_000);
    const first = log.querySelector('[data-slot="message-list-find-row"][data-index="0"]');
    expect(first?.getAttribute('hidden')).toBe('until-found');
    expect(first?.parentElement?.getAttribute('hidden')).toBe('until-found');
    expect(first?.textContent).toContain('Message 0');
    // Bare text: no markup inside, and 100 rows to a hidden chunk.
    expect(first?.children.length).toBe(0);
    expect(log.querySelector('[data-slot="message-list-find"]')?.children.length).toBe(100);
    // A rendered row's placeholder is empty: its text is in the page once.
    const last = log.querySelector('[data-slot="message-list-find-row"][data-index="9999"]');
    expect(last?.getAttribute('hidden')).toBe('');
    expect(last?.textContent).toBe('');
    await expect.element(page.getByText('Message 9999', { exact: true })).toBeVisible();
  });

  it('covers the 1,000 rows around the viewport by default, and moves them along with it', async () => {
    const ref = React.createRef<MessageListHandle>();
    const screen = await render(
      <MessageList ref={ref} messages={chatMessages(0, 10_000)} style={HEIGHT} />,
    );
    const log = logOf(screen.container);
    await expect.poll(() => distanceFromEnd(log)).toBeLessThanOrEqual(1);
    const row = (index: number) =>
      log.querySelector(`[data-slot="message-list-find-row"][data-index="${index}"]`);
    await expect
      .poll(() => log.querySelectorAll('[data-slot="message-list-find-row"]').length)
      .toBe(1000);
    expect(row(9000)?.textContent).toContain('Message 9000');
    expect(row(100)).toBeNull();
    await ref.current?.jumpTo('m150', { behavior: 'auto' });
    await expect.poll(() => row(100)?.textContent).toContain('Message 100');
    expect(row(9000)).toBeNull();
  });

  it('scrolls to a row and renders it when find-in-page reveals its placeholder', async () => {
    const screen = await render(
      <MessageList messages={chatMessages(0, 2000)} findInPage={Infinity} style={HEIGHT} />,
    );
    const log = logOf(screen.container);
    await expect.poll(() => distanceFromEnd(log)).toBeLessThanOrEqual(1);
    const find = () => log.querySelector('[data-slot="message-list-find-row"][data-index="42"]');
    await expect.poll(find).not.toBeNull();
    const placeholder = find() as Element;
    // What the browser fires at a hidden="until-found" element that holds a find-in-page match.
    placeholder.dispatchEvent(new Event('beforematch', { bubbles: true }));
    await expect.poll(() => inView(log, 'Message 42')).toBe(true);
    expect(log.hasAttribute('data-following')).toBe(false);
    await expect.poll(() => placeholder.getAttribute('hidden')).toBe('');
    expect(placeholder.textContent).toBe('');
  });

  it('renders no placeholders when findInPage is off', async () => {
    const screen = await render(
      <MessageList messages={chatMessages(0, 500)} findInPage={false} style={HEIGHT} />,
    );
    expect(logOf(screen.container).querySelector('[data-slot="message-list-find"]')).toBeNull();
  });
});

describe('searching a window of a long history', () => {
  it('finds hits in the loaded window at once and asks the app for the rest; a hit jumps either way', async () => {
    const screen = await render(<LongHistory total={3000} />);
    const log = logOf(screen.container);
    await expect.poll(() => inView(log, 'Message 2999.')).toBe(true);
    await userEvent.fill(
      page.getByRole('searchbox', { name: 'Search the conversation' }),
      'Message 12.',
    );
    const results = page.getByRole('list', { name: 'Search results' });
    await expect.element(results, { timeout: 10_000 }).toHaveAttribute('data-status', 'done');
    // m12 is not loaded: the app's search found it.
    await page.getByRole('button', { name: 'Message 12.' }).click();
    await expect.poll(() => inView(log, 'Message 12.'), { timeout: 10_000 }).toBe(true);

    await userEvent.fill(
      page.getByRole('searchbox', { name: 'Search the conversation' }),
      'Message 2990.',
    );
    await expect.element(results, { timeout: 10_000 }).toHaveAttribute('data-status', 'done');
    await page.getByRole('button', { name: 'Message 2990.' }).click();
    await expect.poll(() => inView(log, 'Message 2990.'), { timeout: 10_000 }).toBe(true);
  });
});
