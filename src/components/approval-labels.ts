import type { ApprovalScope } from '../core/approvals/approval-rule.js';
import type { PermissionBehavior } from '../core/model/permission.js';

/**
 * The strings of approval policies: the note on a card a rule decided, and `<ApprovalRules>`.
 * Part of `Labels`: override them through `labels` on `AgentMessagesProvider`.
 */
export interface ApprovalLabels {
  /** A rule as one line: its tool and pattern ("Bash: git status:*", "Bash (any invocation)"). */
  ruleText(tool: string, pattern: string | null): string;
  /** On a card whose call a rule answered: "Approved by rule Bash: ls:*". */
  decidedByRule(decision: 'allow' | 'deny', rule: string): string;
  /** Revokes a rule (its accessible name names the rule: see `revokeRuleNamed`). */
  revokeRule: string;
  revokeRuleNamed(rule: string): string;
  /** Shown in place of Revoke once the rule is gone. */
  ruleRevoked: string;
  /** The title of `<ApprovalRules>`. */
  approvalRules: string;
  /** The heading of the rule table, and the text shown when there are none. */
  rulesHeading: string;
  rulesEmpty: string;
  /** The heading of the decision log, and the text shown when it is empty. */
  logHeading: string;
  logEmpty: string;
  /** Downloads the decision log as JSON. */
  exportLog: string;
  /** Column headers of the rule table. */
  ruleColumns: Record<'tool' | 'pattern' | 'behavior' | 'scope' | 'added' | 'uses', string>;
  /** Column headers of the log. */
  logColumns: Record<'time' | 'tool' | 'arguments' | 'decision' | 'decidedBy', string>;
  /** The pattern cell of a rule that matches any call of its tool. */
  anyInvocation: string;
  ruleScope: Record<ApprovalScope, string>;
  ruleBehavior: Record<PermissionBehavior, string>;
  approvalDecision: Record<'allow' | 'deny', string>;
  /** Who decided a logged call: the user, or a rule (shown as `ruleText`, when known). */
  decidedBy(by: 'rule' | 'user', rule: string | null): string;
  /** Shown for a rule that has not decided any call yet, or how many it decided. */
  timesUsed(count: number): string;
  /** Says how many log entries are hidden behind "Show more" (the newest come first). */
  olderDecisions(count: number): string;
  /** Heads the problems the policy reported (storage failures, unreadable saved rules). */
  policyProblems(count: number): string;
}

/** English approval strings; `count` formats a number with its noun in the locale's plural. */
export function createApprovalLabels(
  count: (n: number, one: string, other: string) => string,
): ApprovalLabels {
  return {
    ruleText: (tool, pattern) =>
      pattern === null ? `${tool} (any invocation)` : `${tool}: ${pattern}`,
    decidedByRule: (decision, rule) =>
      decision === 'allow' ? `Approved by rule ${rule}` : `Denied by rule ${rule}`,
    revokeRule: 'Revoke',
    revokeRuleNamed: (rule) => `Revoke rule ${rule}`,
    ruleRevoked: 'Rule revoked',
    approvalRules: 'Approval rules',
    rulesHeading: 'Rules',
    rulesEmpty: 'No rules yet. Choose "Always allow" on a request to add one.',
    logHeading: 'Decisions',
    logEmpty: 'No decisions yet',
    exportLog: 'Export log (JSON)',
    ruleColumns: {
      tool: 'Tool',
      pattern: 'Pattern',
      behavior: 'Does',
      scope: 'Lasts',
      added: 'Added',
      uses: 'Used',
    },
    logColumns: {
      time: 'Time',
      tool: 'Tool',
      arguments: 'Arguments',
      decision: 'Decision',
      decidedBy: 'Decided by',
    },
    anyInvocation: 'Any invocation',
    ruleScope: { once: 'Once', session: 'This session', always: 'Always' },
    ruleBehavior: { allow: 'Allow', deny: 'Deny', ask: 'Ask', passthrough: 'Pass through' },
    approvalDecision: { allow: 'Allowed', deny: 'Denied' },
    decidedBy: (by, rule) => (by === 'user' ? 'You' : rule === null ? 'A rule' : `Rule ${rule}`),
    timesUsed: (n) => (n === 0 ? 'Not yet' : count(n, 'time', 'times')),
    olderDecisions: (n) => count(n, 'older decision', 'older decisions'),
    policyProblems: (n) => `${count(n, 'problem', 'problems')} with the rules or their storage`,
  };
}
