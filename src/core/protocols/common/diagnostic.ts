import { createDiagnostic, type Diagnostic } from '../../model/diagnostic.js';

/**
 * Why an adapter read part of its input differently from how it arrived; the `code` of every
 * adapter result's diagnostics. Nothing is thrown and nothing is dropped without one of these.
 * - `invalid-input`: the input, or one line, event or chunk of it, is not what the format allows
 *   at all (not JSON, not an object, unreadable); it is skipped or kept as a message holding one
 *   `unknown` block.
 * - `unknown-block`: a content block the adapter cannot read (an unknown type, not an object, no
 *   usable media); kept as an `unknown` block with its raw value.
 * - `unknown-event`: an event, stream chunk or session entry of a type the adapter does not know;
 *   skipped.
 * - `repaired`: a field that is missing or not as documented, read leniently (a default, its JSON
 *   text, a fresh id, or kept as it is).
 * - `converted`: a documented variant or an older version's shape, read into the model.
 * - `dropped`: a value the model has no place for or that contradicts the rest; left out (or kept
 *   only in `metadata`).
 * - `invalid-timestamp`: a timestamp that cannot be read; left empty.
 * - `out-of-order`: an event where the protocol does not expect one (content before its start, a
 *   second header, a message while another is open); what was open is closed as interrupted.
 * - `id-conflict`: an id another message or block already has (a result on an assistant's id, a
 *   snapshot that repeats an id); both are kept, the newcomer under a fresh id, and both are named.
 */
export type AdapterDiagnosticCode =
  | 'invalid-input'
  | 'unknown-block'
  | 'unknown-event'
  | 'repaired'
  | 'converted'
  | 'dropped'
  | 'invalid-timestamp'
  | 'out-of-order'
  | 'id-conflict';

/** A diagnostic of an adapter. */
export type AdapterDiagnostic = Diagnostic<AdapterDiagnosticCode>;

/** Where a problem is and what it was: the input's JSONPath-like `path` and its `raw` value. */
export interface DiagnosticPlace {
  path?: string;
  raw?: unknown;
}

/** Adds one diagnostic to a list an adapter collects. */
export function report(
  diagnostics: AdapterDiagnostic[],
  code: AdapterDiagnosticCode,
  message: string,
  where: DiagnosticPlace = {},
): void {
  diagnostics.push(createDiagnostic(code, message, where));
}
