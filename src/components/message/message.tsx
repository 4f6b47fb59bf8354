'use client';

import * as React from 'react';
import { ActivityActionScope } from '../activity/activity-action-context.js';
import type { ActivityAction } from '../toolkit/activity-types.js';
import { getReplyStatus } from '../../core/fold/reply-status.js';
import type { Decision } from '../../core/fold/confirm-result.js';
import type { ToolCallBlock, ToolResultBlock } from '../../core/model/block.js';
import type { Msg } from '../../core/model/message.js';
import type { AgentMessagesProviderProps } from '../toolkit/agent-messages-provider.js';
import { AgentMessagesProvider } from '../toolkit/agent-messages-provider.js';
import { BranchPicker } from '../branch-picker/branch-picker.js';
import { ConfirmationPrompt } from '../confirmation-prompt/confirmation-prompt.js';
import { InlinePromptContext } from '../toolkit/inline-prompt-context.js';
import type { BlockComponents } from '../toolkit/block-props.js';
import type { MessageFeedback } from '../message-actions/feedback-buttons.js';
import type { MessageActionsOptions } from '../message-actions/message-actions.js';
import { MessageActions } from '../message-actions/message-actions.js';
import { MessageEditor } from '../message-actions/message-editor.js';
import { messageText } from '../message-actions/message-text.js';
import { MessageBlocks } from './message-blocks.js';
import { MessageFooter } from './message-footer.js';
import { MessageHeader } from './message-header.js';
import { MessageNotice } from './message-notice.js';
import type { MessageTurn } from './message-turn.js';
import { sumUsage, turnMessage } from './message-turn.js';
import { messageNotice } from './notice.js';
import { SubagentGroup } from './subagent-group.js';

/* -------------------------------------------------------------------------------------------------
 * Message
 * -----------------------------------------------------------------------------------------------*/

const MESSAGE_NAME = 'Message';

/** Which version of a message is shown, from 0, and how many there are. */
interface MessageBranch {
  index: number;
  count: number;
}

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
  onDecision?(decision: Decision): void | Promise<void>;
  /**
   * Where the message's activities (an A2UI surface's buttons, say) send their users' actions:
   * a binding's `onActivityAction` sends them back through its protocol. Without it, they have
   * no way to answer.
   */
  onActivityAction?: (action: ActivityAction) => void;
  /**
   * This reply's feedback, when you control it (with `onFeedback`); leave it out and the
   * buttons keep their own state.
   */
  feedback?: MessageFeedback;
  /**
   * The message's versions (regenerated replies, edited prompts, session branches): with
   * `onBranchChange`, a `BranchPicker` shows at the message when there are two or more.
   */
  branchOf?(message: Msg): MessageBranch | undefined;
  /** Called with the version (from 0) the user steps to; show that version's messages. */
  onBranchChange?(message: Msg, index: number): void;
  /**
   * Its place in a turn shown as one bubble (`MessageList` sets it): the first message shows the
   * turn's header, the last its summed usage and the action bar, which acts on the turn.
   */
  turn?: MessageTurn;
  /**
   * Messages of subagents, by the id of the tool call that started them: shown under that call's
   * card, behind a disclosure. Keyed by call id, so nested subagents find theirs too.
   */
  subagents?: ReadonlyMap<string, readonly Msg[]>;
}

