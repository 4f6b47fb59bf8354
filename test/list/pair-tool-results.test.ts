import { describe, expect, it } from 'vitest';
import { pairToolResults } from '../../src/components/message/pair-tool-results.js';
import { selectVisibleMessages } from '../../src/components/message-list/visible-messages.js';
import { chatMessages, messageOf, toolCall, toolResult } from './helpers.js';

describe('pairToolResults', () => {
  const call = messageOf('a', 'assistant', [toolCall('c1', 'search'), toolCall('c2', 'fetch')]);
  const results = messageOf('t', 'tool', [
    toolResult('c1', 'search', 'found'),
    toolResult('c2', 'fetch', 'page'),
  ]);

  it('gives a message the results of its calls that live in other messages', () => {
    const pairing = pairToolResults([...chatMessages(0, 2), call, results]);
    const map = pairing.resultsByMessage.get('a');
    expect([...(map?.keys() ?? [])]).toEqual(['c1', 'c2']);
    expect(map?.get('c1')).toBe(results.content[0]);
    expect(pairing.resultsByMessage.has('t')).toBe(false);
    expect([...pairing.covered]).toEqual(['t']);
  });

  it('keeps each map identical while nothing relevant changed', () => {
    const first = pairToolResults([call, results, ...chatMessages(0, 1)]);
    const second = pairToolResults([call, results, ...chatMessages(0, 3)], first);
    expect(second.resultsByMessage.get('a')).toBe(first.resultsByMessage.get('a'));
    const changed = messageOf('t', 'tool', [
      toolResult('c1', 'search', 'found more'),
      results.content[1] as never,
    ]);
    const third = pairToolResults([call, changed], second);
    expect(third.resultsByMessage.get('a')).not.toBe(second.resultsByMessage.get('a'));
  });

  it('keeps a tool message visible when one of its results is not shown in a card', () => {
    const extra = messageOf('t2', 'tool', [
      toolResult('c1', 'search', 'duplicate'),
      toolResult('zz', 'orphan', 'no call'),
    ]);
    const mixed = messageOf('t3', 'tool', [
      toolResult('c2', 'fetch', 'page'),
      { type: 'text', text: 'note', id: 'n', created_at: '', finished_at: '' },
    ]);
    const pairing = pairToolResults([call, results, extra, mixed]);
    expect([...pairing.covered]).toEqual(['t']);
  });

  it('leaves a call answered inside its own message to that answer', () => {
    const inside = messageOf('b', 'assistant', [
      toolCall('c1', 'search'),
      toolResult('c1', 'search', 'inside'),
    ]);
    const outside = messageOf('t', 'tool', [toolResult('c1', 'search', 'outside')]);
    const pairing = pairToolResults([inside, outside]);
    expect(pairing.resultsByMessage.size).toBe(0);
    expect(pairing.covered.size).toBe(0);
  });
});

describe('selectVisibleMessages', () => {
  it('drops hidden messages, makes repeated ids unique and keeps unchanged keys identical', () => {
    const messages = [...chatMessages(0, 3), ...chatMessages(1, 2)];
    const first = selectVisibleMessages(messages, new Set(['m0']), null);
    expect(first.keys).toEqual(['m1', 'm2', 'm1#2']);
    const again = selectVisibleMessages([...messages], new Set(['m0']), first);
    expect(again.keys).toBe(first.keys);
  });
});
