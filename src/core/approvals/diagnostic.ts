import { createDiagnostic, type Diagnostic } from '../model/diagnostic.js';

/**
 * Why an approval policy set something aside; the `code` of its diagnostics. Nothing is thrown.
 * - `invalid-rule`: a rule (added, given as an option or loaded from storage) that is not a
 *   complete `PermissionRule`; it is left out.
 * - `storage-unavailable`: the storage (`localStorage`) cannot be reached; rules live in memory.
 * - `storage-corrupt`: what the storage holds is not a saved rule list; read as empty (and
 *   replaced at the next save), its text kept as the diagnostic's `raw`.
 * - `storage-write-failed`: saving failed (quota, private mode, a rejected promise); the rules
 *   still apply for this session.
 * - `storage-read-failed`: loading failed (a thrown error, a rejected promise); saved rules are
 *   not applied, and nothing is saved until a `reload()` succeeds, so they are not overwritten.
 * - `matcher-failed`: an app's arguments matcher threw; the rule is treated as not matching.
 */
export type ApprovalDiagnosticCode =
  | 'invalid-rule'
  | 'storage-unavailable'
  | 'storage-corrupt'
  | 'storage-write-failed'
  | 'storage-read-failed'
  | 'matcher-failed';

/** A problem an approval policy or its storage reports instead of throwing. */
export type ApprovalDiagnostic = Diagnostic<ApprovalDiagnosticCode>;

/** Where a storage adapter reports problems; the policy passes one in. */
export type ApprovalDiagnosticReporter = (diagnostic: ApprovalDiagnostic) => void;

/** Builds an approval diagnostic (see `createDiagnostic`). */
export function approvalDiagnostic(
  code: ApprovalDiagnosticCode,
  message: string,
  raw?: unknown,
): ApprovalDiagnostic {
  return createDiagnostic(code, message, raw === undefined ? {} : { raw });
}

/** The message of a thrown value, for a diagnostic. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  try {
    return String(error);
  } catch {
    return 'unknown error';
  }
}
