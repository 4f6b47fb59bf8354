/*
 * AgentScope sessions across processes. The process that holds a session (it took the session's
 * first POST) mirrors it to the relay: each event appended to the run's log and published live,
 * the persisted history with the run's state. Another process serves that session from the relay:
 * `GET /sessions/{id}/messages` from the mirrored history, `GET /sessions/{id}/stream` as the log
 * after `Last-Event-ID` and then live, and a POST (a message, a decision, an interrupt) is passed
 * to the holder, which answers as if it had been posted there. A decision is claimed first, so
 * the same answer posted twice, to either process, resumes the reply once.
 *
 * In memory there is one process, which holds every session: nothing here runs.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AgentEvent } from 'react-agent-messages/core';
import { pyJson, pyMsg, SSE_HEARTBEAT } from './protocol.js';
import type { Relay } from './relay/relay.js';
import { RELAY_TTL_SECONDS } from './relay/relay.js';
import type { Session, SessionStore } from './session.js';

const key = (sessionId: string, what: string) => `ram:agentscope:${sessionId}:${what}`;
const FORWARD = 'ram:agentscope:forward';
/** How long a forwarded request waits for the holder's answer. */
const FORWARD_TIMEOUT_MS = 3000;

/** An answer as the HTTP layer sends it. */
export interface RouteAnswer {
  status: number;
  body: unknown;
}

/** A POST passed to the process holding the session. */
interface Forwarded {
  route: 'chat' | 'interrupt';
  sessionId: string;
  body: unknown;
  origin: string;
  answer: string;
}

/** One SSE frame for an event: its own id as the frame's `id:`, then the Python-style JSON. */
export function sseEventFrame(event: AgentEvent | Record<string, unknown>, text = pyJson(event)) {
  const id = typeof event.id === 'string' && event.id !== '' ? `id: ${event.id}\n` : '';
  return `${id}data: ${text}\n\n`;
}

const idOf = (text: string): string | null => {
  try {
    const value = JSON.parse(text) as { id?: unknown };
    return typeof value.id === 'string' ? value.id : null;
  } catch {
    return null;
  }
};

export class SessionRelay {
  constructor(
    private readonly relay: Relay,
    private readonly store: SessionStore,
    /** Handles a POST for a session this process holds (the chat and interrupt routes). */
    private readonly handle: (
      route: Forwarded['route'],
      sessionId: string,
      body: unknown,
      origin: string,
    ) => Promise<RouteAnswer>,
  ) {}

  /** Whether another process holds this session: on Redis, held there and not here. */
  async remote(sessionId: string): Promise<boolean> {
    if (this.relay.kind !== 'redis' || this.store.has(sessionId)) return false;
    return (await this.relay.get(key(sessionId, 'holder'))) !== null;
  }

  /** Mirrors a session this process holds, in order: events, then saves. */
  mirror(session: Session): void {
    if (this.relay.kind !== 'redis') return;
    const { relay } = this;
    const id = session.sessionId;
    let chain: Promise<unknown> = relay.set(key(id, 'holder'), 'yes', RELAY_TTL_SECONDS);
    const then = (step: () => Promise<unknown>) => {
      chain = chain.then(step).catch((error: unknown) => console.error(`relay: ${String(error)}`));
    };
    session.observer = {
      published(event) {
        const text = pyJson(event);
        then(async () => {
          await relay.append(key(id, 'log'), text);
          await relay.publish(key(id, 'live'), text);
        });
      },
      saved(messages, running, runEnded) {
        const history = JSON.stringify({ messages: messages.map(pyMsg), is_running: running });
        then(() =>
          runEnded
            ? relay.setAndClear(key(id, 'history'), history, key(id, 'log'))
            : relay.set(key(id, 'history'), history, RELAY_TTL_SECONDS),
        );
      },
    };
  }

