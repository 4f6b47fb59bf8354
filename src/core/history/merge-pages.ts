import type { HistoryPage } from './cut-pages.js';
import type { HistoryShape } from './history-shape.js';

/**
 * What a client holds of a long history: one contiguous page it shows, and pages that arrived
 * out of order (a slow request overtaken by a jump), kept aside until they touch it.
 */
export interface HistoryWindow<T> extends HistoryPage<T> {
  /** Loaded pages that do not touch the shown one yet, by `start`. */
  readonly detached: readonly HistoryPage<T>[];
}

interface Span<T> {
  items: readonly T[];
  start: number;
  total: number;
}

function toWindow<T>(span: Span<T>, detached: readonly HistoryPage<T>[]): HistoryWindow<T> {
  const end = span.start + span.items.length;
  const total = Math.max(span.total, end);
  return {
    items: span.items,
    start: span.start,
    total,
    hasOlder: span.start > 0,
    hasNewer: end < total,
    detached,
  };
}

function asPage<T>(span: Span<T>): HistoryPage<T> {
  const { detached: _, ...page } = toWindow(span, []);
  return page;
}

/** `a` and `b` overlap or meet end to start. */
function touches<T>(a: Span<T>, b: Span<T>): boolean {
  return b.start <= a.start + a.items.length && a.start <= b.start + b.items.length;
}

/**
 * Joins two touching spans: `b`'s copy of a message wins (it is the newer read), each id appears
 * once, at its first place.
 */
function join<T>(a: Span<T>, b: Span<T>, shape: HistoryShape<T>): Span<T> {
  const start = Math.min(a.start, b.start);
  const end = Math.max(a.start + a.items.length, b.start + b.items.length);
  const slots: (T | undefined)[] = new Array<T | undefined>(end - start);
  a.items.forEach((item, i) => (slots[a.start - start + i] = item));
  b.items.forEach((item, i) => (slots[b.start - start + i] = item));
  const newest = new Map<string, T>();
  for (const item of b.items) newest.set(shape.id(item), item);
  const seen = new Set<string>();
  const items: T[] = [];
  for (const slot of slots) {
    if (slot === undefined) continue;
    const id = shape.id(slot);
    if (seen.has(id)) continue;
    seen.add(id);
    items.push(newest.get(id) ?? slot);
  }
  return { items, start, total: Math.max(a.total, b.total) };
}

/** A window that shows `page`. */
export function createHistoryWindow<T>(page: HistoryPage<T>): HistoryWindow<T> {
  return toWindow(page, []);
}

/**
 * Adds a loaded page to the window, by id: no message twice, and the shown part never has a gap.
 * A page that touches the window joins it (with any kept page it now reaches); one that does not
 * is kept aside, unless `jump` (the page around a message the user jumps to): then it is shown
 * and what was shown is kept aside.
 */
export function mergeHistoryPage<T>(
  window: HistoryWindow<T>,
  page: HistoryPage<T>,
  shape: HistoryShape<T>,
  options: { jump?: boolean } = {},
): HistoryWindow<T> {
  let shown: Span<T> = window;
  let kept = [...window.detached];
  if (touches(shown, page)) {
    shown = join(shown, page, shape);
  } else if (options.jump === true) {
    if (shown.items.length > 0) kept.push(asPage(shown));
    shown = page;
  } else {
    kept.push(page);
  }
  // Kept pages that the shown one now reaches join it, repeatedly: one can bridge to the next.
  for (let joined = true; joined;) {
    joined = false;
    const rest: HistoryPage<T>[] = [];
    for (const other of kept) {
      if (touches(shown, other)) {
        shown = join(other, shown, shape);
        joined = true;
      } else rest.push(other);
    }
    kept = rest;
  }
  kept.sort((a, b) => a.start - b.start);
  return toWindow(shown, kept);
}

/**
 * Adds messages that arrive live or again (a replayed run, a resumed stream, a whole snapshot) by
 * id: a message the window holds is replaced where it is, a new one goes after the newest. One that
 * comes before a message the window holds is older history: placed before it when the window
 * starts at the beginning, else left to the older pages that hold it. When the window shows an
 * older part (after a jump), new messages are kept aside until the user reaches them.
 */
export function mergeLiveMessages<T>(
  window: HistoryWindow<T>,
  messages: readonly T[],
  shape: HistoryShape<T>,
): HistoryWindow<T> {
  const items = window.items.slice();
  const kept = window.detached.map((page) => ({ ...page, items: page.items.slice() }));
  let total = Math.max(window.total, ...kept.map((page) => page.start + page.items.length));
  const indexIn = (list: readonly T[], id: string) =>
    list.findIndex((item) => shape.id(item) === id);
  // Where, in the batch, the next message the window already holds is.
  const held = new Set(items.map((item) => shape.id(item)));
  const nextKnown = new Array<string | null>(messages.length).fill(null);
  for (let i = messages.length - 1, next: string | null = null; i >= 0; i--) {
    const id = shape.id(messages[i] as T);
    if (held.has(id)) next = id;
    nextKnown[i] = next;
  }
  messages.forEach((message, i) => {
    const id = shape.id(message);
    const at = indexIn(items, id);
    if (at >= 0) {
      items[at] = message;
      return;
    }
    const host = kept.find((page) => indexIn(page.items, id) >= 0);
    if (host !== undefined) {
      host.items[indexIn(host.items, id)] = message;
      return;
    }
    const before = nextKnown[i] ?? null;
    if (before !== null) {
      if (window.start > 0) return;
      items.splice(indexIn(items, before), 0, message);
    } else if (window.start + items.length >= total) {
      items.push(message);
    } else {
      const tail = kept.find((page) => page.start + page.items.length === total);
      if (tail !== undefined) tail.items.push(message);
      else kept.push({ ...asPage({ items: [], start: total, total }), items: [message] });
    }
    total += 1;
  });
  const detached = kept.map((page) => asPage({ ...page, total }));
  return toWindow({ items, start: window.start, total }, detached);
}
