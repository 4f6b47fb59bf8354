/*
 * A small client of the demo server for protocol tests: it posts to `/chat/` and reads
 * `/sessions/{id}/stream` as raw SSE, keeping every frame (events and heartbeats) as sent.
 */
import type { AgentEvent, Msg } from '../../src/core.js';
import { userMsg } from '../../src/core.js';

export interface StreamReader {
  /** Every frame so far, verbatim (without the trailing blank line). */
  readonly frames: string[];
  /** The events so far, parsed. */
  readonly events: AgentEvent[];
  /** Resolves with the first event (from index `from`) that matches. */
  waitFor(
    match: (event: AgentEvent) => boolean,
    from?: number,
    timeoutMs?: number,
  ): Promise<AgentEvent>;
  close(): void;
}

export async function openStream(base: string, sessionId: string): Promise<StreamReader> {
  const abort = new AbortController();
  const response = await fetch(`${base}/sessions/${sessionId}/stream?agent_id=demo`, {
    signal: abort.signal,
  });
  if (!response.ok || !response.body) throw new Error(`stream: HTTP ${response.status}`);
  const frames: string[] = [];
  const events: AgentEvent[] = [];
  const waiters = new Set<() => void>();
  let buffer = '';
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          frames.push(frame);
          const data = frame.split('\n').find((line) => line.startsWith('data: '));
          if (data) events.push(JSON.parse(data.slice(6)) as AgentEvent);
        }
        for (const wake of waiters) wake();
      }
    } catch {
      // Aborted by close().
    }
  })();
  return {
    frames,
    events,
    waitFor(match, from = 0, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.slice(from).find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event after ${timeoutMs} ms (${events.length} events)`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => abort.abort(),
  };
}

export async function post(
  base: string,
  sessionId: string,
  input: unknown,
  speed = 'firehose',
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${base}/chat/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ agent_id: 'demo', session_id: sessionId, input, speed }),
  });
  return { status: response.status, body: await response.json() };
}

export function say(base: string, sessionId: string, text: string, speed?: string) {
  return post(base, sessionId, userMsg(text), speed);
}

export async function history(base: string, sessionId: string) {
  const response = await fetch(`${base}/sessions/${sessionId}/messages?agent_id=demo`);
  return (await response.json()) as { messages: Msg[]; is_running: boolean };
}

/** Events of one reply from index `from` up to and including its REPLY_END (or parking event). */
export function isEnd(event: AgentEvent): boolean {
  return (
    event.type === 'REPLY_END' ||
    event.type === 'REQUIRE_USER_CONFIRM' ||
    event.type === 'REQUIRE_EXTERNAL_EXECUTION'
  );
}
