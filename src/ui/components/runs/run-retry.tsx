/**
 * Retry and replay of a finished run (issue 15), shared by /executions/{id} and the editor's run panel:
 * 'Retry from failed step' (the same version; the steps before the failed one keep their outputs) and
 * 'Run again on the latest version'. Each makes a new run linked to this one; the caller opens it
 * (`onStarted`). And the links themselves, as facts: the run this one retries, the runs made from it.
 */
import type { ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RotateCcw, Play } from 'lucide-react';
import { toast } from 'sonner';
import { executionKeys, executionsApi, type RetryStrategy, type RunDetail, type RunLink } from '../../../api/executions-api.ts';
import { errorMessage } from '../data/error-message.ts';
import { Spinner } from '../ui/spinner.tsx';
import { RunStatusBadge } from './status-badge.tsx';

/** Runs that stopped at a step: the ones 'Retry from failed step' applies to. */
const STOPPED_AT_A_STEP = new Set<RunDetail['status']>(['FAILED', 'TIMEOUT', 'MEMORY_LIMIT_EXCEEDED', 'INTERNAL_ERROR', 'STOPPED']);

export const canRetryFromFailedStep = (run: Pick<RunDetail, 'status'>) => STOPPED_AT_A_STEP.has(run.status);

const STARTED: Record<RetryStrategy, string> = {
  FROM_FAILED_STEP: 'Retry started from the failed step',
  ON_LATEST_VERSION: 'Run started on the latest version',
};

export const STRATEGY_LABEL: Record<RetryStrategy, string> = {
  FROM_FAILED_STEP: 'Retry from failed step',
  ON_LATEST_VERSION: 'Run again on the latest version',
};

export function RetryActions({ run, onStarted, compact = false }: { run: RunDetail; onStarted(run: RunDetail): void; compact?: boolean }) {
  const client = useQueryClient();
  const retry = useMutation({
    mutationFn: (strategy: RetryStrategy) => executionsApi.retry(run.id, strategy),
    onSuccess: (started, strategy) => {
      client.setQueryData(executionKeys.detail(started.id), started);
      void client.invalidateQueries({ queryKey: executionKeys.all });
      toast.success(STARTED[strategy]);
      onStarted(started);
    },
    onError: (error) => toast.error(errorMessage(error, 'The run could not be started again')),
  });
  if (run.status === 'RUNNING') return null;
  const size = compact ? 'btn-sm' : '';
  const button = (strategy: RetryStrategy, icon: ReactNode, primary: boolean) => (
    <button
      type="button"
      className={`btn ${primary ? 'btn-primary' : 'btn-secondary'} ${size}`.trim()}
      disabled={retry.isPending}
      onClick={() => retry.mutate(strategy)}
    >
      {retry.isPending && retry.variables === strategy ? <Spinner size={14} /> : icon}
      {STRATEGY_LABEL[strategy]}
    </button>
  );
  const fromFailed = canRetryFromFailedStep(run);
  return (
    <div className={compact ? 'run-retry-actions run-retry-actions-compact' : 'run-retry-actions'} role="group" aria-label="Run again">
      {fromFailed ? button('FROM_FAILED_STEP', <RotateCcw width={14} height={14} aria-hidden="true" />, true) : null}
      {button('ON_LATEST_VERSION', <Play width={14} height={14} aria-hidden="true" />, !fromFailed)}
    </div>
  );
}

/** `renderLink(id, children)`: a link to that run where the caller shows runs (a route, or a panel button). */
export function RunLinkFacts({ run, renderLink }: { run: RunDetail; renderLink(id: string, children: ReactNode): ReactNode }) {
  const label = (link: RunLink) => (
    <>
      <code className="run-link-id">{link.id.slice(0, 8)}</code> <RunStatusBadge status={link.status} />
    </>
  );
  return (
    <>
      {run.retryOf ? (
        <div>
          <dt>{run.retryOf.strategy === 'FROM_FAILED_STEP' ? 'Retry of' : 'Run again of'}</dt>
          <dd className="run-links">{renderLink(run.retryOf.id, label(run.retryOf))}</dd>
        </div>
      ) : null}
      {run.retries && run.retries.length > 0 ? (
        <div>
          <dt>Retried as</dt>
          <dd>
            <ul className="run-links" aria-label="Retries of this run">
              {run.retries.map((link) => (
                <li key={link.id}>{renderLink(link.id, label(link))}</li>
              ))}
            </ul>
          </dd>
        </div>
      ) : null}
    </>
  );
}
