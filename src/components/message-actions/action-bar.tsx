'use client';

import * as React from 'react';
import type { Msg } from '../../core/model/message.js';
import { useLabels } from '../provider/agent-messages-provider.js';
import { useControllableState } from '../primitives/use-controllable-state.js';
import { CopyButton } from './copy-button.js';
import type { MessageFeedback } from './feedback-buttons.js';
import { FeedbackButtons } from './feedback-buttons.js';
import type { CopyFormat } from '../provider/agent-messages-provider.js';
import { hasMessageText, messageText } from './message-text.js';

/**
 * What the app does when the user acts on a finished message: given to `MessageList` for every
 * row, or to a `Message` shown on its own. What Copy copies (`copyFormat`) and the app's own
 * buttons (`renderActions`) are set on `AgentMessagesProvider`.
 */
export interface MessageActionsOptions {
  /** Called when the clipboard refuses the text; the Copy button shows "Copy failed" either way. */
  onCopyError?(error: unknown, message: Msg): void;
  /** Shows Retry on finished assistant replies. */
  onRetry?(message: Msg): void;
  /** Shows Edit on user messages: the message opens in an inline editor; Save calls this. */
  onEdit?(message: Msg, text: string): void;
  /** Shows "Good response" and "Bad response" toggles on finished assistant replies. */
  onFeedback?(message: Msg, feedback: MessageFeedback): void;
}

/** Every option, passed through as given (possibly `undefined`). */
type PassedOptions = {
  [Key in keyof MessageActionsOptions]-?: MessageActionsOptions[Key] | undefined;
};

interface ActionBarProps extends Omit<PassedOptions, 'onEdit'> {
  message: Msg;
  copyFormat: CopyFormat | undefined;
  renderActions: ((message: Msg) => React.ReactNode) | undefined;
  /** This message's feedback when the app controls it; `undefined` leaves it to the buttons. */
  feedback: MessageFeedback | undefined;
  /** Opens the editor; given only when the message can be edited. */
  onStartEdit: (() => void) | undefined;
  editButtonRef: React.Ref<HTMLButtonElement>;
}

/**
 * The action bar under a finished message (the `MessageActions` part renders it): Copy, then Retry, Edit and feedback when the app
 * handles them, then the app's own buttons. It fades in on hover and focus but is always in the
 * accessibility tree and the tab order.
 * @selector [data-slot="message-actions"] the bar (`role="group"`)
 * @selector [data-slot="message-action-copy"] [data-state] `idle | copied | failed`
 * @selector [data-slot="message-action-retry"], [data-slot="message-action-edit"]
 * @selector [data-slot="message-action-feedback"] [data-value] `up | down`, with `aria-pressed`
 */
function ActionBar(props: ActionBarProps) {
  const {
    message,
    copyFormat,
    onCopyError,
    onRetry,
    onStartEdit,
    onFeedback,
    feedback,
    renderActions,
    editButtonRef,
  } = props;
  const labels = useLabels();
  const assistant = message.role === 'assistant';
  const [verdict, setVerdict] = useControllableState<MessageFeedback>({
    prop: feedback,
    defaultProp: undefined,
    onChange: onFeedback ? (value) => onFeedback(message, value) : undefined,
    automatic: null,
  });
  const copyable = hasMessageText(message);
  const custom = renderActions?.(message);
  const retry = assistant && onRetry !== undefined;
  const rate = assistant && onFeedback !== undefined;
  const hasCustom = custom !== undefined && custom !== null && custom !== false;
  if (!copyable && !retry && !onStartEdit && !rate && !hasCustom) return null;

  return (
    <div data-slot="message-actions" role="group" aria-label={labels.messageActions}>
      {copyable ? (
        <CopyButton
          getText={() => messageText(message, copyFormat ?? 'markdown')}
          onCopyError={onCopyError ? (error) => onCopyError(error, message) : undefined}
        />
      ) : null}
      {retry ? (
        <button type="button" data-slot="message-action-retry" onClick={() => onRetry(message)}>
          {labels.retry}
        </button>
      ) : null}
      {onStartEdit ? (
        <button
          type="button"
          data-slot="message-action-edit"
          ref={editButtonRef}
          onClick={onStartEdit}
        >
          {labels.edit}
        </button>
      ) : null}
      {rate ? <FeedbackButtons value={verdict} onChange={setVerdict} /> : null}
      {hasCustom ? custom : null}
    </div>
  );
}

export { ActionBar };
export type { ActionBarProps };
