/*
 * The demo page on the server's own port: Vite in middleware mode, so the page is compiled on
 * request from demo/app and the library's source, with no build step.
 */
import type { ViteDevServer } from 'vite';
import { createServer as createVite } from 'vite';
import type { DemoServer } from './app.js';

const configFile = new URL('../vite.config.ts', import.meta.url).pathname;

/** Serves the page from `server`; Vite's HMR socket shares the port. Close the result on exit. */
export async function attachPage(server: DemoServer): Promise<ViteDevServer> {
  const vite = await createVite({
    configFile,
    server: { middlewareMode: true, ws: { server: server.server } },
    appType: 'spa',
  });
  server.setPage(vite.middlewares);
  return vite;
}
