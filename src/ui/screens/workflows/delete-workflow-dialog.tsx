import { toast } from 'sonner';
import { useDeleteWorkflow, type WorkflowSummary } from '../../../api/workflows-api.ts';
import { ConfirmDialog } from '../../components/data/confirm-dialog.tsx';
import { errorMessage } from '../../components/data/error-message.ts';

interface DeleteWorkflowDialogProps {
  workflow: WorkflowSummary;
  onClose: () => void;
}

/** Deleting cannot be undone, so it asks first (focus starts on Cancel). */
export function DeleteWorkflowDialog({ workflow, onClose }: DeleteWorkflowDialogProps) {
  const remove = useDeleteWorkflow();
  const confirm = () =>
    remove.mutate(workflow.id, {
      onSuccess: () => {
        toast.success(`Deleted "${workflow.displayName}"`);
        onClose();
      },
      onError: (error) => toast.error(errorMessage(error, 'Could not delete the workflow')),
    });
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Delete workflow?"
      description={
        <>
          <strong>{workflow.displayName}</strong> and all its versions will be deleted. This cannot be undone.
        </>
      }
      confirmLabel="Delete"
      onConfirm={confirm}
      busy={remove.isPending}
    />
  );
}
