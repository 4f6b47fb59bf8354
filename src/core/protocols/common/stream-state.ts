import type { DiagnosticCode } from '../../fold/diagnostic-code.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import type { Msg } from '../../model/message.js';

/** How many diagnostics a folded stream state keeps: the latest ones. */
export const MAX_STATE_DIAGNOSTICS = 500;

/**
 * What every adapter's folded stream state holds, whatever the protocol: the messages so far,
 * what the fold could not use as it stood, and where the run is.
 */
export interface AdapterStreamState<Status extends string> {
  /** Every message in order; a message still streaming has `finished_at: null`. */
  readonly messages: readonly Msg[];
  /**
   * What the fold repaired, guessed or skipped, each with what it came from as its `raw`; the
   * latest 500.
   */
  readonly diagnostics: readonly Diagnostic<DiagnosticCode>[];
  /** Where the run is. */
  readonly status: Status;
}
