/**
 * /schedules: the workflows that run on a cron — the cron in words (the raw expression beneath), its time
 * zone, the next and the last run. Pause (after a confirmation) turns the workflow off (PUT
 * /workflow/status DISABLED); the row stays, marked Paused, with Resume, which turns it on again.
 * Relative times move on with one clock for the screen (useNow), and a next run that has passed makes
 * the list be read again for the one after.
 */
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import { toast } from 'sonner';
import { isActiveSchedule, scheduleKeys, scheduleListQuery, schedulesApi, type Schedule } from '../../../api/schedules-api.ts';
import { useNow } from '../../hooks/use-now.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { DataTable } from '../../components/data/data-table.tsx';
import { TableSkeleton } from '../../components/data/table-skeleton.tsx';
import { TableError } from '../../components/data/table-error.tsx';
import { ConfirmDialog } from '../../components/data/confirm-dialog.tsx';
import { errorMessage } from '../../components/data/error-message.ts';
import { scheduleColumns } from './schedule-columns.tsx';
import { isDue } from './until.ts';
import './schedules.css';

const SKELETON_COLUMNS = [
  { header: 'Workflow' },
  { header: 'Schedule', hideOnMobile: true },
  { header: 'Time zone', hideOnMobile: true },
  { header: 'Next run', width: 170 },
  { header: 'Last run', width: 130, hideOnMobile: true },
  { header: '', width: 110 },
];

export function SchedulesScreen() {
  usePageTitle('Schedules');
  const queryClient = useQueryClient();
  const schedules = useQuery(scheduleListQuery());
  const [pausing, setPausing] = useState<Schedule | null>(null);

  const now = useNow();

  // A next run that has come: read the list again for the one after (once per tick at most).
  const anyDue = schedules.data?.some((s) => isActiveSchedule(s) && isDue(s.nextRun, now)) ?? false;
  useEffect(() => {
    if (anyDue) void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
  }, [anyDue, now, queryClient]);

  /** The row changes at once; the refetch confirms it (and picks up anything else that changed). */
  const settled = (schedule: Schedule, status: 'ENABLED' | 'DISABLED') => {
    queryClient.setQueryData<Schedule[]>(scheduleKeys.all, (rows) =>
      rows?.map((row) => (row.workflowId === schedule.workflowId ? { ...row, status, nextRun: status === 'ENABLED' ? row.nextRun : null } : row)),
    );
    void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
    // the workflows list shows the same on/off state
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'workflows' || query.queryKey[0] === 'workflow' });
  };

  const pause = useMutation({
    mutationFn: (schedule: Schedule) => schedulesApi.pause(schedule.workflowId),
    onSuccess: (_, schedule) => {
      settled(schedule, 'DISABLED');
      setPausing(null);
      toast.success(`${schedule.workflowName} paused`);
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not pause the schedule. Please try again.')),
  });

  const resume = useMutation({
    mutationFn: (schedule: Schedule) => schedulesApi.resume(schedule.workflowId),
    onSuccess: (_, schedule) => {
      settled(schedule, 'ENABLED');
      toast.success(`${schedule.workflowName} resumed`);
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not resume the schedule. Please try again.')),
  });

  const columns = scheduleColumns({ now, onPause: setPausing, onResume: (s) => resume.mutate(s), resumingId: resume.isPending ? resume.variables?.workflowId : undefined });
  let body;
  if (schedules.isPending) body = <TableSkeleton columns={SKELETON_COLUMNS} label="Loading schedules" />;
  else if (schedules.isError) {
    body = <TableError title="Could not load schedules" error={schedules.error} onRetry={() => void schedules.refetch()} retrying={schedules.isFetching} />;
  } else {
    body = (
      <DataTable
        aria-label="Schedules"
        columns={columns}
        rows={schedules.data}
        rowKey={(s) => s.workflowId}
        empty={
          <EmptyState icon={CalendarClock} title="No scheduled workflows">
            Published workflows with a schedule trigger appear here.
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
              <strong>{pausing.workflowName}</strong> will be turned off and stop running on its schedule until you resume it.
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
