import type { DiagnosticCode } from '../../fold/diagnostic-code.js';
import { FOLD_REASONS } from '../common/fold-reasons.js';

/**
 * The AI SDK fold's own reasons, kept as a diagnostic's `detail` under the shared code each
 * maps to (a call site may pick a finer one, as `implicit-start` for a part it opened).
 */
export const AI_SDK_CODES = {
  ...FOLD_REASONS,
  'invalid-chunk': 'invalid-input',
  'invalid-source': 'invalid-input',
  'invalid-message': 'invalid-input',
  'unsupported-protocol': 'invalid-input',
  'invalid-messages': 'invalid-input',
  'unknown-chunk': 'unknown-event',
  'unknown-part': 'unknown-block',
  'invalid-part': 'repaired',
  'invalid-metadata': 'repaired',
  'reserved-metadata': 'dropped',
  'missing-id': 'repaired',
  'unknown-role': 'converted',
  'missing-start': 'not-open',
  'missing-tool-call': 'not-open',
  'missing-finish': 'out-of-order',
  'repeated-start': 'repeated-start',
  'repeated-tool-call': 'repeated-start',
  'repeated-source': 'dropped',
  'invalid-citation': 'dropped',
  'invalid-file': 'dropped',
} as const satisfies Record<string, DiagnosticCode>;

/** A reason the AI SDK fold reports. */
export type AiSdkReason = keyof typeof AI_SDK_CODES;
