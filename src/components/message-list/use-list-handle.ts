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

/** Two frames: a page the app set just before its promise settled has been committed by then. */
function afterCommit(run: () => void): void {
  if (typeof requestAnimationFrame === 'undefined') return run();
  requestAnimationFrame(() => requestAnimationFrame(run));
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
  const landing = React.useRef<(() => void) | null>(null);
  const endLanding = React.useCallback(() => {
    landing.current?.();
    landing.current = null;
  }, []);
  React.useEffect(() => endLanding, [endLanding]);

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
        const giveUp = () =>
          afterCommit(() => {
            if (pending.current !== entry) return;
            pending.current = null;
            resolve(false);
          });
        try {
          Promise.resolve(load(id)).then(giveUp, giveUp);
        } catch {
          giveUp();
        }
      });
    },
    [scrollToRow, setFollowing],
  );

  // The awaited message arrived: scroll to it in the commit that shows it.
  useIsomorphicLayoutEffect(() => {
    const entry = pending.current;
    if (entry === null) return;
    const index = rowOf(entry.id, messages, visible);
    if (index < 0) return;
    pending.current = null;
    scrollToRow(index, entry.options, 'auto');
    entry.resolve(true);
  }, [visible.keys, messages, scrollToRow]);

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
