/*
 * The props and the imperative handle of `MessageList`, apart from the component so it stays a
 * readable size.
 */
import type * as React from 'react';
import type { Msg, MsgList } from '../../core/model/message.js';
import type { MessageBranch } from '../message/message-context.js';
import type { MessageProps } from '../message/message.js';
import type { MessageFeedback } from '../message-actions/feedback-buttons.js';
import type { StatusSlot } from './list-status.js';
import type { FormatAnnouncement } from './live-announcer.js';
import type { RenderMessage } from './message-list-row.js';

/** How the list scrolls when told to: at once, or animated. */
export type ListScrollBehavior = 'auto' | 'smooth';

/** Where `jumpTo` puts the message, and how it gets there. */
export interface JumpOptions {
  /** Where the row lands in the viewport. @default 'start' */
  align?: 'start' | 'center' | 'end' | 'auto';
  /** @default 'smooth' (unless the user asked for reduced motion); `auto` after a page loads */
  behavior?: ListScrollBehavior;
}

/** Imperative controls, through `ref`. */
export interface MessageListHandle {
  /** The scroll container (`role="log"`). */
  readonly element: HTMLDivElement | null;
  /** Scrolls to the latest message and follows new content again. */
  scrollToBottom(options?: { behavior?: ListScrollBehavior }): void;
  /**
   * Scrolls to message `id` and stops following. A message that is not loaded is asked of the app
   * (`loadAround`), and the list scrolls to it once it arrives. A message shown inside another row
   * (a tool result in its call's card, a subagent's message) scrolls to that row. Resolves `true`
   * once the message is in view, `false` when it cannot be shown (or a newer jump replaced this one).
   */
  jumpTo(id: string, options?: JumpOptions): Promise<boolean>;
  /**
   * Scrolls a loaded message into view and stops following; `false` when no row shows that id.
   * @deprecated Use `jumpTo`, which also reaches messages that are not loaded.
   */
  scrollToMessage(id: string, options?: JumpOptions): boolean;
  /** True while the list keeps the latest content in view. */
  isFollowing(): boolean;
}

/**
 * Props of `MessageList`; other props (`className`, `aria-*`, …) go to the scroll container. The
 * conversation's callbacks reach every row's message; app-wide options (block `components`,
 * `tools`, `safety`, `resolveMedia`, `copyFormat`, `renderActions`) are set on
 * `AgentMessagesProvider`.
 */
export interface MessageListProps
  extends
    Omit<React.ComponentPropsWithoutRef<'div'>, 'children'>,
    Pick<
      MessageProps,
      | 'onDecision'
      | 'onActivityAction'
      | 'onCopyError'
      | 'onRetry'
      | 'onEdit'
      | 'onFeedback'
      | 'onBranchChange'
    > {
  /**
   * The conversation, oldest first (`useMessageStream().messages`). Read-only (`MsgList`): a
   * plain `Msg[]` from your own state fits as well; pass a new array when it changes.
   */
  messages: MsgList;
  /** The log's accessible name. @default labels.listLabel ("Conversation") */
  label?: string;
  /** `inline`: each message asks for approval of its own calls; `none`: the app shows the prompt. @default 'inline' */
  confirmationPlacement?: 'inline' | 'none';
  /** Shows `tool` messages whose results already appear in their calls' cards. @default false */
  showToolMessages?: boolean;
  /**
   * Shows instructions marked hidden (`system` and `developer` messages with `metadata.hidden`,
   * as the AG-UI adapter marks them). @default false
   */
  showHiddenMessages?: boolean;
  /**
   * Shows consecutive assistant and tool messages of one reply as one bubble: one header, one
   * footer with the summed usage, one action bar. Rows stay one per message. @default true
   */
  groupTurns?: boolean;
  /** Shown when there are no messages: `true` for the default text, or your own node. @default true */
  empty?: StatusSlot;
  /** A status row at the end (alone when empty): history loading, or connecting before the first token. */
  loading?: StatusSlot;
  /**
   * A status row over the top while older messages load. Shown by itself while the promise
   * `loadOlder` returned is pending. @default true while `loadOlder` loads
   */
  loadingOlder?: StatusSlot;
  /** Shown under a reply that has started but has no content yet. @default true */
  typingIndicator?: StatusSlot;
  /**
   * Called when the user nears the top (or the content does not fill the list).
   * @deprecated Use `hasOlder` and `loadOlder`, which also show the loading row and wait for the page.
   */
  onReachTop?(): void;
  /** `messages` is a window of a longer history with older messages before it. @default false */
  hasOlder?: boolean;
  /**
   * Loads the page before the window (while `hasOlder`), when the user nears the top: prepend it
   * to `messages`; the first visible message stays where it is. Return a promise to show
   * `loadingOlder` until it settles; the list asks again only after it does.
   */
  loadOlder?(): unknown;
  /**
   * The window shows the past (after a jump): newer messages follow it. The list does not follow
   * its end, and its jump to latest calls `loadLatest`. @default false
   */
  hasNewer?: boolean;
  /** Loads the page after the window (while `hasNewer`), when the user nears the bottom: append it. */
  loadNewer?(): unknown;
  /** Loads the latest page in place of a window that shows the past; the list then follows again. */
  loadLatest?(): unknown;
  /**
   * Loads the page around a message that is not loaded, for `jumpTo(id)` (a search hit, a
   * citation, an old approval): replace `messages` with it (set `hasOlder` / `hasNewer` to match).
   */
  loadAround?(id: string): unknown;
  /**
   * Keeps the text of rows that are not rendered in the page as hidden, findable text
   * (`hidden="until-found"`), so the browser's find-in-page reaches them; a match scrolls there
   * and renders the row. `true` covers the 1,000 rows around the viewport (a paged window is
   * usually all of it); a number sets how many (`Infinity` for every loaded row: each costs a bare
   * element, and accessibility checkers walk them all); `false` turns it off. @default true
   */
  findInPage?: boolean | number;
  /**
   * Renders a row's message yourself: `(message) => <Message message={message}>…parts…</Message>`
   * (the row hands its `Message` everything else). Keep it stable (`useCallback`) or every row
   * re-renders.
   */
  renderMessage?: RenderMessage;
  /**
   * The message's versions (regenerated replies, edited prompts, session branches): with
   * `onBranchChange`, a `BranchPicker` shows at the message when there are two or more.
   */
  branchOf?(message: Msg): MessageBranch | undefined;
  /** Estimated row height in px before a row is measured. @default 160 */
  estimateSize?: number;
  /** Rows rendered beyond each edge of the viewport. @default 4 */
  overscan?: number;
  /** Live announcements: `false` for none, or a function that words (or silences) each one. @default true */
  announce?: boolean | FormatAnnouncement;
  /** Called when the list starts or stops following the latest content. */
  onFollowingChange?(following: boolean): void;
  /**
   * A failure to show under the last message as an alert: a message that could not be sent, or
   * the stream's `error`. `null` shows none.
   */
  error?: Error | string | null | undefined;
  /** Shows a dismiss button on the `error` alert; clear the error here. */
  onDismissError?(): void;
  /**
   * Each reply's feedback by message id, when you control it (with `onFeedback`): a missing id
   * means none. Leave it out and the buttons keep their own state while their row is rendered.
   * Only rows whose entry changed re-render.
   */
  feedback?: Readonly<Record<string, MessageFeedback>>;
}
