/**
 * /executions: every run of the user's workflows, newest first, ten to a page, filtered by status,
 * workflow and time range (kept in the address). A row opens the run; the workflow cell is the link that
 * keyboard and screen-reader users follow, since a table row cannot take focus. A run that ends makes the
 * page be read again at once (the live socket's run_finished, stores/live-runs.ts), so statuses move
 * without a reload; while the socket is down, a page with a RUNNING run is polled every 2 s instead.
 * A finished run's row menu retries or deletes it (run-row-actions.tsx). Issue 17: how each run started
 * (Source column and filter), and finished runs selected on the page are deleted together (run-selection.tsx).
 */
import { useQuery } from '@tanstack/react-query';
import { History, SearchX } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { executionListQuery, type RunSummary } from '../../../api/executions-api.ts';
import { formatDuration } from '../../format/index.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { pollWhileOffline, useRunsLive } from '../../stores/live-runs.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { DataTable, type DataColumn } from '../../components/data/data-table.tsx';
import { TableSkeleton } from '../../components/data/table-skeleton.tsx';
import { TableError } from '../../components/data/table-error.tsx';
import { Pagination } from '../../components/data/pagination.tsx';
import { RelativeDate } from '../../components/data/relative-date.tsx';
import { RunStatusBadge } from '../../components/runs/status-badge.tsx';
import { RunSourceLabel } from '../../components/runs/run-source.tsx';
import { RowCheckbox, SelectAllCheckbox, SelectionBar, useRunSelection, type RunSelection } from './run-selection.tsx';
import { ExecutionFilters } from './execution-filters.tsx';
import { RunRowActions } from './run-row-actions.tsx';
import { useRunFilters } from './run-filters.ts';
import './executions.css';

const columns = (runs: readonly RunSummary[], selection: RunSelection): DataColumn<RunSummary>[] => [
  {
    id: 'select',
    header: <SelectAllCheckbox runs={runs} selection={selection} />,
    width: 44,
    cell: (run) => <RowCheckbox run={run} selection={selection} />,
  },
  {
    id: 'workflow',
    header: 'Workflow',
    cell: (run) => (
      <>
        <Link to={`/executions/${encodeURIComponent(run.id)}`} className="cell-primary cell-link">
          {run.workflowName}
        </Link>
        {/* narrow screens drop the Status and Started columns: the badge and the time move under the name */}
        <span className="runs-mobile-status">
          <RunStatusBadge status={run.status} />
          <span className="cell-muted">
            <RelativeDate value={run.startTime} />
          </span>
        </span>
      </>
    ),
  },
  { id: 'status', header: 'Status', width: 200, hideOnMobile: true, cell: (run) => <RunStatusBadge status={run.status} /> },
  { id: 'source', header: 'Source', width: 130, hideOnMobile: true, cell: (run) => <RunSourceLabel source={run.startedBy} /> },
  { id: 'started', header: 'Started', width: 200, hideOnMobile: true, cell: (run) => <RelativeDate value={run.startTime} /> },
  {
    id: 'duration',
    header: 'Duration',
    width: 120,
    align: 'end',
    hideOnMobile: true,
    cell: (run) => <span className="cell-muted tabular">{formatDuration(run.duration)}</span>,
  },
  { id: 'actions', header: 'Actions', hideHeader: true, width: 56, align: 'end', cell: (run) => <RunRowActions run={run} /> },
];

const SKELETON_COLUMNS = columns([], { selected: new Set(), toggle: () => {}, setAll: () => {}, clear: () => {} }).map(({ id, header, hideHeader, width, hideOnMobile }) => ({
  header: hideHeader || id === 'select' ? '' : String(header),
  width,
  hideOnMobile,
}));

export function ExecutionsScreen() {
  usePageTitle('Executions');
  const navigate = useNavigate();
  const { filters, filtered, setFilter, setPage, clearFilters } = useRunFilters();
  useRunsLive();
  const listQuery = executionListQuery(filters);
  const runs = useQuery({ ...listQuery, refetchInterval: pollWhileOffline(listQuery.refetchInterval) });
  const selection = useRunSelection(JSON.stringify(filters));

  let body;
  if (runs.isPending) body = <TableSkeleton columns={SKELETON_COLUMNS} rows={5} label="Loading executions" />;
  else if (runs.isError) {
    body = <TableError title="Could not load executions" error={runs.error} onRetry={() => void runs.refetch()} retrying={runs.isFetching} />;
  } else {
    const page = runs.data;
    body = (
      <>
        <DataTable
          aria-label="Executions"
          columns={columns(page.data, selection)}
          rows={page.data}
          rowKey={(run) => run.id}
          onRowClick={(run) => navigate(`/executions/${encodeURIComponent(run.id)}`)}
          busy={runs.isPlaceholderData}
          empty={
            filtered ? (
              <EmptyState icon={SearchX} title="No executions match these filters">
                <button type="button" className="btn btn-secondary btn-sm" onClick={clearFilters}>
                  Clear filters
                </button>
              </EmptyState>
            ) : (
              <EmptyState icon={History} title="No executions yet">
                Runs of your workflows appear here, newest first.
              </EmptyState>
            )
          }
        />
        {page.total > 0 ? (
          <Pagination page={filters.page} pageSize={filters.limit} total={page.total} onPageChange={setPage} label="Executions pages" />
        ) : null}
      </>
    );
  }

  return (
    <div className="page">
      <PageHeader title="Executions" description="Every run of your workflows" />
      <section className="card runs-card" aria-label="Executions list">
        <ExecutionFilters filters={filters} onFilterChange={setFilter} />
        <SelectionBar selection={selection} />
        {body}
      </section>
    </div>
  );
}

export default ExecutionsScreen;
