/*
 * The pure parts of `useAiSdkChat`: how replies ended (learnt from `useChat`'s status), whether
 * approval answers wait to be sent, and the status the Composer is given.
 */
import { describe, expect, it } from 'vitest';
import { chatStatus } from '../../src/bindings/ai-sdk/chat-status.js';
import {
  currentMarks,
  NO_REPLY_ENDS,
  settleReplyEnds,
} from '../../src/bindings/ai-sdk/reply-ends.js';
import { applyReplyMarks } from '../../src/bindings/ai-sdk/reply-marks.js';
import { hasUnsentApprovals } from '../../src/bindings/ai-sdk/unsent-approvals.js';
import { assistantMsg, getReplyStatus, toolCallBlock, userMsg } from '../../src/core.js';

const user = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Hi' }] };
const reply = (...parts: unknown[]) => ({ id: 'a1', role: 'assistant', parts });
const tool = (state: string, extra: Record<string, unknown> = {}) => ({
  type: 'tool-deploy',
  toolCallId: `c-${state}`,
  state,
  input: {},
  ...extra,
});

describe('settleReplyEnds', () => {
  it('marks the streaming reply interrupted once a Stop has ended the request, and only then', () => {
    const a1 = reply({ type: 'text', text: 'Once' });
    const stopping = { ...NO_REPLY_ENDS, stopping: true };
    expect(settleReplyEnds(stopping, 'streaming', [user, a1], undefined)).toBe(stopping);
    const ended = settleReplyEnds(stopping, 'ready', [user, a1], undefined);
    expect(ended.stopping).toBe(false);
    expect(currentMarks(ended, [user, a1]).get('a1')).toEqual({ kind: 'interrupted' });
    // Stopped before any reply: nothing to mark.
    expect(settleReplyEnds(stopping, 'ready', [user], undefined).marks.size).toBe(0);
  });

  it('marks the reply a failed request was writing, once, with the error’s text', () => {
    const a1 = reply({ type: 'text', text: 'Let me' });
    const failed = settleReplyEnds(NO_REPLY_ENDS, 'error', [user, a1], new Error('overloaded'));
    expect(currentMarks(failed, [user, a1]).get('a1')).toEqual({
      kind: 'error',
      error: { type: 'upstream', message: 'overloaded' },
    });
    expect(settleReplyEnds(failed, 'error', [user, a1], new Error('overloaded'))).toBe(failed);
    // A failure before any reply marks nothing: the list shows the error.
    expect(settleReplyEnds(NO_REPLY_ENDS, 'error', [user], new Error('503')).marks.size).toBe(0);
  });

  it('a mark no longer applies once the server continues that reply (a new object)', () => {
    const a1 = reply({ type: 'text', text: 'Once' });
    const ended = settleReplyEnds(
      { ...NO_REPLY_ENDS, stopping: true },
      'ready',
      [user, a1],
      undefined,
    );
    const continued = reply({ type: 'text', text: 'Once upon a time' });
    expect(currentMarks(ended, [user, continued]).size).toBe(0);
  });
});

describe('applyReplyMarks', () => {
  it('marks copies, keeps them while the message does not change, and leaves the rest alone', () => {
    const msg = assistantMsg('Once', { id: 'a1', finished_at: null });
    const other = userMsg('Hi', { id: 'u1' });
    const marks = new Map([['a1', { kind: 'interrupted' as const }]]);
    const [u, a] = applyReplyMarks([other, msg], marks);
    expect(u).toBe(other);
    expect(a && getReplyStatus(a)).toBe('interrupted');
    expect(applyReplyMarks([other, msg], marks)[1]).toBe(a);
    const failed = applyReplyMarks(
      [msg],
      new Map([['a1', { kind: 'error' as const, error: { type: 'upstream', message: 'down' } }]]),
    )[0];
    expect(failed).toMatchObject({ finished_reason: 'error', error: { message: 'down' } });
  });
});

describe('hasUnsentApprovals', () => {
  it('is true once every approval of the last reply is answered, and nothing else waits', () => {
    const approved = tool('approval-responded', { approval: { id: 'p1', approved: true } });
    expect(hasUnsentApprovals([user, reply(approved)])).toBe(true);
    expect(hasUnsentApprovals([user, reply(approved, tool('output-available'))])).toBe(true);
    expect(hasUnsentApprovals([user, reply(approved, tool('approval-requested'))])).toBe(false);
    // A client-side tool still to run holds the answers back, as the AI SDK does.
    expect(hasUnsentApprovals([user, reply(approved, tool('input-available'))])).toBe(false);
    expect(
      hasUnsentApprovals([
        user,
        reply(approved, tool('input-available', { providerExecuted: true })),
      ]),
    ).toBe(true);
    expect(hasUnsentApprovals([user, reply(tool('output-available'))])).toBe(false);
    expect(hasUnsentApprovals([reply(approved), user])).toBe(false);
    expect(hasUnsentApprovals([])).toBe(false);
    // An approved call of a tool the app runs waits for its output.
    expect(hasUnsentApprovals([user, reply(approved)], new Set(['deploy']))).toBe(false);
    expect(hasUnsentApprovals([user, reply(approved)], new Set(['other']))).toBe(true);
  });
});

describe('chatStatus', () => {
  const asking = assistantMsg([toolCallBlock({ id: 'c1', name: 'deploy', state: 'asking' })]);
  it('maps useChat’s status, reading a ready chat’s last reply', () => {
    expect(chatStatus('submitted', [])).toBe('streaming');
    expect(chatStatus('streaming', [])).toBe('streaming');
    expect(chatStatus('error', [])).toBe('error');
    expect(chatStatus('ready', [])).toBe('idle');
    expect(chatStatus('ready', [userMsg('Hi')])).toBe('done');
    expect(chatStatus('ready', [assistantMsg('Hello')])).toBe('done');
    expect(chatStatus('ready', [asking])).toBe('awaiting-confirmation');
  });
});
