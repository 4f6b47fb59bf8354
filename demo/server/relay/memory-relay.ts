/*
 * The relay in one process's memory: what `REDIS_URL` would share, kept in maps, with pub/sub
 * delivered on a later microtask as Redis delivers it (never inside `publish`).
 */
import type { Publisher, Subscriber } from 'resumable-stream';
import type { Relay } from './relay.js';

type Listener = (message: string) => void;

export function createMemoryRelay(): Relay {
  const values = new Map<string, { value: string; expires: number }>();
  const logs = new Map<string, string[]>();
  const channels = new Map<string, Set<Listener>>();

  const read = (key: string): string | null => {
    const entry = values.get(key);
    if (!entry) return null;
    if (entry.expires <= Date.now()) {
      values.delete(key);
      return null;
    }
    return entry.value;
  };
  const write = (key: string, value: string, ttlSeconds?: number) =>
    values.set(key, { value, expires: ttlSeconds ? Date.now() + ttlSeconds * 1000 : Infinity });
  const deliver = (channel: string, message: string): number => {
    const listeners = [...(channels.get(channel) ?? [])];
    queueMicrotask(() => {
      for (const listener of listeners) listener(message);
    });
    return listeners.length;
  };
  const add = (channel: string, listener: Listener) => {
    let set = channels.get(channel);
    if (!set) channels.set(channel, (set = new Set()));
    set.add(listener);
  };
  const remove = (channel: string, listener?: Listener) => {
    const set = channels.get(channel);
    if (!set) return;
    if (listener) set.delete(listener);
    else set.clear();
    if (set.size === 0) channels.delete(channel);
  };

  const publisher: Publisher = {
    connect: () => Promise.resolve(),
    publish: (channel, message) => Promise.resolve(deliver(channel, message)),
    set: (key, value, options) => Promise.resolve(write(key, value, options?.EX)).then(() => 'OK'),
    get: (key) => Promise.resolve(read(key)),
    incr: (key) => {
      const next = Number(read(key) ?? 0) + 1;
      write(key, String(next));
      return Promise.resolve(next);
    },
  };
  // `resumable-stream` unsubscribes a channel whole: its listeners are kept apart from ours.
  const own = new Map<string, Listener>();
  const subscriber: Subscriber = {
    connect: () => Promise.resolve(),
    subscribe: (channel, callback) => {
      own.set(channel, callback);
      add(channel, callback);
      return Promise.resolve();
    },
    unsubscribe: (channel) => {
      const callback = own.get(channel);
      if (callback) remove(channel, callback);
      own.delete(channel);
      return Promise.resolve();
    },
  };

  return {
    kind: 'memory',
    publisher,
    subscriber,
    get: (key) => Promise.resolve(read(key)),
    set: (key, value, ttlSeconds) => Promise.resolve(void write(key, value, ttlSeconds)),
    del: (key) => Promise.resolve(void values.delete(key)),
    setAndClear: (key, value, cleared) => {
      write(key, value);
      logs.delete(cleared);
      values.delete(cleared);
      return Promise.resolve();
    },
    claim: (key, ttlSeconds) => {
      if (read(key) !== null) return Promise.resolve(false);
      write(key, '1', ttlSeconds);
      return Promise.resolve(true);
    },
    append: (key, value) => {
      let log = logs.get(key);
      if (!log) logs.set(key, (log = []));
      log.push(value);
      return Promise.resolve(log.length);
    },
    range: (key, after) => Promise.resolve((logs.get(key) ?? []).slice(after)),
    publish: (channel, message) => Promise.resolve(void deliver(channel, message)),
    listen: (channel, listener) => {
      add(channel, listener);
      return Promise.resolve(() => Promise.resolve(remove(channel, listener)));
    },
    close: () => {
      channels.clear();
      return Promise.resolve();
    },
  };
}
