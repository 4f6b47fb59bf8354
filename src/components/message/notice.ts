import type { Msg } from '../../core/model/message.js';

/**
 * Something that happened to the conversation rather than a turn in it, shown as a one-line
 * notice with its text behind a disclosure:
 * - `compaction`: older turns were summarised to free context (`tokensBefore`: how many tokens
 *   the context held, when known);
 * - `branch`: the summary of a branch the session left (`label`: the branch's label, if any).
 */
export type MessageNoticeInfo =
  { kind: 'compaction'; tokensBefore: number | null } | { kind: 'branch'; label: string | null };

const KIND_BY_ROLE: Readonly<Record<string, MessageNoticeInfo['kind']>> = {
  compaction_summary: 'compaction',
  branch_summary: 'branch',
};

/**
 * The notice a message stands for, or `null` for an ordinary message. Read from the role
 * (`compaction_summary`, `branch_summary`) or `metadata.notice` (`compaction`, `branch`), with
 * `metadata.tokens_before` and `metadata.label`, as the Operator-Use adapter sets them. Untrusted
 * metadata of the wrong type is ignored.
 */
export function messageNotice(message: Msg): MessageNoticeInfo | null {
  const metadata: unknown = message.metadata;
  const fields =
    typeof metadata === 'object' && metadata !== null && !Array.isArray(metadata)
      ? (metadata as Record<string, unknown>)
      : {};
  const declared = fields['notice'];
  const kind =
    declared === 'compaction' || declared === 'branch'
      ? declared
      : Object.prototype.hasOwnProperty.call(KIND_BY_ROLE, message.role)
        ? KIND_BY_ROLE[message.role]
        : undefined;
  if (kind === 'compaction') {
    const tokens = fields['tokens_before'];
    // The adapter reads a missing count as 0: "0 tokens summarised" would be wrong.
    const known = typeof tokens === 'number' && Number.isFinite(tokens) && tokens > 0;
    return { kind, tokensBefore: known ? tokens : null };
  }
  if (kind === 'branch') {
    const label = fields['label'];
    return { kind, label: typeof label === 'string' && label.trim() !== '' ? label.trim() : null };
  }
  return null;
}
