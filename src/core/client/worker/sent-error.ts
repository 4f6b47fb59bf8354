import { MessageStreamError } from '../message-stream-error.js';
import { toError } from '../platform.js';
import type { SentError } from './fold-worker-types.js';

/** An error as a plain object, to post across threads (an `Error`'s class does not survive). */
export function sendError(cause: unknown): SentError {
  const error = toError(cause);
  const { status } = error as Partial<MessageStreamError>;
  return { name: error.name, message: error.message, status: status ?? null };
}

/** The error on this side: a `MessageStreamError` again when it was one. */
export function receiveError(sent: SentError): Error {
  if (sent.name === 'MessageStreamError') return new MessageStreamError(sent.message, sent.status);
  const error = new Error(sent.message);
  error.name = sent.name;
  return error;
}

/** A call waiting on the other thread: how to settle its promise once that thread answers. */
export interface Settlers {
  resolve(): void;
  reject(error: Error): void;
}

/**
 * Settles the call `id` in `waiting` (and forgets it) as the other thread answered: rejected with
 * the error it sent back, resolved without one. An id already settled is passed over.
 */
export function settleSent(
  waiting: Map<number, Settlers>,
  id: number,
  error: SentError | null,
): void {
  const settlers = waiting.get(id);
  waiting.delete(id);
  if (error) settlers?.reject(receiveError(error));
  else settlers?.resolve();
}
