/**
 * The '…' menu at the end of an executions row (issue 15): the run's retry offers, by the same rules and
 * with the same request and toast as its page (components/runs/use-run-retry.ts). The list stays put and
 * is read again, so the new run appears in it; the toast's 'View' opens it. A run still going on offers
 * nothing, so its cell stays empty.
 */
import { useNavigate } from 'react-router';
import type { RunSummary } from '../../../api/executions-api.ts';
import { RowActionsMenu } from '../../components/data/row-actions-menu.tsx';
import { retryStrategiesFor, STRATEGY_ICON, STRATEGY_LABEL, useRunRetry } from '../../components/runs/use-run-retry.ts';

/** The trigger's accessible name: the workflow's name alone does not tell its runs apart, the id does. */
export const runActionsLabel = (run: Pick<RunSummary, 'id' | 'workflowName'>) => `Actions for run ${run.id.slice(0, 8)} of ${run.workflowName}`;

export function RunRowActions({ run }: { run: RunSummary }) {
  const navigate = useNavigate();
  const retry = useRunRetry(run.id, { onView: (started) => void navigate(`/executions/${encodeURIComponent(started.id)}`) });
  const strategies = retryStrategiesFor(run);
  if (strategies.length === 0) return null;
  return (
    <RowActionsMenu
      label={runActionsLabel(run)}
      actions={strategies.map((strategy) => ({
        value: strategy,
        label: STRATEGY_LABEL[strategy],
        icon: STRATEGY_ICON[strategy],
        disabled: retry.isPending,
        onSelect: () => retry.mutate(strategy),
      }))}
    />
  );
}
