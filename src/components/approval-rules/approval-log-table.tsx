'use client';

import * as React from 'react';
import type { ApprovalLogEntry } from '../../core/approvals/approval-log.js';
import { revealInvisible } from '../../core/safety/invisible.js';
import { useLabels } from '../provider/agent-messages-provider.js';
import { ruleText } from '../primitives/rule-text.js';
import { ShowMoreButton } from '../primitives/show-more-button.js';
import { clipText } from '../primitives/truncate.js';
import { ColumnHeads } from './column-heads.js';
import { LocalTime } from './local-time.js';

/** Characters of a call's arguments shown in the log; the export has them whole. */
const MAX_ARGUMENT_CHARACTERS = 160;

interface ApprovalLogTableProps {
  log: readonly ApprovalLogEntry[];
  labelledBy: string;
  /** How many entries show at first, and how many more each "Show more" adds. */
  pageSize: number;
}

/**
 * The decision log, newest first: time, tool, arguments (clipped, hidden characters revealed),
 * the decision and who made it. A long log shows `pageSize` entries and a "Show more" button.
 * @selector [data-slot="approval-log-entry"] [data-decision] `allow | deny` [data-decided-by] `rule | user`
 */
export function ApprovalLogTable({ log, labelledBy, pageSize }: ApprovalLogTableProps) {
  const labels = useLabels();
  const [shown, setShown] = React.useState(pageSize);
  const rows = React.useMemo(() => log.slice(-shown).reverse(), [log, shown]);
  const hidden = log.length - rows.length;
  const columns = labels.logColumns;
  return (
    <>
      <table data-slot="approval-log-table" aria-labelledby={labelledBy}>
        <ColumnHeads
          columns={[
            columns.time,
            columns.tool,
            columns.arguments,
            columns.decision,
            columns.decidedBy,
          ]}
        />
        <tbody>
          {rows.map((entry, index) => (
            <tr
              // Entries have no id of their own: a call can be decided more than once.
              key={`${log.length - index}:${entry.toolCallId}`}
              data-slot="approval-log-entry"
              data-decision={entry.decision}
              data-decided-by={entry.decidedBy}
            >
              <td>
                <LocalTime iso={entry.time} />
              </td>
              <td>
                <bdi>{revealInvisible(clipText(entry.tool))}</bdi>
              </td>
              <td>
                <code dir="ltr" data-slot="approval-log-arguments">
                  {revealInvisible(clipText(entry.arguments, MAX_ARGUMENT_CHARACTERS))}
                </code>
              </td>
              <td>{labels.approvalDecision[entry.decision] ?? entry.decision}</td>
              <td>
                <bdi>
                  {labels.decidedBy(
                    entry.decidedBy,
                    entry.rule ? ruleText(labels, entry.rule) : null,
                  )}
                </bdi>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {hidden > 0 ? (
        <p data-slot="approval-log-more">
          {labels.olderDecisions(hidden)}{' '}
          <ShowMoreButton
            data-slot="approval-log-show-more"
            remaining={hidden}
            step={pageSize}
            onShowMore={() => setShown((count) => count + pageSize)}
          />
        </p>
      ) : null}
    </>
  );
}
