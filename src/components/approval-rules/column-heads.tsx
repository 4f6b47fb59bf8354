import type * as React from 'react';

/** A table's header row: one column header per entry, in order. */
export function ColumnHeads({ columns }: { columns: readonly React.ReactNode[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, index) => (
          // The columns are fixed: their place is their identity.
          <th key={index} scope="col">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
