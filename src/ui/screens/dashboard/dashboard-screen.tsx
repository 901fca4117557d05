import { useState } from 'react';
import { Activity, CircleCheck, Clock, Inbox, Workflow } from 'lucide-react';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { StatCard } from './stat-card.tsx';
import { DASHBOARD_PERIODS, DEFAULT_DASHBOARD_PERIOD, type DashboardPeriod } from './dashboard-periods.ts';

/**
 * / and /dashboard (SPEC §2). The analytics calls come with workflow runs; until then the cards say there
 * is no data yet (not the '...' loading mark: nothing is loading) and the feed shows its empty state.
 */
const NO_DATA = { value: '—', hint: 'Appears once your workflows run' };

export function DashboardScreen() {
  usePageTitle('Dashboard');
  const [period, setPeriod] = useState<DashboardPeriod>(DEFAULT_DASHBOARD_PERIOD);

  return (
    <div className="page">
      <PageHeader
        title="Analytics Dashboard"
        description="Monitor your workflow performance and insights"
        actions={
          <SelectField
            label="Period"
            hideLabel
            options={DASHBOARD_PERIODS}
            value={period}
            onChange={(event) => setPeriod(event.target.value as DashboardPeriod)}
          />
        }
      />
      <div className="stat-grid">
        <StatCard title="Total Workflows" icon={Workflow} {...NO_DATA} />
        <StatCard title="Total Executions" icon={Activity} {...NO_DATA} />
        <StatCard title="Success Rate" icon={CircleCheck} {...NO_DATA} />
        <StatCard title="Avg Execution Time" icon={Clock} {...NO_DATA} />
      </div>
      <section className="card" aria-labelledby="recent-activity-title">
        <div className="card-header">
          <h2 id="recent-activity-title" className="card-title">
            Recent Activity
          </h2>
          <p className="card-description">Chronological feed of workflow activities</p>
        </div>
        <EmptyState icon={Inbox} title="No recent activity found" />
      </section>
    </div>
  );
}

export default DashboardScreen;
