/**
 * A workflow's "Minutes saved per run" (its settings, from the list's row menu): what one run saves a
 * person, which /analytics multiplies by the succeeded runs. Checked with the contract's rule
 * (timeSavedPerRunSchema) as it is typed; saved through the same PUT /workflow as a rename.
 */
import { useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { toast } from 'sonner';
import { useUpdateWorkflow, type WorkflowSummary } from '../../../api/workflows-api.ts';
import { TIME_SAVED_MAX_MINUTES, timeSavedPerRunSchema } from '../../../domain/contract/workflows.ts';
import { AppDialog } from '../../components/data/dialog.tsx';
import { errorMessage } from '../../components/data/error-message.ts';
import { TextField } from '../../components/ui/text-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';

export const TIME_SAVED_LABEL = 'Minutes saved per run';

/** The typed text as minutes, or the sentence saying why it is not. */
export function readMinutes(text: string): { minutes: number } | { error: string } {
  const trimmed = text.trim();
  if (!trimmed) return { error: 'Enter a number of minutes' };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { error: 'Enter a number of minutes' };
  const result = z.safeParse(timeSavedPerRunSchema, value);
  return result.success ? { minutes: value } : { error: result.error.issues[0]?.message ?? 'Enter a number of minutes' };
}

interface TimeSavedDialogProps {
  workflow: WorkflowSummary;
  onClose: () => void;
}

export function TimeSavedDialog({ workflow, onClose }: TimeSavedDialogProps) {
  const [text, setText] = useState(String(workflow.timeSavedPerRun));
  const [touched, setTouched] = useState(false);
  const update = useUpdateWorkflow();
  const read = readMinutes(text);
  const error = touched && 'error' in read ? read.error : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if ('error' in read) return;
    if (read.minutes === workflow.timeSavedPerRun) return onClose();
    update.mutate(
      { id: workflow.id, timeSavedPerRun: read.minutes },
      {
        onSuccess: () => {
          toast.success('Time saved per run updated');
          onClose();
        },
      },
    );
  };

  return (
    <AppDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Time saved"
      description={`How many minutes a person saves each time "${workflow.displayName}" runs successfully. Analytics adds it up.`}
      busy={update.isPending}
    >
      <form className="dialog-form" onSubmit={submit} noValidate>
        <TextField
          label={TIME_SAVED_LABEL}
          type="number"
          inputMode="decimal"
          min={0}
          max={TIME_SAVED_MAX_MINUTES}
          step="any"
          value={text}
          onValueChange={(value) => {
            setText(value);
            setTouched(true);
          }}
          error={error ?? (update.isError ? errorMessage(update.error, 'Could not save the time saved') : undefined)}
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
