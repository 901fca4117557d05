/**
 * Top workflows: the server ranks them (TOP_SORTS), so a column header asks for another ranking rather
 * than sorting the ten rows it has. Sorted descending by the chosen measure; the header says so
 * (aria-sort) and is a button a keyboard reaches. Each name opens that workflow's executions.
 */
import { useQuery } from '@tanstack/react-query';
import { ArrowDown } from 'lucide-react';
import { Link } from 'react-router';
import { topPerformingQuery } from '../../../api/analytics-api.ts';
import type { AnalyticsPeriod, TopPerforming, TopSort } from '../../../domain/contract/analytics.ts';
import { formatCount, formatMinutesSaved, formatPercent, formatSeconds } from '../../format/analytics.ts';
import { ChartCard } from './chart-card.tsx';

type TopRow = TopPerforming['workflows'][number];

export const TOP_COLUMNS: ReadonlyArray<{ sort: TopSort; header: string; cell: (row: TopRow) => string }> = [
  { sort: 'execution_count', header: 'Executions', cell: (row) => formatCount(row.execution_count) },
  { sort: 'success_rate', header: 'Success rate', cell: (row) => formatPercent(row.success_rate) },
  { sort: 'failure_count', header: 'Failures', cell: (row) => formatCount(row.failure_count) },
  { sort: 'avg_execution_time', header: 'Avg time', cell: (row) => formatSeconds(row.avg_execution_time) },
  { sort: 'time_saved', header: 'Time saved', cell: (row) => formatMinutesSaved(row.time_saved_minutes) },
];

interface TopWorkflowsProps {
  period: AnalyticsPeriod;
  sortBy: TopSort;
  onSortChange: (sort: TopSort) => void;
}

export function TopWorkflowsTable({ data, sortBy, onSortChange }: { data: TopPerforming; sortBy: TopSort; onSortChange: (sort: TopSort) => void }) {
  return (
    <div className="data-table-wrap">
      <table className="data-table top-table">
        <caption className="visually-hidden">Top workflows, sorted by {TOP_COLUMNS.find((c) => c.sort === sortBy)?.header.toLowerCase()}</caption>
        <thead>
          <tr>
            <th scope="col" className="data-cell">
              Workflow
            </th>
            {TOP_COLUMNS.map((column) => (
              <th key={column.sort} scope="col" className="data-cell data-cell-end" aria-sort={column.sort === sortBy ? 'descending' : undefined}>
                <button type="button" className="sort-button" onClick={() => onSortChange(column.sort)}>
                  {column.header}
                  {column.sort === sortBy ? <ArrowDown width={12} height={12} aria-hidden="true" /> : null}
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.workflows.map((row) => (
            <tr key={row.workflow_id} className="data-row">
              <td className="data-cell">
                <Link to={`/executions?workflow=${encodeURIComponent(row.workflow_id)}`} className="cell-primary cell-link">
                  {row.workflow_name}
                </Link>
              </td>
              {TOP_COLUMNS.map((column) => (
                <td key={column.sort} className="data-cell data-cell-end tabular">
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function TopWorkflowsCard({ period, sortBy, onSortChange }: TopWorkflowsProps) {
  const top = useQuery(topPerformingQuery(period, sortBy));
  return (
    <ChartCard
      className="chart-card-wide"
      title="Top workflows"
      description="The ten leading workflows of the period"
      query={top}
      isEmpty={(data) => data.workflows.length === 0}
      emptyTitle="No workflows ran in this period"
      chart={(data) => <TopWorkflowsTable data={data} sortBy={sortBy} onSortChange={onSortChange} />}
    />
  );
}
