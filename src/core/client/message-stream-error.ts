/** A connection that failed: an HTTP error status, a stream gone quiet, or the network. */
export class MessageStreamError extends Error {
  /** The HTTP status of a response that was not OK, or null. */
  readonly status: number | null;

  /** `status` is the HTTP status of a response that was not OK; `cause` what failed under it. */
  constructor(message: string, status: number | null = null, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MessageStreamError';
    this.status = status;
  }
}
