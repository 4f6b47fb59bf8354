'use client';

import * as React from 'react';
import { getReplyStatus } from '../../core/fold/reply-status.js';
import type { Msg } from '../../core/model/message.js';
import { useLabels } from '../provider/agent-messages-provider.js';
import { DisclosureTrigger } from '../primitives/disclosure-trigger.js';
import { BlockList } from './block-list.js';
import type { MessageNoticeInfo } from './notice.js';
import { shownLabel } from './sender.js';

/* -------------------------------------------------------------------------------------------------
 * MessageNotice
 * -----------------------------------------------------------------------------------------------*/

interface MessageNoticeProps extends Omit<React.ComponentPropsWithoutRef<'article'>, 'children'> {
  message: Msg;
  notice: MessageNoticeInfo;
}

/**
 * A compaction or branch summary as a one-line notice; its summary opens on demand.
 * @selector [data-slot="message"] [data-variant="notice"] [data-notice] `compaction | branch`
 * @selector [data-open] present while the summary shows
 */
const MessageNotice = React.forwardRef<HTMLElement, MessageNoticeProps>(
  function MessageNotice(props, ref) {
    const { message, notice, ...rootProps } = props;
    const labels = useLabels();
    const [open, setOpen] = React.useState(false);
    const contentId = React.useId();
    const title =
      notice.kind === 'compaction'
        ? labels.contextCompacted(notice.tokensBefore)
        : labels.branchSummary(notice.label === null ? null : shownLabel(notice.label));
    const hasSummary = message.content.length > 0;
    const expanded = hasSummary && open;
    return (
      <article
        data-slot="message"
        data-role={message.role}
        data-status={getReplyStatus(message)}
        data-variant="notice"
        data-notice={notice.kind}
        data-open={expanded ? '' : undefined}
        {...rootProps}
        ref={ref}
      >
        {hasSummary ? (
          <DisclosureTrigger
            data-slot="message-notice-trigger"
            expanded={expanded}
            controls={contentId}
            onToggle={() => setOpen(!open)}
          >
            <span data-slot="message-notice-title">{title}</span>
          </DisclosureTrigger>
        ) : (
          <span data-slot="message-notice-title">{title}</span>
        )}
        {hasSummary ? (
          <div id={contentId} data-slot="message-notice-content" hidden={!expanded}>
            {/* Mounted only when open: a long summary costs nothing while closed. */}
            {expanded ? <BlockList message={message} open={false} /> : null}
          </div>
        ) : null}
      </article>
    );
  },
);

export { MessageNotice };
export type { MessageNoticeProps };
