/*
 * Properties of the page helpers: pages cut from a history and merged back, in any order, with
 * jumps, live and replayed messages, give the whole history once; a boundary never separates a
 * tool call from its result, a subagent run from its call, or a turn.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { HistoryPage, HistoryShape, HistoryWindow, Msg } from '../../../src/core.js';
import {
  agUiHistoryShape,
  createHistoryWindow,
  cutHistory,
  mergeHistoryPage,
  mergeLiveMessages,
  msgHistoryShape,
  pageAfter,
  pageAround,
  pageBefore,
  uiMessageHistoryShape,
} from '../../../src/core.js';
import { agUiHistory, callIdsOf, historyPlan, msgHistory, uiHistory } from './history-fixtures.js';

const RUNS = { numRuns: 150 };
const TIMEOUT = 60_000;

const ids = (items: readonly Msg[]) => items.map((message) => message.id);

/** Where each page ends, as indexes into the whole. */
function boundaries(pages: readonly { start: number; items: readonly unknown[] }[]): number[] {
  return pages.slice(0, -1).map((page) => page.start + page.items.length);
}

/** The boundary before `at` splits nothing: no call id on both sides, no prompt from its reply. */
function splitsNothing(whole: readonly Msg[], at: number): boolean {
  const before = new Set(whole.slice(0, at).flatMap(callIdsOf));
  if (whole.slice(at).some((message) => callIdsOf(message).some((id) => before.has(id)))) {
    return false;
  }
  const [previous, next] = [whole[at - 1], whole[at]];
  if (previous === undefined || next === undefined) return true;
  const reply = (m: Msg) => m.role === 'assistant' || m.role === 'tool';
  if (!reply(next)) return true;
  if (previous.role === 'user') return false;
  const speaker = (m: Msg) => (m.role === 'assistant' ? m.name : undefined);
  return !(
    reply(previous) &&
    (speaker(previous) === undefined ||
      speaker(next) === undefined ||
      speaker(previous) === speaker(next))
  );
}

/** Merges `pages` in the given order, starting from the first; some of them as jumps. */
function mergeAll<T>(
  pages: readonly HistoryPage<T>[],
  order: readonly number[],
  jumps: readonly boolean[],
  shape: HistoryShape<T>,
): HistoryWindow<T> {
  const [first, ...rest] = order.map((index) => pages[index] as HistoryPage<T>);
  let window = createHistoryWindow(first as HistoryPage<T>);
  rest.forEach((page, i) => {
    window = mergeHistoryPage(window, page, shape, { jump: jumps[i] === true });
  });
  return window;
}

const cutAndOrder = historyPlan.chain((plan) => {
  const whole = msgHistory(plan);
  return fc
    .integer({ min: 1, max: 9 })
    .chain((size) => {
      const count = cutHistory(whole, msgHistoryShape, { size }).length;
      return fc.record({
        size: fc.constant(size),
        order: fc.shuffledSubarray(
          Array.from({ length: count }, (_, i) => i),
          { minLength: count, maxLength: count },
        ),
        jumps: fc.array(fc.boolean(), { minLength: count, maxLength: count }),
      });
    })
    .map((cut) => ({ whole, ...cut }));
});

