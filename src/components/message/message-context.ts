'use client';

import * as React from 'react';
import type { Decision } from '../../core/fold/confirm-result.js';
import type { RunStatus } from '../../core/fold/run-status.js';
import type { ToolResultBlock } from '../../core/model/block.js';
import type { Msg, Usage } from '../../core/model/message.js';
import type { MessageActionsOptions } from '../message-actions/action-bar.js';
import type { MessageFeedback } from '../message-actions/feedback-buttons.js';
import type { ActivityAction } from '../provider/activity-types.js';
import type { MessageTurn } from './message-turn.js';

/** Which version of a message is shown, from 0, and how many there are. */
export interface MessageBranch {
  index: number;
  count: number;
}

/**
 * What the app does when the user acts on a message: the list's callbacks for every row, or a
 * standalone message's own.
 */
export interface MessageCallbacks extends MessageActionsOptions {
  /** Shows the confirmation prompt for the message's calls in state `asking`. */
  onDecision?(decision: Decision): void | Promise<void>;
  /** Where the message's activities (an A2UI surface's buttons) send their users' actions. */
  onActivityAction?: (action: ActivityAction) => void;
  /** Called with the version (from 0) the user steps to; show that version's messages. */
  onBranchChange?(message: Msg, index: number): void;
}

/** The callbacks a message acts through, each present as a key (possibly `undefined`). */
export type ResolvedCallbacks = {
  [Key in keyof MessageCallbacks]-?: MessageCallbacks[Key] | undefined;
};

/**
 * What a list row knows about its message and a message alone does not: set by `MessageList`
 * around each row, so a row's `<Message message={m} />` needs no other prop.
 */
export interface MessageRowData {
  /** The row's message: a message nested inside it (a subagent's) reads none of the rest. */
  messageId: string;
  toolResults: ReadonlyMap<string, ToolResultBlock> | undefined;
  turn: MessageTurn | undefined;
  subagents: ReadonlyMap<string, readonly Msg[]> | undefined;
  branch: MessageBranch | undefined;
  feedback: MessageFeedback | undefined;
}

/** One object for the whole list: the callbacks every row's message acts through. */
export const ListCallbacksContext = React.createContext<MessageCallbacks>({});
ListCallbacksContext.displayName = 'ListCallbacksContext';

/** The row a message is rendered in, when it is rendered in a `MessageList`. */
export const MessageRowContext = React.createContext<MessageRowData | null>(null);
MessageRowContext.displayName = 'MessageRowContext';

/** What `Message` hands its parts (`MessageHeader`, `MessageBlocks`, …). */
export interface MessageContextValue {
  message: Msg;
  status: RunStatus;
  /** The reply is still open: streaming, or waiting for a decision or an external result. */
  open: boolean;
  /** The message or any message of its turn is open: the action bar waits. */
  turnOpen: boolean;
  turn: MessageTurn | undefined;
  toolResults: ReadonlyMap<string, ToolResultBlock> | undefined;
  subagents: ReadonlyMap<string, readonly Msg[]> | undefined;
  branch: MessageBranch | undefined;
  feedback: MessageFeedback | undefined;
  callbacks: ResolvedCallbacks;
  /** The usage the footer shows: the message's own, a turn's sum on its last message, or none. */
  usage: Usage | null;
  /** On a turn's last message: the turn's lead message and all its blocks merged. */
  target: { lead: Msg; merged: Msg } | null;
  /** A user message with `onEdit`: its Edit button opens the editor. */
  editable: boolean;
  editing: boolean;
  startEdit(): void;
  closeEditor(): void;
  /** The Edit button, focused again when the editor closes. */
  editButtonRef: React.RefObject<HTMLButtonElement | null>;
  /** What to show right under a tool call's card (the subagent run it started), if anything. */
  afterCall: ((callId: string) => React.ReactNode) | undefined;
}

export const MessageContext = React.createContext<MessageContextValue | null>(null);
MessageContext.displayName = 'MessageContext';

/** The message of the enclosing `Message`; a part outside one throws, naming itself. */
export function useMessageContext(part: string): MessageContextValue {
  const value = React.useContext(MessageContext);
  if (value === null) throw new Error(`\`${part}\` must be used within \`Message\``);
  return value;
}
