'use client';

import * as React from 'react';
import type { ApprovalPolicy } from '../../core/approvals/approval-policy-types.js';
import { useLabels } from '../provider/agent-messages-provider.js';
import { useApprovalPolicySnapshot } from '../provider/use-approval-policy.js';
import { ApprovalLogTable } from './approval-log-table.js';
import { ApprovalRulesTable } from './approval-rules-table.js';
import { downloadJson } from './export-log.js';

/* -------------------------------------------------------------------------------------------------
 * ApprovalRules
 * -----------------------------------------------------------------------------------------------*/

const APPROVAL_RULES_NAME = 'ApprovalRules';
const DEFAULT_PAGE_SIZE = 50;

/** Props of `ApprovalRules`. */
interface ApprovalRulesProps extends Omit<React.ComponentPropsWithoutRef<'section'>, 'children'> {
  /** The policy to show and edit (the one given to `useMessageStream`). */
  policy: ApprovalPolicy;
  /** The level of the panel's heading; its two section headings are one level below. @default 2 */
  headingLevel?: 2 | 3 | 4 | 5;
  /** Log entries shown at first, and added by each "Show more". @default 50 */
  logPageSize?: number;
  /** The exported file's name. @default 'approval-log.json' */
  exportFileName?: string;
  /**
   * Receives the exported log (`policy.exportLog()`, JSON) instead of the download: to upload it,
   * for instance.
   */
  onExport?(json: string): void;
}

/**
 * The rules of an approval policy and its decision log: each rule's tool, pattern, behaviour,
 * scope, when it was added and how often it decided a call, with Revoke; the log newest first,
 * with Export (a JSON download). Problems the policy reported (storage failures) are listed.
 * @selector [data-slot="approval-rules"] [data-empty] when the policy holds no rule
 * @selector [data-slot="approval-rules-export"]
 */
const ApprovalRules = React.forwardRef<HTMLElement, ApprovalRulesProps>(
  function ApprovalRules(props, ref) {
    const {
      policy,
      headingLevel = 2,
      logPageSize = DEFAULT_PAGE_SIZE,
      exportFileName = 'approval-log.json',
      onExport,
      ...rootProps
    } = props;
    const labels = useLabels();
    const { rules, log, diagnostics } = useApprovalPolicySnapshot(policy);
    const id = React.useId();
    const rulesHeading = React.useRef<HTMLHeadingElement>(null);
    const Title = `h${headingLevel}` as const;
    const Section = `h${headingLevel + 1}` as 'h3';
    const pageSize = Math.max(1, Math.floor(logPageSize) || DEFAULT_PAGE_SIZE);

    const exportLog = () => {
      const json = policy.exportLog();
      if (onExport) onExport(json);
      else downloadJson(json, exportFileName);
    };

    return (
      <section
        aria-labelledby={`${id}-title`}
        data-slot="approval-rules"
        data-empty={rules.length === 0 ? '' : undefined}
        {...rootProps}
        ref={ref}
      >
        <Title data-slot="approval-rules-title" id={`${id}-title`}>
          {labels.approvalRules}
        </Title>
        <Section
          data-slot="approval-rules-heading"
          id={`${id}-rules`}
          tabIndex={-1}
          ref={rulesHeading}
        >
          {labels.rulesHeading}
        </Section>
        {rules.length === 0 ? (
          <p data-slot="approval-rules-empty">{labels.rulesEmpty}</p>
        ) : (
          <ApprovalRulesTable
            rules={rules}
            labelledBy={`${id}-rules`}
            onRevoke={(ruleId) => policy.remove(ruleId)}
            fallbackFocus={rulesHeading}
          />
        )}
        <div data-slot="approval-log-header">
          <Section data-slot="approval-log-heading" id={`${id}-log`}>
            {labels.logHeading}
          </Section>
          <button
            type="button"
            data-slot="approval-rules-export"
            disabled={log.length === 0}
            onClick={exportLog}
          >
            {labels.exportLog}
          </button>
        </div>
        {log.length === 0 ? (
          <p data-slot="approval-log-empty">{labels.logEmpty}</p>
        ) : (
          <ApprovalLogTable log={log} labelledBy={`${id}-log`} pageSize={pageSize} />
        )}
        {diagnostics.length > 0 ? (
          <details data-slot="approval-rules-problems">
            <summary>{labels.policyProblems(diagnostics.length)}</summary>
            <ul>
              {diagnostics.map((diagnostic, index) => (
                <li key={index} data-code={diagnostic.code}>
                  {diagnostic.message}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </section>
    );
  },
);
ApprovalRules.displayName = APPROVAL_RULES_NAME;

export { ApprovalRules };
export type { ApprovalRulesProps };
