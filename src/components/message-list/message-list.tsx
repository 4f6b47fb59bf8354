'use client';

import { elementScroll, useVirtualizer } from '@tanstack/react-virtual';
import * as React from 'react';
import { useIsomorphicLayoutEffect } from '../../react/use-isomorphic-layout-effect.js';
import type { Msg, MsgList } from '../../core/model/message.js';
import { AgentMessagesProvider, useLabels } from '../shared/agent-messages-provider.js';
import type { MessageProps } from '../message/message.js';
import { JumpToLatest } from './jump-to-latest.js';
import { ListErrorAlert } from './list-error.js';
import type { StatusSlot } from './list-status.js';
import { ListFooter, LoadingOlder, showsSlot } from './list-status.js';
import type { FormatAnnouncement } from './live-announcer.js';
import { LiveRegions, defaultFormatAnnouncement, useListAnnouncements } from './live-announcer.js';
import type { RenderMessage, SharedMessageProps } from './message-list-row.js';
import { MessageListRow } from './message-list-row.js';
import type { ToolPairing } from './pair-tool-results.js';
import { pairToolResults } from './pair-tool-results.js';
import { useReachTop } from './use-reach-top.js';
import { usePinnedRows } from './use-pinned-rows.js';
import { smoothUnlessReduced, useKeepAtEnd, useStickToBottom } from './use-stick-to-bottom.js';
import type { VisibleMessages } from './visible-messages.js';
import { countAfter, isAwaitingFirstContent, selectVisibleMessages } from './visible-messages.js';

/* -------------------------------------------------------------------------------------------------
 * MessageList
 * -----------------------------------------------------------------------------------------------*/

const MESSAGE_LIST_NAME = 'MessageList';

const NO_INDEXES: readonly number[] = [];

/** How the list scrolls when told to: at once, or animated. */
export type ListScrollBehavior = 'auto' | 'smooth';

/** Imperative controls, through `ref`. */
interface MessageListHandle {
  /** The scroll container (`role="log"`). */
  readonly element: HTMLDivElement | null;
  /** Scrolls to the latest message and follows new content again. */
  scrollToBottom(options?: { behavior?: ListScrollBehavior }): void;
  /** Scrolls a message into view and stops following; `false` when no row shows that id. */
  scrollToMessage(
    id: string,
    options?: { align?: 'start' | 'center' | 'end' | 'auto'; behavior?: ListScrollBehavior },
  ): boolean;
  /** True while the list keeps the latest content in view. */
  isFollowing(): boolean;
}

/** Props of `MessageList`; other props (`className`, `aria-*`, …) go to the scroll container. */
interface MessageListProps
  extends
    Omit<React.ComponentPropsWithoutRef<'div'>, 'children'>,
    Pick<MessageProps, 'components' | 'onDecision' | 'safety' | 'resolveMedia' | 'tools'> {
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
  /** Shown when there are no messages: `true` for the default text, or your own node. @default true */
  empty?: StatusSlot;
  /** A status row at the end (alone when empty): history loading, or connecting before the first token. */
  loading?: StatusSlot;
  /** A status row over the top while older messages load (after `onReachTop`). */
  loadingOlder?: StatusSlot;
  /** Shown under a reply that has started but has no content yet. @default true */
  typingIndicator?: StatusSlot;
  /** Called when the user nears the top (or the content does not fill the list): load older messages. */
  onReachTop?(): void;
  /** Renders a row's message yourself; keep it stable (`useCallback`) or every row re-renders. */
  renderMessage?: RenderMessage;
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
}

/**
 * A virtualized conversation that follows new content until the user scrolls away, offers a jump
 * back with a count of new messages, pairs tool results with their calls across messages, and
 * announces finished replies and approvals instead of every token.
 * @selector [data-slot="message-list"] the scroll container (`role="log"`); give it a height
 * @selector [data-following] present while the list keeps the latest content in view
 * @selector [data-slot="message-list-item"] [data-index] one row
 * @selector [data-slot="message-list-error"] the `error` alert under the last message
 */
