import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useUpdateWorkflow, type WorkflowSummary } from '../../../api/workflows-api.ts';
import { AppDialog } from '../../components/data/dialog.tsx';
import { errorMessage } from '../../components/data/error-message.ts';
import { TextField } from '../../components/ui/text-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { WORKFLOW_NAME_MAX } from '../../../domain/contract/workflows.ts';

interface RenameWorkflowDialogProps {
  workflow: WorkflowSummary;
  onClose: () => void;
}

/** Rename from the list: the name is required; the server's refusal stays in the dialog. */
export function RenameWorkflowDialog({ workflow, onClose }: RenameWorkflowDialogProps) {
  const [name, setName] = useState(workflow.displayName);
  const [touched, setTouched] = useState(false);
  const rename = useUpdateWorkflow();
  const error = touched && !name.trim() ? 'Name is required' : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    const displayName = name.trim();
    if (!displayName) return;
    if (displayName === workflow.displayName) return onClose();
    rename.mutate(
      { id: workflow.id, displayName },
      {
        onSuccess: () => {
          toast.success('Workflow renamed');
          onClose();
        },
      },
    );
  };

  return (
    <AppDialog open onOpenChange={(open) => !open && onClose()} title="Rename workflow" busy={rename.isPending}>
      <form className="dialog-form" onSubmit={submit} noValidate>
        <TextField
          label="Name"
          value={name}
          onValueChange={(value) => {
            setName(value);
            setTouched(true);
          }}
          error={error ?? (rename.isError ? errorMessage(rename.error, 'Could not rename the workflow') : undefined)}
          maxLength={WORKFLOW_NAME_MAX}
          autoComplete="off"
        />
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={rename.isPending}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={rename.isPending}>
            {rename.isPending ? <Spinner size={14} /> : null}
            Save
          </button>
        </div>
      </form>
    </AppDialog>
  );
}
