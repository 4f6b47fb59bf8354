'use client';

import * as React from 'react';
import type { ApprovalRule } from '../../core/approvals/approval-rule.js';
import { useLabels } from '../provider/agent-messages-provider.js';
import { rulePattern, ruleText, ruleTool } from '../primitives/rule-text.js';
import { useFocusAfterRemoval } from '../primitives/use-focus-after-removal.js';
import { ColumnHeads } from './column-heads.js';
import { LocalTime } from './local-time.js';

interface ApprovalRulesTableProps {
  rules: readonly ApprovalRule[];
  /** Labels the table (the id of its heading). */
  labelledBy: string;
  onRevoke(id: string): void;
  /** Where focus goes when the last rule is revoked. */
  fallbackFocus: React.RefObject<HTMLElement | null>;
}

/**
 * The policy's rules, oldest first: tool, pattern, what it does, how long it lasts, when it was
 * added, how often it decided a call, and Revoke. After a revoke, focus moves to the next rule's
 * Revoke (or the previous one, or the heading when none is left).
 * @selector [data-slot="approval-rules-rule"] [data-behavior] [data-scope]
 * @selector [data-slot="approval-rules-revoke"]
 */
export function ApprovalRulesTable(props: ApprovalRulesTableProps) {
  const { rules, labelledBy, onRevoke, fallbackFocus } = props;
  const labels = useLabels();
  const { containerRef, focusAt } = useFocusAfterRemoval<HTMLTableElement>(
    '[data-slot="approval-rules-revoke"]',
    rules,
    fallbackFocus,
  );

  const columns = labels.ruleColumns;
  return (
    <table data-slot="approval-rules-table" aria-labelledby={labelledBy} ref={containerRef}>
      <ColumnHeads
        columns={[
          columns.tool,
          columns.pattern,
          columns.behavior,
          columns.scope,
          columns.added,
          columns.uses,
          <span data-slot="approval-rules-sr-only">{labels.revokeRule}</span>,
        ]}
      />
      <tbody>
        {rules.map((rule, index) => {
          const pattern = rulePattern(rule);
          return (
            <tr
              key={rule.id}
              data-slot="approval-rules-rule"
              data-behavior={rule.behavior}
              data-scope={rule.scope}
            >
              <td>
                <bdi>{ruleTool(rule)}</bdi>
              </td>
              <td>
                {pattern === null ? (
                  labels.anyInvocation
                ) : (
                  <code dir="ltr" data-slot="approval-rules-pattern">
                    {pattern}
                  </code>
                )}
              </td>
              <td>{labels.ruleBehavior[rule.behavior] ?? rule.behavior}</td>
              <td>{labels.ruleScope[rule.scope] ?? rule.scope}</td>
              <td>
                <LocalTime iso={rule.addedAt} />
              </td>
              <td>{labels.timesUsed(rule.uses)}</td>
              <td>
                <button
                  type="button"
                  data-slot="approval-rules-revoke"
                  aria-label={labels.revokeRuleNamed(ruleText(labels, rule))}
                  onClick={() => {
                    focusAt.current = index;
                    onRevoke(rule.id);
                  }}
                >
                  {labels.revokeRule}
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
