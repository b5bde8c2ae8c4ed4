import type { ReactNode } from 'react';

/**
 * A column head: its text; or a label read only to assistive technology (an actions column); or a label with
 * richer content (an abbreviation with its explanation).
 */
export type ColumnHead = string | { label: string; hidden: true } | { label: string; content: ReactNode };

/** A column's label as a cell's `data-label` (the phone layout's line title), whatever form its head takes. */
export function headLabel(column: ColumnHead | undefined): string {
  return typeof column === 'string' ? column : (column?.label ?? '');
}

/**
 * The back office's one table: a scrolling wrapper, a caption for assistive technology, the column heads, the
 * empty state, and dimmed rows while a newer page loads. Each row is the caller's (`<tr key>` with `<td
 * data-label>` cells, which the phone layout shows as labelled lines). Paging is the Pager's; filters sit above.
 */
export function DataTable<T>({
  caption,
  visibleCaption = false,
  columns,
  rows,
  empty,
  busy = false,
  row,
}: {
  caption: string;
  /** Show the caption as the table's title (else it is read only to assistive technology). */
  visibleCaption?: boolean;
  columns: readonly ColumnHead[];
  rows: readonly T[];
  /** What an empty table says (every list that can be empty has one). */
  empty?: string;
  busy?: boolean;
  row: (item: T, index: number) => ReactNode;
}) {
  return (
    <div className="table-wrap">
      <table className="table" aria-busy={busy}>
        <caption className={visibleCaption ? undefined : 'visually-hidden'}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => {
              if (typeof column === 'string')
                return (
                  <th key={column} scope="col">
                    {column}
                  </th>
                );
              return (
                <th key={column.label} scope="col">
                  {'content' in column ? (
                    column.content
                  ) : (
                    <span className="visually-hidden">{column.label}</span>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && empty ? (
            <tr>
              <td colSpan={columns.length} className="empty">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map(row)
          )}
        </tbody>
      </table>
    </div>
  );
}
