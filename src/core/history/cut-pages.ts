import type { HistoryShape } from './history-shape.js';

/** A slice of a longer history, oldest first, and where it sits in the whole. */
export interface HistoryPage<T> {
  /** The page's messages, oldest first. */
  readonly items: readonly T[];
  /** The index of its first message in the whole history (0 is the oldest). */
  readonly start: number;
  /** How many messages the whole history held when the page was cut. */
  readonly total: number;
  /** Older messages exist before it. */
  readonly hasOlder: boolean;
  /** Newer messages exist after it. */
  readonly hasNewer: boolean;
}

/** Builds a page from `items[start, end)`. */
export function pageOf<T>(items: readonly T[], start: number, end: number): HistoryPage<T> {
  return {
    items: items.slice(start, end),
    start,
    total: items.length,
    hasOlder: start > 0,
    hasNewer: end < items.length,
  };
}

/**
 * Where a page may begin or end: `cuts[i]` is 1 when a boundary may fall before `items[i]`
 * (always at 0 and at the end). Never inside a turn (a prompt and its reply, one speaker's
 * run of reply messages) nor between two messages that share a link (a call and its result, a
 * subagent run and the call that started it).
 */
export function historyCuts<T>(items: readonly T[], shape: HistoryShape<T>): Uint8Array {
  const n = items.length;
  // Each link blocks every boundary from just after its first message to its last one.
  const blocked = new Int32Array(n + 2);
  const first = new Map<string, number>();
  const last = new Map<string, number>();
  items.forEach((item, index) => {
    for (const link of shape.links(item)) {
      if (!first.has(link)) first.set(link, index);
      last.set(link, index);
    }
  });
  for (const [link, from] of first) {
    const to = last.get(link) ?? from;
    if (to > from) {
      blocked[from + 1] = (blocked[from + 1] ?? 0) + 1;
      blocked[to + 1] = (blocked[to + 1] ?? 0) - 1;
    }
  }
  const cuts = new Uint8Array(n + 1);
  let open = 0;
  for (let i = 0; i <= n; i++) {
    open += blocked[i] ?? 0;
    cuts[i] =
      i === 0 || i === n || (open === 0 && !sameTurn(shape, items[i - 1] as T, items[i] as T))
        ? 1
        : 0;
  }
  return cuts;
}

function sameTurn<T>(shape: HistoryShape<T>, before: T, item: T): boolean {
  if (shape.turn(item) !== 'reply') return false;
  const previous = shape.turn(before);
  if (previous === 'prompt') return true;
  if (previous !== 'reply') return false;
  const [a, b] = [shape.speaker(before), shape.speaker(item)];
  return a === undefined || b === undefined || a === b;
}

function checkSize(size: number): void {
  if (!Number.isInteger(size) || size < 1) {
    throw new RangeError(`A history page holds at least one message: size ${String(size)}`);
  }
}

/** The nearest boundary at or below `at` (0 at worst). */
function cutBelow(cuts: Uint8Array, at: number): number {
  for (let i = Math.min(at, cuts.length - 1); i > 0; i--) if (cuts[i] === 1) return i;
  return 0;
}

/** The nearest boundary at or above `at` (the end at worst). */
function cutAbove(cuts: Uint8Array, at: number): number {
  for (let i = Math.max(at, 0); i < cuts.length; i++) if (cuts[i] === 1) return i;
  return cuts.length - 1;
}

/** How long a page aims to be. */
export interface HistoryPageOptions {
  /** Messages a page aims at; a turn or a tool call longer than that makes a longer page. */
  size: number;
}

/**
 * The page that ends just before `end` (the whole history's end by default): the latest page to
 * open a conversation at, or the page to prepend when the user nears the top of a window that
 * starts at `end`.
 */
export function pageBefore<T>(
  items: readonly T[],
  shape: HistoryShape<T>,
  options: HistoryPageOptions & { end?: number },
): HistoryPage<T> {
  checkSize(options.size);
  const cuts = historyCuts(items, shape);
  const end = cutAbove(cuts, Math.min(options.end ?? items.length, items.length));
  return pageOf(items, cutBelow(cuts, end - options.size), end);
}

/** The page that starts at `start`: what to append when the user nears the bottom of a window. */
export function pageAfter<T>(
  items: readonly T[],
  shape: HistoryShape<T>,
  options: HistoryPageOptions & { start: number },
): HistoryPage<T> {
  checkSize(options.size);
  const cuts = historyCuts(items, shape);
  const start = cutBelow(cuts, Math.max(0, options.start));
  return pageOf(items, start, cutAbove(cuts, start + options.size));
}

/**
 * The page around the message `id`, for a jump to a message that is not loaded (a search hit, a
 * citation); `null` when the history has no such message.
 */
export function pageAround<T>(
  items: readonly T[],
  shape: HistoryShape<T>,
  id: string,
  options: HistoryPageOptions,
): HistoryPage<T> | null {
  checkSize(options.size);
  const index = items.findIndex((item) => shape.id(item) === id);
  if (index < 0) return null;
  const cuts = historyCuts(items, shape);
  const start = cutBelow(cuts, index - Math.floor(options.size / 2));
  return pageOf(items, start, cutAbove(cuts, Math.max(start + options.size, index + 1)));
}

/** The whole history cut into pages from its end (so the latest page is full), oldest first. */
export function cutHistory<T>(
  items: readonly T[],
  shape: HistoryShape<T>,
  options: HistoryPageOptions,
): HistoryPage<T>[] {
  checkSize(options.size);
  const cuts = historyCuts(items, shape);
  const pages: HistoryPage<T>[] = [];
  let end = items.length;
  while (end > 0) {
    const start = cutBelow(cuts, end - options.size);
    pages.unshift(pageOf(items, start, end));
    end = start;
  }
  return pages;
}