  /** `GET /sessions/{id}/messages` of a session held elsewhere. */
  async history(sessionId: string): Promise<unknown> {
    const text = await this.relay.get(key(sessionId, 'history'));
    const saved = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    return {
      messages: saved['messages'] ?? [],
      is_running: saved['is_running'] === true,
      has_more: false,
    };
  }

  /**
   * `GET /sessions/{id}/stream` of a session held elsewhere: the run's log after `lastEventId`
   * (all of it without one), then live. Live events are taken from before the log is read, so
   * none falls between the two; an id already written is not written again.
   */
  async stream(
    sessionId: string,
    req: IncomingMessage,
    res: ServerResponse,
    lastEventId: string | null,
    heartbeatMs: number,
  ): Promise<() => void> {
    const written = new Set<string>();
    const write = (text: string) => {
      const id = idOf(text);
      if (id !== null) {
        if (written.has(id)) return;
        written.add(id);
      }
      res.write(sseEventFrame({ id: id ?? '' }, text));
    };
    let buffered: string[] | null = [];
    const stopLive = await this.relay.listen(key(sessionId, 'live'), (text) => {
      if (buffered) buffered.push(text);
      else write(text);
    });
    const log = await this.relay.range(key(sessionId, 'log'), 0);
    const seen = lastEventId === null ? -1 : log.findIndex((text) => idOf(text) === lastEventId);
    for (const text of log.slice(0, seen + 1)) written.add(idOf(text) ?? '');
    for (const text of log.slice(seen + 1)) write(text);
    for (const text of buffered) write(text);
    buffered = null;
    const heartbeat = setInterval(() => res.write(SSE_HEARTBEAT), heartbeatMs);
    const stop = () => {
      clearInterval(heartbeat);
      void stopLive();
    };
    req.on('close', stop);
    res.on('close', stop);
    return stop;
  }

  /** A decision on a reply is used once, on whichever process it reaches first. */
  claimDecision(sessionId: string, input: Record<string, unknown>): Promise<boolean> {
    if (this.relay.kind !== 'redis') return Promise.resolve(true);
    const calls = Array.isArray(input['confirm_results'])
      ? input['confirm_results']
      : Array.isArray(input['execution_results'])
        ? input['execution_results']
        : [];
    const ids = calls
      .map((item: { tool_call?: { id?: unknown }; id?: unknown }) =>
        String(item.tool_call?.id ?? item.id ?? ''),
      )
      .join(',');
    const claim = `${sessionId}:${String(input['reply_id'])}:${ids}`;
    return this.relay.claim(`ram:agentscope:decided:${claim}`, RELAY_TTL_SECONDS);
  }

  /** Passes a POST to the process holding the session and resolves with its answer. */
  async forward(
    route: Forwarded['route'],
    sessionId: string,
    body: unknown,
    origin: string,
  ): Promise<RouteAnswer> {
    const answer = `ram:agentscope:answer:${crypto.randomUUID()}`;
    let settle!: (value: RouteAnswer) => void;
    const answered = new Promise<RouteAnswer>((resolve) => {
      settle = resolve;
      setTimeout(
        () =>
          resolve({
            status: 503,
            body: { detail: 'The server process holding this session did not answer.' },
          }),
        FORWARD_TIMEOUT_MS,
      ).unref();
    });
    const stop = await this.relay.listen(answer, (text) => settle(JSON.parse(text) as RouteAnswer));
    try {
      const message: Forwarded = { route, sessionId, body, origin, answer };
      await this.relay.publish(FORWARD, JSON.stringify(message));
      return await answered;
    } finally {
      await stop();
    }
  }

  /** Answers the POSTs passed on for the sessions this process holds. */
  listen(): Promise<() => Promise<void>> {
    return this.relay.listen(FORWARD, (text) => {
      const message = JSON.parse(text) as Forwarded;
      if (!this.store.has(message.sessionId)) return;
      void this.handle(message.route, message.sessionId, message.body, message.origin).then(
        (answer) => this.relay.publish(message.answer, JSON.stringify(answer)),
      );
    });
  }
}