/**
 * One bubble: header (sender, time, live elapsed time), the blocks in order, and a footer with
 * usage and how the reply ended. A compaction or branch summary (role `compaction_summary` or
 * `branch_summary`, or `metadata.notice`) shows as a one-line notice whose summary opens on demand.
 * @selector [data-slot="message"] [data-role] the sender's role
 * @selector [data-variant="notice"] [data-notice] `compaction | branch`, with `data-open` while its summary shows
 * @selector [data-status] `streaming | awaiting-confirmation | awaiting-external | done | error | interrupted | exceeded`
 * @selector [data-editing] present while a user message is open in its editor
 * @selector [data-turn-position] `first | middle | last` for a message of a turn shown as one bubble
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
      onActivityAction,
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
      branchOf,
      onBranchChange,
      turn,
      subagents,
      ...rootProps
    } = props;
    const status = getReplyStatus(message);
    const open = isOpen(status);
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
    const turnMessages = turn?.position === 'last' ? turn.messages : null;
    const target = React.useMemo(
      () => (turnMessages === null ? null : turnMessage(turnMessages)),
      [turnMessages],
    );
    const usage = React.useMemo(
      () =>
        turn === undefined ? message.usage : turnMessages === null ? null : sumUsage(turnMessages),
      [turn, turnMessages, message.usage],
    );
    const afterCall = React.useMemo(
      () =>
        subagents === undefined
          ? undefined
          : (callId: string) => {
              const list = subagents.get(callId);
              if (list === undefined) return null;
              return (
                <NestedRun
                  messages={list}
                  subagents={subagents}
                  components={components}
                  onDecision={onDecision}
                />
              );
            },
      [subagents, components, onDecision],
    );
    const branch = branchOf?.(message);
    const notice = messageNotice(message);
    if (notice) {
      return (
        <MessageNotice
          message={message}
          notice={notice}
          components={components}
          {...rootProps}
          ref={ref}
        />
      );
    }
    const position = turn?.position;
    const turnOpen = open || (turnMessages?.some((m) => isOpen(getReplyStatus(m))) ?? false);
    const lead = target?.lead ?? message;
    const content = (
      <article
        data-slot="message"
        data-role={message.role}
        data-status={status}
        data-editing={editing ? '' : undefined}
        data-turn-position={position}
        {...rootProps}
        ref={ref}
      >
        {position === undefined || turn?.position === 'first' ? (
          <MessageHeader
            name={message.name}
            role={message.role}
            createdAt={message.created_at}
            finishedAt={turn?.position === 'first' ? turn.finishedAt : message.finished_at}
            status={turn?.position === 'first' ? turn.status : status}
          />
        ) : null}
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
          <ActivityActionScope onAction={onActivityAction}>
            <MessageBlocks
              message={message}
              open={open}
              components={components}
              toolResults={toolResults}
              hidden={editing}
              afterCall={afterCall}
            />
          </ActivityActionScope>
        </InlinePromptContext.Provider>
        {onDecision ? <MessageConfirmation message={message} onDecision={onDecision} /> : null}
        <MessageFooter message={message} status={status} usage={usage} />
        {branch && onBranchChange && !editing ? (
          <BranchPicker
            index={branch.index}
            count={branch.count}
            onChange={(index) => onBranchChange(message, index)}
          />
        ) : null}
        {!turnOpen && !editing && (position === undefined || position === 'last') ? (
          <MessageActions
            message={target?.merged ?? message}
            copyFormat={copyFormat}
            // In a turn the bar acts on the turn's lead message, whatever it shows.
            onCopyError={onCopyError ? (error) => onCopyError(error, lead) : undefined}
            onRetry={onRetry ? () => onRetry(lead) : undefined}
            onFeedback={onFeedback ? (_, value) => onFeedback(lead, value) : undefined}
            feedback={feedback}
            renderActions={renderActions ? () => renderActions(lead) : undefined}
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

/** A subagent's messages under a call, each a `Message` of its own (with its own subagents). */
function NestedRun(props: {
  messages: readonly Msg[];
  subagents: ReadonlyMap<string, readonly Msg[]>;
  components: Partial<BlockComponents> | undefined;
  onDecision: MessageProps['onDecision'];
}) {
  const { messages, subagents, components, onDecision } = props;
  return (
    <SubagentGroup
      messages={messages}
      renderMessage={(nested, results) => (
        <Message
          message={nested}
          subagents={subagents}
          {...(components ? { components } : {})}
          {...(onDecision ? { onDecision } : {})}
          {...(results ? { toolResults: results } : {})}
        />
      )}
    />
  );
}

function isOpen(status: string): boolean {
  return (
    status === 'streaming' || status === 'awaiting-confirmation' || status === 'awaiting-external'
  );
}

/* -------------------------------------------------------------------------------------------------
 * MessageConfirmation
 * -----------------------------------------------------------------------------------------------*/

function MessageConfirmation({
  message,
  onDecision,
}: {
  message: Msg;
  onDecision(decision: Decision): void | Promise<void>;
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

export { Message };
export type { MessageBranch, MessageProps };
