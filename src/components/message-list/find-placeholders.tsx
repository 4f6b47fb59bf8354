'use client';

import * as React from 'react';
import { messageText } from '../../core/history/search-messages.js';
import type { Msg } from '../../core/model/message.js';
import { useIsomorphicLayoutEffect } from '../primitives/use-isomorphic-layout-effect.js';

interface FindPlaceholdersProps {
  /** The list's rows. */
  messages: readonly Msg[];
  /** The indexes of the rows rendered now: their placeholders are plainly hidden (not findable). */
  mounted: readonly number[];
  /** The browser's find-in-page matched the text of row `index`. */
  onReveal(index: number): void;
  /** How many rows around the viewport get a placeholder. */
  limit: number;
}

/** The placeholders written so far, one per row, and the rows they were written from. */
interface Written {
  /** The index of the first row written. */
  from: number;
  messages: readonly Msg[];
  rows: HTMLElement[];
  mounted: readonly number[];
}

/** Rows per chunk: a chunk is hidden as a whole, so the browser lays out chunks, not rows. */
const CHUNK = 100;

function placeholder(message: Msg, index: number): HTMLElement {
  const row = document.createElement('div');
  row.setAttribute('data-slot', 'message-list-find-row');
  row.setAttribute('data-index', String(index));
  row.setAttribute('hidden', 'until-found');
  row.textContent = messageText(message);
  return row;
}

function chunk(): HTMLElement {
  const element = document.createElement('div');
  element.setAttribute('hidden', 'until-found');
  return element;
}

/** Appends the `at`-th placeholder written to its chunk, starting a chunk every `CHUNK` rows. */
function append(layer: HTMLElement, row: HTMLElement, at: number): HTMLElement {
  const host = at % CHUNK === 0 ? layer.appendChild(chunk()) : layer.lastElementChild;
  return (host ?? layer.appendChild(chunk())).appendChild(row);
}

/** How long one task writes placeholders before it lets the page run (ms). */
const SLICE_MS = 4;

/**
 * Writes placeholders for `messages` (the rows from `from` on), reusing what `written` holds while
 * the rows are the same. Stops once `deadline` (a `performance.now()` time) passes: the rows
 * written so far, in order, are returned, and the caller writes the rest in a later task.
 */
function sync(
  layer: HTMLElement,
  written: Written,
  messages: readonly Msg[],
  from: number,
  deadline: number,
): HTMLElement[] {
  const before = written.messages;
  const shared = Math.min(before.length, messages.length);
  let rows = written.rows;
  let same =
    written.from === from && rows.length === before.length && messages.length >= before.length;
  for (let i = 0; same && i < shared; i++) {
    if (before[i] !== messages[i] && before[i]?.id !== messages[i]?.id) same = false;
  }
  if (!same) {
    // Rows moved (older messages prepended, a new window): write them all again.
    layer.replaceChildren();
    rows = [];
  } else {
    for (let i = 0; i < shared; i++) {
      const message = messages[i] as Msg;
      if (before[i] !== message) (rows[i] as HTMLElement).textContent = messageText(message);
    }
  }
  for (let i = rows.length; i < messages.length; i++) {
    rows.push(append(layer, placeholder(messages[i] as Msg, from + i), i));
    // A history opened at once is thousands of rows: the clock is read every 32 of them.
    if ((i & 31) === 31 && performance.now() > deadline) break;
  }
  return rows;
}

/**
 * The text of the rows as plain text in `hidden="until-found"` elements, so the browser's
 * find-in-page matches rows that are not rendered; on `beforematch` the list scrolls to that row
 * and renders it. A rendered row's placeholder is empty, so nothing is found twice.
 * Only the `limit` rows around the viewport get one (the whole loaded window when it is smaller).
 * Written outside React, one element and one text node per row, changed only where rows change
 * (a large arrival a slice per task);
 * rows sit in hidden chunks of 100 (find-in-page reveals the chunk and the row, and fires
 * `beforematch` at both), so the browser lays out one box per chunk, not per row.
 * @selector [data-slot="message-list-find"] the layer; [data-slot="message-list-find-row"] [data-index] one row's text
 */
export function FindPlaceholders({ messages, mounted, onReveal, limit }: FindPlaceholdersProps) {
  const layerRef = React.useRef<HTMLDivElement>(null);
  const written = React.useRef<Written>({ from: 0, messages: [], rows: [], mounted: [] });
  const onRevealRef = React.useRef(onReveal);
  useIsomorphicLayoutEffect(() => {
    onRevealRef.current = onReveal;
  });
  React.useEffect(() => {
    const layer = layerRef.current;
    if (layer === null) return;
    const onBeforeMatch = (event: Event) => {
      const row = event.target instanceof Element ? event.target.closest('[data-index]') : null;
      const index = Number(row?.getAttribute('data-index'));
      if (row !== null && Number.isInteger(index)) onRevealRef.current(index);
    };
    layer.addEventListener('beforematch', onBeforeMatch);
    return () => layer.removeEventListener('beforematch', onBeforeMatch);
  }, []);

  const mountedKey = mounted.join(',');
  // The rows around the viewport, moved in steps of a quarter so that scrolling rewrites rarely.
  const span = Math.max(1, Math.min(limit, messages.length));
  const step = Math.max(1, Math.floor(span / 4));
  const center = mounted[0] ?? messages.length - 1;
  const from = Math.min(
    Math.max(0, Math.floor((center - span / 2) / step) * step),
    messages.length - span,
  );
  const range = React.useMemo(
    () => (from === 0 && span === messages.length ? messages : messages.slice(from, from + span)),
    [messages, from, span],
  );
  // After paint: the list shows its rows first, the findable text follows, a slice of rows per
  // task, so a long history opened at once does not hold the page for the whole of it.
  React.useEffect(() => {
    const layer = layerRef.current;
    if (layer === null) return;
    const start = Math.max(0, from);
    const now = mountedKey === '' ? [] : mountedKey.split(',').map(Number);
    const shown = new Set(now);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const write = () => {
      const current = written.current;
      const rows = sync(layer, current, range, start, performance.now() + SLICE_MS);
      const at = (index: number) => rows[index - start];
      // Rows that left the screen become findable again; a rendered row's placeholder is
      // emptied, so its text is in the page once (for find-in-page and tests' queries alike).
      for (const index of current.mounted) {
        const row = at(index);
        if (row === undefined || shown.has(index)) continue;
        row.textContent = messageText(messages[index] as Msg);
        row.setAttribute('hidden', 'until-found');
      }
      for (const index of now) {
        const row = at(index);
        if (row === undefined) continue;
        row.textContent = '';
        row.setAttribute('hidden', '');
      }
      // A chunk that find-in-page revealed hides again once its row is rendered.
      for (const element of layer.children) {
        if (element.getAttribute('hidden') !== 'until-found')
          element.setAttribute('hidden', 'until-found');
      }
      const done = rows.length === range.length;
      written.current = {
        from: start,
        messages: done ? range : range.slice(0, rows.length),
        rows,
        mounted: now,
      };
      if (!done) timer = setTimeout(write, 0);
    };
    write();
    return () => clearTimeout(timer);
  }, [messages, range, from, mountedKey]);

  // The layer's children are written by the effect above; React owns only the layer.
  return <div data-slot="message-list-find" ref={layerRef} style={LAYER} />;
}

// No room in the scroll content, and nothing shown: a revealed row stays clipped away until the
// list renders it for real (a moment later).
const LAYER: React.CSSProperties = {
  position: 'sticky',
  top: 0,
  height: 0,
  overflow: 'hidden',
  whiteSpace: 'pre-wrap',
};
