/*
 * The Composer's queue over `useMessageStream`: the app opens a new stream for each message
 * (`onSend`), and a message submitted while one streams waits for it to end.
 */
import * as React from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'vitest-browser-react';
import { Composer } from '../../src/index.js';
import { useMessageStream } from '../../src/use-message-stream/use-message-stream.js';
import { createEventFactory } from '../fixtures/events.js';
import { pushStream } from '../fixtures/stream-events.js';
import { POLL, editQueued, press, queued, submit } from './queue-page.js';

const f = createEventFactory('q');

function App({
  streams,
  prompts,
}: {
  streams: ReturnType<typeof pushStream>[];
  prompts: string[];
}) {
  const [source, setSource] = React.useState<Response | null>(null);
  const chat = useMessageStream({ source });
  const onSend = async (text: string) => {
    const stream = streams[prompts.length];
    prompts.push(text);
    if (stream === undefined) throw new Error('no reply scripted');
    setSource(new Response(stream.stream, { headers: { 'content-type': 'text/event-stream' } }));
  };
  return <Composer queue status={chat.status} onSend={onSend} onStop={chat.stop} />;
}

afterEach(cleanup);

describe('the Composer queue over useMessageStream', () => {
  it('a message queued while the stream runs is sent when it ends, as edited', async () => {
    const streams = [pushStream(), pushStream()];
    const prompts: string[] = [];
    const root = (await render(<App streams={streams} prompts={prompts} />)).container;
    const status = () => root.querySelector('[data-slot="composer"]')?.getAttribute('data-status');
    const [first] = streams as [ReturnType<typeof pushStream>];

    await submit(root, 'Summarize the logs');
    first.push(f.replyStart('r1'), f.textStart('r1', 't'), f.textDelta('r1', 't', 'Reading'));
    await expect.poll(status, POLL).toBe('streaming');
    await submit(root, 'Then the errors only');
    await editQueued(root, 1, 'Then the warnings only');
    expect(queued(root)).toEqual([{ state: 'queued', text: 'Then the warnings only' }]);
    expect(prompts).toEqual(['Summarize the logs']);

    first.push(f.textEnd('r1', 't'), f.replyEnd('r1'));
    first.close();
    await expect
      .poll(() => prompts, POLL)
      .toEqual(['Summarize the logs', 'Then the warnings only']);
    const second = streams[1] as ReturnType<typeof pushStream>;
    second.push(f.replyStart('r2'), f.textStart('r2', 't2'), f.textDelta('r2', 't2', 'Warnings'));
    await expect.poll(status, POLL).toBe('streaming');
    expect(queued(root)).toEqual([{ state: 'sent', text: 'Then the warnings only' }]);
    second.push(f.textEnd('r2', 't2'), f.replyEnd('r2'));
    second.close();
    await expect.poll(() => queued(root), POLL).toEqual([]);
  });

  it('Stop keeps the queue; Send now sends it', async () => {
    const streams = [pushStream(), pushStream()];
    const prompts: string[] = [];
    const root = (await render(<App streams={streams} prompts={prompts} />)).container;
    const status = () => root.querySelector('[data-slot="composer"]')?.getAttribute('data-status');
    const [first] = streams as [ReturnType<typeof pushStream>];

    await submit(root, 'Summarize the logs');
    first.push(f.replyStart('r1'), f.textStart('r1', 't'), f.textDelta('r1', 't', 'Reading'));
    await expect.poll(status, POLL).toBe('streaming');
    await submit(root, 'Then the errors only');
    await press(root, 'Stop');
    await expect.poll(status, POLL).not.toBe('streaming');
    expect(queued(root)).toEqual([{ state: 'queued', text: 'Then the errors only' }]);
    expect(prompts).toEqual(['Summarize the logs']);
    await press(root, 'Send now: queued message 1');
    await expect.poll(() => prompts, POLL).toEqual(['Summarize the logs', 'Then the errors only']);
  });
});
