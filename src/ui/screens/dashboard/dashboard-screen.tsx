/**
 * / and /dashboard (SPEC §2): the overview of the chosen period (kept in the address, ?period=7d; 30d
 * by default) in four cards, and the recent activity feed. SPEC §7: this screen makes exactly two calls,
 * the dashboard overview with its period and the recent activity with limit 50. A run that finishes
 * (the live socket's run_finished) makes both be read again, so the figures move without a reload.
 */
import { useQuery } from '@tanstack/react-query';
import { Activity, ChartNoAxesColumn, CircleCheck, Clock, Workflow } from 'lucide-react';
import { Link } from 'react-router';
import { dashboardOverviewQuery } from '../../../api/analytics-api.ts';
import type { AnalyticsPeriod, DashboardOverview } from '../../../domain/contract/analytics.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { usePeriodParam } from '../../hooks/use-period-param.ts';
import { useAnalyticsLive } from '../../stores/live-analytics.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { TableError } from '../../components/data/table-error.tsx';
import { PERIOD_OPTIONS } from '../../components/analytics/period-options.ts';
import { describeChange, formatCount, formatPercent, formatSeconds } from '../../format/analytics.ts';
import { StatCard } from './stat-card.tsx';
import { RecentActivityCard } from './recent-activity.tsx';

/** `overview` undefined: loading (the first time or for another period), every card shows '...' (SPEC §2). */
function OverviewCards({ overview }: { overview: DashboardOverview | undefined }) {
  const change = overview?.period_comparison;
  return (
    <div className="stat-grid">
      <StatCard
        title="Total Workflows"
        icon={Workflow}
        value={overview && formatCount(overview.total_workflows)}
        change={change && describeChange(change.executions_change, '%')}
      />
      <StatCard title="Total Executions" icon={Activity} value={overview && formatCount(overview.total_executions)} />
      <StatCard
        title="Success Rate"
        icon={CircleCheck}
        value={overview && formatPercent(overview.success_rate)}
        change={change && describeChange(change.success_rate_change, 'pp')}
      />
      <StatCard title="Avg Execution Time" icon={Clock} value={overview && formatSeconds(overview.avg_execution_time)} />
    </div>
  );
}

export function DashboardScreen() {
  usePageTitle('Dashboard');
  useAnalyticsLive();
  const [period, setPeriod] = usePeriodParam();
  const overview = useQuery(dashboardOverviewQuery(period));

  return (
    <div className="page">
      <PageHeader
        title="Analytics Dashboard"
        description="Monitor your workflow performance and insights"
        actions={
          <>
            <Link to={period === '30d' ? '/analytics' : `/analytics?period=${period}`} className="btn btn-secondary">
              <ChartNoAxesColumn width={16} height={16} aria-hidden="true" />
              Analytics
            </Link>
            <SelectField
              label="Period"
              hideLabel
              options={PERIOD_OPTIONS}
              value={period}
              onChange={(event) => setPeriod(event.target.value as AnalyticsPeriod)}
            />
          </>
        }
      />
      {overview.isError && !overview.data ? (
        <section className="card" aria-label="Overview">
          <TableError title="Could not load the overview" error={overview.error} onRetry={() => void overview.refetch()} retrying={overview.isFetching} />
        </section>
      ) : (
        <OverviewCards overview={overview.isPlaceholderData ? undefined : overview.data} />
      )}
      <RecentActivityCard />
    </div>
  );
}

export default DashboardScreen;
