import './ui.css';
import type { ReactNode } from 'react';
import { TableScroller } from './table-scroller';

export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  align?: 'start' | 'end';
  /** Extra cell classes (tabular figures: 'bp-table__num'). */
  className?: string;
  /** Left out on a phone (its figure is elsewhere in the row, or secondary). */
  hideSmall?: boolean;
}

const cellClass = (column: Pick<Column<unknown>, 'align' | 'hideSmall'>, ...more: (string | undefined)[]) =>
  [column.align === 'end' ? 'bp-table__end' : '', column.hideSmall ? 'bp-table__hide-small' : '', ...more]
    .filter(Boolean)
    .join(' ') || undefined;

/** A real <table> with a caption, right-aligned figures and a horizontal scroll on narrow
 *  screens that the keyboard can reach. */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty = 'Nothing here yet.',
  hideCaption = false,
  className,
  rowClassName,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row, index: number) => string;
  empty?: ReactNode;
  hideCaption?: boolean;
  className?: string;
  /** A row's own class: the viewer's row highlighted, say. */
  rowClassName?: (row: Row, index: number) => string | undefined;
}) {
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
              {columns.map((column) => (
                <td key={column.key} className={cellClass(column, column.className)}>
                  {column.cell(row, index)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}
