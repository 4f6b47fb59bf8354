import * as React from 'react';
import type { Root } from 'react-dom/client';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from 'vitest-browser-react';
import type { Msg } from '../../src/index.js';
import { Message, MessageList, assistantMsg, userMsg } from '../../src/index.js';
import { textBlock, thinkingBlock, toolCallBlock, toolResultBlock } from '../../src/core.js';

/*
 * Server rendering: the HTML a server renders must hydrate in the browser a few seconds later
 * without a mismatch (React #418), although every relative time and live counter has moved on by
 * then. Times are drawn from one shared clock that ticks while they are on screen.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// The server renders at this instant (under fake timers).
const T0 = Date.UTC(2026, 8, 1, 12, 0, 0);
const at = (ms: number) => new Date(ms).toISOString();
const LIST_HEIGHT = { height: 600 };

/** A history as a server would render it: days old, a naive local time, seconds old, open. */
function history(): Msg[] {
  const old = T0 - 3 * DAY;
  return [
    userMsg('What is the weather in Paris?', { id: 'u1', created_at: at(old) }),
    assistantMsg(
      [
        thinkingBlock('The user wants the weather.', {
          id: 'th',
          created_at: at(old + SECOND),
          finished_at: at(old + 13 * SECOND),
        }),
        toolCallBlock({
          id: 'call-1',
          name: 'get_weather',
          input: '{"city": "Paris"}',
          state: 'finished',
          created_at: at(old + 13 * SECOND),
          finished_at: at(old + 13 * SECOND),
        }),
        toolResultBlock({
          id: 'call-1',
          name: 'get_weather',
          output: '18 °C, light rain',
          state: 'success',
          created_at: at(old + 14 * SECOND),
          finished_at: at(old + 17 * SECOND),
        }),
        textBlock('It is **18 °C** with light rain.', {
          id: 't1',
          created_at: at(old + 18 * SECOND),
          finished_at: at(old + 20 * SECOND),
        }),
      ],
      {
        id: 'a1',
        name: 'Friday',
        created_at: at(old + SECOND),
        finished_at: at(old + 20 * SECOND),
        finished_reason: 'completed',
      },
    ),
    // No zone: read as local time, so its instant depends on where it is read.
    userMsg('And tomorrow?', { id: 'u2', created_at: '2026-08-30T09:15:00' }),
    userMsg('Anything else?', { id: 'u3', created_at: at(T0 - 3 * SECOND) }),
    assistantMsg(
      [
        textBlock('Checking the forecast', { id: 't2', created_at: at(T0 - 2 * SECOND) }),
        toolCallBlock({
          id: 'call-2',
          name: 'get_forecast',
          input: '{"city": "Paris"}',
          state: 'finished',
          created_at: at(T0 - 2 * SECOND),
          finished_at: at(T0 - 2 * SECOND),
        }),
        toolResultBlock({
          id: 'call-2',
          name: 'get_forecast',
          output: '',
          state: 'running',
          created_at: at(T0 - 2 * SECOND),
        }),
      ],
      { id: 'a2', name: 'Friday', created_at: at(T0 - 2 * SECOND), finished_at: null },
    ),
  ];
}

function Page({ messages }: { messages: Msg[] }) {
  return (
    <>
      <section data-testid="messages">
        {messages.map((message) => (
          <Message key={message.id} message={message} />
        ))}
      </section>
      <MessageList messages={messages} style={LIST_HEIGHT} />
    </>
  );
}

const times = (container: HTMLElement) =>
  [...container.querySelectorAll('[data-testid="messages"] [data-slot="message-time"]')].map(
    (time) => time.textContent,
  );

let roots: Root[] = [];
let containers: HTMLElement[] = [];

beforeEach(() => {
  // Only the clock is faked: React's scheduler keeps its real timers.
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(T0);
});

afterEach(async () => {
  // Unmounted while the fake timers are installed, so the shared clock stops its fake interval.
  await cleanup();
  for (const root of roots) root.unmount();
  for (const container of containers) container.remove();
  roots = [];
  containers = [];
  vi.useRealTimers();
});

