/**
 * A workflow's "Maximum concurrent runs" (its settings, from the list's row menu; issue 15): how many of
 * its runs may execute at once; the others wait in the queue. Empty means no limit of its own. Checked
 * with the contract's rule (maxConcurrentRunsSchema) as it is typed; saved through PUT /workflow.
 */
import * as z from 'zod/mini';
import type { WorkflowSummary } from '../../../api/workflows-api.ts';
import { MAX_CONCURRENT_RUNS_LIMIT, maxConcurrentRunsSchema } from '../../../domain/contract/workflows.ts';
import { WorkflowNumberDialog } from './workflow-number-dialog.tsx';

export const CONCURRENT_RUNS_LABEL = 'Maximum concurrent runs';

/** The typed text as a maximum (null for empty: no limit), or the sentence saying why it is not one. */
export function readMaximum(text: string): { maximum: number | null } | { error: string } {
  const trimmed = text.trim();
  if (!trimmed) return { maximum: null };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { error: 'Enter a whole number of runs, or leave it empty' };
  const result = z.safeParse(maxConcurrentRunsSchema, value);
  return result.success ? { maximum: value } : { error: result.error.issues[0]?.message ?? 'Enter a whole number of runs' };
}

export function ConcurrentRunsDialog({ workflow, onClose }: { workflow: WorkflowSummary; onClose: () => void }) {
  const current = workflow.maxConcurrentRuns ?? null;
  return (
    <WorkflowNumberDialog<number | null>
      title="Concurrent runs"
      description={`How many runs of "${workflow.displayName}" may execute at once (1 to ${MAX_CONCURRENT_RUNS_LIMIT}). Runs beyond it wait in the queue and start as others finish. Leave it empty for no limit.`}
      label={CONCURRENT_RUNS_LABEL}
      input={{ inputMode: 'numeric', min: 1, max: MAX_CONCURRENT_RUNS_LIMIT, step: 1 }}
      current={current}
      initialText={current === null ? '' : String(current)}
      read={(text) => {
        const read = readMaximum(text);
        return 'error' in read ? read : { value: read.maximum };
      }}
      update={(maximum) => ({ maxConcurrentRuns: maximum })}
      saved={(maximum) => (maximum === null ? 'Concurrent runs no longer limited' : 'Maximum concurrent runs updated')}
      saveError="Could not save the maximum"
      workflowId={workflow.id}
      onClose={onClose}
    />
  );
}
