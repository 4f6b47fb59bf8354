import type { Diagnostic } from '../../model/diagnostic.js';
import type { DiagnosticCode } from '../../fold/diagnostic-code.js';
import { FOLD_REASONS } from '../common/fold-reasons.js';

/**
 * The AG-UI fold's own reasons, kept as a diagnostic's `detail` under the shared code each maps
 * to (a call site may pick a finer one).
 */
export const AG_UI_CODES = {
  'invalid-event': 'invalid-input',
  'invalid-interrupt': 'invalid-input',
  'stream-failed': 'invalid-input',
  'unknown-event': 'unknown-event',
  'legacy-event': 'converted',
  'unknown-role': 'converted',
  'missing-id': 'repaired',
  'unknown-outcome': 'repaired',
  'ambiguous-chunk': 'repaired',
  'renamed-call': 'repaired',
  'not-open': 'not-open',
  'missing-block': 'not-open',
  'missing-message': 'not-open',
  'unknown-message': 'not-open',
  'unknown-call': 'not-open',
  'unknown-subagent': 'not-open',
  'unknown-activity': 'not-open',
  'step-not-open': 'not-open',
  'no-run': 'not-open',
  'missing-run-started': 'implicit-start',
  'already-open': 'repeated-start',
  'step-open': 'repeated-start',
  'run-not-finished': 'out-of-order',
  'not-closed': 'out-of-order',
  'after-run': 'out-of-order',
  'after-error': 'out-of-order',
  'id-conflict': 'id-conflict',
  'chunk-conflict': 'id-conflict',
  'invalid-json': 'invalid-data',
  'invalid-patch': 'invalid-data',
  ...FOLD_REASONS,
} as const satisfies Record<string, DiagnosticCode>;

/** A reason the AG-UI fold reports. */
export type AgUiReason = keyof typeof AG_UI_CODES;

// Every shared code: those the reasons map to, and the few only other code reports.
const SHARED: ReadonlySet<string> = new Set<DiagnosticCode>([
  ...Object.values(AG_UI_CODES),
  'unknown-block',
  'dropped',
  'unsafe-url',
  'protocol-detected',
]);

// Codes of the converters and the frame reader that are not shared ones.
const OTHER_CODES: Readonly<Record<string, DiagnosticCode>> = {
  ...AG_UI_CODES,
  'invalid-timestamp': 'invalid-data',
  'malformed-frame': 'invalid-input',
};

/**
 * A converter's diagnostic under a shared code: kept as it is when its code is one, otherwise
 * its code becomes the `detail` (a frame reader's or converter's code maps to its shared one; anything else is `repaired`).
 */
export function sharedDiagnostic(diagnostic: Diagnostic): Diagnostic<DiagnosticCode> {
  if (SHARED.has(diagnostic.code)) return diagnostic as Diagnostic<DiagnosticCode>;
  const code = OTHER_CODES[diagnostic.code] ?? 'repaired';
  return { ...diagnostic, code, detail: diagnostic.detail ?? diagnostic.code };
}
