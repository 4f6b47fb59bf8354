'use client';

import * as React from 'react';
import type { ToolResultBlock } from '../../core/model/block.js';
import type { Msg } from '../../core/model/message.js';
import type { MessageFeedback } from '../message-actions/feedback-buttons.js';
import type { MessageRowData } from '../message/message-context.js';
import { MessageRowContext } from '../message/message-context.js';
import { Message } from '../message/message.js';
import type { MessageTurn } from '../message/message-turn.js';
import { turnMessage } from '../message/message-turn.js';

/**
 * Renders one row's message instead of the default `<Message message={message} />`. The row hands
 * the `Message` it renders its place in a turn, paired results, subagents, versions, feedback and
 * the list's callbacks, so `message` is the only prop it needs.
 */
export type RenderMessage = (message: Msg, row: { index: number }) => React.ReactNode;

interface MessageListRowProps {
  message: Msg;
  index: number;
  /** Where the virtualizer places the row, in px from the top of the content. */
  start: number;
  measure(element: HTMLDivElement | null): void;
  toolResults: ReadonlyMap<string, ToolResultBlock> | undefined;
  /** This row's entry of the list's `feedback` map: a value, so other rows' changes pass it by. */
  feedback: MessageFeedback | undefined;
  renderMessage: RenderMessage | undefined;
  /** Its place in a turn shown as one bubble. */
  turn: MessageTurn | undefined;
  /** Subagent messages under its calls. */
  subagents: ReadonlyMap<string, readonly Msg[]> | undefined;
  /** Its versions, as values (0 without versions): a new object from the app each frame passes the memo by. */
  branchIndex: number;
  branchCount: number;
}

/**
 * One virtualized row. Memoised on its message, so a token streamed into the last message
 * re-renders that row only.
 * @selector [data-slot="message-list-item"] [data-index] the row's position in the list
 * @selector [data-turn-position] `first | middle | last` when its message is part of a grouped turn
 */
export const MessageListRow = React.memo(function MessageListRow(props: MessageListRowProps) {
  const { message, index, start, measure, toolResults, feedback, renderMessage } = props;
  const { turn, subagents, branchIndex, branchCount } = props;
  const row = React.useMemo<MessageRowData>(
    () => ({
      messageId: message.id,
      toolResults,
      turn,
      subagents,
      branch: branchCount > 1 ? { index: branchIndex, count: branchCount } : undefined,
      feedback,
    }),
    [message.id, toolResults, turn, subagents, branchIndex, branchCount, feedback],
  );
  return (
    <div
      data-slot="message-list-item"
      data-index={index}
      data-turn-position={turn?.position}
      ref={measure}
      // Geometry owned by the virtualizer: the row sits at its measured offset. Layout
      // containment lets a token's layout stop at the row (the transform already makes it the
      // containing block of anything positioned inside): about 4 % of a streaming reply's time.
      style={{
        position: 'absolute',
        top: 0,
        left: 0,
        width: '100%',
        transform: `translateY(${start}px)`,
        contain: 'layout style',
      }}
    >
      <MessageRowContext.Provider value={row}>
        {renderMessage ? renderMessage(message, { index }) : <Message message={message} />}
      </MessageRowContext.Provider>
    </div>
  );
});

/** The id the row's action bar acts on: a turn's lead message on the turn's last row. */
export function actionTargetId(message: Msg, turn: MessageTurn | undefined): string {
  return turn?.position === 'last'
    ? (turnMessage(turn.messages)?.lead.id ?? message.id)
    : message.id;
}

/** A row's entry of the `feedback` map: read as own data only, anything unexpected as none. */
export function feedbackOf(
  feedback: Readonly<Record<string, MessageFeedback>> | undefined,
  id: string,
): MessageFeedback | undefined {
  if (feedback === undefined) return undefined;
  const value: unknown = Object.prototype.hasOwnProperty.call(feedback, id) ? feedback[id] : null;
  return value === 'up' || value === 'down' ? value : null;
}
