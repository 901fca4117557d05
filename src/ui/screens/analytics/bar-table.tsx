/**
 * A ranked list as a real table with a bar drawn behind each value (durations, errors, pieces): the
 * numbers are text a screen reader reads cell by cell; the bars are decoration for the eye.
 */
import type { ReactNode } from 'react';

export interface BarRow {
  key: string;
  label: ReactNode;
  value: number;
  /** The value as it reads ('1.25s', '12'). */
  display: string;
}

interface BarTableProps {
  caption: string;
  labelHeader: string;
  valueHeader: string;
  rows: readonly BarRow[];
  /** The bar colour, a theme variable. */
  color?: string;
}

export function BarTable({ caption, labelHeader, valueHeader, rows, color = 'var(--accent)' }: BarTableProps) {
  const max = Math.max(0, ...rows.map((row) => row.value));
  return (
    <table className="bar-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{labelHeader}</th>
          <th scope="col" className="bar-table-value">
            {valueHeader}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row" className="bar-table-label">
              {row.label}
            </th>
            <td className="bar-table-value">
              <span className="bar-table-cell">
                <span className="bar-table-track" aria-hidden="true">
                  <span className="bar-table-bar" style={{ width: max > 0 ? `${(row.value / max) * 100}%` : 0, background: color }} />
                </span>
                <span className="bar-table-number">{row.display}</span>
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
