import type { DiagnosticCode } from '../../fold/diagnostic-code.js';

/**
 * The reasons every protocol fold reports in one sense, under the shared code each maps to. A
 * protocol's own reason table (`AI_SDK_CODES`, `AG_UI_CODES`) spreads them, so the same reason
 * never drifts to another code in one protocol.
 */
export const FOLD_REASONS = {
  // A bug of ours caught at the fold's edge: the input is kept and the fold goes on.
  'internal-error': 'internal-error',
} as const satisfies Record<string, DiagnosticCode>;
