/**
 * Why the event fold did not (fully) apply an event; the `code` of a `Conversation`'s diagnostics.
 * - `invalid-event`: not an AgentScope event, or one missing a field its type requires.
 * - `unknown-reply`: an event for a reply this conversation has never seen start.
 * - `implicit-reply`: content for a reply that never started; its message was created without
 *   its `REPLY_START`.
 * - `missing-block`: a delta or end for a block the message does not have.
 * - `invalid-data`: data AgentScope would reject (bad base64, an unparseable URL).
 */
export type FoldDiagnosticCode =
  'invalid-event' | 'unknown-reply' | 'implicit-reply' | 'missing-block' | 'invalid-data';
