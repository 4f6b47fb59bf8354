import type { DiagnosticCode } from '../../fold/diagnostic-code.js';
import { createDiagnostic, type Diagnostic } from '../../model/diagnostic.js';

/**
 * Where a problem is and what it was: the input's JSONPath-like `path`, its `raw` value, and the
 * protocol's own reason under the shared code (`detail`).
 */
export interface DiagnosticPlace {
  path?: string;
  raw?: unknown;
  detail?: string;
}

/** Adds one diagnostic to a list a decoder collects. */
export function report<C extends string = DiagnosticCode>(
  diagnostics: Diagnostic<C>[],
  code: C,
  message: string,
  where: DiagnosticPlace = {},
): void {
  diagnostics.push(createDiagnostic(code, message, where));
}
