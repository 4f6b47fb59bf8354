'use client';

import * as React from 'react';
import type { ToolResultBlock } from '../../core/model/block.js';
import type { Msg } from '../../core/model/message.js';
import type { MessageFeedback } from '../message-actions/feedback-buttons.js';
import { MessageActions } from './message-actions.js';
import { MessageBlocks } from './message-blocks.js';
import type { MessageBranch, MessageCallbacks, MessageContextValue } from './message-context.js';
import { ListCallbacksContext, MessageContext } from './message-context.js';
import { MessageFooter } from './message-footer.js';
import { MessageHeader } from './message-header.js';
import { MessageNotice } from './message-notice.js';
import type { MessageTurn } from './message-turn.js';
import { messageNotice } from './notice.js';
import { SubagentGroup } from './subagent-group.js';
import { elementProps, useMessageState } from './use-message-state.js';

/* -------------------------------------------------------------------------------------------------
 * Message
 * -----------------------------------------------------------------------------------------------*/

const MESSAGE_NAME = 'Message';

/**
 * Props of `Message`: the message and what belongs to it alone. App-wide options (block
 * `components`, `tools`, `safety`, `resolveMedia`, `copyFormat`, `renderActions`, labels) are set
 * on `AgentMessagesProvider`; in a `MessageList`, the row supplies the rest.
 */
interface MessageProps
  extends Omit<React.ComponentPropsWithoutRef<'article'>, 'children'>, MessageCallbacks {
  /** The message to show: a user turn or a whole assistant reply. */
  message: Msg;
  /**
   * The parts to show, in your order (`MessageHeader`, `MessageBlocks`, `MessageFooter`,
   * `MessageActions`, and your own elements between them). @default all four, in that order
   */
  children?: React.ReactNode;
  /** Results of this message's calls that live in other messages (AgentFlow `tool` messages). */
  toolResults?: ReadonlyMap<string, ToolResultBlock>;
  /**
   * This reply's feedback, when you control it (with `onFeedback`); leave it out and the
   * buttons keep their own state.
   */
  feedback?: MessageFeedback;
  /**
   * Which version of the message this is, of how many (regenerated replies, edited prompts,
   * session branches): with `onBranchChange`, a `BranchPicker` shows when there are two or more.
   */
  branch?: MessageBranch;
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
 * One bubble, the root of its parts: `MessageHeader` (sender, time, live elapsed time),
 * `MessageBlocks` (the blocks in order), `MessageFooter` (usage, how the reply ended) and
 * `MessageActions` (Copy, and Retry, Edit and feedback when their callbacks are given). Without
 * children it shows all four in that order; give children to reorder, leave out or wrap them.
 * A compaction or branch summary (role `compaction_summary` or `branch_summary`, or
 * `metadata.notice`) shows as a one-line notice whose summary opens on demand.
 * @selector [data-slot="message"] [data-role] the sender's role
 * @selector [data-variant="notice"] [data-notice] `compaction | branch`, with `data-open` while its summary shows
 * @selector [data-status] `streaming | awaiting-confirmation | awaiting-external | done | error | interrupted | exceeded`
 * @selector [data-editing] present while a user message is open in its editor
 * @selector [data-turn-position] `first | middle | last` for a message of a turn shown as one bubble
 */
const Message = React.memo(
  React.forwardRef<HTMLElement, MessageProps>(function Message(props, ref) {
    const { message, children } = props;
    const rootProps = elementProps(props);
    const state = useMessageState(props);
    const nestedOnDecision = state.callbacks.onDecision;
    const nestedSubagents = state.subagents;
    const afterCall = React.useMemo(
      () =>
        nestedSubagents === undefined
          ? undefined
          : (callId: string) => {
              const list = nestedSubagents.get(callId);
              if (list === undefined) return null;
              return (
                <NestedRun
                  messages={list}
                  subagents={nestedSubagents}
                  onDecision={nestedOnDecision}
                />
              );
            },
      [nestedSubagents, nestedOnDecision],
    );
    const value: MessageContextValue = { ...state, afterCall };
    const notice = messageNotice(message);
    if (notice) return <MessageNotice message={message} notice={notice} {...rootProps} ref={ref} />;
    return (
      <article
        data-slot="message"
        data-role={message.role}
        data-status={state.status}
        data-editing={state.editing ? '' : undefined}
        data-turn-position={state.turn?.position}
        {...rootProps}
        ref={ref}
      >
        <MessageContext.Provider value={value}>
          {children === undefined ? (
            <>
              <MessageHeader />
              <MessageBlocks />
              <MessageFooter />
              <MessageActions />
            </>
          ) : (
            children
          )}
        </MessageContext.Provider>
      </article>
    );
  }),
);
Message.displayName = MESSAGE_NAME;

/**
 * A subagent's messages under a call, each a `Message` of its own (with its own subagents). They
 * answer approvals as the outer message does, but have no actions of their own.
 */
function NestedRun(props: {
  messages: readonly Msg[];
  subagents: ReadonlyMap<string, readonly Msg[]>;
  onDecision: MessageCallbacks['onDecision'];
}) {
  const { messages, subagents, onDecision } = props;
  const callbacks = React.useMemo<MessageCallbacks>(
    () => (onDecision ? { onDecision } : {}),
    [onDecision],
  );
  return (
    <ListCallbacksContext.Provider value={callbacks}>
      <SubagentGroup
        messages={messages}
        renderMessage={(nested, results) => (
          <Message
            message={nested}
            subagents={subagents}
            {...(results ? { toolResults: results } : {})}
          />
        )}
      />
    </ListCallbacksContext.Provider>
  );
}

// The parts, from the root's module: `import { Message, MessageHeader } from …` reads as one API.
export { Message, MessageActions, MessageBlocks, MessageFooter, MessageHeader };
export type { MessageBranch, MessageProps };
