'use client';

import * as React from 'react';
import type { ApprovalLogEntry } from '../../../core/approvals/approval-log.js';
import type { ToolCallBlock } from '../../../core/model/block.js';
import { useAgentMessagesConfig } from '../../provider/agent-messages-provider.js';
import { ruleText } from '../../primitives/rule-text.js';
import { useApprovalPolicySnapshot } from '../../provider/use-approval-policy.js';

/** How the provider's approval policy decided a call, and the rule's state now. */
interface CallDecision {
  entry: ApprovalLogEntry;
  /** Whether the deciding rule is still in the policy (a `once` rule is gone once used). */
  ruleActive: boolean;
}

/**
 * The policy's latest decision for `block`, once the call is no longer asking (a call asking
 * again is the user's to decide) and for the arguments it was decided on.
 */
export function useCallDecision(block: ToolCallBlock): CallDecision | undefined {
  const { approvalPolicy } = useAgentMessagesConfig();
  const snapshot = useApprovalPolicySnapshot(approvalPolicy);
  if (!approvalPolicy || snapshot.log.length === 0 || block.state === 'asking') return undefined;
  const entry = approvalPolicy.decisionFor(block.id);
  if (!entry || entry.arguments !== block.input) return undefined;
  const ruleActive = entry.ruleId !== null && snapshot.rules.some((r) => r.id === entry.ruleId);
  return { entry, ruleActive };
}

/**
 * On a card whose call a rule answered: "Approved by rule …" or "Denied by rule …", and a button
 * that revokes the rule while the policy still holds it.
 * @selector [data-slot="tool-call-card-rule"] [data-decided-by="rule"] [data-decision] `allow | deny`
 * @selector [data-slot="tool-call-card-revoke"]
 */
export function ToolCallCardRule({ decision }: { decision: CallDecision }) {
  const { labels, approvalPolicy } = useAgentMessagesConfig();
  const [revoked, setRevoked] = React.useState(false);
  const statusRef = React.useRef<HTMLSpanElement>(null);
  const { entry, ruleActive } = decision;
  // Revoking removes the button: focus goes to the note that replaces it.
  React.useEffect(() => {
    if (revoked && !ruleActive) statusRef.current?.focus();
  }, [revoked, ruleActive]);
  if (entry.decidedBy !== 'rule' || !entry.rule) return null;
  const rule = ruleText(labels, entry.rule);
  return (
    <div data-slot="tool-call-card-rule" data-decided-by="rule" data-decision={entry.decision}>
      <span data-slot="tool-call-card-rule-text">
        <bdi>{labels.decidedByRule(entry.decision, rule)}</bdi>
      </span>{' '}
      {ruleActive ? (
        <button
          type="button"
          data-slot="tool-call-card-revoke"
          aria-label={labels.revokeRuleNamed(rule)}
          onClick={() => {
            if (entry.ruleId !== null) approvalPolicy?.remove(entry.ruleId);
            setRevoked(true);
          }}
        >
          {labels.revokeRule}
        </button>
      ) : revoked ? (
        <span data-slot="tool-call-card-revoked" role="status" tabIndex={-1} ref={statusRef}>
          {labels.ruleRevoked}
        </span>
      ) : null}
    </div>
  );
}
