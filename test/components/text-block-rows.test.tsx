/*
 * A streaming table or list renders from finished parts and its live row or item (see
 * src/markdown/tail/tail-parts.ts): at every token it must show what a full parse of the tail shows,
 * and the rows that finished must stay as they are in the page while the next ones arrive.
 */
import fc from 'fast-check';
import * as React from 'react';
import { flushSync } from 'react-dom';
import { describe, expect, it } from 'vitest';
import { TailAnchoringContext } from '../../src/components/blocks/text/markdown.js';
import { textBlock } from '../../src/core.js';
import { TextBlockView } from '../../src/index.js';
import { mount } from './mount-root.js';
import { fuzzRuns, fuzzTimeout } from '../fuzz-runs.js';

/** The rendered markdown, with per-instance ids and whitespace (never visible) left out. */
function shown(element: HTMLElement): string {
  const content = element.querySelector('[data-slot="text-block-content"]');
  return (content?.innerHTML ?? '')
    .replace(/user-content-[A-Za-z0-9_]+-/g, 'user-content-')
    .replace(/\s+/g, ' ')
    .replace(/> </g, '><');
}

const cell = fc.constantFrom('words', '**bold**', '`code`', '*em* more', '[a](https://x.example)');
const row = fc.array(cell, { minLength: 1, maxLength: 3 }).map((c) => `| ${c.join(' | ')} |\n`);
const item = fc
  .tuple(fc.constantFrom('-', '1.'), cell, fc.constantFrom('', '  - nested\n', '\n', '  more\n'))
  .map(([marker, text, after]) => `${marker} ${text}\n${after}`);
const streams = fc.record({
  text: fc.oneof(
    fc
      .array(row, { minLength: 2, maxLength: 20 })
      .map((r) => `| h | i |\n| :- | -: |\n${r.join('')}`),
    fc.array(item, { minLength: 2, maxLength: 20 }).map((i) => `- first\n${i.join('')}`),
  ),
  cuts: fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 10 }),
});

describe('a streaming table or list', { timeout: fuzzTimeout(120_000) }, () => {
  it('shows at every token what a full parse of the tail shows', () => {
    const split = mount();
    const reference = mount();
    fc.assert(
      fc.property(streams, ({ text, cuts }) => {
        const key = Math.random();
        let at = 0;
        for (let index = 0; at < text.length; index++) {
          at = Math.min(text.length, at + (cuts[index % cuts.length] ?? 4));
          const prefix = text.slice(0, at);
          const renderReference = (source: string) => {
            flushSync(() =>
              reference.root.render(
                <TailAnchoringContext.Provider value={false}>
                  <TextBlockView key={key} block={textBlock(source, { id: 'rows' })} streaming />
                </TailAnchoringContext.Provider>,
              ),
            );
            return shown(reference.element);
          };
          flushSync(() =>
            split.root.render(
              <TextBlockView key={key} block={textBlock(prefix, { id: 'rows' })} streaming />,
            ),
          );
          const actual = shown(split.element);
          if (actual === renderReference(prefix)) continue;
          // Else the anchor holds back a short run of markup at the very end, until a word.
          const held = prefix.replace(/[^0-9A-Za-z]{1,8}$/, '');
          expect(actual, JSON.stringify(prefix)).toBe(renderReference(held));
        }
      }),
      { numRuns: fuzzRuns(20), seed: 15 },
    );
  });

  it('leaves finished rows untouched in the page while more rows arrive', () => {
    const { root, element } = mount();
    let text = '| Name | Cost |\n| --- | ---: |\n';
    const render = () =>
      flushSync(() => root.render(<TextBlockView block={textBlock(text)} streaming />));
    for (let index = 0; index < 40; index++) text += `| row ${index} | ${index} ms |\n`;
    render();
    const rows = () => [...element.querySelectorAll('tbody tr')];
    const finished = rows().slice(0, 32);
    const mutations: MutationRecord[] = [];
    const observer = new MutationObserver((records) => mutations.push(...records));
    for (const node of finished) {
      observer.observe(node, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
    }
    for (const token of '| row 40 | 40 ms |\n| row 41 | 41 ms |\n| row 42'.match(/.{1,4}/gs) ??
      []) {
      text += token;
      render();
    }
    mutations.push(...observer.takeRecords());
    observer.disconnect();
    expect(rows()).toHaveLength(43);
    expect(rows().slice(0, 32)).toEqual(finished);
    expect(mutations).toEqual([]);
    expect(rows().at(-1)?.textContent).toContain('row 42');
  });
});
