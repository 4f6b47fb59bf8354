'use client';

import { elementScroll, useVirtualizer } from '@tanstack/react-virtual';
import * as React from 'react';
import { useIsomorphicLayoutEffect } from '../primitives/use-isomorphic-layout-effect.js';
import type { Msg } from '../../core/model/message.js';
import { ActivityActionScope } from '../blocks/activity/activity-action-context.js';
import { useLabels } from '../provider/agent-messages-provider.js';
import type { MessageCallbacks } from '../message/message-context.js';
import { ListCallbacksContext } from '../message/message-context.js';
import type { MessageFeedback } from '../message-actions/feedback-buttons.js';
import type {
  JumpOptions,
  ListScrollBehavior,
  MessageListHandle,
  MessageListProps,
} from './message-list-props.js';
import { FindPlaceholders } from './find-placeholders.js';
import { JumpToLatest } from './jump-to-latest.js';
import { ListErrorAlert } from './list-error.js';
import { ListFooter, LoadingOlder, showsSlot } from './list-status.js';
import { LiveRegions, defaultFormatAnnouncement, useListAnnouncements } from './live-announcer.js';
import { MessageListRow, actionTargetId, feedbackOf } from './message-list-row.js';
import { useListRows } from './use-list-rows.js';
import { useBranchFocus } from './use-branch-focus.js';
import { useDeferredArrival } from './use-deferred-arrival.js';
import { useHistoryPaging, useLoadLatest } from './use-history-paging.js';
import { useListHandle } from './use-list-handle.js';
import { usePinnedRows } from './use-pinned-rows.js';
import { smoothUnlessReduced, useKeepAtEnd, useStickToBottom } from './use-stick-to-bottom.js';
import type { VisibleMessages } from './visible-messages.js';
import { countAfter, isAwaitingFirstContent } from './visible-messages.js';

/* -------------------------------------------------------------------------------------------------
 * MessageList
 * -----------------------------------------------------------------------------------------------*/

const MESSAGE_LIST_NAME = 'MessageList';

const NO_INDEXES: readonly number[] = [];

