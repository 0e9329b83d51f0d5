import './ui.css';
import type { ReactNode } from 'react';
import { TableScroller } from './table-scroller';

export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  align?: 'start' | 'end';
  /** A figure: right-aligned, tabular, never wrapped. */
  numeric?: boolean;
  /** The cell names its row (<th scope="row">): a symbol, a player. */
  rowHeader?: boolean;
  /** Left out on phones (≤ 480 px), where the table keeps only the columns that matter most. */
  hideNarrow?: boolean;
  /** Extra cell classes. */
  className?: string;
}

/** A summary row under the rows ("Cash left", "Total"): its label in the first column, figures by column key. */
export interface FooterRow {
  key: string;
  label: ReactNode;
  cells: Partial<Record<string, ReactNode>>;
}

const cellClass = <Row,>(column: Column<Row>) =>
  [
    column.align === 'end' || column.numeric ? 'bp-table__end' : '',
    column.numeric ? 'bp-table__num' : '',
    column.hideNarrow ? 'bp-table__wide' : '',
    column.className ?? '',
  ]
    .filter(Boolean)
    .join(' ') || undefined;

export interface DataTableProps<Row> {
  caption: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
  footer?: readonly FooterRow[];
  /** Said instead of the table when there are no rows. */
  empty?: ReactNode;
  hideCaption?: boolean;
  className?: string;
  /** A row's own class: the viewer's row highlighted, say. */
  rowClassName?: (row: Row, index: number) => string | undefined;
}

/** A real <table> with a caption, right-aligned figures and a horizontal scroll on narrow
 *  screens that the keyboard can reach. */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  footer,
  empty = 'Nothing here yet.',
  hideCaption = false,
  className,
  rowClassName,
}: DataTableProps<Row>) {
  if (rows.length === 0) return <p className="bp-table__empty">{empty}</p>;
  return (
    <TableScroller label={caption}>
      <table className={className ? `bp-table ${className}` : 'bp-table'}>
        <caption className={hideCaption ? 'visually-hidden' : 'bp-table__caption'}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={cellClass(column)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)} className={rowClassName?.(row, index)}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <th key={column.key} scope="row" className={cellClass(column)}>
                    {column.cell(row, index)}
                  </th>
                ) : (
                  <td key={column.key} className={cellClass(column)}>
                    {column.cell(row, index)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        {footer && footer.length > 0 ? (
          <tfoot>
            {footer.map((row) => (
              <tr key={row.key}>
                {columns.map((column, index) =>
                  index === 0 ? (
                    <th key={column.key} scope="row" className={cellClass(column)}>
                      {row.label}
                    </th>
                  ) : (
                    <td key={column.key} className={cellClass(column)}>
                      {row.cells[column.key]}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tfoot>
        ) : null}
      </table>
    </TableScroller>
  );
}
