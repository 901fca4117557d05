/**
 * /schedules: the enabled workflows that run on a cron — the cron in words (the raw expression
 * beneath), its time zone, the next and the last run — and a Pause button that, after a confirmation,
 * turns the workflow off (PUT /workflow/status DISABLED) so it leaves the list at once.
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Pause } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { isActiveSchedule, scheduleKeys, scheduleListQuery, schedulesApi, type Schedule } from '../../../api/schedules-api.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { DataTable, type DataColumn } from '../../components/data/data-table.tsx';
import { TableSkeleton } from '../../components/data/table-skeleton.tsx';
import { TableError } from '../../components/data/table-error.tsx';
import { ConfirmDialog } from '../../components/data/confirm-dialog.tsx';
import { RelativeDate } from '../../components/data/relative-date.tsx';
import { errorMessage } from '../../components/data/error-message.ts';
import { describeCron } from './describe-cron.ts';
import './schedules.css';

function scheduleColumns(onPause: (schedule: Schedule) => void): DataColumn<Schedule>[] {
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
    { id: 'next', header: 'Next run', width: 170, cell: (s) => <RelativeDate value={s.nextRun} /> },
    { id: 'last', header: 'Last run', width: 130, hideOnMobile: true, cell: (s) => <RelativeDate value={s.lastRun} variant="ago" /> },
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      width: 96,
      align: 'end',
      cell: (s) => (
        <button type="button" className="btn btn-secondary btn-sm" aria-label={`Pause ${s.workflowName}`} onClick={() => onPause(s)}>
          <Pause width={14} height={14} aria-hidden="true" />
          <span className="schedule-pause-text">Pause</span>
        </button>
      ),
    },
  ];
}

const SKELETON_COLUMNS = [
  { header: 'Workflow' },
  { header: 'Schedule', hideOnMobile: true },
  { header: 'Time zone', hideOnMobile: true },
  { header: 'Next run', width: 170 },
  { header: 'Last run', width: 130, hideOnMobile: true },
  { header: '', width: 100 },
];

export function SchedulesScreen() {
  usePageTitle('Schedules');
  const queryClient = useQueryClient();
  const schedules = useQuery(scheduleListQuery());
  const [pausing, setPausing] = useState<Schedule | null>(null);

  const pause = useMutation({
    mutationFn: (schedule: Schedule) => schedulesApi.pause(schedule.workflowId),
    onSuccess: (_, schedule) => {
      // the row goes at once; the refetch confirms it (and picks up anything else that changed)
      queryClient.setQueryData<Schedule[]>(scheduleKeys.all, (rows) => rows?.filter((row) => row.workflowId !== schedule.workflowId));
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
      // the workflows list shows the same on/off state
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'workflows' || query.queryKey[0] === 'workflow' });
      setPausing(null);
      toast.success(`${schedule.workflowName} paused`);
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not pause the schedule. Please try again.')),
  });

  const columns = scheduleColumns(setPausing);
  let body;
  if (schedules.isPending) body = <TableSkeleton columns={SKELETON_COLUMNS} label="Loading schedules" />;
  else if (schedules.isError) {
    body = <TableError title="Could not load schedules" error={schedules.error} onRetry={() => void schedules.refetch()} retrying={schedules.isFetching} />;
  } else {
    body = (
      <DataTable
        aria-label="Schedules"
        columns={columns}
        rows={schedules.data.filter(isActiveSchedule)}
        rowKey={(s) => s.workflowId}
        empty={
          <EmptyState icon={CalendarClock} title="No scheduled workflows">
            Workflows with a schedule trigger appear here once they are turned on.
          </EmptyState>
        }
      />
    );
  }

  return (
    <div className="page">
      <PageHeader title="Schedules" description="Workflows that run on a timetable" />
      <section className="card schedules-card" aria-label="Scheduled workflows">
        {body}
      </section>
      <ConfirmDialog
        open={pausing !== null}
        onOpenChange={(open) => {
          if (!open) setPausing(null);
        }}
        title="Pause this schedule?"
        description={
          pausing ? (
            <>
              <strong>{pausing.workflowName}</strong> will be turned off and stop running on its schedule until you turn it on again.
            </>
          ) : null
        }
        confirmLabel="Pause"
        tone="default"
        busy={pause.isPending}
        onConfirm={() => pausing && pause.mutate(pausing)}
      />
    </div>
  );
}

export default SchedulesScreen;
