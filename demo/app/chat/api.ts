/*
 * The page's side of AgentScope's service protocol (reference/agentscope.md §1.3 and §6): history,
 * the session stream URL, `POST /chat/` triggers and the interrupt route. The demo server speaks
 * exactly this, so the page would work against a real AgentScope service with the same calls.
 */
import type { Msg } from 'react-agent-messages';
import type {
  ExternalExecutionResultEvent,
  UserConfirmResultEvent,
} from 'react-agent-messages/core';

export const AGENT_ID = 'demo';

export interface Suggestion {
  id: string;
  label: string;
  prompt: string;
}

async function ok(response: Response): Promise<Response> {
  if (response.ok) return response;
  let detail = `HTTP ${response.status}`;
  try {
    const body = (await response.json()) as { detail?: unknown };
    if (typeof body.detail === 'string') detail = body.detail;
  } catch {
    // Not JSON: keep the status.
  }
  throw new Error(detail);
}

export function streamUrl(sessionId: string): string {
  return `/sessions/${encodeURIComponent(sessionId)}/stream?agent_id=${AGENT_ID}`;
}

/** `GET /sessions/{id}/messages`: what the session persisted, and whether a run holds it. */
export async function fetchHistory(
  sessionId: string,
  signal?: AbortSignal,
): Promise<{ messages: Msg[]; is_running: boolean }> {
  const init: RequestInit = signal ? { signal } : {};
  const response = await fetch(
    `/sessions/${encodeURIComponent(sessionId)}/messages?agent_id=${AGENT_ID}`,
    init,
  );
  return (await ok(response)).json() as Promise<{ messages: Msg[]; is_running: boolean }>;
}

/** `POST /chat/`: a user message, a decision, or an external result. Events come over SSE. */
export async function postChat(
  sessionId: string,
  input: Msg | UserConfirmResultEvent | ExternalExecutionResultEvent,
  speed: string,
): Promise<void> {
  const response = await fetch('/chat/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    // `speed` is the demo server's own field: how fast the scripted agent types.
    body: JSON.stringify({ agent_id: AGENT_ID, session_id: sessionId, input, speed }),
  });
  await ok(response);
}

/** `POST /sessions/{id}/interrupt`: stops the running reply, or closes a parked one. */
export async function interrupt(sessionId: string): Promise<void> {
  const response = await fetch(
    `/sessions/${encodeURIComponent(sessionId)}/interrupt?agent_id=${AGENT_ID}`,
    { method: 'POST' },
  );
  await ok(response);
}

export async function fetchSuggestions(): Promise<Suggestion[]> {
  return (await ok(await fetch('/api/scenarios'))).json() as Promise<Suggestion[]>;
}