describe('history pages', () => {
  it(
    'cuts a history into pages that put it back together, and never splits a call, a subagent run or a turn',
    () => {
      fc.assert(
        fc.property(cutAndOrder, ({ whole, size }) => {
          const pages = cutHistory(whole, msgHistoryShape, { size });
          expect(pages.flatMap((page) => ids(page.items))).toEqual(ids(whole));
          for (const at of boundaries(pages)) expect(splitsNothing(whole, at)).toBe(true);
          expect(pages[0]?.hasOlder).toBe(false);
          expect(pages.at(-1)?.hasNewer).toBe(false);
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    'merges the pages in any order, jumps included, into the whole history with no duplicate',
    () => {
      fc.assert(
        fc.property(cutAndOrder, ({ whole, size, order, jumps }) => {
          const pages = cutHistory(whole, msgHistoryShape, { size });
          const window = mergeAll(pages, order, jumps, msgHistoryShape);
          expect(ids(window.items)).toEqual(ids(whole));
          expect(window.detached).toEqual([]);
          expect([window.hasOlder, window.hasNewer]).toEqual([false, false]);
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    'shows no gap while pages arrive out of order: the shown part is always a contiguous run',
    () => {
      fc.assert(
        fc.property(cutAndOrder, ({ whole, size, order, jumps }) => {
          const pages = cutHistory(whole, msgHistoryShape, { size });
          let window = createHistoryWindow(pages[order[0] ?? 0] as HistoryPage<Msg>);
          for (const [i, index] of order.slice(1).entries()) {
            window = mergeHistoryPage(window, pages[index] as HistoryPage<Msg>, msgHistoryShape, {
              jump: jumps[i] === true,
            });
            const shown = ids(window.items);
            expect(shown).toEqual(ids(whole).slice(window.start, window.start + shown.length));
          }
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    'takes live and replayed messages by id: replaced in place, new ones once, after the newest',
    () => {
      fc.assert(
        fc.property(
          historyPlan,
          fc.integer({ min: 1, max: 8 }),
          fc.integer({ min: 1, max: 60 }),
          fc.nat({ max: 4 }),
          (plan, size, replayed, fresh) => {
            const whole = msgHistory(plan);
            let window = createHistoryWindow(pageBefore(whole, msgHistoryShape, { size }));
            const replay = whole
              .slice(-replayed)
              .map((m) => ({ ...m, metadata: { replayed: true } }));
            const live = Array.from({ length: fresh }, (_, i) => ({
              ...(whole[0] as Msg),
              id: `live${i}`,
            }));
            // A replay, then live messages, then the same live messages again (a resumed stream).
            window = mergeLiveMessages(window, [...replay, ...live], msgHistoryShape);
            window = mergeLiveMessages(window, live, msgHistoryShape);
            const expected = [...ids(whole), ...ids(live)];
            expect(ids(window.items)).toEqual(expected.slice(window.start));
            expect(window.total).toBe(expected.length);
            expect(window.hasNewer).toBe(false);
            const replayedIds = new Set(ids(replay));
            for (const message of window.items) {
              if (replayedIds.has(message.id) && message.id !== (whole[0] as Msg).id) {
                expect(message.metadata).toEqual({ replayed: true });
              }
            }
          },
        ),
        RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    'keeps live messages aside while the window shows the past, and reaches them with no gap',
    () => {
      fc.assert(
        fc.property(
          historyPlan,
          fc.integer({ min: 1, max: 6 }),
          fc.nat({ max: 3 }),
          (plan, size, fresh) => {
            const whole = msgHistory(plan);
            const first = whole[0] as Msg;
            let window = createHistoryWindow(pageAfter(whole, msgHistoryShape, { start: 0, size }));
            const live = Array.from({ length: fresh }, (_, i) => ({ ...first, id: `live${i}` }));
            window = mergeLiveMessages(window, live, msgHistoryShape);
            const server = [...whole, ...live];
            if (window.hasNewer)
              expect(ids(window.items)).toEqual(ids(server).slice(0, window.items.length));
            // The server's pages now hold the live messages too: paging forward meets them once.
            while (window.hasNewer) {
              const end = window.start + window.items.length;
              window = mergeHistoryPage(
                window,
                pageAfter(server, msgHistoryShape, { start: end, size }),
                msgHistoryShape,
              );
            }
            expect(ids(window.items)).toEqual(ids(server));
            expect(window.detached).toEqual([]);
          },
        ),
        RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    'cuts AI SDK UIMessages and AG-UI Messages at boundaries that split no call from its result',
    () => {
      fc.assert(
        fc.property(cutAndOrder, ({ whole, size }) => {
          const ui = cutHistory(uiHistory(whole), uiMessageHistoryShape, { size });
          const agUi = cutHistory(agUiHistory(whole), agUiHistoryShape, { size });
          expect(ui.flatMap((page) => page.items.map((m) => m.id))).toEqual(ids(whole));
          expect(agUi.flatMap((page) => page.items.map((m) => m.id))).toEqual(ids(whole));
          for (const pages of [
            ui.map(({ start, items }) => ({ start, items })),
            agUi.map(({ start, items }) => ({ start, items })),
          ]) {
            for (const at of boundaries(pages)) {
              const before = new Set(
                whole
                  .slice(0, at)
                  .flatMap((m) => callIdsOf(m).filter((id) => id.startsWith('call-'))),
              );
              // Subagent runs are canonical metadata: these formats tie calls and results only.
              const results = whole
                .slice(at)
                .filter((m) => m.role === 'tool')
                .flatMap(callIdsOf);
              expect(results.filter((id) => before.has(id))).toEqual([]);
            }
          }
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    'gives the page around any message, holding it, and the pages before and after it',
    () => {
      fc.assert(
        fc.property(historyPlan, fc.integer({ min: 1, max: 8 }), fc.nat(), (plan, size, pick) => {
          const whole = msgHistory(plan);
          const target = whole[pick % whole.length] as Msg;
          const page = pageAround(whole, msgHistoryShape, target.id, { size });
          expect(page && ids(page.items)).toContain(target.id);
          if (page === null) return;
          for (const at of [page.start, page.start + page.items.length]) {
            if (at > 0 && at < whole.length) expect(splitsNothing(whole, at)).toBe(true);
          }
          const older = pageBefore(whole, msgHistoryShape, { end: page.start, size });
          if (page.hasOlder) expect(older.start + older.items.length).toBe(page.start);
          const newer = pageAfter(whole, msgHistoryShape, {
            start: page.start + page.items.length,
            size,
          });
          if (page.hasNewer) expect(newer.start).toBe(page.start + page.items.length);
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );
});

describe('history pages with bad input', () => {
  it('refuses a page size that is not a positive whole number, saying why', () => {
    expect(() => pageBefore([], msgHistoryShape, { size: 0 })).toThrow(/at least one message/);
    expect(() => cutHistory([], msgHistoryShape, { size: Number.NaN })).toThrow(RangeError);
  });

  it('finds no page around an id the history does not hold', () => {
    expect(
      pageAround(
        msgHistory([{ speaker: 'Friday', calls: 0, late: false, subagent: 0, answers: 0 }]),
        msgHistoryShape,
        'nope',
        { size: 2 },
      ),
    ).toBeNull();
  });
});
