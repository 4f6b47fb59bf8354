/**
 * Something a reader, decoder, adapter or fold repaired, skipped or kept aside. Every part of
 * core reports in this one shape: nothing is dropped silently, nothing is thrown. Every protocol
 * reports under the shared `DiagnosticCode`, its own reason in `detail`; `readEventStream`
 * (`StreamDiagnosticCode`) and the approval policies (`ApprovalDiagnosticCode`) have their own.
 */
export interface Diagnostic<Code extends string = string> {
  /** A stable, machine-readable reason, e.g. `invalid-input`, `not-open`, `unknown-block`. */
  code: Code;
  /** What happened, for people. */
  message: string;
  /** A protocol's own, finer reason under the shared `code` (`missing-run-started`, `step-not-open`). */
  detail?: string;
  /** Where in a document the problem is, JSONPath-like (`$.messages[3].parts[1]`), when known. */
  path?: string;
  /** The offending input as it arrived; text is cut to `MAX_DIAGNOSTIC_RAW_LENGTH` characters. */
  raw?: unknown;
}

/** Longest text kept in a diagnostic's `raw`, so a broken 50 MB frame does not stay in memory. */
export const MAX_DIAGNOSTIC_RAW_LENGTH = 2000;

/** Builds a diagnostic; omits `path` and `raw` when not given, cuts a long text `raw`. */
export function createDiagnostic<Code extends string>(
  code: Code,
  message: string,
  where: { path?: string; raw?: unknown; detail?: string } = {},
): Diagnostic<Code> {
  const diagnostic: Diagnostic<Code> = { code, message };
  if (where.detail !== undefined) diagnostic.detail = where.detail;
  if (where.path !== undefined) diagnostic.path = where.path;
  if (where.raw !== undefined) {
    const { raw } = where;
    diagnostic.raw =
      typeof raw === 'string' && raw.length > MAX_DIAGNOSTIC_RAW_LENGTH
        ? raw.slice(0, MAX_DIAGNOSTIC_RAW_LENGTH)
        : raw;
  }
  return diagnostic;
}
