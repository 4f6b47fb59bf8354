import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from 'vitest-browser-react';
import type { AgentEvent, UserConfirmResultEvent } from '../../src/core.js';
import { userMsg } from '../../src/core.js';
import * as conversationModule from '../../src/core/fold/conversation.js';
import { useMessageStream } from '../../src/use-message-stream/use-message-stream.js';
import { must } from '../core/fold/helpers.js';
import { createEventFactory } from '../fixtures/events.js';
import { askingCall, longReply, parkedReply, pushStream } from '../fixtures/stream-events.js';

// The real functions, watched: the hook must fold a frame's events in one call.
vi.mock('../../src/core/fold/conversation.js', { spy: true });

const POLL = { timeout: 10_000 };
const foldEvents = vi.mocked(conversationModule.foldEvents);
const reduceConversation = vi.mocked(conversationModule.reduceConversation);

afterEach(() => {
  foldEvents.mockClear();
  reduceConversation.mockClear();
});

async function renderLive(onEvent = vi.fn()) {
  const live = pushStream();
  const hook = await renderHook(() => useMessageStream({ source: () => live.stream, onEvent }));
  await expect.poll(() => hook.result.current.status, POLL).toBe('done');
  return { live, onEvent, ...hook };
}

describe('useMessageStream: batched folding', () => {
  it('folds the events of a frame in one foldEvents call, and reports each one to onEvent', async () => {
    const { live, onEvent, result } = await renderLive();
    foldEvents.mockClear();
    const log = longReply(600);

    live.push(...log);

    await expect.poll(() => result.current.conversation.eventCount, POLL).toBe(log.length);
    expect(reduceConversation).not.toHaveBeenCalled();
    const batches = foldEvents.mock.calls.map(([events]) => [...events]);
    expect(batches.length).toBeGreaterThan(0);
    expect(batches.length).toBeLessThan(log.length / 20);
    expect(batches.flat()).toEqual(log);
    expect(onEvent.mock.calls.map(([event]) => event as AgentEvent)).toEqual(log);
  });

  it('reports only applied events when a frame holds duplicates or invalid input', async () => {
    const { onEvent, result } = await renderLive();
    const log = longReply(12);
    result.current.append(log.slice(0, 6));
    await expect.poll(() => result.current.conversation.eventCount, POLL).toBe(6);
    onEvent.mockClear();

    const invalid = { type: 'TEXT_BLOCK_DELTA', id: 'bad' } as unknown as AgentEvent;
    result.current.append([...log.slice(3, 9), must(log[7]), invalid, ...log.slice(9)]);

    await expect.poll(() => result.current.conversation.eventCount, POLL).toBe(log.length);
    expect(onEvent.mock.calls.map(([event]) => event as AgentEvent)).toEqual(log.slice(6));
    expect(result.current.conversation.diagnostics).toHaveLength(1);
  });

  it('confirm() sees events that arrived in the frame not yet folded', async () => {
    const onConfirm = vi.fn((_event: UserConfirmResultEvent) => {});
    const { result } = await renderHook(() => useMessageStream({ onConfirm }));

    result.current.append(parkedReply());
    await result.current.confirm({ toolCall: askingCall(), confirmed: true });

    expect(must(onConfirm.mock.calls[0])[0]).toMatchObject({
      type: 'USER_CONFIRM_RESULT',
      reply_id: 'r1',
    });
  });

  it('folds queued events before messages added after them', async () => {
    const { result } = await renderHook(() => useMessageStream({}));
    const f = createEventFactory('m');

    result.current.append([f.replyStart('r1'), f.textStart('r1', 'tx')]);
    result.current.addMessages(userMsg('next', { id: 'u2' }));

    await expect
      .poll(() => result.current.messages.map((message) => message.id), POLL)
      .toEqual(['r1', 'u2']);
  });
});
