import type { ApprovalStorage } from './approval-storage.js';
import { parseRules, serializeRules } from './approval-storage.js';
import {
  approvalDiagnostic,
  describeError,
  type ApprovalDiagnosticReporter,
} from './diagnostic.js';

/** The part of the Web Storage API the adapter uses (`localStorage`, `sessionStorage`, a fake). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** `globalThis.localStorage`, or `null` where there is none or reading it throws. */
function platformStorage(): KeyValueStorage | null {
  try {
    // Sandboxed frames and blocked cookies make the getter itself throw a SecurityError.
    return (globalThis as { localStorage?: KeyValueStorage }).localStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * An `ApprovalStorage` that saves `always` rules under `key` in `localStorage` (or the storage
 * given), as JSON. It never throws: where there is no storage (Node, server rendering, a
 * sandboxed frame), the text is corrupted, or the quota is full, it reports a diagnostic and the
 * rules keep working in memory. Another tab's changes apply after `policy.reload()` (call it on
 * the window's `storage` event for `key`).
 *
 * @example createApprovalPolicy({ storage: createLocalStorageApprovalStorage('my-app:approvals') })
 */
export function createLocalStorageApprovalStorage(
  key: string,
  storage?: KeyValueStorage | null,
): ApprovalStorage {
  const resolve = (): KeyValueStorage | null =>
    storage === undefined ? platformStorage() : storage;
  // Said once: without storage every save would repeat it.
  let reportedMissing = false;
  const missing = (report: ApprovalDiagnosticReporter): void => {
    if (reportedMissing) return;
    reportedMissing = true;
    report(
      approvalDiagnostic('storage-unavailable', 'No localStorage here; rules are kept in memory.'),
    );
  };
  return {
    load(report) {
      const target = resolve();
      if (!target) {
        missing(report);
        return [];
      }
      let text: string | null;
      try {
        text = target.getItem(key);
      } catch (error) {
        report(
          approvalDiagnostic(
            'storage-unavailable',
            `Reading saved rules failed: ${describeError(error)}`,
          ),
        );
        return [];
      }
      return typeof text === 'string' ? parseRules(text, report) : [];
    },
    save(rules, report) {
      const target = resolve();
      if (!target) {
        missing(report);
        return;
      }
      try {
        if (rules.length === 0) target.removeItem(key);
        else target.setItem(key, serializeRules(rules));
      } catch (error) {
        // A full quota or a private mode: the rules still apply until the page closes.
        report(
          approvalDiagnostic(
            'storage-write-failed',
            `Saving rules failed: ${describeError(error)}`,
          ),
        );
      }
    },
  };
}
