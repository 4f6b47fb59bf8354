'use client';

import * as React from 'react';
import type { ReplyStatus } from '../../core/events/reply-status.js';
import { getReplyStatus } from '../../core/events/reply-status.js';
import type { ConfirmDecision } from '../../core/events/confirm-result.js';
import type { ToolCallBlock, ToolResultBlock } from '../../core/model/block.js';
import type { Msg } from '../../core/model/message.js';
import { parseTimestamp } from '../../core/model/time.js';
import type { AgentMessagesProviderProps } from '../toolkit/agent-messages-provider.js';
import { AgentMessagesProvider, useLabels } from '../toolkit/agent-messages-provider.js';
import { ConfirmationPrompt } from '../confirmation-prompt/confirmation-prompt.js';
import { InlinePromptContext } from '../toolkit/inline-prompt-context.js';
import type { BlockComponents } from '../toolkit/block-props.js';
import type { MessageFeedback } from '../message-actions/feedback-buttons.js';
import type { MessageActionsOptions } from '../message-actions/message-actions.js';
import { MessageActions } from '../message-actions/message-actions.js';
import { MessageEditor } from '../message-actions/message-editor.js';
import { messageText } from '../message-actions/message-text.js';
import { RelativeTime } from '../time/relative-time.js';
import { readTimestamp } from '../time/timestamp.js';
import { MessageBlocks } from './message-blocks.js';
import { MessageElapsed } from './message-elapsed.js';
import { MessageNotice } from './message-notice.js';
import { messageNotice } from './notice.js';
import { messageSender } from './sender.js';

/* -------------------------------------------------------------------------------------------------
 * Message
 * -----------------------------------------------------------------------------------------------*/

const MESSAGE_NAME = 'Message';

/** Props of `Message`. */
interface MessageProps
  extends
    Omit<React.ComponentPropsWithoutRef<'article'>, 'children'>,
    Pick<AgentMessagesProviderProps, 'safety' | 'resolveMedia' | 'tools'>,
    MessageActionsOptions {
  /** The message to show: a user turn or a whole assistant reply. */
  message: Msg;
  /** Block components to use instead of the defaults, by block type. Keep the object stable. */
  components?: Partial<BlockComponents>;
  /** Results of this message's calls that live in other messages (AgentFlow `tool` messages). */
  toolResults?: ReadonlyMap<string, ToolResultBlock>;
  /** Shows the confirmation prompt for this message's calls in state `asking`. */
  onDecision?(decision: ConfirmDecision): void | Promise<void>;
  /**
   * This reply's feedback, when you control it (with `onFeedback`); leave it out and the
   * buttons keep their own state.
   */
  feedback?: MessageFeedback;
}

/**
 * One bubble: header (sender, time, live elapsed time), the blocks in order, and a footer with
 * usage and how the reply ended. A compaction or branch summary (role `compaction_summary` or
 * `branch_summary`, or `metadata.notice`) shows as a one-line notice whose summary opens on demand.
 * @selector [data-slot="message"] [data-role] the sender's role
 * @selector [data-variant="notice"] [data-notice] `compaction | branch`, with `data-open` while its summary shows
 * @selector [data-status] `streaming | awaiting-confirmation | awaiting-external | done | error | interrupted | exceeded`
 * @selector [data-editing] present while a user message is open in its editor
 *
 * A finished message has an action bar (`[data-slot="message-actions"]`, see `MessageActions`):
 * Copy, and Retry, Edit and feedback when their callbacks are given.
 */
