/**
 * The schedules table's columns. Relative times take the screen's one `now` (useNow), so '5m ago' and
 * 'in 3m' move on together without a timer per row. A paused schedule (its workflow disabled) shows
 * 'Paused' where the next run would be, and Resume instead of Pause.
 */
import { Link } from 'react-router';
import { Pause, Play } from 'lucide-react';
import { isActiveSchedule, type Schedule } from '../../../api/schedules-api.ts';
import type { DataColumn } from '../../components/data/data-table.tsx';
import { RelativeDate } from '../../components/data/relative-date.tsx';
import { StatusBadge } from '../../components/data/status-badge.tsx';
import { describeCron } from './describe-cron.ts';
import { formatUntil } from './until.ts';

interface ScheduleColumnActions {
  now: Date;
  onPause: (schedule: Schedule) => void;
  onResume: (schedule: Schedule) => void;
  /** The workflow being resumed, whose button waits. */
  resumingId: string | undefined;
}

export function scheduleColumns({ now, onPause, onResume, resumingId }: ScheduleColumnActions): DataColumn<Schedule>[] {
  return [
    {
      id: 'workflow',
      header: 'Workflow',
      cell: (s) => (
        <>
          <Link to={`/workflows/${encodeURIComponent(s.workflowId)}/edit`} className="cell-primary schedule-workflow">
            {s.workflowName}
          </Link>
          {/* narrow screens drop the Schedule column: its words move under the name */}
          <span className="schedule-mobile-cron">{describeCron(s.cronExpression)}</span>
        </>
      ),
    },
    {
      id: 'schedule',
      header: 'Schedule',
      hideOnMobile: true,
      cell: (s) => {
        const words = describeCron(s.cronExpression);
        return (
          <span className="schedule-cron">
            <span>{words}</span>
            {/* the exact expression under the words; not twice when there are no words for it */}
            {words === s.cronExpression.trim() ? null : <code className="schedule-cron-raw">{s.cronExpression}</code>}
          </span>
        );
      },
    },
    { id: 'timezone', header: 'Time zone', hideOnMobile: true, cell: (s) => <span className="cell-muted">{s.timezone}</span> },
    {
      id: 'next',
      header: 'Next run',
      width: 170,
      cell: (s) =>
        isActiveSchedule(s) ? (
          <span className="schedule-next">
            <RelativeDate value={s.nextRun} now={now} />
            {s.nextRun ? <span className="schedule-until">{formatUntil(s.nextRun, now)}</span> : null}
          </span>
        ) : (
          <StatusBadge tone="warning">Paused</StatusBadge>
        ),
    },
    { id: 'last', header: 'Last run', width: 130, hideOnMobile: true, cell: (s) => <RelativeDate value={s.lastRun} variant="ago" now={now} /> },
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      width: 110,
      align: 'end',
      cell: (s) =>
        isActiveSchedule(s) ? (
          <button type="button" className="btn btn-secondary btn-sm" aria-label={`Pause ${s.workflowName}`} onClick={() => onPause(s)}>
            <Pause width={14} height={14} aria-hidden="true" />
            <span className="schedule-action-text">Pause</span>
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            aria-label={`Resume ${s.workflowName}`}
            onClick={() => onResume(s)}
            disabled={resumingId === s.workflowId}
          >
            <Play width={14} height={14} aria-hidden="true" />
            <span className="schedule-action-text">Resume</span>
          </button>
        ),
    },
  ];
}
