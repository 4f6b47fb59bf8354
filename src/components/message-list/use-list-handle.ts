'use client';

import type { Virtualizer } from '@tanstack/react-virtual';
import * as React from 'react';
import { msgHistoryShape } from '../../core/history/history-shape.js';
import type { Msg } from '../../core/model/message.js';
import { landOnRow } from './land-on-row.js';
import { useIsomorphicLayoutEffect } from '../primitives/use-isomorphic-layout-effect.js';
import type { JumpOptions, MessageListHandle } from './message-list-props.js';
import type { HistoryLoad } from './use-history-paging.js';
import type { StickToBottom } from './use-stick-to-bottom.js';
import { smoothUnlessReduced } from './use-stick-to-bottom.js';
import type { VisibleMessages } from './visible-messages.js';

interface PendingJump {
  id: string;
  options: JumpOptions;
  resolve(found: boolean): void;
}

interface ListHandleOptions {
  rootRef: React.RefObject<HTMLDivElement | null>;
  virtualizer: Virtualizer<HTMLDivElement, HTMLDivElement>;
  stick: StickToBottom;
  messages: readonly Msg[];
  visible: VisibleMessages;
  loadAround: ((id: string) => HistoryLoad) | undefined;
}

/**
 * The row that shows message `id`: its own, or for a message shown inside another row (a tool
 * result in its call's card, a subagent's message under its call) that row; -1 when none does.
 */
function rowOf(id: string, messages: readonly Msg[], visible: VisibleMessages): number {
  const own = visible.keys.indexOf(id);
  if (own >= 0) return own;
  const message = messages.find((m) => m.id === id);
  const links = message === undefined ? [] : msgHistoryShape.links(message);
  if (links.length === 0) return -1;
  return visible.messages.findIndex((row) =>
    msgHistoryShape.links(row).some((link) => links.includes(link)),
  );
}

/**
 * The list's imperative handle, and `jumpTo`: scrolls to a loaded message at once, or asks the app
 * for the page around one that is not loaded (`loadAround`) and scrolls to it once it is in.
 * A newer jump supersedes one still waiting (which resolves `false`).
 */
export function useListHandle(
  ref: React.ForwardedRef<MessageListHandle>,
  options: ListHandleOptions,
): { reveal(index: number): void } {
  const { rootRef, virtualizer, stick, messages, visible, loadAround } = options;
  const { setFollowing, followingRef } = stick;
  const latest = React.useRef({ messages, visible, loadAround });
  useIsomorphicLayoutEffect(() => {
    latest.current = { messages, visible, loadAround };
  });
  const pending = React.useRef<PendingJump | null>(null);
  // The jump whose load has settled: the commit that renders it is the last chance to find the row.
  const [settled, setSettled] = React.useState<PendingJump | null>(null);
  const landing = React.useRef<(() => void) | null>(null);
  const endLanding = React.useCallback(() => {
    landing.current?.();
    landing.current = null;
  }, []);
  React.useEffect(() => endLanding, [endLanding]);
  // A list that unmounts while a page loads renders no more: its waiting jump can only fail.
  React.useEffect(
    () => () => {
      pending.current?.resolve(false);
      pending.current = null;
    },
    [],
  );

  const scrollToRow = React.useCallback(
    (index: number, jump: JumpOptions, behavior: 'auto' | 'smooth') => {
      setFollowing(false);
      endLanding();
      const align = jump.align ?? 'start';
      virtualizer.scrollToIndex(index, { align, behavior });
      const root = rootRef.current;
      const key = latest.current.visible.keys[index];
      if (root === null || key === undefined) return;
      // By key: a page that arrives meanwhile moves the row to another index.
      const indexNow = () => latest.current.visible.keys.indexOf(key);
      landing.current = landOnRow({
        root,
        index: indexNow,
        retry: () => virtualizer.scrollToIndex(indexNow(), { align, behavior: 'auto' }),
      });
    },
    [virtualizer, setFollowing, endLanding, rootRef],
  );

  const jumpTo = React.useCallback(
    (id: string, jump: JumpOptions = {}): Promise<boolean> => {
      const current = latest.current;
      const index = rowOf(id, current.messages, current.visible);
      pending.current?.resolve(false);
      pending.current = null;
      if (index >= 0) {
        scrollToRow(index, jump, jump.behavior ?? smoothUnlessReduced());
        return Promise.resolve(true);
      }
      if (current.loadAround === undefined) return Promise.resolve(false);
      const load = current.loadAround;
      // The page replaces the window: following it would pull the list to its end.
      setFollowing(false);
      return new Promise<boolean>((resolve) => {
        const entry: PendingJump = { id, options: jump, resolve };
        pending.current = entry;
        // At transition priority, this render comes after every more urgent update and with any
        // other transition: whatever the app set before its promise settled has rendered by then,
        // however long that takes on a slow device (a count of frames was not enough).
        const settle = () => React.startTransition(() => setSettled(entry));
        try {
          Promise.resolve(load(id)).then(settle, settle);
        } catch {
          settle();
        }
      });
    },
    [scrollToRow, setFollowing],
  );

  // The awaited message arrived: scroll to it in the commit that shows it. Once its load has
  // settled and rendered without it, the app has no such message.
  useIsomorphicLayoutEffect(() => {
    const entry = pending.current;
    if (entry === null) return;
    const index = rowOf(entry.id, messages, visible);
    if (index < 0 && settled !== entry) return;
    pending.current = null;
    if (index >= 0) scrollToRow(index, entry.options, 'auto');
    entry.resolve(index >= 0);
  }, [visible.keys, messages, scrollToRow, settled]);

  React.useImperativeHandle(
    ref,
    () => ({
      get element() {
        return rootRef.current;
      },
      scrollToBottom(scroll = {}) {
        endLanding();
        setFollowing(true);
        virtualizer.scrollToEnd({ behavior: scroll.behavior ?? smoothUnlessReduced() });
      },
      jumpTo,
      scrollToMessage(id, jump = {}) {
        const current = latest.current;
        const index = rowOf(id, current.messages, current.visible);
        if (index < 0) return false;
        scrollToRow(index, jump, jump.behavior ?? smoothUnlessReduced());
        return true;
      },
      isFollowing: () => followingRef.current,
    }),
    [rootRef, virtualizer, setFollowing, followingRef, jumpTo, scrollToRow, endLanding],
  );

  const reveal = React.useCallback(
    (index: number) => scrollToRow(index, { align: 'center' }, 'auto'),
    [scrollToRow],
  );
  return { reveal };
}
