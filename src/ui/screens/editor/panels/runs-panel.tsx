/**
 * The runs panel (SPEC §4 left panel 'runs'): this flow's runs newest first — status, when it started,
 * how long it took — ten at a time. Clicking a run opens its details over the canvas.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import type { RunSummary } from '../../../../api/executions-api.ts';
import { RelativeDate } from '../../../components/data/relative-date.tsx';
import { TableError } from '../../../components/data/table-error.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { RunStatusBadge } from '../../../components/runs/status-badge.tsx';
import { runDurationText } from '../../../components/runs/run-facts.tsx';
import { PanelFrame, PanelSkeleton } from './panel-frame.tsx';
import { flattenRuns, flowRunsQuery } from './runs-query.ts';

export interface RunsPanelProps {
  flowId: string;
  onOpenRun(runId: string): void;
  onClose(): void;
}

export function RunsPanel({ flowId, onOpenRun, onClose }: RunsPanelProps) {
  const runs = useInfiniteQuery(flowRunsQuery(flowId));
  const list = flattenRuns(runs.data);

  let body;
  if (runs.isPending) body = <PanelSkeleton label="Loading runs" />;
  else if (runs.isError && list.length === 0) {
    body = <TableError title="Could not load the runs" error={runs.error} onRetry={() => void runs.refetch()} retrying={runs.isFetching} />;
  } else if (list.length === 0) {
    body = (
      <EmptyState icon={History} title="No runs yet">
        Runs appear here once this workflow runs.
      </EmptyState>
    );
  } else {
    body = (
      <>
        <ul className="panel-list" aria-label="Runs">
          {list.map((run) => (
            <RunItem key={run.id} run={run} onOpen={() => onOpenRun(run.id)} />
          ))}
        </ul>
        {runs.isFetchNextPageError ? (
          <TableError title="Could not load more runs" error={runs.error} onRetry={() => void runs.fetchNextPage()} retrying={runs.isFetchingNextPage} />
        ) : runs.hasNextPage ? (
          <div className="panel-more">
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => void runs.fetchNextPage()} disabled={runs.isFetchingNextPage}>
              {runs.isFetchingNextPage ? <Spinner size={14} /> : null}
              Load more
            </button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <PanelFrame label="Runs" title="Runs" onClose={onClose}>
      {body}
    </PanelFrame>
  );
}

function RunItem({ run, onOpen }: { run: RunSummary; onOpen(): void }) {
  return (
    <li className="panel-item">
      <button type="button" className="panel-item-main" onClick={onOpen}>
        <span className="panel-item-row">
          <RunStatusBadge status={run.status} />{' '}
          <span className="panel-item-duration" title="Duration">
            <span className="visually-hidden">Duration </span>
            {runDurationText(run)}
          </span>
        </span>{' '}
        <span className="panel-item-row panel-item-meta">
          <span>
            Started <RelativeDate value={run.startTime} variant="ago" />
          </span>
        </span>
      </button>
    </li>
  );
}
