'use client';

import { ActionBar } from '../message-actions/action-bar.js';
import { useAgentMessagesConfig } from '../provider/agent-messages-provider.js';
import { useMessageContext } from './message-context.js';

/**
 * A part of `Message`: the action bar of a finished message. Copy, then Retry, Edit and feedback
 * when their callbacks are given, then the provider's `renderActions`. It waits while the reply
 * (or its turn) is open or the editor shows; in a turn shown as one bubble, only the last message
 * shows it, and it acts on the turn's first message. It fades in on hover and focus but is always
 * in the accessibility tree and the tab order.
 * @selector [data-slot="message-actions"] the bar (`role="group"`)
 * @selector [data-slot="message-action-copy"] [data-state] `idle | copied | failed`
 * @selector [data-slot="message-action-retry"], [data-slot="message-action-edit"]
 * @selector [data-slot="message-action-feedback"] [data-value] `up | down`, with `aria-pressed`
 */
export function MessageActions() {
  const context = useMessageContext('MessageActions');
  const { message, turn, turnOpen, editing, editable, target, feedback, callbacks } = context;
  const { copyFormat, renderActions } = useAgentMessagesConfig();
  const position = turn?.position;
  if (turnOpen || editing || (position !== undefined && position !== 'last')) return null;
  const { onCopyError, onRetry, onFeedback } = callbacks;
  // In a turn the bar acts on the turn's lead message, whatever it shows.
  const lead = target?.lead ?? message;
  return (
    <ActionBar
      message={target?.merged ?? message}
      copyFormat={copyFormat}
      onCopyError={onCopyError ? (error) => onCopyError(error, lead) : undefined}
      onRetry={onRetry ? () => onRetry(lead) : undefined}
      onFeedback={onFeedback ? (_, value) => onFeedback(lead, value) : undefined}
      feedback={feedback}
      renderActions={renderActions ? () => renderActions(lead) : undefined}
      onStartEdit={editable ? context.startEdit : undefined}
      editButtonRef={context.editButtonRef}
    />
  );
}
