/*
 * The cells typed after an anchor in a streaming table's live row (src/markdown/tail/typed-cells.ts).
 * That they show what a full parse shows is checked at every token in
 * test/components/text-block-tail.test.tsx; these pin the rules one by one.
 */
import { describe, expect, it } from 'vitest';
import { repairMarkdownTail } from '../../../src/markdown/repair/repair-markdown.js';
import { CELL_MARK, TAIL_MARK } from '../../../src/markdown/marks.js';
import { followTail } from '../../../src/markdown/tail/tail-anchor.js';
import {
  cellsToCome,
  headerCells,
  readTypedCells,
} from '../../../src/markdown/tail/typed-cells.js';

const HEAD = '| a | b | c | d |\n| - | - | - | - |\n';

describe('typed cells', () => {
  it('counts the header’s cells, and the cells a row has still to come', () => {
    expect(headerCells(HEAD)).toBe(4);
    expect(headerCells('| a | b\n| - | -\n')).toBe(2);
    expect(headerCells('| `a|b` | c |\n')).toBe(0);
    expect(cellsToCome(`${HEAD}| one`, 4)).toBe(3);
    expect(cellsToCome(`${HEAD}| one | two`, 4)).toBe(2);
    expect(cellsToCome(`${HEAD}| one | two | three | four | five`, 4)).toBe(0);
    // A pipe in code, an escaped pipe: the row's cells are not read from its pipes.
    expect(cellsToCome(`${HEAD}| \`a\` | two`, 4)).toBe(0);
    expect(cellsToCome(`${HEAD}| a \\| b`, 4)).toBe(0);
  });

  it('reads the rest of the anchor’s cell and each next one, trimmed as GFM trims a cell', () => {
    const source = `${HEAD}| one`;
    expect(readTypedCells(`${source} more | two  | **three** and`, source.length)).toEqual({
      after: ' more',
      spans: [],
      cells: [
        { after: 'two', spans: [] },
        { after: '', spans: [{ delimiter: '**', text: 'three', closed: true, after: ' and' }] },
      ],
    });
    expect(readTypedCells(`${source} | `, source.length)?.cells).toEqual([
      { after: '', spans: [] },
    ]);
    // No pipe: not cells (typed text, as after any anchor).
    expect(readTypedCells(`${source} more`, source.length)).toBeNull();
    // Markup, or a span left open at a cell's end (GFM would show it as text).
    expect(readTypedCells(`${source} | a [b`, source.length)).toBeNull();
    expect(readTypedCells(`${source} | *a | b`, source.length)).toBeNull();
    expect(readTypedCells(`${source} | *a`, source.length)?.cells[0]?.spans[0]).toMatchObject({
      text: 'a',
      closed: false,
    });
  });

  it('gives a live row’s anchor a mark in each cell still to come, and keeps it as cells arrive', () => {
    const row = `${HEAD}| one`;
    const anchor = followTail(null, row, repairMarkdownTail, row, 4);
    expect(anchor).toMatchObject({
      cells: 3,
      markdown: `${row}${TAIL_MARK} | ${CELL_MARK} | ${CELL_MARK} | ${CELL_MARK}`,
    });
    const follows = (text: string) => followTail(anchor, text, repairMarkdownTail, row, 4);
    expect(follows(`${row} | two | three`)).toBe(anchor);
    expect(follows(`${row} | two \`code\` | three`)).toBe(anchor);
    expect(follows(`${row} | two [link`)).not.toBe(anchor);
    // Outside a table, or with its cells all there, no cell marks.
    expect(followTail(null, row, repairMarkdownTail, row, 0)?.cells).toBe(0);
    expect(followTail(null, `${row} | 2 | 3 | 4`, repairMarkdownTail, row, 4)?.cells).toBe(0);
  });
});
