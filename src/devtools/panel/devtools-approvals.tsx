import * as React from 'react';
import { DevtoolsHeading } from './devtools-heading.js';
import type { Msg, ToolCallBlock } from '../../core.js';
import type { RecordedDecision } from '../recording/recording-types.js';
import { formatJson } from './format-json.js';
import { formatMs } from './session-timing.js';

/* -------------------------------------------------------------------------------------------------
 * DevtoolsApprovals
 * -----------------------------------------------------------------------------------------------*/

interface DevtoolsApprovalsProps {
  /** The conversation at the scrubber's position. */
  messages: readonly Msg[];
  decisions: readonly RecordedDecision[];
}

/** The calls waiting for a decision at this point, from the folded messages. */
function pendingCalls(messages: readonly Msg[]): { message: Msg; call: ToolCallBlock }[] {
  const pending: { message: Msg; call: ToolCallBlock }[] = [];
  for (const message of messages) {
    for (const block of message.content) {
      if (block.type === 'tool_call' && block.state === 'asking')
        pending.push({ message, call: block });
    }
  }
  return pending;
}

/** Pending approvals at the scrubber's position, and every decision sent with its wire payload. */
function DevtoolsApprovals({ messages, decisions }: DevtoolsApprovalsProps) {
  const pending = pendingCalls(messages);
  return (
    <section data-slot="devtools-approvals" aria-label="Approvals">
      <DevtoolsHeading>Approvals</DevtoolsHeading>
      {pending.length === 0 ? (
        <p data-slot="devtools-empty">No call waits for a decision at this point.</p>
      ) : (
        <ul>
          {pending.map(({ message, call }) => (
            <li key={call.id} data-slot="devtools-pending">
              <code>{call.name}</code> ({call.id}) in message {message.id}
            </li>
          ))}
        </ul>
      )}
      <DevtoolsHeading sub>Decisions sent</DevtoolsHeading>
      {decisions.length === 0 ? (
        <p data-slot="devtools-empty">None recorded.</p>
      ) : (
        <ul>
          {decisions.map((decision, index) => (
            <li
              key={index}
              data-slot="devtools-decision"
              data-allowed={decision.allowed ? '' : undefined}
            >
              {decision.allowed ? 'Allowed' : 'Denied'} <code>{decision.toolCallId}</code> at{' '}
              {formatMs(decision.at)}
              <pre
                // Long JSON scrolls: keyboard users must be able to focus it to scroll.
                // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
                tabIndex={0}
                aria-label={`Sent for ${decision.toolCallId}`}
              >
                {formatJson(decision.sent, 4000)}
              </pre>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export { DevtoolsApprovals, pendingCalls };
export type { DevtoolsApprovalsProps };
