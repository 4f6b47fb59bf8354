import { describe, expect, it } from 'vitest';
import { defaultLabels } from '../../src/index.js';
import {
  collectAnnouncements,
  formatAnnouncement,
  rememberMessages,
} from '../../src/components/message-list/announcements.js';
import { chatMessages, messageOf, streamingReply, toolCall, toolResult } from './helpers.js';

const say = (
  messages: Parameters<typeof collectAnnouncements>[1],
  memory: ReturnType<typeof rememberMessages>,
) => collectAnnouncements(memory, messages).map((a) => formatAnnouncement(a, defaultLabels));

describe('list announcements', () => {
  it('says nothing about history, older messages loaded above, or a new conversation', () => {
    const history = chatMessages(10, 14);
    const memory = rememberMessages(history);
    expect(say(history, memory)).toEqual([]);
    expect(say([...chatMessages(0, 10), ...history], memory)).toEqual([]);
    expect(say(chatMessages(100, 104), memory)).toEqual([]);
  });

  it('announces replies that end, tools that settle and calls that ask, in order', () => {
    const history = chatMessages(0, 2);
    const memory = rememberMessages(history);
    expect(say([...history, streamingReply('r', 'Hi')], memory)).toEqual([]);
    const asking = messageOf(
      'r',
      'assistant',
      [toolCall('c', 'rm\u202Eevil', { state: 'asking' })],
      true,
    );
    expect(say([...history, asking], memory)).toEqual(['Approval needed: tool rm[U+202E]evil']);
    const toolMessage = messageOf('t', 'tool', [
      { ...toolResult('c', 'rm', 'x'), state: 'denied' },
    ]);
    const ended = {
      ...messageOf('r', 'assistant', [toolCall('c', 'rm')]),
      finished_reason: 'error' as const,
    };
    expect(say([...history, ended, toolMessage], memory)).toEqual([
      'Reply failed',
      'Tool rm denied',
    ]);
  });

  it('reads a finished text block aloud, without its markup, once', () => {
    const history = chatMessages(0, 2);
    const memory = rememberMessages(history);
    const text = 'The **answer** is in [the docs](https://docs.example) and `npm test`.';
    expect(say([...history, streamingReply('r', text)], memory)).toEqual([]);
    const finished = messageOf('r', 'assistant', [
      { ...streamingReply('r', text).content[0], finished_at: '2026-01-01T00:00:01' } as never,
    ]);
    expect(say([...history, finished], memory)).toEqual([
      'Friday: The answer is in the docs and npm test.',
      'Friday finished replying',
    ]);
    expect(say([...history, { ...finished }], memory)).toEqual([]);
  });

  it('announces the approvals of a conversation that replaces an empty list', () => {
    const memory = rememberMessages([]);
    const asking = messageOf(
      'r',
      'assistant',
      [toolCall('c', 'deploy', { state: 'asking' })],
      true,
    );
    expect(say([...chatMessages(0, 1), asking], memory)).toEqual(['Approval needed: tool deploy']);
  });
});
