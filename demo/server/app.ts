/*
 * The demo's HTTP server: AgentScope's service routes for chat, the session stream, history and
 * interrupts (reference/agentscope.md §1.3), the same scripted agent over the AI SDK's UI message
 * stream (`POST /api/chat`) and AG-UI (`POST /ag-ui`), the generated media, the recorded fixtures
 * for the replay viewer, and, on the same port, the demo page through Vite's middleware.
 */
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Msg } from 'react-agent-messages/core';
import { parseAgentEvent, parseMsg } from 'react-agent-messages/core';
import { agUiControlKey, agUiRoute } from './ag-ui/route.js';
import { aiSdkChatRoute } from './ai-sdk/route.js';
import { fixtureList, fixturePath, recordedDemoLog } from './fixtures.js';
import { originOf, readJson, sendJson } from './http.js';
import { mediaFiles } from './media.js';
import { readSpeed } from './pacing.js';
import { listenForDecisions } from './ai-sdk/forward.js';
import { AiSdkChats } from './ai-sdk/resumable.js';
import { listenForControls, ReplyControls, replyControlRoute } from './ai-sdk/steering.js';
import { pyJson, pyMsg, SSE_HEARTBEAT } from './protocol.js';
import { ProtocolRuns } from './protocol-runs.js';
import type { Relay } from './relay/relay.js';
import { createRelay } from './relay/relay.js';
import { SCENARIOS } from './scenarios.js';
import { Refusal, SessionStore } from './session.js';
import type { RouteAnswer } from './session-relay.js';
import { SessionRelay, sseEventFrame } from './session-relay.js';

export interface DemoServerOptions {
  /** 0 picks a free port. @default 4173 */
  port?: number;
  /** @default '127.0.0.1' */
  host?: string;
  /** Milliseconds between SSE heartbeat comments. @default 30000 (the Python service's value) */
  heartbeatMs?: number;
  /** Serves the page too: `(req, res, next) => void`, e.g. Vite's `middlewares`. */
  page?: PageMiddleware;
  /**
   * Shares replies in progress with other processes on the same Redis (`REDIS_URL`): any of
   * them can resume a stream or take a decision. Without it, state is this process's own.
   */
  redisUrl?: string | null;
}

export type PageMiddleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export interface DemoServer {
  readonly url: string;
  readonly server: Server;
  readonly store: SessionStore;
  /** The AI SDK and AG-UI routes' runs in progress and parked replies. */
  readonly runs: ProtocolRuns;
  /** What the processes share: Redis, or this process's memory. */
  readonly relay: Relay;
  /** Sets what serves the page (when it needs the listening server first, as Vite's HMR does). */
  setPage(page: PageMiddleware): void;
  /** Ends every stream and run, then stops listening. */
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse, match: RegExpMatchArray) => unknown;

/** The route's first parameter, decoded. */
function param(match: RegExpMatchArray): string {
  return decodeURIComponent(match[1] ?? '');
}

/* -------------------------------------------------------------------------------------------------
 * Server
 * -----------------------------------------------------------------------------------------------*/

