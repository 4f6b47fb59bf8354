'use client';

import * as React from 'react';
import type {
  ApprovalPolicy,
  ApprovalPolicySnapshot,
} from '../../core/approvals/approval-policy-types.js';

const EMPTY: ApprovalPolicySnapshot = Object.freeze({
  rules: Object.freeze([]),
  log: Object.freeze([]),
  diagnostics: Object.freeze([]),
});
const emptySnapshot = () => EMPTY;

/**
 * A policy's rules, log and diagnostics, re-rendering when they change; an empty snapshot when
 * there is no policy. The server render, and the hydration after it, see an empty policy: saved
 * rules live in the browser (`localStorage`), so they show right after hydration.
 */
export function useApprovalPolicySnapshot(
  policy: ApprovalPolicy | undefined,
): ApprovalPolicySnapshot {
  const subscribe = React.useCallback(
    (listener: () => void) => (policy ? policy.subscribe(listener) : () => {}),
    [policy],
  );
  const getSnapshot = React.useCallback(() => (policy ? policy.getSnapshot() : EMPTY), [policy]);
  return React.useSyncExternalStore(subscribe, getSnapshot, emptySnapshot);
}
