/**
 * One card of /analytics: its title, the states every chart shares ('...' skeleton while loading, an
 * inline Retry on failure, an empty state when there is nothing to draw) and, for a drawn chart, a
 * 'Show as table' toggle so every value also reaches a screen reader and a keyboard user as a real table.
 */
import { useId, useState, type ReactNode } from 'react';
import { ChartNoAxesColumn, Table2 } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { TableError } from '../../components/data/table-error.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';

interface ChartCardProps<T> {
  title: string;
  description?: string;
  query: UseQueryResult<T>;
  /** True when the reply has nothing to draw. */
  isEmpty: (data: T) => boolean;
  emptyTitle: string;
  emptyText?: string;
  /** The drawing; when `table` is given too, the card offers 'Show as table'. */
  chart: (data: T) => ReactNode;
  table?: (data: T) => ReactNode;
  /** Controls beside the title (a granularity or sort choice). */
  actions?: ReactNode;
  className?: string;
}

export function ChartCard<T>({ title, description, query, isEmpty, emptyTitle, emptyText, chart, table, actions, className }: ChartCardProps<T>) {
  const titleId = useId();
  const [asTable, setAsTable] = useState(false);
  const data = query.data;
  const empty = data !== undefined && isEmpty(data);

  let body: ReactNode;
  if (data === undefined && query.isError) {
    body = <TableError title={`Could not load ${title.toLowerCase()}`} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  } else if (data === undefined) {
    body = (
      <div className="chart-loading" role="status" aria-live="polite">
        <span className="visually-hidden">Loading {title.toLowerCase()}</span>
        <span aria-hidden="true">...</span>
      </div>
    );
  } else if (empty) {
    body = (
      <EmptyState icon={ChartNoAxesColumn} title={emptyTitle}>
        {emptyText}
      </EmptyState>
    );
  } else body = asTable && table ? table(data) : chart(data);

  return (
    <section className={className ? `card chart-card ${className}` : 'card chart-card'} aria-labelledby={titleId} aria-busy={query.isFetching || undefined}>
      <div className="chart-card-header">
        <div>
          <h2 id={titleId} className="card-title">
            {title}
          </h2>
          {description ? <p className="card-description">{description}</p> : null}
        </div>
        <div className="chart-card-actions">
          {actions}
          {table && data !== undefined && !empty ? (
            <button type="button" className="btn btn-secondary btn-sm" aria-pressed={asTable} onClick={() => setAsTable((value) => !value)}>
              <Table2 width={14} height={14} aria-hidden="true" />
              Show as table
            </button>
          ) : null}
        </div>
      </div>
      <div className={query.isPlaceholderData ? 'chart-body chart-body-stale' : 'chart-body'}>{body}</div>
    </section>
  );
}
