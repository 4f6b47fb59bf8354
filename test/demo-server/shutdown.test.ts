/*
 * `npm start` as a person runs it: the command in package.json, with a page's connections open
 * (its event stream, Vite's HMR websocket on the same port, a reply streaming in each protocol),
 * then Ctrl-C. The process must end on its own, promptly and with exit code 0.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { say } from './client.js';

const ROOT = new URL('../../', import.meta.url).pathname;
// `node --import tsx demo/server/main.ts`: one process, so a signal reaches the server itself.
// (tsx's CLI runs a child and SIGKILLs it when it does not confirm a relayed signal in 30 ms,
// which a loaded machine misses: exit code 143 instead of 0.)
const START = (
  JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { scripts: { start: string } }
).scripts.start.split(' ');

let child: ChildProcess | null = null;
const sockets: Socket[] = [];

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
  // Its own process group: nothing of it outlives the test.
  if (child?.pid) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  child = null;
});

/** Starts `npm start`'s command on a free port; resolves with its URL once it listens. */
function startDemo(): Promise<{ proc: ChildProcess; url: string; output: () => string }> {
  const [command, ...args] = START;
  if (command !== 'node') throw new Error(`npm start runs ${command}, not node`);
  const started = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child = started;
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL after 20 s:\n${output}`)), 20_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /http:\/\/localhost:\d+/.exec(output)?.[0];
      if (!url) return;
      clearTimeout(timer);
      resolve({ proc: started, url, output: () => output });
    };
    started.stdout?.on('data', read);
    started.stderr?.on('data', read);
    started.once('exit', (code) => reject(new Error(`exited (${code}) early:\n${output}`)));
  });
}

/** Opens Vite's HMR websocket the way the page's client does (same port, `vite-hmr`). */
function openHmrSocket(url: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/`, {
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': randomBytes(16).toString('base64'),
        'sec-websocket-protocol': 'vite-hmr',
      },
    });
    req.on('upgrade', (_res, socket) => {
      sockets.push(socket);
      socket.on('error', () => undefined);
      // Flowing, as a websocket client reads: so it notices when the server ends it.
      socket.resume();
      resolve(socket);
    });
    req.on('response', (res) => reject(new Error(`no upgrade: HTTP ${res.statusCode}`)));
    req.on('error', reject);
    req.end();
  });
}

function exited(proc: ChildProcess): Promise<{ code: number | null; signal: string | null }> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) {
      resolve({ code: proc.exitCode, signal: proc.signalCode });
    } else proc.once('exit', (code, signal) => resolve({ code, signal }));
  });
}

describe('npm start', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)(
    'serves the page and the agent, and exits 0 promptly on %s with a page connected',
    async (signal) => {
      const { proc, url, output } = await startDemo();
      // What `npm start` promises: the page and the agent's routes, from this one port.
      const page = await fetch(`${url}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      const scenarios = (await (await fetch(`${url}/api/scenarios`)).json()) as unknown[];
      expect(scenarios.length).toBeGreaterThan(5);

      // A page's connections: the HMR websocket, the session's event stream, a reply running.
      const hmr = await openHmrSocket(url);
      const hmrClosed = new Promise<void>((resolve) => hmr.once('close', () => resolve()));
      const stream = await fetch(`${url}/sessions/shutdown/stream?agent_id=demo`);
      if (!stream.body) throw new Error('the stream has no body');
      const reader = stream.body.getReader();
      await say(url, 'shutdown', 'Tell me a long story', 'slow');
      expect((await reader.read()).done).toBe(false);
      // And a reply streaming in each of the other protocols.
      const others = await Promise.all(
        [
          [
            '/api/chat',
            {
              messages: [
                { id: 'u', role: 'user', parts: [{ type: 'text', text: 'Tell me a long story' }] },
              ],
            },
          ],
          ['/ag-ui', { messages: [{ id: 'u', role: 'user', content: 'Tell me a long story' }] }],
        ].map(async ([path, body]) => {
          const response = await fetch(`${url}${String(path)}?speed=slow`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          if (!response.body) throw new Error('the reply has no body');
          const otherReader = response.body.getReader();
          expect((await otherReader.read()).done).toBe(false);
          return otherReader;
        }),
      );

      // Ctrl-C in a terminal signals the whole foreground group; `kill` signals one process.
      if (proc.pid === undefined) throw new Error('no pid');
      if (signal === 'SIGINT') process.kill(-proc.pid, signal);
      else proc.kill(signal);
      const timeout = new Promise<'timeout'>((resolve) => setTimeout(resolve, 5000, 'timeout'));
      const result = await Promise.race([exited(proc), timeout]);
      // Exited by itself, with code 0, before the 5 s the race allows.
      expect(result, output()).toEqual({ code: 0, signal: null });
      // Every connection was ended by the server, none left hanging.
      await hmrClosed;
      for (const open of [reader, ...others]) for (;;) if ((await open.read()).done) break;
    },
    40_000,
  );
});
