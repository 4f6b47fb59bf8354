/*
 * A long table that streams pins its columns between rows (use-frozen-columns.ts): while a row
 * streams, the columns stay where they are; once it finishes, they are what the table would
 * have laid out on its own; when the text is done, the table is left as it is in history.
 * Short tables follow every token.
 */
import * as React from 'react';
import { flushSync } from 'react-dom';
import { describe, expect, it, vi } from 'vitest';
import { textBlock } from '../../src/core.js';
import { TextBlockView } from '../../src/index.js';
import { freezeColumns } from '../../src/components/blocks/text/freeze-columns.js';
import { FREEZE_FROM_ROWS } from '../../src/components/blocks/text/use-frozen-columns.js';
import { mount } from './mount-root.js';
import '../../src/styles/text-block.css';
import '../../src/styles/theme.css';

const HEAD = '| Name | Cost | Notes |\n| --- | ---: | :-: |\n';

function rows(count: number): string {
  return Array.from({ length: count }, (_, i) => `| row ${i} | ${i} ms | ok |\n`).join('');
}

/** The left edge and width of each header cell, rounded to the pixel. */
function columns(element: HTMLElement): string[] {
  return [...element.querySelectorAll('thead th')].map((cell) => {
    const box = cell.getBoundingClientRect();
    return `${Math.round(box.left)}+${Math.round(box.width)}`;
  });
}

function renderer() {
  const { root, element } = mount();
  element.style.width = '640px';
  return {
    element,
    show(text: string, streaming = true) {
      flushSync(() =>
        root.render(
          <TextBlockView block={textBlock(text, { id: 'table' })} streaming={streaming} />,
        ),
      );
    },
  };
}

/** The finished rows of a long table: with a live row below them, its columns freeze. */
const LONG = HEAD + rows(FREEZE_FROM_ROWS + 5);
/** A cell wider than any column of the long table. */
const WIDE = 'a much longer note than any before it';

/**
 * A long table streaming its next row, once its columns are frozen (the code that freezes them
 * loads with the first long table), and where they stand.
 */
async function frozenTable() {
  const view = renderer();
  view.show(`${LONG}| row x | 1 ms | o`);
  await vi.waitFor(() =>
    expect(view.element.querySelector('table')).toHaveAttribute('data-columns-frozen'),
  );
  return { view, before: columns(view.element) };
}

/** The left edge and width of each cell of `row`, rounded to the pixel. */
function cellBoxes(row: Element | null | undefined): string[] {
  return [...(row?.children ?? [])].map((cell) => {
    const box = cell.getBoundingClientRect();
    return `${Math.round(box.left)}+${Math.round(box.width)}`;
  });
}

/** Where the text of a row's first cell starts, in CSS pixels from the viewport's top. */
function textTop(row: Element | null | undefined): number {
  const range = document.createRange();
  range.selectNodeContents(row?.firstElementChild ?? document.body);
  return range.getBoundingClientRect().top;
}

/** The table's rows, and the live row's own table (null when the live row is in the table). */
function tables(element: HTMLElement) {
  const [table, live = null] = element.querySelectorAll('table');
  return { rows: [...(table?.querySelectorAll('tbody tr') ?? [])], live };
}

/** Columns of `text` as a finished table lays them out. */
function finishedColumns(text: string): string[] {
  const view = renderer();
  view.show(text, false);
  return columns(view.element);
}

