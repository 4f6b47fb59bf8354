import * as React from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import type { AgentEvent, MessageStreamSource } from '../../src/core.js';
import { foldEvents } from '../../src/core.js';
import { useMessageStream } from '../../src/use-message-stream/use-message-stream.js';
import { longReply, toSseText } from '../fixtures/stream-events.js';
import { countFrames } from './count-frames.js';

const RATE = 5000;
const DURATION_MS = 1500;

/** SSE bytes of `events`, released at `perSecond` whatever the timer resolution. */
function paced(events: readonly AgentEvent[], perSecond: number): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let sent = 0;
  let start = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (start === 0) start = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 2));
      const due = Math.min(
        events.length,
        Math.ceil(((performance.now() - start) * perSecond) / 1000),
      );
      if (due > sent) controller.enqueue(encoder.encode(toSseText(events.slice(sent, due))));
      sent = due;
      if (sent >= events.length) controller.close();
    },
  });
}

interface ProbeProps {
  source: MessageStreamSource;
  onCommit(eventCount: number): void;
}

function Probe({ source, onCommit }: ProbeProps) {
  const { conversation, status } = useMessageStream({ source });
  React.useLayoutEffect(() => {
    onCommit(conversation.eventCount);
  });
  return (
    <output data-status={status}>
      {conversation.eventCount} events in {conversation.messages.length} messages
    </output>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useMessageStream: one commit per frame', () => {
  it(`commits at most once per frame under a ${RATE} events/s burst`, async () => {
    const events = longReply((RATE * DURATION_MS) / 1000);
    const commits: number[] = [];
    const stopFrames = countFrames();
    const screen = await render(
      <Probe source={paced(events, RATE)} onCommit={(eventCount) => commits.push(eventCount)} />,
    );

    // A generous freeze guard: the burst lasts 1.5 s.
    await expect
      .element(screen.getByText(`${events.length} events in 1 messages`), { timeout: 15_000 })
      .toBeVisible();
    const frames = stopFrames();

    // Counted against the frames that really came, not against the clock.
    const streaming = commits.filter((eventCount) => eventCount > 0);
    expect(streaming.length).toBeGreaterThan(5);
    expect(streaming.length).toBeLessThanOrEqual(frames + 2);
    expect(screen.container.querySelector('output')?.dataset.status).toBe('done');
  });

  it('still commits, on a timer, when no animation frame comes (a hidden tab)', async () => {
    vi.stubGlobal('requestAnimationFrame', () => 0);
    vi.stubGlobal('cancelAnimationFrame', () => {});
    const events = longReply(1000);
    const commits: number[] = [];
    const screen = await render(
      <Probe source={paced(events, 1000)} onCommit={(count) => commits.push(count)} />,
    );

    await expect
      .element(screen.getByText(`${events.length} events in 1 messages`), { timeout: 15_000 })
      .toBeVisible();
    // How often it commits then (once per 200 ms at most) is stepped on a fake clock in
    // test/react-node/use-message-stream-timers.test.tsx.
    const streaming = commits.filter((count) => count > 0 && count < events.length);
    expect(streaming.length).toBeGreaterThan(0);
    expect(foldEvents(events).eventCount).toBe(events.length);
  });
});
