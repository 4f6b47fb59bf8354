import { describe, expect, it } from 'vitest';
import { renderHook } from 'vitest-browser-react';
import type { MessageSearchOptions } from '../../src/components/message-list/use-message-search.js';
import { useMessageSearch } from '../../src/components/message-list/use-message-search.js';
import { chatMessages } from './helpers.js';

const loaded = chatMessages(100, 120);

describe('useMessageSearch', () => {
  it('returns the loaded hits at once, then adds the app’s hits that are not loaded, once each', async () => {
    let resolve: (hits: readonly unknown[]) => void = () => {};
    const searchMore: MessageSearchOptions['searchMore'] = () =>
      new Promise((done) => (resolve = done));
    const { result } = await renderHook(() =>
      useMessageSearch(loaded, 'message 10', { searchMore }),
    );
    expect(result.current.status).toBe('searching');
    expect(result.current.hits.map((hit) => hit.id)).toEqual(
      chatMessages(100, 110).map((m) => m.id),
    );
    // The server's hits: one loaded already, one not, and junk that is left out.
    resolve([
      { id: 'm101', count: 2, excerpt: 'Message 101' },
      { id: 'm10', excerpt: 'Message 10' },
      null,
      { id: 7 },
    ]);
    await expect.poll(() => result.current.status).toBe('done');
    expect(result.current.hits.map((hit) => hit.id)).toEqual([
      ...chatMessages(100, 110).map((m) => m.id),
      'm10',
    ]);
    expect(result.current.hits.at(-1)).toEqual({
      id: 'm10',
      index: -1,
      count: 1,
      excerpt: 'Message 10',
    });
  });

  it('keeps the loaded hits and reports the error when the app’s search fails', async () => {
    const { result } = await renderHook(() =>
      useMessageSearch(loaded, 'Message 119', {
        searchMore: () => Promise.reject(new Error('offline')),
      }),
    );
    await expect.poll(() => result.current.status).toBe('error');
    expect(result.current.error?.message).toBe('offline');
    expect(result.current.hits.map((hit) => hit.id)).toEqual(['m119']);
  });

  it('finds nothing, and asks nothing, for a blank query', async () => {
    let asked = 0;
    const { result } = await renderHook(() =>
      useMessageSearch(loaded, '  ', { searchMore: () => (asked++, Promise.resolve([])) }),
    );
    expect(result.current).toEqual({ hits: [], status: 'idle', error: null });
    expect(asked).toBe(0);
  });
});
