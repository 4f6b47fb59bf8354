'use client';

import * as React from 'react';
import type { Element } from 'hast';
import { TAIL_PARTS_SLOT } from '../../../markdown/index.js';
import { hastProps, hastToReact } from './hast-to-react.js';
import { markdownComponents, TableFrame } from './markdown-elements.js';
import { useFrozenColumns } from './use-frozen-columns.js';

/*
 * A table that streams row by row (a split tail, split-tail.tsx). Once it is long, its columns
 * are pinned between rows (use-frozen-columns.ts), and the row still streaming moves out of it,
 * into a one-row table right below with the same widths: even with fixed columns, Chromium lays
 * out every row of a table when one cell grows (0.5 ms a token at row 240, 1.9 ms at row 1,000),
 * and a table of its own keeps that to one row. The two line up to the pixel and scroll
 * together. The live row's table stays while the table streams, empty between rows (adding or
 * removing it lays the whole table out again), and is presentational: its text reads as text,
 * and the row joins the table, with its header, once it is done.
 */

interface StreamingTableProps {
  /** The table element, with a `TAIL_PARTS_SLOT` element in place of its rows. */
  table: Element;
  /** The finished rows. */
  rows: React.ReactNode;
  /** How many rows `rows` holds. */
  finishedRows: number;
  /** The row still streaming; null when none has begun (its table stays, empty). */
  live: React.ReactNode;
}

/** The table's sections, without the line breaks between them (a table holds no text). */
function sections(table: Element): Element[] {
  return table.children.filter((child) => child.type === 'element');
}

/** A streaming table: its finished rows, then the live one, in a table of its own once long. */
export function StreamingTable({ table, rows, finishedRows, live }: StreamingTableProps) {
  const ref = React.useRef<HTMLTableElement>(null);
  const widths = useFrozenColumns(ref, finishedRows);
  const [width, ...columns] = widths ?? [];
  return (
    <TableFrame>
      <table {...hastProps(table)} ref={ref}>
        {hastToReact({ type: 'root', children: sections(table) }, markdownComponents, {
          [TAIL_PARTS_SLOT]: (
            <>
              {rows}
              {widths === null ? live : null}
            </>
          ),
        })}
      </table>
      {widths !== null && (
        <table
          role="presentation"
          data-slot="text-block-table-live"
          data-columns-frozen=""
          style={{ tableLayout: 'fixed', width }}
        >
          <colgroup>
            {columns.map((column, index) => (
              <col key={index} style={{ width: column }} />
            ))}
          </colgroup>
          <tbody>{live}</tbody>
        </table>
      )}
    </TableFrame>
  );
}
