/**
 * /executions/{id}: one run — which workflow (a link to its editor), how it ended, when it started, how
 * long it took — and its step-by-step timeline, read again on each of the run's live messages while it
 * runs (stores/live-runs.ts), or every 2 s while the socket is down (executionDetailQuery).
 * An unknown or foreign id answers 404: 'Execution not found'. A finished run can be made again (issue 15):
 * 'Retry from failed step' or 'Run again on the latest version' (run-retry.tsx), and shows its retry links.
 */
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, SearchX } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { executionDetailQuery, isNotFound, type RunDetail } from '../../../api/executions-api.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { pollWhileOffline, useRunsLive } from '../../stores/live-runs.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { TableError } from '../../components/data/table-error.tsx';
import { RunFacts } from '../../components/runs/run-facts.tsx';
import { RetryActions, RunLinkFacts } from '../../components/runs/run-retry.tsx';
import { StepTimeline } from './step-timeline.tsx';
import { RunSourceLabel } from '../../components/runs/run-source.tsx';
import { DeleteRunButton } from './delete-run-button.tsx';
import './executions.css';

export function ExecutionDetailScreen() {
  usePageTitle('Execution');
  const { id = '' } = useParams();
  useRunsLive();
  const detailQuery = executionDetailQuery(id);
  const run = useQuery({ ...detailQuery, refetchInterval: pollWhileOffline(detailQuery.refetchInterval) });

  let content;
  if (run.isPending) content = <DetailSkeleton />;
  else if (run.isError && isNotFound(run.error)) {
    content = (
      <section className="card">
        <EmptyState icon={SearchX} title="Execution not found">
          It may have been deleted, or it belongs to another account.
        </EmptyState>
      </section>
    );
  } else if (run.isError) {
    content = (
      <section className="card">
        <TableError title="Could not load this execution" error={run.error} onRetry={() => void run.refetch()} retrying={run.isFetching} />
      </section>
    );
  } else content = <RunView run={run.data} />;

  return (
    <div className="page">
      <Link to="/executions" className="back-link">
        <ArrowLeft width={14} height={14} aria-hidden="true" />
        Executions
      </Link>
      {content}
    </div>
  );
}

function RunView({ run }: { run: RunDetail }) {
  const navigate = useNavigate();
  return (
    <>
      <header className="run-header">
        <p className="run-eyebrow">Execution</p>
        <h1 className="page-title">
          <Link to={`/workflows/${encodeURIComponent(run.flowId)}/edit`} className="run-workflow-link">
            {run.workflowName}
          </Link>
        </h1>
        <RunFacts run={run}>
          <div>
            <dt>Started by</dt>
            <dd>
              <RunSourceLabel source={run.startedBy} />
            </dd>
          </div>
          <div>
            <dt>Run ID</dt>
            <dd>
              <code className="run-id">{run.id}</code>
            </dd>
          </div>
          <RunLinkFacts run={run} renderLink={(id, children) => <Link to={`/executions/${encodeURIComponent(id)}`}>{children}</Link>} />
        </RunFacts>
        {/* The new run opens in place of this one; its details link back here. */}
        <div className="run-header-actions">
          <RetryActions run={run} onStarted={(started) => void navigate(`/executions/${encodeURIComponent(started.id)}`)} />
          <DeleteRunButton run={run} />
        </div>
      </header>
      <section className="card run-steps" aria-labelledby="run-steps-title">
        <div className="card-header">
          <h2 id="run-steps-title" className="card-title">
            Steps
          </h2>
        </div>
        {run.status === 'RUNNING' && run.steps.length === 0 ? (
          <p className="step-timeline-empty" role="status">
            {run.queued ? 'Waiting for a free worker…' : 'Starting…'}
          </p>
        ) : (
          <StepTimeline steps={run.steps} label="Steps" />
        )}
      </section>
    </>
  );
}

/** The header's and the timeline's shape while the run loads, announced once as loading. */
function DetailSkeleton() {
  return (
    <div className="run-skeleton" role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">Loading execution</span>
      <span className="skeleton" style={{ width: '6rem' }} />
      <span className="skeleton skeleton-title" style={{ width: '16rem' }} />
      <span className="skeleton" style={{ width: '24rem', maxWidth: '100%' }} />
      <div className="card run-skeleton-card">
        {[0, 1, 2].map((row) => (
          <span key={row} className="skeleton" style={{ width: `${70 - row * 12}%` }} />
        ))}
      </div>
    </div>
  );
}

export default ExecutionDetailScreen;
