import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Msg } from '../../../src/core.js';
import { assistantMsg, textBlock } from '../../../src/core.js';
import { ChangeTracker, sliceChanges } from '../../../src/core/client/worker/message-changes.js';

const msg = (id: string, text = id): Msg => assistantMsg([textBlock(text)], { id });

describe('ChangeTracker: what a fold worker posts', () => {
  it('sends everything first, then only replaced and appended messages', () => {
    const tracker = new ChangeTracker();
    const a = msg('a');
    const b = msg('b');
    expect(tracker.take([a, b])).toEqual({ reset: true, messages: [a, b] });
    // A new list of the same messages (a fold that changed something else) carries none.
    const list = [a, b];
    expect(tracker.take(list)).toEqual({ reset: false, messages: [] });
    expect(tracker.take(list)).toBeNull();
    const b2 = msg('b', 'more');
    const c = msg('c');
    const changes = tracker.take([a, b2, c]);
    expect(changes?.reset).toBe(false);
    expect(changes?.messages).toEqual([b2, c]);
    expect(changes?.messages[0]).toBe(b2);
  });

  it('starts over when messages were removed or reordered', () => {
    const tracker = new ChangeTracker();
    const [a, b, c] = [msg('a'), msg('b'), msg('c')];
    tracker.take([a, b, c]);
    expect(tracker.take([a, c])).toEqual({ reset: true, messages: [a, c] });
    expect(tracker.take([c, a])).toEqual({ reset: true, messages: [c, a] });
  });
});

describe('sliceChanges', () => {
  it('keeps every message once, in order, within the budget unless one alone is heavier', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 400 }), { maxLength: 60 }),
        fc.integer({ min: 50, max: 3000 }),
        fc.boolean(),
        (texts, budget, reset) => {
          const messages = texts.map((text, index) => msg(`m${index}`, text));
          const slices = sliceChanges({ reset, messages }, budget);
          expect(slices.flatMap((slice) => slice.messages)).toEqual(messages);
          expect(slices.map((slice) => slice.reset)).toEqual(
            slices.map((_, i) => reset && i === 0),
          );
          for (const slice of slices) {
            const weight = JSON.stringify(slice.messages).length;
            if (slice.messages.length > 1) expect(weight).toBeLessThan(budget * 2 + 100);
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
