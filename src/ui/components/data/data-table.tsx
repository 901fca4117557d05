/**
 * The shared table: a real <table> (screen readers announce rows and columns) driven by a columns config.
 *
 * `onRowClick` is a pointer convenience only: clicks that start on something interactive inside the row
 * (a link, a button, a switch, a menu) are left to that control, and every row must still offer a
 * keyboard path of its own — usually a link in its first cell — because a clickable <tr> is not focusable.
 */
import type { MouseEvent, ReactNode } from 'react';

export interface DataColumn<Row> {
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** CSS width of the column, e.g. 120 or '30%'. */
  width?: number | string;
  align?: 'start' | 'end' | 'center';
  /** Dropped on narrow screens (≤768px), for secondary columns. */
  hideOnMobile?: boolean;
  /** Visually hidden header text (e.g. an actions column), still read to screen readers. */
  hideHeader?: boolean;
  /** A sortable column's state, announced on its header (aria-sort). */
  sort?: 'ascending' | 'descending' | 'none';
  /** Extra class on the column's cells (e.g. hidden below a width of the screen's own). */
  className?: string;
}

interface DataTableProps<Row> {
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  onRowClick?: (row: Row) => void;
  /** Visually hidden caption; a table needs a caption or an aria-label. */
  caption?: string;
  'aria-label'?: string;
  /** Shown in place of the body when there are no rows. */
  empty?: ReactNode;
  /** Marks the table busy while a new page loads over the old rows. */
  busy?: boolean;
  /** Extra class on the <table>, e.g. a fixed layout so long cells truncate. */
  className?: string;
}

const INTERACTIVE = 'a, button, input, select, textarea, label, [role="menuitem"], [role="switch"], [data-row-click="ignore"]';

export function cellClassName(column: { align?: string; hideOnMobile?: boolean; className?: string }): string {
  const classes = ['data-cell'];
  if (column.className) classes.push(column.className);
  if (column.align === 'end') classes.push('data-cell-end');
  if (column.align === 'center') classes.push('data-cell-center');
  if (column.hideOnMobile) classes.push('data-hide-mobile');
  return classes.join(' ');
}

export function DataTable<Row>({ columns, rows, rowKey, onRowClick, caption, empty, busy, className, ...rest }: DataTableProps<Row>) {
  const handleClick = (row: Row) => (event: MouseEvent<HTMLTableRowElement>) => {
    if (!onRowClick) return;
    const target = event.target as Element;
    // React bubbles events out of portals: a click in a row's menu or dialog is not a click on the row.
    if (!event.currentTarget.contains(target)) return;
    if (target.closest(INTERACTIVE)) return;
    if (window.getSelection()?.toString()) return; // selecting text is not a click on the row
    onRowClick(row);
  };

  return (
    <div className="data-table-wrap">
      <table className={className ? `data-table ${className}` : 'data-table'} aria-label={rest['aria-label']} aria-busy={busy || undefined}>
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col" className={cellClassName(column)} style={{ width: column.width }} aria-sort={column.sort}>
                {column.hideHeader ? <span className="visually-hidden">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && empty ? (
            <tr>
              <td colSpan={columns.length} className="data-empty-cell">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className={onRowClick ? 'data-row data-row-clickable' : 'data-row'} onClick={handleClick(row)}>
                {columns.map((column) => (
                  <td key={column.id} className={cellClassName(column)}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
