'use client';

import * as React from 'react';
import { useLabels } from '../provider/agent-messages-provider.js';

/* -------------------------------------------------------------------------------------------------
 * JumpToLatest
 * -----------------------------------------------------------------------------------------------*/

const JUMP_TO_LATEST_NAME = 'JumpToLatest';

interface JumpToLatestProps extends Omit<React.ComponentPropsWithoutRef<'button'>, 'children'> {
  /** Messages that arrived since the user left the end of the list. */
  count: number;
}

/**
 * The button that brings the list back to its latest message, with how many arrived meanwhile.
 * @selector [data-slot="message-list-jump"] [data-count] the number of new messages, when any
 */
const JumpToLatest = React.memo(
  React.forwardRef<HTMLButtonElement, JumpToLatestProps>(function JumpToLatest(props, ref) {
    const { count, ...buttonProps } = props;
    const labels = useLabels();
    return (
      <button
        type="button"
        data-slot="message-list-jump"
        data-count={count > 0 ? count : undefined}
        {...buttonProps}
        ref={ref}
      >
        <svg
          data-slot="message-list-jump-icon"
          aria-hidden="true"
          viewBox="0 0 16 16"
          width="16"
          height="16"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.75"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M8 2.5v11M3.5 9 8 13.5 12.5 9" />
        </svg>
        <span data-slot="message-list-jump-label">{labels.jumpToLatest}</span>
        {count > 0 ? (
          <>
            {' '}
            <span data-slot="message-list-jump-count">{labels.newMessages(count)}</span>
          </>
        ) : null}
      </button>
    );
  }),
);
JumpToLatest.displayName = JUMP_TO_LATEST_NAME;

export { JumpToLatest };
export type { JumpToLatestProps };
