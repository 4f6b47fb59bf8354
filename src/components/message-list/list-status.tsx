'use client';

import * as React from 'react';
import type { Msg } from '../../core/model/message.js';
import { shownLabel } from '../message/sender.js';
import { useLabels } from '../provider/agent-messages-provider.js';

/** `true` shows the default content, a node shows that node, anything else shows nothing. */
export type StatusSlot = React.ReactNode;

function slotContent(slot: StatusSlot, fallback: string): React.ReactNode {
  return slot === true ? fallback : slot;
}

function shows(slot: StatusSlot): boolean {
  return slot !== undefined && slot !== null && slot !== false;
}

interface ListFooterProps {
  /** No visible messages. */
  isEmpty: boolean;
  empty: StatusSlot;
  loading: StatusSlot;
  typingIndicator: StatusSlot;
  /** The reply that has started but has nothing to show yet, if the last row is one. */
  pendingReply: Msg | undefined;
}

/**
 * What follows the last message: the empty state, the loading row, or the "thinking" indicator.
 * @selector [data-slot="message-list-empty"] [data-slot="message-list-loading"] [data-slot="message-list-typing"]
 */
export function ListFooter({
  isEmpty,
  empty,
  loading,
  typingIndicator,
  pendingReply,
}: ListFooterProps) {
  const labels = useLabels();
  if (shows(loading)) {
    return <div data-slot="message-list-loading">{slotContent(loading, labels.listLoading)}</div>;
  }
  if (isEmpty) {
    return shows(empty) ? (
      <div data-slot="message-list-empty">{slotContent(empty, labels.listEmpty)}</div>
    ) : null;
  }
  if (pendingReply !== undefined && shows(typingIndicator)) {
    // The name is the model's or the protocol's: hidden and bidi characters show as markers.
    const name = pendingReply.name ? shownLabel(pendingReply.name) : labels.roles.assistant;
    return (
      <div data-slot="message-list-typing" data-role={pendingReply.role}>
        {typingIndicator === true ? (
          <>
            <span data-slot="message-list-typing-dots" aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            <span data-slot="message-list-typing-label">{labels.replyPending(name)}</span>
          </>
        ) : (
          typingIndicator
        )}
      </div>
    );
  }
  return null;
}

/**
 * The row shown over the top of the list while older messages load.
 * @selector [data-slot="message-list-loading-older"]
 */
export function LoadingOlder({ slot }: { slot: StatusSlot }) {
  const labels = useLabels();
  if (!shows(slot)) return null;
  return (
    <div data-slot="message-list-loading-older">{slotContent(slot, labels.listLoadingOlder)}</div>
  );
}

export { shows as showsSlot };
