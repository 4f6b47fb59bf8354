/*
 * What the demo server's processes share: key-value entries, append-only logs, claims and
 * pub/sub. On Redis (`REDIS_URL`) every process sees the same state, so a browser can reload
 * against another process and pick up a reply where it was; in memory (no Redis) it is one
 * process's own, and the demo runs with nothing else installed. The same object serves
 * `resumable-stream` (its `Publisher` and `Subscriber` shapes) and the AgentScope and AG-UI
 * routes' event logs.
 */
import type { Publisher, Subscriber } from 'resumable-stream';

export interface Relay {
  /** `redis` when other processes share it, `memory` when it is this process's only. */
  readonly kind: 'redis' | 'memory';
  /** For `resumable-stream`'s context. */
  readonly publisher: Publisher;
  readonly subscriber: Subscriber;
  get(key: string): Promise<string | null>;
  /** Sets `key`; `ttlSeconds` expires it. */
  set(key: string, value: string, ttlSeconds?: number): Promise<void>;
  del(key: string): Promise<void>;
  /** Sets `key` and deletes `cleared` in one step (no reader sees one without the other). */
  setAndClear(key: string, value: string, cleared: string): Promise<void>;
  /** Sets `key` only if it is not set: `true` for the one caller that got it, across processes. */
  claim(key: string, ttlSeconds: number): Promise<boolean>;
  /** Appends to the log under `key`; resolves with the entry's 1-based position (its id). */
  append(key: string, value: string): Promise<number>;
  /** The log's entries after position `after` (0: all of it), in order. */
  range(key: string, after: number): Promise<string[]>;
  /** Publishes on `channel` to every process's listeners. */
  publish(channel: string, message: string): Promise<void>;
  /** Listens on `channel`; resolves once listening, with what stops it. */
  listen(channel: string, listener: (message: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** How long shared entries live: a day, as `resumable-stream`'s own. */
export const RELAY_TTL_SECONDS = 24 * 60 * 60;

/** Redis when `url` is given, else memory. */
export async function createRelay(url?: string | null): Promise<Relay> {
  if (url) {
    const { createRedisRelay } = await import('./redis-relay.js');
    return createRedisRelay(url);
  }
  const { createMemoryRelay } = await import('./memory-relay.js');
  return createMemoryRelay();
}
