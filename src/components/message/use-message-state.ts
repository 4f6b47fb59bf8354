'use client';

import * as React from 'react';
import { getReplyStatus } from '../../core/fold/reply-status.js';
import type { ToolResultBlock } from '../../core/model/block.js';
import type { Msg } from '../../core/model/message.js';
import type { MessageFeedback } from '../message-actions/feedback-buttons.js';
import type { MessageBranch, MessageContextValue, ResolvedCallbacks } from './message-context.js';
import { ListCallbacksContext, MessageRowContext } from './message-context.js';
import type { MessageTurn } from './message-turn.js';
import { sumUsage, turnMessage } from './message-turn.js';

/** What `Message` is given about its message; a list row supplies what is left out. */
export interface MessageStateInput extends Partial<ResolvedCallbacks> {
  message: Msg;
  toolResults?: ReadonlyMap<string, ToolResultBlock> | undefined;
  turn?: MessageTurn | undefined;
  subagents?: ReadonlyMap<string, readonly Msg[]> | undefined;
  branch?: MessageBranch | undefined;
  feedback?: MessageFeedback | undefined;
}

/** Every key of `MessageStateInput`: what `Message` takes for its message, not its element. */
const INPUT_KEYS: ReadonlySet<string> = new Set<keyof MessageStateInput>([
  'message',
  'toolResults',
  'turn',
  'subagents',
  'branch',
  'feedback',
  'onDecision',
  'onActivityAction',
  'onCopyError',
  'onRetry',
  'onEdit',
  'onFeedback',
  'onBranchChange',
]);

/** The props left for the message's element once its inputs (and its parts) are taken out. */
export function elementProps<P extends MessageStateInput & { children?: unknown }>(
  props: P,
): Omit<P, keyof MessageStateInput | 'children'> {
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) {
    if (!INPUT_KEYS.has(key) && key !== 'children') rest[key] = value;
  }
  return rest as Omit<P, keyof MessageStateInput | 'children'>;
}

/**
 * Everything the parts of a message read: its own props first, then its list row's data, then
 * the list's callbacks.
 */
export function useMessageState(input: MessageStateInput): Omit<MessageContextValue, 'afterCall'> {
  const { message } = input;
  const rowData = React.useContext(MessageRowContext);
  const list = React.useContext(ListCallbacksContext);
  // A message nested in the row (a subagent's) is not the row's message.
  const row = rowData !== null && rowData.messageId === message.id ? rowData : null;
  const turn = input.turn ?? row?.turn;
  const toolResults = input.toolResults ?? row?.toolResults;
  const subagents = input.subagents ?? row?.subagents;
  const branch = input.branch ?? row?.branch;
  const feedback = input.feedback !== undefined ? input.feedback : row?.feedback;
  const { onDecision, onActivityAction, onCopyError, onRetry, onEdit, onFeedback } = input;
  const { onBranchChange } = input;
  const callbacks = React.useMemo<ResolvedCallbacks>(
    () => ({
      onDecision: onDecision ?? list.onDecision,
      onActivityAction: onActivityAction ?? list.onActivityAction,
      onCopyError: onCopyError ?? list.onCopyError,
      onRetry: onRetry ?? list.onRetry,
      onEdit: onEdit ?? list.onEdit,
      onFeedback: onFeedback ?? list.onFeedback,
      onBranchChange: onBranchChange ?? list.onBranchChange,
    }),
    [list, onDecision, onActivityAction, onCopyError, onRetry, onEdit, onFeedback, onBranchChange],
  );

  const status = getReplyStatus(message);
  const open = isOpen(status);
  const editable = callbacks.onEdit !== undefined && message.role === 'user';
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
  const startEdit = React.useCallback(() => setEditing(true), []);
  const closeEditor = React.useCallback(() => {
    restoreFocus.current = true;
    setEditing(false);
  }, []);

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
  const turnOpen = open || (turnMessages?.some((m) => isOpen(getReplyStatus(m))) ?? false);

  // A new value only when this message renders again: `Message` is memoised, and each of these
  // changes the value anyway (a token, the editor, the row's data, the list's callbacks).
  return {
    message,
    status,
    open,
    turnOpen,
    turn,
    toolResults,
    subagents,
    branch,
    feedback,
    callbacks,
    usage,
    target,
    editable,
    editing,
    startEdit,
    closeEditor,
    editButtonRef,
  };
}

/** Streaming, or waiting for a decision or an external result. */
export function isOpen(status: string): boolean {
  return (
    status === 'streaming' || status === 'awaiting-confirmation' || status === 'awaiting-external'
  );
}
