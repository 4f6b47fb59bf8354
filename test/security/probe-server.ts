/*
 * A local server that counts requests, for the MCP App frame tests: a frame whose CSP works
 * reaches it zero times. `GET /hit/<key>` counts one for `key`, `GET /count/<key>` answers the
 * count; both allow any origin, so a test page (and a frame the CSP allows) can call them.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    probeUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const hits = new Map<string, number>();
  const server = createServer((req, res) => {
    const [, kind, key = ''] = (req.url ?? '').split('/');
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('cache-control', 'no-store');
    if (kind === 'hit') hits.set(key, (hits.get(key) ?? 0) + 1);
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(kind === 'count' ? String(hits.get(key) ?? 0) : 'ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  project.provide('probeUrl', `http://127.0.0.1:${port}`);
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}
