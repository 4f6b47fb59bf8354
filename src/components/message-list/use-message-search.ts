'use client';

import * as React from 'react';
import type { MessageSearchHit } from '../../core/history/search-messages.js';
import { searchMessages } from '../../core/history/search-messages.js';
import type { MsgList } from '../../core/model/message.js';

/** Options of `useMessageSearch`. */
export interface MessageSearchOptions {
  /**
   * Searches what is not loaded (the server's whole history) for `query`: its hits join the
   * loaded window's. Called once per query (abort with `signal` when it changes); a hit's `id`
   * is what `jumpTo` and `loadAround` take.
   */
  searchMore?(query: string, options: { signal: AbortSignal }): PromiseLike<readonly unknown[]>;
  /** Hits over the loaded messages at most. @default 200 */
  limit?: number;
}

/** What `useMessageSearch` returns. */
export interface MessageSearch {
  /** The loaded window's hits (oldest first), then the app's hits that are not loaded. */
  hits: readonly MessageSearchHit[];
  /** `searching` while `searchMore` runs, `error` when it failed (the loaded hits stay). */
  status: 'idle' | 'searching' | 'done' | 'error';
  /** Why `searchMore` failed. */
  error: Error | null;
}

interface Remote {
  query: string;
  hits: readonly MessageSearchHit[];
  status: MessageSearch['status'];
  error: Error | null;
}

/** A hit from the app, read as untrusted: one without a string id is left out. */
function readHit(value: unknown): MessageSearchHit | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, count, excerpt } = value as Record<string, unknown>;
  if (typeof id !== 'string' || id === '') return null;
  return {
    id,
    index: -1,
    count: typeof count === 'number' && count > 0 ? count : 1,
    excerpt: typeof excerpt === 'string' ? excerpt : '',
  };
}

const IDLE: Remote = { query: '', hits: [], status: 'idle', error: null };

/**
 * Searches a conversation for `query`: at once over the loaded messages (`searchMessages`), and
 * through `searchMore` over what is not loaded. Jump to a hit with the list's `jumpTo(hit.id)`,
 * which loads the page around it when needed.
 */
export function useMessageSearch(
  messages: MsgList,
  query: string,
  options: MessageSearchOptions = {},
): MessageSearch {
  const { searchMore, limit = 200 } = options;
  const local = React.useMemo(
    () => searchMessages(messages, query, { limit }),
    [messages, query, limit],
  );
  const searchMoreRef = React.useRef(searchMore);
  React.useEffect(() => {
    searchMoreRef.current = searchMore;
  });
  const asks = searchMore !== undefined;
  const [remote, setRemote] = React.useState<Remote>(IDLE);
  React.useEffect(() => {
    const search = searchMoreRef.current;
    if (!asks || search === undefined || query.trim() === '') return setRemote(IDLE);
    const controller = new AbortController();
    setRemote({ query, hits: [], status: 'searching', error: null });
    const settle = (next: Omit<Remote, 'query'>) => {
      if (!controller.signal.aborted) setRemote({ query, ...next });
    };
    Promise.resolve()
      .then(() => search(query, { signal: controller.signal }))
      .then(
        (found) => {
          const list: readonly unknown[] = Array.isArray(found) ? found : [];
          const hits = list.map(readHit).filter((hit) => hit !== null);
          settle({ hits, status: 'done', error: null });
        },
        (error: unknown) =>
          settle({
            hits: [],
            status: 'error',
            error: error instanceof Error ? error : new Error(String(error)),
          }),
      );
    return () => controller.abort();
  }, [asks, query]);

  return React.useMemo(() => {
    const current = remote.query === query ? remote : IDLE;
    const loaded = new Set(local.map((hit) => hit.id));
    const inWindow = new Set(messages.map((message) => message.id));
    const more = current.hits.filter((hit) => !loaded.has(hit.id) && !inWindow.has(hit.id));
    return {
      hits: more.length > 0 ? [...local, ...more] : local,
      status: query.trim() === '' ? 'idle' : asks ? current.status : 'done',
      error: current.error,
    };
  }, [local, remote, query, messages, asks]);
}
