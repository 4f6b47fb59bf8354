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
