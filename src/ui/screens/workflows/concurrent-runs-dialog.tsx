/**
 * A workflow's "Maximum concurrent runs" (its settings, from the list's row menu; issue 15): how many of
 * its runs may execute at once; the others wait in the queue. Empty means no limit of its own. Checked
 * with the contract's rule (maxConcurrentRunsSchema) as it is typed; saved through PUT /workflow.
 */
import { useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { toast } from 'sonner';
import { useUpdateWorkflow, type WorkflowSummary } from '../../../api/workflows-api.ts';
import { MAX_CONCURRENT_RUNS_LIMIT, maxConcurrentRunsSchema } from '../../../domain/contract/workflows.ts';
import { AppDialog } from '../../components/data/dialog.tsx';
import { errorMessage } from '../../components/data/error-message.ts';
import { TextField } from '../../components/ui/text-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';

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
  const [text, setText] = useState(current === null ? '' : String(current));
  const [touched, setTouched] = useState(false);
  const update = useUpdateWorkflow();
  const read = readMaximum(text);
  const error = touched && 'error' in read ? read.error : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if ('error' in read) return;
    if (read.maximum === current) return onClose();
    update.mutate(
      { id: workflow.id, maxConcurrentRuns: read.maximum },
      {
        onSuccess: () => {
          toast.success(read.maximum === null ? 'Concurrent runs no longer limited' : 'Maximum concurrent runs updated');
          onClose();
        },
      },
    );
  };

  return (
    <AppDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Concurrent runs"
      description={`How many runs of "${workflow.displayName}" may execute at once (1 to ${MAX_CONCURRENT_RUNS_LIMIT}). Runs beyond it wait in the queue and start as others finish. Leave it empty for no limit.`}
      busy={update.isPending}
    >
      <form className="dialog-form" onSubmit={submit} noValidate>
        <TextField
          label={CONCURRENT_RUNS_LABEL}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_CONCURRENT_RUNS_LIMIT}
          step={1}
          placeholder="No limit"
          value={text}
          onValueChange={(value) => {
            setText(value);
            setTouched(true);
          }}
          error={error ?? (update.isError ? errorMessage(update.error, 'Could not save the maximum') : undefined)}
          autoComplete="off"
        />
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={update.isPending}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={update.isPending}>
            {update.isPending ? <Spinner size={14} /> : null}
            Save
          </button>
        </div>
      </form>
    </AppDialog>
  );
}
