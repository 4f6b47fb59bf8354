/*
 * Every hostile case of the corpus, rendered through `<Message>` in Chromium under the traps of
 * harness.ts (see run-case.tsx for what each case must satisfy).
 */
import { describe, expect, it } from 'vitest';
import { corpus, corpusByPlace } from './corpus/index.js';
import { runCase } from './run-case.js';

describe('hostile corpus', () => {
  it('has at least 80 cases', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(80);
  });

  for (const [where, cases] of corpusByPlace()) {
    describe(where, () => {
      for (const entry of cases) {
        // A known hole outside this suite's files: expected to fail until it is fixed.
        const test = entry.hole ? it.fails : it;
        test(entry.name, async () => {
          await runCase(entry);
        });
      }
    });
  }
});