/** Starts the local agent (and, with `page`, the demo page) on one port. */
export async function startDemoServer(options: DemoServerOptions = {}): Promise<DemoServer> {
  const store = new SessionStore();
  const runs = new ProtocolRuns();
  const relay = await createRelay(options.redisUrl);
  const chats = new AiSdkChats(relay);
  const controls = new ReplyControls();
  const heartbeatMs = options.heartbeatMs ?? 30_000;
  const streams = new Set<ServerResponse>();
  let page = options.page ?? null;

  /** A POST to a session this process holds; thrown refusals become answers. */
  const handle = async (
    route: 'chat' | 'interrupt',
    sessionId: string,
    body: unknown,
    origin: string,
  ): Promise<RouteAnswer> => {
    try {
      if (route === 'interrupt') {
        store.get(sessionId).interrupt(origin);
        return { status: 202, body: { session_id: sessionId } };
      }
      await startChat(sessionId, body as Record<string, unknown> | null, origin);
      return { status: 200, body: { status: 'started', session_id: sessionId } };
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      return { status: error.status, body: { detail: error.message } };
    }
  };
  const sessions = new SessionRelay(relay, store, handle);
  store.onCreate = (session) => sessions.mirror(session);
  const stopListening = await Promise.all(
    relay.kind === 'redis'
      ? [
          sessions.listen(),
          listenForDecisions({ runs, chats, relay, controls }),
          listenForControls(relay, controls),
        ]
      : [],
  );

  const startChat = async (
    sessionId: string,
    body: Record<string, unknown> | null,
    origin: string,
  ): Promise<void> => {
    const session = store.get(sessionId);
    session.speed = readSpeed(body?.['speed'], session.speed);
    const input = body?.['input'];
    if (input && typeof input === 'object' && 'type' in input) {
      const parsed = parseAgentEvent(input);
      const event = parsed.ok ? parsed.value : null;
      if (event?.type !== 'USER_CONFIRM_RESULT' && event?.type !== 'EXTERNAL_EXECUTION_RESULT') {
        throw new Refusal(
          422,
          '`input` must be a Msg, a list of Msg, or a confirm/external result.',
        );
      }
      if (!(await sessions.claimDecision(sessionId, input as Record<string, unknown>))) {
        throw new Refusal(409, `Reply "${event.reply_id}" was answered already.`);
      }
      session.resume(event, origin);
    } else {
      const list = Array.isArray(input) ? input : input == null ? [] : [input];
      const messages: Msg[] = list.map((item) => {
        const parsed = parseMsg(item);
        if (!parsed.ok) throw new Refusal(422, `Invalid message: ${parsed.error}`);
        return parsed.value;
      });
      if (messages.length === 0) throw new Refusal(422, '`input` holds no message.');
      session.startReply(messages, origin);
    }
  };

  const chat: Handler = async (req, res) => {
    const body = (await readJson(req)) as Record<string, unknown> | null;
    const sessionId = typeof body?.['session_id'] === 'string' ? body['session_id'] : '';
    if (sessionId === '') throw new Refusal(422, '`session_id` is required.');
    const answer = (await sessions.remote(sessionId))
      ? await sessions.forward('chat', sessionId, body, originOf(req))
      : await handle('chat', sessionId, body, originOf(req));
    sendJson(res, answer.status, answer.body);
  };

  const stream: Handler = async (req, res, match) => {
    const sessionId = param(match);
    const header = req.headers['last-event-id'];
    const lastEventId = typeof header === 'string' && header !== '' ? header : null;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    res.flushHeaders();
    streams.add(res);
    res.on('close', () => streams.delete(res));
    if (await sessions.remote(sessionId)) {
      await sessions.stream(sessionId, req, res, lastEventId, heartbeatMs);
      return;
    }
    const session = store.get(sessionId);
    // A reconnect names the last event it got: the replay log resumes after it.
    let skip = lastEventId
      ? session.replayLog().findIndex((event) => event.id === lastEventId) + 1
      : 0;
    const unsubscribe = session.subscribe((event) => {
      if (skip > 0) skip -= 1;
      else res.write(sseEventFrame(event));
    });
    const heartbeat = setInterval(() => res.write(SSE_HEARTBEAT), heartbeatMs);
    const stop = () => {
      clearInterval(heartbeat);
      unsubscribe();
    };
    req.on('close', stop);
    res.on('close', stop);
  };

  const messages: Handler = async (_req, res, match) => {
    if (await sessions.remote(param(match))) {
      return sendJson(res, 200, await sessions.history(param(match)));
    }
    const session = store.get(param(match));
    sendJson(res, 200, {
      messages: session.messages.map(pyMsg),
      is_running: session.isRunning,
      has_more: false,
    });
  };

  const interrupt: Handler = async (req, res, match) => {
    const sessionId = param(match);
    const answer = (await sessions.remote(sessionId))
      ? await sessions.forward('interrupt', sessionId, null, originOf(req))
      : await handle('interrupt', sessionId, null, originOf(req));
    sendJson(res, answer.status, answer.body);
  };

  const archive: Handler = (_req, res, match) => {
    const session = store.get(param(match));
    res.writeHead(200, { 'content-type': 'application/x-ndjson; charset=utf-8' });
    res.end(session.archive.map((entry) => `${pyJson(entry)}\n`).join(''));
  };

  const media: Handler = (_req, res, match) => {
    const file = mediaFiles().get(param(match));
    if (!file) return sendJson(res, 404, { detail: 'No such media.' });
    res.writeHead(200, {
      'content-type': file.mediaType,
      'content-length': file.bytes.length,
      'cache-control': 'public, max-age=3600',
      'accept-ranges': 'none',
    });
    res.end(file.bytes);
  };

  const fixtures: Handler = (_req, res) => sendJson(res, 200, fixtureList());

  const fixture: Handler = async (req, res, match) => {
    const name = param(match);
    const text =
      name === 'agentscope-demo.jsonl'
        ? await recordedDemoLog(originOf(req))
        : await readFixture(name);
    if (text === null) return sendJson(res, 404, { detail: 'No such fixture.' });
    const type = name.endsWith('.json')
      ? 'application/json'
      : name.endsWith('.sse')
        ? 'text/event-stream; charset=utf-8'
        : 'application/x-ndjson';
    res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
    res.end(text);
  };

  const scenarios: Handler = (_req, res) =>
    sendJson(
      res,
      200,
      SCENARIOS.map(({ id, label, prompt }) => ({ id, label, prompt })),
    );

  const routes: [string, RegExp, Handler][] = [
    ['POST', /^\/chat\/?$/, chat],
    ['GET', /^\/sessions\/([^/]+)\/stream$/, stream],
    ['GET', /^\/sessions\/([^/]+)\/messages$/, messages],
    ['POST', /^\/sessions\/([^/]+)\/interrupt$/, interrupt],
    ['GET', /^\/sessions\/([^/]+)\/events\.jsonl$/, archive],
    ['GET', /^\/media\/([\w.-]+)$/, media],
    ['GET', /^\/fixtures\/?$/, fixtures],
    ['GET', /^\/fixtures\/([\w.-]+)$/, fixture],
    ['GET', /^\/api\/scenarios$/, scenarios],
    ['POST', /^\/api\/chat$/, aiSdkChatRoute({ runs, chats, relay, controls })],
    [
      'POST',
      /^\/api\/chat\/([^/]+)\/steer$/,
      (req, res, match) => replyControlRoute(relay, controls, 'steer')(req, res, param(match)),
    ],
    [
      'POST',
      /^\/api\/chat\/([^/]+)\/stop$/,
      (req, res, match) => replyControlRoute(relay, controls, 'stop')(req, res, param(match)),
    ],
    [
      'GET',
      /^\/api\/chat\/([^/]+)\/stream$/,
      (_req, res, match) => chats.resume(res, param(match)),
    ],
    [
      'GET',
      /^\/api\/chat\/([^/]+)\/messages$/,
      async (_req, res, match) =>
        sendJson(res, 200, { messages: await chats.messages(param(match)) }),
    ],
    ['POST', /^\/ag-ui\/?$/, agUiRoute(runs, relay, controls)],
    [
      'POST',
      /^\/ag-ui\/([^/]+)\/([^/]+)\/stop$/,
      (req, res, match) =>
        replyControlRoute(relay, controls, 'stop')(
          req,
          res,
          agUiControlKey(param(match), decodeURIComponent(match[2] ?? '')),
        ),
    ],
  ];

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    for (const [method, pattern, handler] of routes) {
      const match = path.match(pattern);
      if (!match) continue;
      if (req.method !== method) return sendJson(res, 405, { detail: 'Method not allowed.' });
      Promise.resolve()
        .then(() => handler(req, res, match))
        .catch((error: unknown) => {
          if (res.headersSent) {
            res.end();
            return;
          }
          const status = error instanceof Refusal ? error.status : 500;
          sendJson(res, status, { detail: error instanceof Error ? error.message : String(error) });
        });
      return;
    }
    if (page) page(req, res, () => sendJson(res, 404, { detail: 'Not found.' }));
    else sendJson(res, 404, { detail: 'Not found.' });
  });

  // Every connection, so close() can end them all: upgraded ones (Vite's HMR websocket, any other
  // upgrade request) are no longer the HTTP server's, and `closeAllConnections` misses them.
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4173, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = ['127.0.0.1', '::', '0.0.0.0', '::1'].includes(address.address)
    ? 'localhost'
    : address.address;

  return {
    url: `http://${host}:${address.port}`,
    server,
    store,
    runs,
    relay,
    setPage(next) {
      page = next;
    },
    async close() {
      await Promise.all([store.stopAll(), runs.stopAll()]);
      for (const res of streams) res.end();
      streams.clear();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      for (const socket of sockets) socket.destroy();
      await closed;
      for (const stop of stopListening) await stop();
      await chats.settled();
      await relay.close();
    },
  };
}

async function readFixture(name: string): Promise<string | null> {
  const path = fixturePath(name);
  return path ? readFile(path, 'utf8') : null;
}
