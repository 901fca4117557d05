import { cellClassName } from './data-table.tsx';

interface SkeletonColumn {
  header: string;
  width?: number | string;
  hideOnMobile?: boolean;
}

interface TableSkeletonProps {
  /** A count of blank columns, or the real headers so the layout does not jump when data arrives. */
  columns: number | readonly (string | SkeletonColumn)[];
  rows?: number;
  label?: string;
}

const WIDTHS = ['70%', '45%', '60%', '35%', '55%'];

/** Grey bars in the table's shape while its first page loads (announced once as 'Loading'). */
export function TableSkeleton({ columns, rows = 5, label = 'Loading' }: TableSkeletonProps) {
  const cols: SkeletonColumn[] =
    typeof columns === 'number'
      ? Array.from({ length: columns }, () => ({ header: '' }))
      : columns.map((c) => (typeof c === 'string' ? { header: c } : c));
  const hasHeaders = cols.some((c) => c.header);
  return (
    <div className="data-table-wrap" role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      <table className="data-table" aria-hidden="true">
        {hasHeaders ? (
          <thead>
            <tr>
              {cols.map((column, i) => (
                <th key={i} className={cellClassName(column)} style={{ width: column.width }}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
        ) : null}
        <tbody>
          {Array.from({ length: rows }, (_, r) => (
            <tr key={r} className="data-row">
              {cols.map((column, c) => (
                <td key={c} className={cellClassName(column)}>
                  <span className="skeleton" style={{ width: WIDTHS[(r + c) % WIDTHS.length] }} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
