/*
 * The relay on Redis, through the `redis` client: one connection for commands, and two in
 * subscriber mode (one for `resumable-stream`, which unsubscribes channels whole, one for ours).
 * Logs are lists (`RPUSH` answers the new length, the entry's id), claims `SET NX`.
 */
import { createClient } from 'redis';
import type { Publisher, Subscriber } from 'resumable-stream';
import type { Relay } from './relay.js';
import { RELAY_TTL_SECONDS } from './relay.js';

export async function createRedisRelay(url: string): Promise<Relay> {
  const commands = createClient({ url });
  const streams = commands.duplicate();
  const events = commands.duplicate();
  for (const client of [commands, streams, events]) {
    // A lost connection is retried by the client; without a listener it would crash the process.
    client.on('error', (error: unknown) => console.error(`redis: ${String(error)}`));
  }
  await Promise.all([commands.connect(), streams.connect(), events.connect()]);

  return {
    kind: 'redis',
    publisher: commands as unknown as Publisher,
    subscriber: streams as unknown as Subscriber,
    get: (key) => commands.get(key),
    async set(key, value, ttlSeconds) {
      await commands.set(key, value, ttlSeconds ? { EX: ttlSeconds } : undefined);
    },
    async del(key) {
      await commands.del(key);
    },
    async setAndClear(key, value, cleared) {
      await commands.multi().set(key, value, { EX: RELAY_TTL_SECONDS }).del(cleared).exec();
    },
    async claim(key, ttlSeconds) {
      return (await commands.set(key, '1', { NX: true, EX: ttlSeconds })) === 'OK';
    },
    async append(key, value) {
      const [length] = await commands
        .multi()
        .rPush(key, value)
        .expire(key, RELAY_TTL_SECONDS)
        .exec();
      return Number(length);
    },
    range: (key, after) => commands.lRange(key, after, -1),
    async publish(channel, message) {
      await commands.publish(channel, message);
    },
    async listen(channel, listener) {
      await events.subscribe(channel, listener);
      return async () => {
        await events.unsubscribe(channel, listener);
      };
    },
    async close() {
      await Promise.allSettled([commands.quit(), streams.quit(), events.quit()]);
    },
  };
}
