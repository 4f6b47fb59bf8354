import * as React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, renderHook } from 'vitest-browser-react';
import { page, userEvent } from 'vitest/browser';
import type { UserConfirmResultEvent } from '../../src/core.js';
import { foldEvents, parseAgentEvent } from '../../src/core.js';
import { ConfirmationPrompt } from '../../src/components/confirmation-prompt/confirmation-prompt.js';
import type { UseMessageStreamOptions } from '../../src/use-message-stream/use-message-stream-options.js';
import { useMessageStream } from '../../src/use-message-stream/use-message-stream.js';
import { must } from '../core/fold/helpers.js';
import {
  bashRule,
  deferred,
  parkedReply,
  pushStream,
  resumedReply,
} from '../fixtures/stream-events.js';
import { settled } from './settled.js';

const POLL = { timeout: 10_000 };

/** A long-lived stream parked on a confirmation, and the hook reading it. */
async function renderParked(options: Omit<UseMessageStreamOptions, 'source'>) {
  const live = pushStream();
  const source = () => live.stream;
  const hook = await renderHook(() => useMessageStream({ ...options, source }));
  live.push(...parkedReply());
  await expect.poll(() => hook.result.current.status, POLL).toBe('awaiting-confirmation');
  return { live, ...hook };
}

describe('useMessageStream: confirm', () => {
  it('hands a valid USER_CONFIRM_RESULT to onConfirm, and the call leaves only when the server publishes it', async () => {
    const onConfirm = vi.fn((_event: UserConfirmResultEvent) => Promise.resolve());
    const { live, result } = await renderParked({ onConfirm });
    const [pending] = result.current.pendingConfirmations;
    expect(pending?.replyId).toBe('r1');

    await result.current.confirm({
      toolCall: must(pending).toolCall,
      confirmed: true,
      rules: [bashRule],
    });

    expect(onConfirm).toHaveBeenCalledTimes(1);
    const event = must(onConfirm.mock.calls[0])[0];
    const parsed = parseAgentEvent(JSON.parse(JSON.stringify(event)));
    expect(parsed.ok).toBe(true);
    expect(event).toMatchObject({
      type: 'USER_CONFIRM_RESULT',
      reply_id: 'r1',
      confirm_results: [{ confirmed: true, rules: [bashRule], tool_call: { id: 'call-1' } }],
    });
    await settled();
    expect(result.current.pendingConfirmations).toHaveLength(1);
    expect(result.current.status).toBe('awaiting-confirmation');

    // The service re-publishes the decision, then resumes the reply with a synthetic REPLY_START.
    const resumed = resumedReply(JSON.parse(JSON.stringify(event)) as UserConfirmResultEvent);
    live.push(...resumed.slice(0, 3));
    await expect.poll(() => result.current.pendingConfirmations.length, POLL).toBe(0);
    expect(result.current.status).toBe('streaming');
    live.push(...resumed.slice(3));
    await expect.poll(() => result.current.status, POLL).toBe('done');
    expect(result.current.messages).toEqual(foldEvents([...parkedReply(), ...resumed]).messages);
    expect(result.current.messages).toHaveLength(1);
  });

  it('sends a denial without rules', async () => {
    const onConfirm = vi.fn((_event: UserConfirmResultEvent) => {});
    const { result } = await renderParked({ onConfirm });
    const toolCall = must(result.current.pendingConfirmations[0]).toolCall;

    await result.current.confirm({ toolCall, confirmed: false, rules: [bashRule] });

    expect(must(onConfirm.mock.calls[0])[0].confirm_results).toEqual([
      { confirmed: false, tool_call: toolCall, rules: null },
    ]);
  });

  it('rejects when the transport fails, calls onError and keeps the call pending', async () => {
    const failure = new Error('502 Bad Gateway');
    const onConfirm = vi.fn(() => Promise.reject(failure));
    const onError = vi.fn();
    const { result } = await renderParked({ onConfirm, onError });
    const toolCall = must(result.current.pendingConfirmations[0]).toolCall;

    await expect(result.current.confirm({ toolCall, confirmed: true })).rejects.toBe(failure);

    expect(onError).toHaveBeenCalledWith(failure);
    expect(result.current.pendingConfirmations).toHaveLength(1);
    expect(result.current.status).toBe('awaiting-confirmation');
  });

  it('rejects without an onConfirm transport, or for a call no message holds', async () => {
    const { result } = await renderParked({});
    const toolCall = must(result.current.pendingConfirmations[0]).toolCall;
    await expect(result.current.confirm({ toolCall, confirmed: true })).rejects.toThrow(
      /onConfirm/,
    );

    const other = await renderParked({ onConfirm: () => {} });
    await expect(
      other.result.current.confirm({ toolCall: { ...toolCall, id: 'nope' }, confirmed: true }),
    ).rejects.toThrow(/no message holds tool call "nope"/);
  });

  it('with optimistic, folds the decision at once, ignores the published copy, and restores the call on failure', async () => {
    const sent = deferred();
    const onConfirm = vi.fn((_event: UserConfirmResultEvent) => sent.promise);
    const { live, result } = await renderParked({ onConfirm, optimistic: true });
    const toolCall = must(result.current.pendingConfirmations[0]).toolCall;

    const confirming = result.current.confirm({ toolCall, confirmed: true });
    await expect.poll(() => result.current.pendingConfirmations.length, POLL).toBe(0);
    sent.resolve();
    await confirming;
    const count = result.current.conversation.eventCount;

    live.push(
      JSON.parse(JSON.stringify(must(onConfirm.mock.calls[0])[0])) as UserConfirmResultEvent,
    );
    live.push(...resumedReply(null).slice(0, 2));
    await expect.poll(() => result.current.conversation.eventCount, POLL).toBe(count + 2);

    const failing = await renderParked({
      onConfirm: () => Promise.reject(new Error('offline')),
      optimistic: true,
    });
    const call = must(failing.result.current.pendingConfirmations[0]).toolCall;
    await expect(
      failing.result.current.confirm({ toolCall: call, confirmed: true }),
    ).rejects.toThrow('offline');
    await expect.poll(() => failing.result.current.pendingConfirmations.length, POLL).toBe(1);
    expect(failing.result.current.pendingConfirmations[0]?.toolCall).toEqual(call);
  });
});

