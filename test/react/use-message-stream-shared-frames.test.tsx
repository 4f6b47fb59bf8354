import * as React from 'react';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import type { AgentEvent } from '../../src/core.js';
import { MessageList } from '../../src/components/message-list/message-list.js';
import { useMessageStream } from '../../src/use-message-stream/use-message-stream.js';
import { longReply } from '../fixtures/stream-events.js';
import { countFrames } from './count-frames.js';

const AGENTS = 4;
const EVENTS = 400;

type Append = (events: readonly AgentEvent[]) => void;

interface AgentsProps {
  onReady(appends: readonly Append[]): void;
  onCommit(): void;
}

/** Four agents, one `useMessageStream` each, shown in one list. */
function FourAgents({ onReady, onCommit }: AgentsProps) {
  const a = useMessageStream();
  const b = useMessageStream();
  const c = useMessageStream();
  const d = useMessageStream();
  const messages = React.useMemo(
    () => [...a.messages, ...b.messages, ...c.messages, ...d.messages],
    [a.messages, b.messages, c.messages, d.messages],
  );
  const appends = [a.append, b.append, c.append, d.append];
  React.useEffect(() => {
    onReady(appends);
  });
  return (
    <React.Profiler id="conversation" onRender={onCommit}>
      <MessageList messages={messages} style={{ height: 400 }} />
    </React.Profiler>
  );
}

/** Each agent appends its reply a few events at a time on its own timer, as its connection would. */
function pump(append: Append, events: readonly AgentEvent[], every: number): Promise<void> {
  return new Promise((resolve) => {
    let sent = 0;
    const step = () => {
      append(events.slice(sent, sent + 3));
      sent += 3;
      if (sent >= events.length) resolve();
      else setTimeout(step, every);
    };
    step();
  });
}

describe('useMessageStream: several streams in one list', () => {
  it('commits once per frame while four replies stream at once', async () => {
    let appends: readonly Append[] = [];
    let commits = 0;
    const screen = await render(
      <FourAgents onReady={(list) => (appends = list)} onCommit={() => (commits += 1)} />,
    );
    await expect.poll(() => appends.length).toBe(AGENTS);
    commits = 0;

    const stopFrames = countFrames();
    await Promise.all(
      appends.map((append, n) => pump(append, longReply(EVENTS, `agent-${n}`), 2 + n)),
    );
    await expect
      .poll(
        () => screen.container.querySelectorAll('[data-slot="message"][data-status="done"]').length,
        {
          timeout: 15_000,
        },
      )
      .toBe(AGENTS);
    const frames = stopFrames();

    // Each stream alone commits at most once per frame; four of them together must not make
    // four commits per frame (each one re-rendering the list): they share the frame's commit.
    expect(commits).toBeGreaterThan(5);
    expect(commits).toBeLessThanOrEqual(frames + 2);
  });
});
