/**
 * The period's headline figures on /analytics: executions (with the runs refused for the daily quota),
 * success rate, average duration and the time the workflows saved, and the workflows' own counts.
 */
import { useQuery } from '@tanstack/react-query';
import { executionsOverviewQuery, workflowsOverviewQuery } from '../../../api/analytics-api.ts';
import type { AnalyticsPeriod } from '../../../domain/contract/analytics.ts';
import { TableError } from '../../components/data/table-error.tsx';
import { formatCount, formatMinutesSaved, formatPercent, formatSeconds } from '../../format/analytics.ts';

function Figure({ label, value, note }: { label: string; value: string | undefined; note?: string | undefined }) {
  return (
    <div className="figure" aria-busy={value === undefined || undefined}>
      <dt className="figure-label">{label}</dt>
      <dd className="figure-value">{value ?? '...'}</dd>
      {note ? <dd className="figure-note">{note}</dd> : null}
    </div>
  );
}

export function OverviewFigures({ period }: { period: AnalyticsPeriod }) {
  const executions = useQuery(executionsOverviewQuery(period));
  const workflows = useQuery(workflowsOverviewQuery(period));
  const e = executions.data;
  const w = workflows.data;
  const failed = executions.isError && !e ? executions : workflows.isError && !w ? workflows : null;
  return (
    <section className="card figures-card" aria-label="Overview">
      {failed ? (
        <TableError title="Could not load the overview" error={failed.error} onRetry={() => void failed.refetch()} retrying={failed.isFetching} />
      ) : (
        <dl className="figures">
          <Figure label="Executions" value={e && formatCount(e.total_executions)} note={e && `${formatCount(e.quota_refused)} refused by the daily quota`} />
          <Figure label="Success rate" value={e && formatPercent(e.success_rate)} />
          <Figure label="Avg execution time" value={e && formatSeconds(e.avg_execution_time)} />
          <Figure label="Time saved" value={e && formatMinutesSaved(e.time_saved_minutes)} note="Minutes saved per run × succeeded runs" />
          <Figure
            label="Workflows"
            value={w && formatCount(w.total_workflows)}
            note={w && `${formatCount(w.enabled_workflows)} enabled · ${formatCount(w.active_in_period)} ran · ${formatCount(w.created_in_period)} new`}
          />
        </dl>
      )}
    </section>
  );
}
