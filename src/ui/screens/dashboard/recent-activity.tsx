/**
 * SPEC §2 'Recent Activity' card: the newest 50 entries of the feed as a table (severity badge, user,
 * description, time). Five skeleton rows while loading, 'No recent activity found' when empty, and a
 * failed load says so with a Retry rather than leaving the card blank. A rolled-up entry (runs of one
 * workflow counted together) shows how many times it happened; its time is the latest one.
 */
import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { recentActivityQuery } from '../../../api/analytics-api.ts';
import type { Activity, ActivitySeverity } from '../../../domain/contract/analytics.ts';
import { DataTable, type DataColumn } from '../../components/data/data-table.tsx';
import { StatusBadge, type BadgeTone } from '../../components/data/status-badge.tsx';
import { TableError } from '../../components/data/table-error.tsx';
import { TableSkeleton } from '../../components/data/table-skeleton.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { formatFullDate } from '../../format/index.ts';

/** SPEC §2: error destructive, warning secondary, success default, anything else outline. */
export const SEVERITY_TONES: Record<ActivitySeverity, BadgeTone> = {
  error: 'danger',
  warning: 'neutral',
  success: 'primary',
  info: 'outline',
};
const SEVERITY_LABELS: Record<ActivitySeverity, string> = { error: 'Error', warning: 'Warning', success: 'Success', info: 'Info' };

/**
 * SPEC §2 'local format': the user's own locale and time zone; the year only when it is not this one,
 * so the time fits the column's 180 px ('Nov 24, 2:31 PM').
 */
const thisYear = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const otherYear = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
export function formatActivityTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const format = date.getFullYear() === now.getFullYear() ? thisYear : otherYear;
  return format.format(date).replace(/[\u202f\u00a0]/g, ' ');
}

function ActivityTime({ timestamp }: { timestamp: string }) {
  return (
    <time className="cell-muted" dateTime={timestamp} title={formatFullDate(timestamp)}>
      {formatActivityTime(timestamp)}
    </time>
  );
}

function ActivityText({ activity }: { activity: Activity }) {
  return (
    <span className="activity-text">
      <span className="activity-description" title={activity.description}>
        {activity.description}
      </span>
      {activity.count > 1 ? <span className="activity-count">{activity.count} times</span> : null}
      {/* narrow screens drop the User and Time columns: both move under the description */}
      <span className="activity-mobile-meta">
        {activity.user_name} · <ActivityTime timestamp={activity.timestamp} />
      </span>
    </span>
  );
}

const columns: DataColumn<Activity>[] = [
  {
    id: 'severity',
    header: 'Severity',
    width: 80,
    cell: (activity) => <StatusBadge tone={SEVERITY_TONES[activity.severity]}>{SEVERITY_LABELS[activity.severity]}</StatusBadge>,
  },
  { id: 'user', header: 'User', width: 120, hideOnMobile: true, cell: (activity) => <span className="cell-truncate" title={activity.user_name}>{activity.user_name}</span> },
  { id: 'activity', header: 'Activity', cell: (activity) => <ActivityText activity={activity} /> },
  {
    id: 'time',
    header: 'Time',
    width: 180,
    hideOnMobile: true,
    cell: (activity) => <ActivityTime timestamp={activity.timestamp} />,
  },
];

const SKELETON_COLUMNS = columns.map(({ header, width, hideOnMobile }) => ({ header: String(header), width, hideOnMobile }));

export function RecentActivityCard() {
  const feed = useQuery(recentActivityQuery());
  let body;
  if (feed.isPending) body = <TableSkeleton columns={SKELETON_COLUMNS} rows={5} label="Loading recent activity" />;
  else if (feed.isError) {
    body = <TableError title="Could not load recent activity" error={feed.error} onRetry={() => void feed.refetch()} retrying={feed.isFetching} />;
  } else {
    body = (
      <DataTable
        aria-label="Recent activity"
        className="activity-table"
        columns={columns}
        rows={feed.data.activities}
        rowKey={(activity) => activity.id}
        empty={<EmptyState icon={Inbox} title="No recent activity found" />}
      />
    );
  }
  return (
    <section className="card" aria-labelledby="recent-activity-title">
      <div className="card-header">
        <h2 id="recent-activity-title" className="card-title">
          Recent Activity
        </h2>
        <p className="card-description">Chronological feed of workflow activities</p>
      </div>
      {body}
    </section>
  );
}
