import type { ApprovalLogEntry } from './approval-log.js';
import { readStoredRule, type ApprovalRule } from './approval-rule.js';
import { approvalDiagnostic, type ApprovalDiagnosticReporter } from './diagnostic.js';

/**
 * Where a policy keeps its `always` rules (never `once` or `session` ones). Each method may be
 * synchronous or return a promise, so a server-side store fits as well as `localStorage`.
 *
 * The policy calls `load` once when it is created (and again on `reload()`), then decides from
 * memory, synchronously; every change is written through with `save`, which receives the whole
 * list of `always` rules (replace what is stored with it). Saves are issued in order and not
 * awaited: an asynchronous store should apply them in the order it receives them. Until an
 * asynchronous `load` settles, decisions use the rules in memory only and nothing is saved (so
 * that saved rules are never overwritten by an empty list).
 *
 * A method may throw or reject: the policy reports it as a diagnostic and carries on. Report
 * lesser problems (one unreadable rule) through `report` and return what could be read; the
 * policy checks every loaded rule again anyway.
 */
export interface ApprovalStorage {
  /** The saved `always` rules. */
  load(
    report: ApprovalDiagnosticReporter,
  ): readonly ApprovalRule[] | PromiseLike<readonly ApprovalRule[]>;
  /** Replaces the saved rules with `rules` (all `always`). */
  save(
    rules: readonly ApprovalRule[],
    report: ApprovalDiagnosticReporter,
  ): void | PromiseLike<void>;
  /** Optional: keeps each log entry too, for an audit trail that outlives the page. */
  appendLog?(entry: ApprovalLogEntry, report: ApprovalDiagnosticReporter): void | PromiseLike<void>;
}

/** True for a promise or any thenable, which a storage method may return. */
export function isPromiseLike<T>(value: unknown): value is PromiseLike<T> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/** The shape both built-in storages save: a version, then the rules. */
interface SavedRules {
  version: 1;
  rules: readonly ApprovalRule[];
}

/** `rules` as the text the built-in storages keep. */
export function serializeRules(rules: readonly ApprovalRule[]): string {
  const saved: SavedRules = { version: 1, rules };
  return JSON.stringify(saved);
}

/** Reads text written by `serializeRules`, reporting (not throwing on) anything unreadable. */
export function parseRules(text: string, report: ApprovalDiagnosticReporter): ApprovalRule[] {
  let saved: unknown;
  try {
    saved = JSON.parse(text) as unknown;
  } catch {
    report(
      approvalDiagnostic(
        'storage-corrupt',
        'The saved rules are not JSON; none were loaded.',
        text,
      ),
    );
    return [];
  }
  const list = (saved as { rules?: unknown } | null)?.rules;
  if (!Array.isArray(list)) {
    report(
      approvalDiagnostic(
        'storage-corrupt',
        'The saved value holds no rule list; none were loaded.',
        text,
      ),
    );
    return [];
  }
  const rules: ApprovalRule[] = [];
  for (const item of list as unknown[]) {
    const rule = readStoredRule(item);
    if (rule) rules.push(rule);
    else
      report(
        approvalDiagnostic('invalid-rule', 'A saved rule is incomplete; it was left out.', item),
      );
  }
  return rules;
}

/**
 * A storage that keeps `always` rules in memory, as text (so that nothing is shared with the
 * policy): the default, and a stand-in for a real store in tests. Two policies given the same
 * memory storage share their `always` rules, as two pages sharing `localStorage` would.
 */
export function createMemoryApprovalStorage(): ApprovalStorage {
  let text: string | null = null;
  return {
    load: (report) => (text === null ? [] : parseRules(text, report)),
    save: (rules) => {
      text = serializeRules(rules);
    },
  };
}