describe('server rendering', () => {
  it('hydrates seconds after the server render without a mismatch, then shows relative times', async () => {
    const messages = history();
    const html = renderToString(<Page messages={messages} />);
    // The server cannot know the reader's zone or when the page will hydrate: full dates in UTC
    // (a time without a zone as written), and no live counters.
    expect(html).toMatch(/>Aug 29, 2026, 12:00:00\sPM UTC</);
    expect(html).toMatch(/>Aug 30, 2026, 9:15:00\sAM</);
    expect(html).not.toContain('data-live');

    vi.setSystemTime(T0 + 5 * SECOND);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    containers.push(container);
    const recoverable: unknown[] = [];
    roots.push(
      hydrateRoot(container, <Page messages={messages} />, {
        onRecoverableError: (error) => recoverable.push(error),
      }),
    );

    // Once interactive: relative times with the full date as a title, and live counters.
    await expect
      .poll(() => times(container))
      .toEqual(['3 days ago', '3 days ago', '2 days ago', 'now', 'now']);
    const section = container.querySelector('[data-testid="messages"]');
    expect(section?.querySelector('[data-slot="message-time"]')?.getAttribute('title')).toMatch(
      /^Aug 29, 2026/,
    );
    expect(section?.querySelector('[data-slot="message-elapsed"][data-live]')?.textContent).toBe(
      '7 sec',
    );
    expect(
      section?.querySelector('[data-slot="tool-call-card-elapsed"][data-live]')?.textContent,
    ).toBe('7 sec');
    // The finished reply's durations were rendered on the server already, and stay.
    expect(section?.textContent).toContain('Thought for 12 seconds');
    expect(recoverable).toEqual([]);
    expect(vi.mocked(console.error).mock.calls).toEqual([]);
  });

  it('hydrates a list the server rendered for a reply open for days: its start, no counter', async () => {
    const open = assistantMsg('Never finished', {
      id: 'stale',
      name: 'Friday',
      created_at: at(T0 - 84 * DAY),
      finished_at: null,
    });
    const html = renderToString(<Page messages={[open]} />);
    vi.setSystemTime(T0 + 3 * SECOND);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    containers.push(container);
    const recoverable: unknown[] = [];
    roots.push(
      hydrateRoot(container, <Page messages={[open]} />, {
        onRecoverableError: (error) => recoverable.push(error),
      }),
    );
    const elapsed = () =>
      container.querySelector('[data-testid="messages"] [data-slot="message-elapsed"]');
    await expect.poll(() => elapsed()?.textContent).toMatch(/^Started Jun 9, 2026/);
    expect(elapsed()?.hasAttribute('data-since')).toBe(true);
    expect(elapsed()?.hasAttribute('data-live')).toBe(false);
    expect(recoverable).toEqual([]);
  });
});

describe('the shared clock', () => {
  it('moves relative times on: "now" becomes "1 minute ago"', async () => {
    const message = userMsg('Hello', { id: 'u', created_at: at(T0) });
    const screen = await render(<Message message={message} />);
    const time = screen.container.querySelector('[data-slot="message-time"]');
    await expect.poll(() => time?.textContent).toBe('now');
    vi.advanceTimersByTime(59 * SECOND);
    await expect.poll(() => time?.textContent).toBe('now');
    vi.advanceTimersByTime(16 * SECOND);
    await expect.poll(() => time?.textContent).toBe('1 minute ago');
    vi.advanceTimersByTime(60 * MINUTE);
    await expect.poll(() => time?.textContent).toBe('1 hour ago');
  });

  it('runs one timer for a whole list, ticking every second only while a counter is shown', async () => {
    const finished = Array.from({ length: 30 }, (_, index) =>
      userMsg(`Message ${index}`, { id: `m${index}`, created_at: at(T0 - index * MINUTE) }),
    );
    const screen = await render(<Page messages={finished} />);
    await expect.poll(() => times(screen.container)[1]).toBe('1 minute ago');
    expect(vi.getTimerCount()).toBe(1);

    const open = assistantMsg('Working', {
      id: 'open',
      name: 'Friday',
      created_at: at(T0),
      finished_at: null,
    });
    await screen.rerender(<Page messages={[...finished, open]} />);
    const counter = () =>
      screen.container.querySelector('[data-testid="messages"] [data-slot="message-elapsed"]');
    vi.advanceTimersByTime(3 * SECOND);
    await expect.poll(() => counter()?.textContent).toBe('3 sec');
    expect(vi.getTimerCount()).toBe(1);

    await screen.rerender(<Page messages={[]} />);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('re-renders only the live counter on a tick, not the finished messages', async () => {
    const renders = new Map<string, number>();
    const onRender: React.ProfilerOnRenderCallback = (id) =>
      renders.set(id, (renders.get(id) ?? 0) + 1);
    const messages = [
      ...Array.from({ length: 10 }, (_, index) =>
        userMsg(`Message ${index}`, { id: `m${index}`, created_at: at(T0 - index * HOUR) }),
      ),
      assistantMsg('Working', {
        id: 'open',
        name: 'Friday',
        created_at: at(T0),
        finished_at: null,
      }),
    ];
    const screen = await render(
      <>
        {messages.map((message) => (
          <React.Profiler key={message.id} id={message.id} onRender={onRender}>
            <Message message={message} />
          </React.Profiler>
        ))}
      </>,
    );
    const counter = () =>
      screen.container.querySelector('[data-slot="message-elapsed"][data-live]')?.textContent;
    vi.advanceTimersByTime(SECOND);
    await expect.poll(counter).toBe('1 sec');
    renders.clear();
    for (let second = 2; second <= 5; second++) {
      vi.advanceTimersByTime(SECOND);
      await expect.poll(counter).toBe(`${second} sec`);
    }
    expect([...renders.keys()]).toEqual(['open']);
  });
});
