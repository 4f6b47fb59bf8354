/** Why an event was not (fully) applied. */
export type DiagnosticKind =
  /** Not an AgentScope event, or one missing a field its type requires. */
  | 'invalid-event'
  /** An event for a reply this conversation has never seen start. */
  | 'unknown-reply'
  /** Content for a reply that never started: the message was created without its `REPLY_START`. */
  | 'implicit-reply'
  /** A delta or end for a block the message does not have. */
  | 'missing-block'
  /** Data AgentScope would reject: bad base64, an unparseable URL. */
  | 'invalid-data';

/** A kept record of an event the fold could not use as it stands. Nothing is dropped silently. */
export interface Diagnostic {
  kind: DiagnosticKind;
  message: string;
  /** The event as it arrived. */
  event: unknown;
}
