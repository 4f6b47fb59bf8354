/*
 * Small HTTP helpers shared by the routes: JSON replies and bodies, the origin for absolute
 * media URLs, and the `?speed=` override.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Speed } from './pacing.js';
import { readSpeed } from './pacing.js';
import { Refusal } from './session.js';

/** A REST reply, compact as FastAPI's `JSONResponse` writes it. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  res.end(text);
}

/** The request body as JSON (`null` when empty); a body that is not JSON is refused with 422. */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return text === '' ? null : JSON.parse(text);
  } catch {
    throw new Refusal(422, 'The body is not valid JSON.');
  }
}

/** The origin the client reached us on, for absolute media URLs (AgentScope's `AnyUrl`). */
export function originOf(req: IncomingMessage): string {
  return `http://${req.headers.host ?? 'localhost'}`;
}

/** The speed a request asks for: `?speed=` first, then the body's value, else `realistic`. */
export function requestSpeed(req: IncomingMessage, fromBody: unknown): Speed {
  const query = new URL(req.url ?? '/', 'http://localhost').searchParams.get('speed');
  return readSpeed(query, readSpeed(fromBody));
}
