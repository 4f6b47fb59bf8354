/*
 * Debian's `redis-server` for the tests that run the demo server on Redis: on 127.0.0.1, on a
 * free port, with nothing saved to disk. When it is missing it is installed the way
 * scripts/test.mjs installs Chromium (`apt-get`, as root, which CI is); when it cannot be, the
 * test fails with the command to run, never skips.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import type { DemoServer } from '../../demo/server/app.js';
import { startDemoServer } from '../../demo/server/app.js';

export const REDIS_SERVER = process.env['REDIS_SERVER'] ?? '/usr/bin/redis-server';

export interface RedisServer {
  readonly url: string;
  readonly process: ChildProcess;
  stop(): Promise<void>;
}

/** Installs Debian's redis-server when missing; throws, saying how, when it cannot. */
export function ensureRedisServer(): void {
  if (existsSync(REDIS_SERVER)) return;
  const install = 'apt-get update && apt-get install -y redis-server';
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    const result = spawnSync('sh', ['-c', `${install} >/dev/null`], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
    });
    if (result.status === 0 && existsSync(REDIS_SERVER)) return;
    throw new Error(`Could not install redis-server (${install}):\n${result.stderr}`);
  }
  throw new Error(
    `redis-server is missing at ${REDIS_SERVER}. Install it with:\n  sudo ${install}`,
  );
}

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts a private redis-server and resolves once it accepts connections. */
export async function startRedisServer(): Promise<RedisServer> {
  ensureRedisServer();
  const port = await freePort();
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`redis-server did not start:\n${output}`)),
      20_000,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${String(code)}):\n${output}`));
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The base URLs of two demo servers that share one redis-server. */
export interface ServerPair {
  a: string;
  b: string;
}

/**
 * Starts two demo servers on one redis-server before the suite's tests and stops them after, as
 * two instances behind a load balancer: the pair's URLs are filled in once they listen.
 */
export function twoServersOnRedis(): ServerPair {
  const pair: ServerPair = { a: '', b: '' };
  let redis: RedisServer | undefined;
  let servers: DemoServer[] = [];
  beforeAll(async () => {
    redis = await startRedisServer();
    const redisUrl = redis.url;
    servers = await Promise.all(
      [0, 1].map(() => startDemoServer({ port: 0, heartbeatMs: 200, redisUrl })),
    );
    [pair.a, pair.b] = servers.map((server) => server.url) as [string, string];
  }, 60_000);
  afterAll(async () => {
    await Promise.allSettled(servers.map((server) => server.close()));
    await redis?.stop();
  });
  return pair;
}
