import { describe, expect, it } from 'vitest';
import { messageText, searchMessages } from '../../../src/core.js';
import { chatMessages, messageOf, toolCall, toolResult } from '../../list/helpers.js';

describe('searchMessages', () => {
  it('finds the messages whose text holds the query, any case, with a count and an excerpt', () => {
    const messages = chatMessages(0, 30);
    const hits = searchMessages(messages, 'MESSAGE 2');
    // "Message 2" and "Message 20" … "Message 29".
    expect(hits.map((hit) => hit.id)).toEqual([
      'm2',
      ...Array.from({ length: 10 }, (_, i) => `m2${i}`),
    ]);
    expect(hits[0]).toMatchObject({
      index: 2,
      count: 3,
      // Every case counts: "of message 2." twice more.
      excerpt: 'Message 2 Line 1 of message 2. Line 2 of messag…',
    });
    expect(searchMessages(messages, 'of message 23')[0]?.count).toBe(3);
    expect(searchMessages(messages, 'Message', { limit: 3 })).toHaveLength(3);
  });

  it('reads tool names and output, and finds nothing for a blank query', () => {
    const call = messageOf('c', 'assistant', [toolCall('k1', 'weather_lookup')]);
    const result = messageOf('r', 'tool', [toolResult('k1', 'weather_lookup', 'Sunny in Paris')]);
    expect(searchMessages([call, result], 'paris').map((hit) => hit.id)).toEqual(['r']);
    expect(searchMessages([call, result], 'WEATHER_').map((hit) => hit.id)).toEqual(['c']);
    expect(searchMessages([call, result], '   ')).toEqual([]);
  });

  it('matches full-width and composed forms as their plain text, and cuts a long excerpt', () => {
    const long = messageOf('l', 'assistant', [
      {
        type: 'text',
        text: `${'a'.repeat(100)} Ｃａｆé ${'b'.repeat(100)}`,
        id: 't',
        created_at: '2026-09-01T12:00:00',
        finished_at: null,
      },
    ]);
    const [hit] = searchMessages([long], 'cafe\u0301');
    expect(hit?.excerpt.startsWith('…')).toBe(true);
    expect(hit?.excerpt.endsWith('…')).toBe(true);
    expect(hit?.excerpt.length).toBeLessThan(100);
  });

  it('survives content that is not an array of blocks (untrusted data)', () => {
    const broken = { ...messageOf('x', 'user', []), content: 'oops' as never };
    expect(messageText(broken)).toBe('');
    expect(searchMessages([broken], 'oops')).toEqual([]);
  });
});