const Message = React.memo(
  React.forwardRef<HTMLElement, MessageProps>(function Message(props, ref) {
    const {
      message,
      components,
      toolResults,
      onDecision,
      safety,
      resolveMedia,
      tools,
      copyFormat,
      onCopyError,
      onRetry,
      onEdit,
      onFeedback,
      feedback,
      renderActions,
      ...rootProps
    } = props;
    const status = getReplyStatus(message);
    const open =
      status === 'streaming' ||
      status === 'awaiting-confirmation' ||
      status === 'awaiting-external';
    const editable = onEdit !== undefined && message.role === 'user';
    const [editingState, setEditing] = React.useState(false);
    const editing = editable && editingState;
    // Closing the editor hands focus back to the Edit button that opened it.
    const editButtonRef = React.useRef<HTMLButtonElement>(null);
    const restoreFocus = React.useRef(false);
    React.useEffect(() => {
      if (editing || !restoreFocus.current) return;
      restoreFocus.current = false;
      editButtonRef.current?.focus();
    }, [editing]);
    const closeEditor = () => {
      restoreFocus.current = true;
      setEditing(false);
    };
    const notice = messageNotice(message);
    const content = notice ? (
      <MessageNotice
        message={message}
        notice={notice}
        components={components}
        {...rootProps}
        ref={ref}
      />
    ) : (
      <article
        data-slot="message"
        data-role={message.role}
        data-status={status}
        data-editing={editing ? '' : undefined}
        {...rootProps}
        ref={ref}
      >
        <MessageHeader
          name={message.name}
          role={message.role}
          createdAt={message.created_at}
          finishedAt={message.finished_at}
          status={status}
        />
        {editing ? (
          <MessageEditor
            initialText={messageText(message, 'markdown')}
            onCancel={closeEditor}
            onSave={(text) => {
              closeEditor();
              onEdit?.(message, text);
            }}
          />
        ) : null}
        {/* The prompt below shows the arguments of asking calls: their cards need not. */}
        <InlinePromptContext.Provider value={onDecision !== undefined}>
          {/* Hidden, not unmounted, while the editor shows: Cancel brings back the same view. */}
          <MessageBlocks
            message={message}
            open={open}
            components={components}
            toolResults={toolResults}
            hidden={editing}
          />
        </InlinePromptContext.Provider>
        {onDecision ? <MessageConfirmation message={message} onDecision={onDecision} /> : null}
        <MessageFooter message={message} status={status} />
        {!open && !editing ? (
          <MessageActions
            message={message}
            copyFormat={copyFormat}
            onCopyError={onCopyError}
            onRetry={onRetry}
            onFeedback={onFeedback}
            feedback={feedback}
            renderActions={renderActions}
            onStartEdit={editable ? () => setEditing(true) : undefined}
            editButtonRef={editButtonRef}
          />
        ) : null}
      </article>
    );
    // Per-message settings wrap this message only; most apps set them once on a provider.
    if (safety === undefined && resolveMedia === undefined && tools === undefined) return content;
    return (
      <AgentMessagesProvider
        {...(safety ? { safety } : {})}
        {...(resolveMedia ? { resolveMedia } : {})}
        {...(tools ? { tools } : {})}
      >
        {content}
      </AgentMessagesProvider>
    );
  }),
);
Message.displayName = MESSAGE_NAME;

/* -------------------------------------------------------------------------------------------------
 * MessageHeader
 * -----------------------------------------------------------------------------------------------*/

interface MessagePartProps {
  message: Msg;
  status: ReplyStatus;
}

interface MessageHeaderProps {
  name: string;
  role: Msg['role'];
  createdAt: string;
  finishedAt: string | null;
  status: ReplyStatus;
}

// Memoised on the fields it shows: a streamed token changes the message, not these.
const MessageHeader = React.memo(function MessageHeader(props: MessageHeaderProps) {
  const { name, role, createdAt, finishedAt, status } = props;
  const labels = useLabels();
  const running = status === 'streaming';
  const created = readTimestamp(createdAt);
  const finished = parseTimestamp(finishedAt);
  const sender = messageSender(labels, name, role);
  return (
    <header data-slot="message-header">
      <span data-slot="message-name">{sender.name}</span>
      {sender.role !== null ? <span data-slot="message-role">{sender.role}</span> : null}
      {created !== null ? <RelativeTime data-slot="message-time" timestamp={created} /> : null}
      {created !== null && role !== 'user' ? (
        <MessageElapsed created={created.ms} finished={finished} running={running} />
      ) : null}
      {status !== 'done' ? (
        <span data-slot="message-status">{labels.replyStatus[status]}</span>
      ) : null}
    </header>
  );
});

/* -------------------------------------------------------------------------------------------------
 * MessageConfirmation
 * -----------------------------------------------------------------------------------------------*/

function MessageConfirmation({
  message,
  onDecision,
}: {
  message: Msg;
  onDecision(decision: ConfirmDecision): void | Promise<void>;
}) {
  const asking = React.useMemo(
    () =>
      message.content.filter(
        (block): block is ToolCallBlock => block.type === 'tool_call' && block.state === 'asking',
      ),
    [message.content],
  );
  if (asking.length === 0) return null;
  return <ConfirmationPrompt toolCalls={asking} onDecision={onDecision} />;
}

/* -------------------------------------------------------------------------------------------------
 * MessageFooter
 * -----------------------------------------------------------------------------------------------*/

function MessageFooter({ message, status }: MessagePartProps) {
  const labels = useLabels();
  // Only an error that appears while the message is on screen is announced as an alert;
  // an error loaded with history is shown, not shouted.
  const [errorFreeAtMount] = React.useState(message.error === null);
  const usage = message.usage;
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
              <span data-slot="message-error-type">{message.error.type}</span>{' '}
              {message.error.message}
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

export { Message, MessageFooter, MessageHeader };
export type { MessageProps };