/** Rows around the viewport that find-in-page reaches by default. */
const FIND_IN_PAGE_ROWS = 1000;

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
      messages: latestMessages,
      label,
      confirmationPlacement = 'inline',
      showToolMessages = false,
      showHiddenMessages = false,
      groupTurns = true,
      empty = true,
      loading,
      loadingOlder,
      typingIndicator = true,
      onReachTop,
      hasOlder = false,
      loadOlder,
      hasNewer = false,
      loadNewer,
      loadLatest,
      loadAround,
      findInPage = true,
      renderMessage,
      estimateSize = 160,
      overscan = 4,
      announce = true,
      onFollowingChange,
      error,
      onDismissError,
      onDecision,
      onActivityAction,
      onCopyError,
      onRetry,
      onEdit,
      onFeedback,
      feedback,
      branchOf,
      onBranchChange,
      style,
      ...rootProps
    } = props;
    const labels = useLabels();
    const messages = useDeferredArrival(latestMessages);
    const rootRef = React.useRef<HTMLDivElement>(null);

    // ---- Rows -----------------------------------------------------------------------------------
    const rows = useListRows(messages, { showToolMessages, showHiddenMessages, groupTurns });
    const { pairing, visible, turns } = rows;
    const visibleRef = React.useRef<VisibleMessages | null>(null);
    useIsomorphicLayoutEffect(() => {
      visibleRef.current = visible;
    });
    const { keys } = visible;
    const count = keys.length;

    // ---- Following and the jump control ---------------------------------------------------------
    const [leftAfter, setLeftAfter] = React.useState<string | null>(null);
    // The last row the list was kept at its end with: what is newer than it is new to the user,
    // also when the scroll that left the end is only read after more rows came in.
    const seenRef = React.useRef<string | null>(null);
    const lastRow = () => {
      const current = visibleRef.current?.keys ?? [];
      return current[current.length - 1] ?? null;
    };
    const onFollowing = (next: boolean) => {
      setLeftAfter(next ? null : (seenRef.current ?? lastRow()));
      onFollowingChange?.(next);
    };
    const stick = useStickToBottom(rootRef, onFollowing, !hasNewer);
    const { following, setFollowing } = stick;
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
      // Rows re-render after the observer's callback, not inside it: a synchronous render there
      // measures new rows in the same frame, which the browser reports as a ResizeObserver loop.
      useFlushSync: false,
      scrollToFn: (offset, options, instance) => {
        stick.noteWrite(offset + (options.adjustments ?? 0));
        elementScroll(offset, options, instance);
      },
    });
    const scrollToEnd = React.useCallback(() => virtualizer.scrollToEnd(), [virtualizer]);

    // Start at the latest message, and stay there while following.
    useIsomorphicLayoutEffect(scrollToEnd, [scrollToEnd]);
    const footerRef = React.useRef<HTMLDivElement>(null);
    useKeepAtEnd(rootRef, footerRef, stick, scrollToEnd, () => {
      seenRef.current = lastRow();
    });
    const paging = useHistoryPaging(rootRef, {
      hasOlder,
      loadOlder,
      hasNewer,
      loadNewer,
      onReachTop,
      olderBusy: showsSlot(loadingOlder),
      firstKey: keys[0],
      lastKey: keys[count - 1],
    });
    const olderSlot = paging.loadingOlder && !showsSlot(loadingOlder) ? true : loadingOlder;
    const handle = useListHandle(ref, {
      rootRef,
      virtualizer,
      stick,
      messages,
      visible,
      loadAround,
    });

    const latest = useLoadLatest(hasNewer, loadLatest, () => {
      setFollowing(true);
      scrollToEnd();
    });

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
      if (latest.load()) return;
      setFollowing(true);
      virtualizer.scrollToEnd({ behavior: smoothUnlessReduced() });
    };

    const { polite: politeRef, assertive: assertiveRef } = useListAnnouncements(
      messages,
      announce === false ? false : announce === true ? defaultFormatAnnouncement : announce,
    );
    // Rows call the latest action callbacks through stable wrappers: an inline arrow function
    // from the app does not re-render every finished row.
    const rememberBranchFocus = useBranchFocus(rootRef);
    const actionsRef = React.useRef({ onCopyError, onRetry, onEdit, onFeedback, onBranchChange });
    useIsomorphicLayoutEffect(() => {
      actionsRef.current = { onCopyError, onRetry, onEdit, onFeedback, onBranchChange };
    });
    const [hasCopyError, hasRetry, hasEdit, hasFeedback, hasBranches] = [
      onCopyError !== undefined,
      onRetry !== undefined,
      onEdit !== undefined,
      onFeedback !== undefined,
      onBranchChange !== undefined,
    ];
    // One object for every row, read through context: rows take no props for it.
    const callbacks = React.useMemo<MessageCallbacks>(
      () => ({
        ...(inlinePrompts ? { onDecision } : {}),
        ...(hasCopyError
          ? { onCopyError: (e: unknown, m: Msg) => actionsRef.current.onCopyError?.(e, m) }
          : {}),
        ...(hasRetry ? { onRetry: (m: Msg) => actionsRef.current.onRetry?.(m) } : {}),
        ...(hasEdit
          ? { onEdit: (m: Msg, text: string) => actionsRef.current.onEdit?.(m, text) }
          : {}),
        ...(hasFeedback
          ? {
              onFeedback: (m: Msg, value: MessageFeedback) =>
                actionsRef.current.onFeedback?.(m, value),
            }
          : {}),
        ...(hasBranches
          ? {
              onBranchChange: (m: Msg, index: number) => {
                rememberBranchFocus();
                actionsRef.current.onBranchChange?.(m, index);
              },
            }
          : {}),
      }),
      [
        inlinePrompts,
        onDecision,
        hasCopyError,
        hasRetry,
        hasEdit,
        hasFeedback,
        hasBranches,
        rememberBranchFocus,
      ],
    );
    const lastMessage = visible.messages[count - 1];
    const busy =
      showsSlot(loading) || showsSlot(olderSlot) || paging.loadingNewer || latest.loading;
    const virtualItems = virtualizer.getVirtualItems();
    const findRows = findInPage === true ? FIND_IN_PAGE_ROWS : Number(findInPage);

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
          <LoadingOlder slot={olderSlot} />
        </div>
        {findRows > 0 ? (
          <FindPlaceholders
            limit={findRows}
            messages={visible.messages}
            mounted={virtualItems.map((item) => item.index)}
            onReveal={handle.reveal}
          />
        ) : null}
        <div
          data-slot="message-list-content"
          style={{ position: 'relative', width: '100%', height: virtualizer.getTotalSize() }}
        >
          {virtualItems.map((item) => {
            const message = visible.messages[item.index] as Msg;
            const turn = turns?.turns[item.index];
            const branch = branchOf?.(message);
            return (
              <MessageListRow
                key={String(item.key)}
                message={message}
                index={item.index}
                start={item.start}
                measure={virtualizer.measureElement}
                toolResults={pairing.resultsByMessage.get(message.id)}
                feedback={feedbackOf(feedback, actionTargetId(message, turn))}
                renderMessage={renderMessage}
                turn={turn}
                subagents={rows.subagentsOf(message)}
                branchIndex={branch?.index ?? 0}
                branchCount={branch?.count ?? 0}
              />
            );
          })}
        </div>
        <div data-slot="message-list-footer" ref={footerRef}>
          <ListFooter
            isEmpty={count === 0}
            empty={empty}
            loading={
              paging.loadingNewer || latest.loading
                ? showsSlot(loading)
                  ? loading
                  : true
                : loading
            }
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
        <ListCallbacksContext.Provider value={callbacks}>
          <ActivityActionScope onAction={onActivityAction}>{list}</ActivityActionScope>
        </ListCallbacksContext.Provider>
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
export type { JumpOptions, ListScrollBehavior, MessageListHandle, MessageListProps };
