import { describe, expect, it } from 'vitest';
import type { MsgInit } from '../../../src/core.js';
import {
  assistantMsg,
  getReplyStatus,
  textBlock,
  toolCallBlock,
  toolResultBlock,
} from '../../../src/core.js';

describe('assistantMsg', () => {
  it('a message built with content is finished: it renders done, never "Responding…"', () => {
    const msg = assistantMsg('The answer is 42.', { id: 'a1', created_at: '2026-01-01T00:00:00Z' });
    expect(msg.finished_at).toBe('2026-01-01T00:00:00Z');
    expect(msg.finished_reason).toBe('completed');
    expect(getReplyStatus(msg)).toBe('done');
    expect(getReplyStatus(assistantMsg([textBlock('Hello')]))).toBe('done');
  });

  it('stays open when told so, or when it has no content yet (a reply about to stream)', () => {
    expect(getReplyStatus(assistantMsg('Working', { finished_at: null }))).toBe('streaming');
    expect(getReplyStatus(assistantMsg())).toBe('streaming');
    expect(getReplyStatus(assistantMsg([]))).toBe('streaming');
  });

  it('stays open while a tool call waits for the user or the app', () => {
    const asking = toolCallBlock({ id: 'c1', name: 'deploy', state: 'asking' });
    expect(getReplyStatus(assistantMsg([asking]))).toBe('awaiting-confirmation');
    const submitted = toolCallBlock({ id: 'c2', name: 'locate', state: 'submitted' });
    expect(getReplyStatus(assistantMsg([submitted]))).toBe('awaiting-external');
    const answered = toolResultBlock({ id: 'c2', name: 'locate', state: 'success' });
    expect(getReplyStatus(assistantMsg([submitted, answered]))).toBe('done');
  });

  it('an explicit finished_at and finished_reason are kept as given', () => {
    const msg = assistantMsg('x', {
      finished_at: '2026-01-02T00:00:00Z',
      finished_reason: 'error',
    });
    expect(msg).toMatchObject({ finished_at: '2026-01-02T00:00:00Z', finished_reason: 'error' });
    expect(assistantMsg('x', { finished_reason: 'interrupted' }).finished_reason).toBe(
      'interrupted',
    );
    expect(
      assistantMsg('x', { finished_at: undefined } as unknown as MsgInit).finished_at,
    ).not.toBeUndefined();
  });
});
