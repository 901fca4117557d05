/**
 * Retry and replay of a finished run (issue 15), the part every place that offers it shares — the run's
 * page, the editor's run panel and the executions list: which strategies a run offers, and the request
 * with its toast and cache updates. Where the new run then goes (opened, or just listed) is the caller's.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Play, RotateCcw, type LucideIcon } from 'lucide-react';
import { executionKeys, executionsApi, type RetryStrategy, type RunDetail, type RunSummary } from '../../../api/executions-api.ts';
import { errorMessage } from '../data/error-message.ts';

/** Runs that stopped at a step: the ones 'Retry from failed step' applies to (the server's rule too). */
const STOPPED_AT_A_STEP = new Set<RunSummary['status']>(['FAILED', 'TIMEOUT', 'MEMORY_LIMIT_EXCEEDED', 'INTERNAL_ERROR', 'STOPPED']);

export const canRetryFromFailedStep = (run: Pick<RunSummary, 'status'>) => STOPPED_AT_A_STEP.has(run.status);

/** What a run offers, in the order shown: nothing while it goes on; the failed step first when there is one. */
export function retryStrategiesFor(run: Pick<RunSummary, 'status'>): RetryStrategy[] {
  if (run.status === 'RUNNING') return [];
  return canRetryFromFailedStep(run) ? ['FROM_FAILED_STEP', 'ON_LATEST_VERSION'] : ['ON_LATEST_VERSION'];
}

export const STRATEGY_LABEL: Record<RetryStrategy, string> = {
  FROM_FAILED_STEP: 'Retry from failed step',
  ON_LATEST_VERSION: 'Run again on the latest version',
};

export const STRATEGY_ICON: Record<RetryStrategy, LucideIcon> = { FROM_FAILED_STEP: RotateCcw, ON_LATEST_VERSION: Play };

const STARTED: Record<RetryStrategy, string> = {
  FROM_FAILED_STEP: 'Retry started from the failed step',
  ON_LATEST_VERSION: 'Run started on the latest version',
};

export interface RunRetryOptions {
  /** Called with the new run once it is queued (e.g. to open it). */
  onStarted?: (run: RunDetail) => void;
  /** A 'View' action on the toast, for places that stay where they are (the list). */
  onView?: (run: RunDetail) => void;
}

/** `mutate(strategy)` makes a new run from `runId`; every executions query is read again so lists show it. */
export function useRunRetry(runId: string, { onStarted, onView }: RunRetryOptions = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (strategy: RetryStrategy) => executionsApi.retry(runId, strategy),
    onSuccess: (started, strategy) => {
      client.setQueryData(executionKeys.detail(started.id), started);
      void client.invalidateQueries({ queryKey: executionKeys.all });
      toast.success(STARTED[strategy], onView ? { action: { label: 'View', onClick: () => onView(started) } } : undefined);
      onStarted?.(started);
    },
    onError: (error) => toast.error(errorMessage(error, 'The run could not be started again')),
  });
}
