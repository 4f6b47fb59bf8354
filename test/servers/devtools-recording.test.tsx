/*
 * The devtools recorder over a real run: `useAgUiAgent` with `@ag-ui/client`'s `HttpAgent`
 * against Mastra agents behind `@ag-ui/mastra`, the devtools entry imported (which installs
 * `defaultRecorder` in the page). What it recorded, exported and imported as on a second
 * machine, folds to exactly the messages the hook showed.
 */
import { HttpAgent } from '@ag-ui/client';
import { beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { renderHook } from 'vitest-browser-react';
import { useAgUiAgent } from '../../src/ag-ui.js';
import type { ToolCallBlock } from '../../src/core.js';
import {
  defaultRecorder,
  exportRecording,
  foldRecording,
  importRecording,
} from '../../src/devtools.js';

beforeEach(() => defaultRecorder.clear());

async function mount(scenario: string) {
  const agent = new HttpAgent({ url: `${inject('mastraUrl')}/${scenario}` });
  const hook = await renderHook(() => useAgUiAgent(agent));
  return () => hook.result.current;
}

/** The one session the hook opened, as a second machine reads it. */
function replayed() {
  const sessions = defaultRecorder.sessions().filter((s) => s.header.label === 'useAgUiAgent');
  expect(sessions).toHaveLength(1);
  const [session] = sessions;
  if (session === undefined) throw new Error('nothing was recorded');
  const { ndjson } = exportRecording(session);
  return { session, again: importRecording(ndjson) };
}

describe('the devtools recorder over HttpAgent and Mastra', () => {
  it("records a run, with the user's message, that replays as the hook showed it", async () => {
    const chat = await mount('tool');
    await chat().send('Weather in Paris?');
    await vi.waitFor(() => expect(chat().status).toBe('done'));

    const { session, again } = replayed();
    expect(session.header).toMatchObject({ protocol: 'ag-ui', frames: 'stream' });
    expect(again.events).toHaveLength(session.events.length);
    const shown = chat().messages;
    expect(shown.filter((msg) => msg.role === 'user')).toHaveLength(1);
    expect(foldRecording(again).messages).toEqual(shown);
  });

  it('records an approval and the run that answered it', async () => {
    const chat = await mount('suspend');
    await chat().send('Clean the cache');
    await vi.waitFor(() => expect(chat().status).toBe('awaiting-confirmation'));
    const call = chat()
      .messages.flatMap((msg) => msg.content)
      .find((block): block is ToolCallBlock => block.type === 'tool_call');
    if (call === undefined) throw new Error('no call asks');
    await chat().onDecision({ toolCall: call, confirmed: true });
    await vi.waitFor(() => expect(chat().status).toBe('done'));

    const { session, again } = replayed();
    expect(session.decisions).toEqual([
      expect.objectContaining({ toolCallId: call.id, allowed: true }),
    ]);
    expect(again.decisions).toHaveLength(1);
    // Scrubbed to where the call asked, the replay asks too.
    const asking = again.events.findIndex((_event, index) =>
      foldRecording(again, index + 1)
        .messages.flatMap((msg) => msg.content)
        .some((block) => block.type === 'tool_call' && block.state === 'asking'),
    );
    expect(asking).toBeGreaterThan(0);
    expect(foldRecording(again).messages).toEqual(chat().messages);
  });
});
