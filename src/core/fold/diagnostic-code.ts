/**
 * Why a decoder or the fold read part of its input differently from how it arrived: the `code` of
 * every protocol's diagnostics, the same set whatever the wire. A protocol's own, finer reason
 * (`missing-run-started`, `step-not-open`, …) goes in the diagnostic's `detail`.
 * - `invalid-input`: not what the format allows at all (not JSON, not an object, a field its type
 *   requires is missing); skipped, or kept as a message holding one `unknown` block.
 * - `unknown-event`: an event, chunk or entry of a type the protocol does not know; kept aside.
 * - `unknown-block`: a content block or part that cannot be read; kept as an `unknown` block.
 * - `not-open`: a delta or an end for a message, block, step, call or run that is not open (never
 *   started, or already ended).
 * - `implicit-start`: content before its start; the message or block was created for it.
 * - `repeated-start`: a start for something already open.
 * - `out-of-order`: an event where the protocol does not expect one (a second header, content after
 *   the run ended); what was open is closed as interrupted.
 * - `id-conflict`: an id another message or block already has; both are kept.
 * - `repaired`: a field missing or not as documented, read leniently (a default, a fresh id).
 * - `converted`: a documented variant or an older version's shape, read into the model.
 * - `dropped`: a value the model has no place for, or that contradicts the rest; left out.
 * - `invalid-data`: data that cannot be decoded (bad base64, JSON that does not parse, a timestamp).
 * - `unsafe-url`: a URL the safety policy refused.
 * - `protocol-detected`: which protocol the first frames told (`protocol: 'auto'`).
 * - `internal-error`: a bug of ours caught while applying an event; the event is kept.
 */
export type DiagnosticCode =
  | 'invalid-input'
  | 'unknown-event'
  | 'unknown-block'
  | 'not-open'
  | 'implicit-start'
  | 'repeated-start'
  | 'out-of-order'
  | 'id-conflict'
  | 'repaired'
  | 'converted'
  | 'dropped'
  | 'invalid-data'
  | 'unsafe-url'
  | 'protocol-detected'
  | 'internal-error';

/** Where a diagnostic points and what it is about; every field optional. */
export interface DiagnosticWhere {
  /** The protocol's own, finer reason (`missing-run-started`, `step-not-open`). */
  detail?: string;
  /** Where in the input, JSONPath-like (`$[12]`, `$.messages[3]`). */
  path?: string;
  /** The offending input as it arrived. */
  raw?: unknown;
}
