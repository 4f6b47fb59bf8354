/*
 * `npm start`: the local agent and the demo page on one port (default 4173, or $PORT). Vite runs
 * as middleware, so there is no build step. Ctrl-C ends every stream, stops Vite and exits.
 */
import type { DemoServer } from './app.js';
import { startDemoServer } from './app.js';
import { attachPage } from './page.js';

const requested = Number(process.env['PORT'] ?? 4173);
// Loopback only by default; HOST=0.0.0.0 serves other machines (in a container, say).
const host = process.env['HOST'] ?? '127.0.0.1';
// Several processes on one Redis share replies in progress: a page can reload against any.
const redisUrl = process.env['REDIS_URL'] || null;

async function main(): Promise<void> {
  let server: DemoServer;
  try {
    server = await startDemoServer({ port: requested, host, redisUrl });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    console.warn(`Port ${requested} is already in use, so the demo takes a free port instead.`);
    console.warn('(Set PORT=<number> to choose one.)');
    server = await startDemoServer({ port: 0, host, redisUrl });
  }
  const vite = await attachPage(server);
  console.log(`\n  react-agent-messages demo: ${server.url}\n`);
  console.log(
    '  A scripted local agent speaking AgentScope (/chat/), the AI SDK UI message stream',
  );
  console.log('  (/api/chat) and AG-UI (/ag-ui). Press Ctrl-C to stop.');
  console.log(
    redisUrl
      ? '  Replies in progress are shared through Redis (REDIS_URL).\n'
      : '  Replies in progress are kept in memory (set REDIS_URL to share them).\n',
  );

  let stopping = false;
  const stop = async () => {
    // A second Ctrl-C does not wait.
    if (stopping) process.exit(1);
    stopping = true;
    console.log('\nStopping…');
    const stuck = setTimeout(() => {
      console.error('The demo did not stop within 10 s; exiting anyway.');
      process.exit(1);
    }, 10_000);
    stuck.unref();
    // The server first: it ends every stream and socket, Vite's HMR websocket on our port
    // included. Vite may be pre-bundling dependencies for a first visit, which nothing needs now.
    await server.close();
    await Promise.race([vite.close(), new Promise((resolve) => setTimeout(resolve, 2000))]);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
