/*
 * `useAgUiAgent` commits once per frame, as `useMessageStream` does: an agent that delivers its
 * events in many small tasks (one per network chunk) costs a commit per frame, not per chunk.
 */
import * as React from 'react';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import type { AgUiAgentLike, AgUiSubscriberLike } from '../../src/ag-ui.js';
import { useAgUiAgent } from '../../src/ag-ui.js';
import { countFrames } from './count-frames.js';

/** A structural agent whose events the test emits itself. */
function scriptedAgent() {
  const subscribers = new Set<AgUiSubscriberLike>();
  const agent: AgUiAgentLike = {
    messages: [],
    state: {},
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return { unsubscribe: () => void subscribers.delete(subscriber) };
    },
    addMessage() {},
    runAgent: async () => undefined,
    abortRun() {},
  };
  const emit = (event: { type: string } & Record<string, unknown>) => {
    for (const subscriber of subscribers)
      subscriber.onEvent?.({ event, input: { messages: [], resume: [] } });
  };
  return { agent, emit };
}

/** The next task, unclamped (timers are clamped to 4 ms when nested). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

function Probe({ agent, onCommit }: { agent: AgUiAgentLike; onCommit(): void }) {
  const chat = useAgUiAgent(agent);
  React.useLayoutEffect(() => {
    onCommit();
  });
  const text = chat.messages
    .flatMap((message) => message.content)
    .map((block) => ('text' in block ? block.text : ''))
    .join('');
  return <output>{text}</output>;
}

describe('useAgUiAgent: one commit per frame', () => {
  it('commits at most once per frame while 300 chunks arrive in their own tasks', async () => {
    const { agent, emit } = scriptedAgent();
    let commits = 0;
    const screen = await render(<Probe agent={agent} onCommit={() => (commits += 1)} />);
    emit({ type: 'RUN_STARTED', threadId: 't', runId: 'r', input: { messages: [] } });
    emit({ type: 'TEXT_MESSAGE_START', messageId: 'a', role: 'assistant' });
    await nextTask();
    const before = commits;
    const stopFrames = countFrames();
    for (let index = 0; index < 300; index++) {
      emit({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'a', delta: `w${index} ` });
      await nextTask();
    }
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await nextTask();
    const frames = stopFrames();
    const expected = Array.from({ length: 300 }, (_, index) => `w${index} `).join('');
    await expect.element(screen.getByRole('status')).toHaveTextContent(expected.trim());
    // Each frame commits at most once (one more for the frame the burst ended in).
    expect(commits - before).toBeLessThanOrEqual(frames + 1);
    expect(commits - before).toBeLessThan(300);
  });
});