describe('a long streaming table', () => {
  it('keeps its columns while a row streams, and lays them out again once it finishes', async () => {
    const { view, before } = await frozenTable();
    // The live row's last cell outgrows its column: the columns stay.
    let text = `${LONG}| row x | 1 ms | ${WIDE}`;
    for (let at = text.length - 30; at <= text.length; at += 4) view.show(text.slice(0, at));
    expect(columns(view.element)).toEqual(before);
    // The row is done and the next begins: the columns are what a finished table shows.
    text += ' |\n| row';
    view.show(text);
    expect(columns(view.element)).not.toEqual(before);
    expect(columns(view.element)).toEqual(finishedColumns(text.slice(0, text.lastIndexOf('\n'))));
  });

  it('lays them out again when any row of a batch that finished at once outgrows them', async () => {
    const { view, before } = await frozenTable();
    // One update finishes a wide row and a narrow one after it.
    const batch = `${LONG}| row x | 1 ms | ${WIDE} |\n| row y | 2 ms | ok |\n| row`;
    view.show(batch);
    expect(columns(view.element)).not.toEqual(before);
    expect(columns(view.element)).toEqual(finishedColumns(batch.slice(0, batch.lastIndexOf('\n'))));
    // The live row's table follows the new columns.
    expect(cellBoxes(tables(view.element).live?.querySelector('tr'))).toEqual(
      columns(view.element),
    );
  });

  it('streams its live row in a table of its own, on the columns, where the row will stay', async () => {
    const { view, before } = await frozenTable();
    const { rows, live } = tables(view.element);
    // The finished rows stay in the table; the live row is alone in a presentational one.
    expect(rows).toHaveLength(FREEZE_FROM_ROWS + 5);
    expect(live).toHaveAttribute('role', 'presentation');
    const liveRow = live?.querySelector('tr');
    expect(liveRow).toHaveTextContent('row x');
    expect(cellBoxes(liveRow)).toEqual(before);
    // Once done, the row joins the table exactly where it streamed: one border above it, as
    // between any two rows, and no jump.
    const top = textTop(liveRow);
    // Right after its line end, no row streams: the live row's table is empty, and takes no room.
    view.show(`${LONG}| row x | 1 ms | o |\n`);
    const between = tables(view.element).live;
    expect(between?.querySelectorAll('tr')).toHaveLength(0);
    expect(between?.getBoundingClientRect().height).toBe(0);
    view.show(`${LONG}| row x | 1 ms | o |\n| row`);
    const joined = tables(view.element).rows.at(-1);
    expect(joined).toHaveTextContent('row x');
    expect(textTop(joined)).toBe(top);
  });

  it('breaks a long word in the streaming row inside its cell', async () => {
    const { view } = await frozenTable();
    view.show(`${LONG}| row x | 1 ms | https://example.com/${'a'.repeat(120)}`);
    const cell = [...view.element.querySelectorAll('tbody tr')].at(-1)?.lastElementChild;
    expect(cell?.textContent).toContain('aaaa');
    expect(cell?.scrollWidth).toBeLessThanOrEqual(cell?.clientWidth ?? 0);
  });

  it('is left with its own layout once the text is done', async () => {
    const { view } = await frozenTable();
    expect(view.element.querySelector('table')?.getAttribute('style')).toContain('fixed');
    const done = `${LONG}| row x | 1 ms | ${WIDE} |\n`;
    view.show(done, false);
    // The finished text renders in the background (useFinishInBackground), a moment later.
    await vi.waitFor(() =>
      expect(view.element.querySelector('table')?.getAttribute('style') ?? '').toBe(''),
    );
    const table = view.element.querySelector('table');
    expect(table?.hasAttribute('data-columns-frozen')).toBe(false);
    expect(tables(view.element)).toMatchObject({
      rows: { length: FREEZE_FROM_ROWS + 6 },
      live: null,
    });
    expect(columns(view.element)).toEqual(finishedColumns(done));
  });

  it('keeps its own layout while out of sight (a closed disclosure measures nothing)', () => {
    const view = renderer();
    view.element.hidden = true;
    view.show(`${LONG}| row x | 1 ms | o`);
    const table = view.element.querySelector('table');
    if (table === null) throw new Error('no table');
    freezeColumns(table, FREEZE_FROM_ROWS + 5);
    expect(table.hasAttribute('data-columns-frozen')).toBe(false);
    view.element.hidden = false;
    freezeColumns(table, FREEZE_FROM_ROWS + 5);
    expect(table.hasAttribute('data-columns-frozen')).toBe(true);
  });
});

describe('a short streaming table', () => {
  it('widens its columns as the live row grows', () => {
    const view = renderer();
    const text = `${HEAD + rows(3)}| row x | 1 ms | ${WIDE}`;
    view.show(text.slice(0, -30));
    const before = columns(view.element);
    view.show(text);
    expect(columns(view.element)).not.toEqual(before);
    expect(view.element.querySelector('table')?.hasAttribute('data-columns-frozen')).toBe(false);
  });
});