const MessageList = React.memo(
  React.forwardRef<MessageListHandle, MessageListProps>(function MessageList(props, ref) {
    const {
      messages,
      label,
      confirmationPlacement = 'inline',
      showToolMessages = false,
      empty = true,
      loading,
      loadingOlder,
      typingIndicator = true,
      onReachTop,
      renderMessage,
      estimateSize = 160,
      overscan = 4,
      announce = true,
      onFollowingChange,
      error,
      onDismissError,
      components,
      onDecision,
      safety,
      resolveMedia,
      tools,
      style,
      ...rootProps
    } = props;
    const labels = useLabels();
    const rootRef = React.useRef<HTMLDivElement>(null);

    // ---- Rows -----------------------------------------------------------------------------------
    const pairingRef = React.useRef<ToolPairing | null>(null);
    const pairing = React.useMemo(() => pairToolResults(messages, pairingRef.current), [messages]);
    const visibleRef = React.useRef<VisibleMessages | null>(null);
    const visible = React.useMemo(
      () =>
        selectVisibleMessages(
          messages,
          showToolMessages ? new Set<string>() : pairing.covered,
          visibleRef.current,
        ),
      [messages, pairing, showToolMessages],
    );
    React.useEffect(() => {
      pairingRef.current = pairing;
      visibleRef.current = visible;
    });
    const { keys } = visible;
    const count = keys.length;

    // ---- Following and the jump control ---------------------------------------------------------
    const [leftAfter, setLeftAfter] = React.useState<string | null>(null);
    const onFollowing = (next: boolean) => {
      const current = visibleRef.current?.keys ?? [];
      setLeftAfter(next ? null : (current[current.length - 1] ?? null));
      onFollowingChange?.(next);
    };
    const stick = useStickToBottom(rootRef, onFollowing);
    const { following, followingRef, setFollowing } = stick;
    const unseen = following ? 0 : countAfter(keys, leftAfter);

    // ---- Virtualizer ----------------------------------------------------------------------------
    const inlinePrompts = onDecision !== undefined && confirmationPlacement === 'inline';
    const pinned = usePinnedRows(keys, inlinePrompts ? visible.askingIndexes : NO_INDEXES);
    const getItemKey = React.useCallback((index: number) => keys[index] ?? index, [keys]);
    const estimate = React.useCallback(() => estimateSize, [estimateSize]);
    const virtualizer = useVirtualizer<HTMLDivElement, HTMLDivElement>({
      count,
      getScrollElement: () => rootRef.current,
      estimateSize: estimate,
      getItemKey,
      rangeExtractor: pinned.rangeExtractor,
      overscan,
      anchorTo: 'end',
      // Following appends is `useKeepAtEnd`'s job: it first reads a scroll whose event has not
      // fired yet, where the virtualizer's own check would follow from a stale offset.
      followOnAppend: false,
      scrollEndThreshold: 1,
      scrollToFn: (offset, options, instance) => {
        stick.noteWrite(offset + (options.adjustments ?? 0));
        elementScroll(offset, options, instance);
      },
    });
    const scrollToEnd = React.useCallback(() => virtualizer.scrollToEnd(), [virtualizer]);

    // Start at the latest message, and stay there while following.
    useIsomorphicLayoutEffect(scrollToEnd, [scrollToEnd]);
    const footerRef = React.useRef<HTMLDivElement>(null);
    useKeepAtEnd(rootRef, footerRef, stick, scrollToEnd);
    useReachTop(rootRef, onReachTop, showsSlot(loadingOlder), keys[0]);

    const dismissError = (event: React.MouseEvent<HTMLButtonElement>) => {
      // The alert goes away: keep keyboard focus in the list.
      if (document.activeElement === event.currentTarget) {
        rootRef.current?.focus({ preventScroll: true });
      }
      onDismissError?.();
    };

    const jumpToLatest = (event: React.MouseEvent<HTMLButtonElement>) => {
      // The button goes away once following: keep keyboard focus in the list.
      if (document.activeElement === event.currentTarget) {
        rootRef.current?.focus({ preventScroll: true });
      }
      setFollowing(true);
      virtualizer.scrollToEnd({ behavior: smoothUnlessReduced() });
    };

    React.useImperativeHandle(
      ref,
      () => ({
        get element() {
          return rootRef.current;
        },
        scrollToBottom(options = {}) {
          setFollowing(true);
          virtualizer.scrollToEnd({ behavior: options.behavior ?? smoothUnlessReduced() });
        },
        scrollToMessage(id, options = {}) {
          const index = visibleRef.current?.keys.indexOf(id) ?? -1;
          if (index < 0) return false;
          setFollowing(false);
          virtualizer.scrollToIndex(index, {
            align: options.align ?? 'start',
            behavior: options.behavior ?? smoothUnlessReduced(),
          });
          return true;
        },
        isFollowing: () => followingRef.current,
      }),
      [virtualizer, setFollowing, followingRef],
    );

    const { polite: politeRef, assertive: assertiveRef } = useListAnnouncements(
      messages,
      announce === false ? false : announce === true ? defaultFormatAnnouncement : announce,
    );
    const shared = React.useMemo<SharedMessageProps>(
      () => ({
        ...(components ? { components } : {}),
        ...(inlinePrompts ? { onDecision } : {}),
      }),
      [components, inlinePrompts, onDecision],
    );
    const lastMessage = visible.messages[count - 1];
    const busy = showsSlot(loading) || showsSlot(loadingOlder);

    const list = (
      <div
        role="log"
        aria-live="off"
        aria-label={label ?? labels.listLabel}
        aria-busy={busy ? true : undefined}
        // The log scrolls: keyboard users focus it to scroll with the arrow keys.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        data-slot="message-list"
        data-following={following ? '' : undefined}
        {...rootProps}
        onFocus={(event) => {
          rootProps.onFocus?.(event);
          pinned.onFocus(event);
        }}
        onBlur={(event) => {
          rootProps.onBlur?.(event);
          pinned.onBlur(event);
        }}
        ref={rootRef}
        // Behaviour, not looks: the list scrolls itself and does its own scroll anchoring.
        style={{ overflowY: 'auto', overflowAnchor: 'none', ...style }}
      >
        <div data-slot="message-list-top" style={TOP_BAR}>
          <LoadingOlder slot={loadingOlder} />
        </div>
        <div
          data-slot="message-list-content"
          style={{ position: 'relative', width: '100%', height: virtualizer.getTotalSize() }}
        >
          {virtualizer.getVirtualItems().map((item) => {
            const message = visible.messages[item.index] as Msg;
            return (
              <MessageListRow
                key={String(item.key)}
                message={message}
                index={item.index}
                start={item.start}
                measure={virtualizer.measureElement}
                shared={shared}
                toolResults={pairing.resultsByMessage.get(message.id)}
                renderMessage={renderMessage}
              />
            );
          })}
        </div>
        <div data-slot="message-list-footer" ref={footerRef}>
          <ListFooter
            isEmpty={count === 0}
            empty={empty}
            loading={loading}
            typingIndicator={typingIndicator}
            pendingReply={isAwaitingFirstContent(lastMessage) ? lastMessage : undefined}
          />
          <ListErrorAlert error={error} onDismiss={onDismissError ? dismissError : undefined} />
        </div>
        {!following && count > 0 ? (
          <div data-slot="message-list-bottom" style={BOTTOM_BAR}>
            <JumpToLatest count={unseen} onClick={jumpToLatest} />
          </div>
        ) : null}
      </div>
    );

    return (
      <>
        <AgentMessagesProvider
          {...(safety ? { safety } : {})}
          {...(resolveMedia ? { resolveMedia } : {})}
          {...(tools ? { tools } : {})}
        >
          {list}
        </AgentMessagesProvider>
        <LiveRegions politeRef={politeRef} assertiveRef={assertiveRef} />
      </>
    );
  }),
);
MessageList.displayName = MESSAGE_LIST_NAME;

/* -------------------------------------------------------------------------------------------------
 * Helpers
 * -----------------------------------------------------------------------------------------------*/

// Overlays that take no room in the scroll content, so the virtualizer's offsets stay exact.
const TOP_BAR: React.CSSProperties = { position: 'sticky', top: 0, height: 0, zIndex: 1 };
const BOTTOM_BAR: React.CSSProperties = {
  position: 'sticky',
  bottom: 0,
  height: 0,
  zIndex: 1,
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'flex-end',
};

export { MessageList };
export type { MessageListHandle, MessageListProps };
