/*
 * The Composer's queue over `useAgUiAgent` and a real `AbstractAgent` (`@ag-ui/client`) whose
 * runs the test drives: a message submitted during a run waits, and becomes the next run's input
 * when the run finishes, or at once with "Send now" (AG-UI steers through the next run's input).
 */
import * as React from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'vitest-browser-react';
import { useAgUiAgent } from '../../src/ag-ui.js';
import { Composer, MessageList } from '../../src/index.js';
import { DrivenAgent } from '../fixtures/activity/driven-agent.js';
import type { BaseEvent, RunAgentInput } from '@ag-ui/client';
import { ReplaySubject } from 'rxjs';
import { POLL, editQueued, press, queued, submit, userTexts } from './queue-page.js';

/** `DrivenAgent` whose `abortRun` ends the run as `HttpAgent`'s aborted fetch does. */
class AbortableAgent extends DrivenAgent {
  private run$: ReplaySubject<BaseEvent> | null = null;
  override run(input: RunAgentInput) {
    this.inputs.push(input);
    this.run$ = new ReplaySubject<BaseEvent>();
    return this.run$.asObservable();
  }
  override emit(...events: object[]): void {
    for (const event of events) this.run$?.next(event as BaseEvent);
  }
  override finish(): void {
    this.emit({ type: 'RUN_FINISHED', threadId: 't', runId: `r${this.inputs.length}` });
    this.run$?.complete();
  }
  /** Ends the event stream without a further event (after `RUN_ERROR`). */
  close(): void {
    this.run$?.complete();
  }
  override abortRun(): void {
    this.run$?.error(new DOMException('signal is aborted without reason', 'AbortError'));
  }
}

function App({ agent }: { agent: AbortableAgent }) {
  const chat = useAgUiAgent(agent);
  return (
    <>
      <MessageList {...chat.list} style={{ height: 400 }} />
      <Composer {...chat.composer} />
    </>
  );
}

let root: HTMLElement;
let agent: AbortableAgent;
async function open() {
  agent = new AbortableAgent({ threadId: 't' });
  root = (await render(<App agent={agent} />)).container;
}
afterEach(cleanup);

/** The last user message of each run's input. */
const prompts = () =>
  agent.inputs.map((input) => {
    const content = input.messages.filter((message) => message.role === 'user').at(-1)?.content;
    return typeof content === 'string' ? content : JSON.stringify(content);
  });

async function startReply(id: string) {
  await expect.poll(() => agent.inputs.length, POLL).toBeGreaterThan(0);
  agent.emit(agent.started(), { type: 'TEXT_MESSAGE_START', messageId: id, role: 'assistant' });
  agent.emit({ type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta: 'Working on it' });
  await expect
    .poll(() => root.querySelector('[data-slot="composer"]')?.getAttribute('data-status'), POLL)
    .toBe('streaming');
}

describe('the Composer queue over useAgUiAgent', () => {
  it('a message queued during a run is the next run’s input once the run finishes', async () => {
    await open();
    await submit(root, 'Plan the trip');
    await startReply('a1');
    await submit(root, 'By train');
    await submit(root, 'Under 100 euros');
    await editQueued(root, 2, 'Under 80 euros');
    await press(root, 'Remove queued message 1');
    expect(queued(root)).toEqual([
      { state: 'cancelled', text: 'By train' },
      { state: 'queued', text: 'Under 80 euros' },
    ]);
    expect(prompts()).toEqual(['Plan the trip']);

    agent.emit({ type: 'TEXT_MESSAGE_END', messageId: 'a1' });
    agent.finish();
    await expect.poll(prompts, POLL).toEqual(['Plan the trip', 'Under 80 euros']);
    // Sent, and shown so while its run goes on; the cancelled one never went.
    await expect
      .poll(() => queued(root), POLL)
      .toEqual([
        { state: 'cancelled', text: 'By train' },
        { state: 'sent', text: 'Under 80 euros' },
      ]);
    agent.emit(agent.started());
    await expect.poll(() => userTexts(root), POLL).toEqual(['Plan the trip', 'Under 80 euros']);
    agent.finish();
    await expect.poll(() => queued(root), POLL).toEqual([{ state: 'cancelled', text: 'By train' }]);
    await press(root, 'Dismiss queued message 1');
    expect(queued(root)).toEqual([]);
    expect(prompts()).toEqual(['Plan the trip', 'Under 80 euros']);
  });

  it('Send now stops the run and starts the next with the queued message', async () => {
    await open();
    await submit(root, 'Plan the trip');
    await startReply('a1');
    await submit(root, 'Actually, by plane');
    await press(root, 'Send now: queued message 1');
    await expect.poll(prompts, POLL).toEqual(['Plan the trip', 'Actually, by plane']);
    expect(queued(root)).toEqual([{ state: 'sent', text: 'Actually, by plane' }]);
  });

  it('a failed run pauses the queue, visibly, and keeps the message', async () => {
    await open();
    await submit(root, 'Plan the trip');
    await startReply('a1');
    await submit(root, 'By train');
    agent.emit({ type: 'RUN_ERROR', message: 'The model is overloaded' });
    agent.close();
    const queue = () => root.querySelector<HTMLElement>('[data-slot="composer-queue"]');
    await expect.poll(() => queue()?.dataset['state'], POLL).toBe('paused');
    expect(queue()?.textContent).toContain('something went wrong');
    expect(queued(root)).toEqual([{ state: 'queued', text: 'By train' }]);
    expect(prompts()).toEqual(['Plan the trip']);
  });
});
