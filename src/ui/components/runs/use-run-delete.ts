/**
 * Deleting runs (issue 17), the part the executions list, its row menu and a run's page share: the
 * requests, their toasts in words, and the cache updates. A run still going is not deletable (the server
 * refuses it too); the confirm dialogs are the caller's.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { executionKeys, executionsApi, type DeleteRunsReply, type RunSummary } from '../../../api/executions-api.ts';
import { errorMessage } from '../data/error-message.ts';

/** Runs that may be deleted: the ones that ended (a queued run shows RUNNING too). */
export const canDeleteRun = (run: Pick<RunSummary, 'status'>) => run.status !== 'RUNNING';

export const runsCount = (count: number) => `${count} ${count === 1 ? 'run' : 'runs'}`;

/** What a bulk delete did, in one sentence. */
export function deletedSummary({ deleted, running, notFound }: DeleteRunsReply): string {
  const parts = [`${runsCount(deleted.length)} deleted`];
  if (running.length > 0) parts.push(`${runsCount(running.length)} still going ${running.length === 1 ? 'was' : 'were'} kept`);
  if (notFound.length > 0) parts.push(`${runsCount(notFound.length)} ${notFound.length === 1 ? 'was' : 'were'} already gone`);
  return parts.join('; ');
}

/** `mutate(id)` deletes one run; `onDeleted` then runs (e.g. leave its page). */
export function useDeleteRun(onDeleted?: (id: string) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => executionsApi.remove(id),
    onSuccess: (_reply, id) => {
      client.removeQueries({ queryKey: executionKeys.detail(id) });
      void client.invalidateQueries({ queryKey: executionKeys.all });
      toast.success('Run deleted');
      onDeleted?.(id);
    },
    onError: (error) => toast.error(errorMessage(error, 'The run could not be deleted')),
  });
}

/** `mutate(ids)` deletes up to 100 runs; `onDone` gets what was done. */
export function useDeleteRuns(onDone?: (reply: DeleteRunsReply) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) => executionsApi.removeMany(ids),
    onSuccess: (reply) => {
      for (const id of reply.deleted) client.removeQueries({ queryKey: executionKeys.detail(id) });
      void client.invalidateQueries({ queryKey: executionKeys.all });
      if (reply.running.length > 0 || reply.notFound.length > 0) toast.warning(deletedSummary(reply));
      else toast.success(deletedSummary(reply));
      onDone?.(reply);
    },
    onError: (error) => toast.error(errorMessage(error, 'The runs could not be deleted')),
  });
}