describe('useMessageStream: confirm for a parked reply from history', () => {
  it('restores the call when an optimistic decision fails, and applies the published one', async () => {
    const live = pushStream();
    const source = () => live.stream;
    const sent = deferred();
    let attempts = 0;
    const onConfirm = vi.fn((_event: UserConfirmResultEvent) => {
      attempts += 1;
      return attempts === 1 ? sent.promise : Promise.resolve();
    });
    const parked = parkedReply();
    const { result } = await renderHook(() =>
      useMessageStream({
        source,
        onConfirm,
        optimistic: true,
        initialMessages: foldEvents(parked).messages,
      }),
    );
    // The service replays the parked run on connect.
    live.push(...parked);
    await expect.poll(() => result.current.status, POLL).toBe('awaiting-confirmation');
    const toolCall = must(result.current.pendingConfirmations[0]).toolCall;

    const failing = result.current.confirm({ toolCall, confirmed: true });
    await expect.poll(() => result.current.pendingConfirmations.length, POLL).toBe(0);
    sent.reject(new Error('offline'));
    await expect(failing).rejects.toThrow('offline');
    await expect.poll(() => result.current.pendingConfirmations.length, POLL).toBe(1);

    await result.current.confirm({ toolCall, confirmed: true });
    const event = must(onConfirm.mock.calls[1])[0];
    const resumed = resumedReply(JSON.parse(JSON.stringify(event)) as UserConfirmResultEvent);
    live.push(...resumed);
    await expect.poll(() => result.current.status, POLL).toBe('done');
    expect(result.current.messages).toHaveLength(1);
    expect(result.current.messages[0]?.content).toEqual(
      foldEvents([...parked, ...resumed]).messages[0]?.content,
    );
  });
});

describe('useMessageStream with <ConfirmationPrompt onDecision={confirm}>', () => {
  function Chat(props: {
    source: () => ReadableStream<Uint8Array>;
    onConfirm: UseMessageStreamOptions['onConfirm'];
  }) {
    const { pendingConfirmations, confirm, status } = useMessageStream(props);
    const toolCalls = React.useMemo(
      () => pendingConfirmations.map((entry) => entry.toolCall),
      [pendingConfirmations],
    );
    return (
      <div data-status={status}>
        <ConfirmationPrompt toolCalls={toolCalls} onDecision={confirm} armDelayMs={0} />
      </div>
    );
  }

  it('shows a failed send in the prompt and lets the user try again', async () => {
    const live = pushStream();
    const onConfirm = vi
      .fn<(event: UserConfirmResultEvent) => Promise<void>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(undefined);
    const source = () => live.stream;
    await render(<Chat source={source} onConfirm={onConfirm} />);
    live.push(...parkedReply());

    await userEvent.click(page.getByRole('button', { name: 'Allow', exact: true }));
    await expect.element(page.getByRole('alert')).toBeVisible();
    await userEvent.click(page.getByRole('button', { name: 'Allow', exact: true }));

    await expect.poll(() => onConfirm.mock.calls.length, POLL).toBe(2);
    live.push(must(onConfirm.mock.calls[1])[0], ...resumedReply(null).slice(0, 2));
    await expect
      .element(page.getByRole('button', { name: 'Allow', exact: true }))
      .not.toBeInTheDocument();
  });
});
