'use client';

import * as React from 'react';
import type { RunStatus } from '../../core/fold/run-status.js';
import type { Msg, Usage } from '../../core/model/message.js';
import { revealInvisible } from '../../core/safety/invisible.js';
import { BranchPicker } from '../branch-picker/branch-picker.js';
import { useLabels } from '../provider/agent-messages-provider.js';
import { useMessageContext } from './message-context.js';
import { shownLabel } from './sender.js';

/**
 * A part of `Message`: how the reply ended, when not well (error, interrupted, too many steps),
 * and its usage (a turn's summed usage on its last message); then, with `onBranchChange` and two
 * or more versions, a `BranchPicker`.
 * @selector [data-slot="message-footer"] with [data-slot="message-ending"] [data-reason] and [data-slot="message-usage"]
 */
export function MessageFooter() {
  const { message, status, usage, branch, callbacks, editing } = useMessageContext('MessageFooter');
  const { onBranchChange } = callbacks;
  return (
    <>
      <FooterView message={message} status={status} usage={usage} />
      {branch && onBranchChange && !editing ? (
        <BranchPicker
          index={branch.index}
          count={branch.count}
          onChange={(index) => onBranchChange(message, index)}
        />
      ) : null}
    </>
  );
}

interface FooterViewProps {
  message: Msg;
  status: RunStatus;
  /** The usage to show: the message's own, a turn's sum on its last message, or none (`null`). */
  usage: Usage | null;
}

function FooterView({ message, status, usage }: FooterViewProps) {
  const labels = useLabels();
  // Only an error that appears while the message is on screen is announced as an alert;
  // an error loaded with history is shown, not shouted.
  const [errorFreeAtMount] = React.useState(message.error === null);
  const hasUsage = usage !== null && usage.input_tokens + usage.output_tokens > 0;
  const ending = status === 'error' || status === 'interrupted' || status === 'exceeded';
  if (!hasUsage && !ending) return null;
  const newError = message.error !== null && errorFreeAtMount;
  return (
    <footer data-slot="message-footer">
      {ending ? (
        <div
          data-slot="message-ending"
          data-reason={message.finished_reason ?? status}
          role={newError ? 'alert' : undefined}
        >
          <strong>{labels.replyStatus[status]}</strong>
          {message.error ? (
            <span data-slot="message-error">
              {/* "unknown" (no code from the server) adds nothing to "Failed". */}
              {message.error.type && message.error.type !== 'unknown' ? (
                <>
                  <span data-slot="message-error-type">
                    <bdi>{shownLabel(message.error.type)}</bdi>
                  </span>{' '}
                </>
              ) : null}
              <bdi>{revealInvisible(message.error.message)}</bdi>
            </span>
          ) : message.finished_reason ? (
            <span>{labels.finishedReason[message.finished_reason]}</span>
          ) : null}
        </div>
      ) : null}
      {hasUsage ? (
        <span data-slot="message-usage">
          {labels.tokens(usage.input_tokens, usage.output_tokens)}
          {usage.cache_input_tokens > 0
            ? ` · ${labels.cacheTokens(usage.cache_input_tokens)}`
            : null}
          {usage.cost !== undefined ? ` · ${labels.cost(usage.cost)}` : null}
        </span>
      ) : null}
    </footer>
  );
}
